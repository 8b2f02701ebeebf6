package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/render/wording"
)

// The page as data, for templates (Hugo data/, Jekyll _data/): the same
// sections, entries, highlighting and counts as the HTML page, with every
// value plain text. JSON and YAML carry the same tree, key for key.

type dataPage struct {
	Title       string         `json:"title"`
	Person      dataPerson     `json:"person"`
	Lab         *dataLab       `json:"lab,omitempty"` // a lab's manifest: the lab and its members
	GroupBy     Grouping       `json:"group_by"`
	Summary     string         `json:"summary"`
	Count       int            `json:"count"`               // entries on the page; a work shown within another's entry is not counted again
	Citations   *dataCitations `json:"citations,omitempty"` // with --counts (citations.go)
	Groups      []dataGroup    `json:"groups"`
	Attribution []dataCredit   `json:"attribution"`
}

type dataPerson struct {
	Names  []string `json:"names"`
	ORCIDs []string `json:"orcids"`
}

type dataGroup struct {
	ID    string     `json:"id"` // the HTML page's anchor is "s-" + id
	Title string     `json:"title"`
	Works []dataWork `json:"works"`
}

type dataWork struct {
	ID         string        `json:"id"`
	Key        string        `json:"key,omitempty"` // citation key, as in the BibTeX and CSL-JSON files; entries only
	Type       string        `json:"type"`
	TypeLabel  string        `json:"type_label"`
	Title      string        `json:"title"`
	Authors    []dataAuthor  `json:"authors"`
	Container  string        `json:"container,omitempty"`
	Publisher  string        `json:"publisher,omitempty"`
	Volume     string        `json:"volume,omitempty"`
	Issue      string        `json:"issue,omitempty"`
	Pages      string        `json:"pages,omitempty"`
	Version    string        `json:"version,omitempty"`     // the software or data version cited, e.g. v1.0
	Issued     string        `json:"issued,omitempty"`      // 2023, 2023-05 or 2023-05-17
	IssuedText string        `json:"issued_text,omitempty"` // 17 May 2023
	Year       int           `json:"year,omitempty"`
	DOI        string        `json:"doi,omitempty"`
	DOIURL     string        `json:"doi_url,omitempty"`
	URL        string        `json:"url,omitempty"` // landing page, when it is not the DOI link
	ArXiv      string        `json:"arxiv,omitempty"`
	PMID       string        `json:"pmid,omitempty"`
	PMCID      string        `json:"pmcid,omitempty"`
	OpenAccess *dataOA       `json:"open_access,omitempty"`
	Preprints  []dataWork    `json:"preprints,omitempty"` // the entry's preprints, oldest first
	Versions   []dataVersion `json:"versions,omitempty"`  // the versions listed under a concept DOI, oldest first
	Includes   []string      `json:"includes,omitempty"`  // identity keys of every work shown within this entry
	CitedBy    *dataCitation `json:"cited_by,omitempty"`
	Abstract   string        `json:"abstract,omitempty"` // plain text, as the HTML page shows it: a template escapes markup into visible tags
	dataUser                 // the manifest's [[work]] fields, on entries (userfields.go)
	Members    []string      `json:"members,omitempty"` // a lab's page: the names of the members it belongs to, in the lab's order
}

type dataVersion struct {
	ID     string `json:"id"`
	Label  string `json:"label"` // v1.2.0
	URL    string `json:"url,omitempty"`
	Issued string `json:"issued,omitempty"`
}

type dataAuthor struct {
	Name   string `json:"name"`
	Given  string `json:"given,omitempty"`
	Family string `json:"family,omitempty"`
	ORCID  string `json:"orcid,omitempty"`
	Self   bool   `json:"self"`
	// Equal and Corresponding are the manifest's [[work]] author marks.
	Equal         bool   `json:"equal,omitempty"`
	Corresponding bool   `json:"corresponding,omitempty"`
	Member        string `json:"member,omitempty"` // a lab's page: the member this author is
}

type dataOA struct {
	URL          string `json:"url,omitempty"`
	License      string `json:"license,omitempty"`
	LicenseLabel string `json:"license_label,omitempty"`
	Status       string `json:"status,omitempty"`
	Version      string `json:"version,omitempty"`
}

type dataCitation struct {
	Count    int         `json:"count"`
	Provider string      `json:"provider"`
	Source   string      `json:"source"`            // the provider's own name, e.g. OpenAlex
	Text     string      `json:"text"`              // cited by 85 · OpenAlex
	ByYear   *[]dataYear `json:"by_year,omitempty"` // oldest first, years with citations only; absent when the source gave no years
}

type dataCredit struct {
	Provider    string `json:"provider"`
	Attribution string `json:"attribution"`
	Terms       string `json:"terms,omitempty"`
}

// dataOf is the page as data; without works, its groups are left out
// (writeJSON writes them one work at a time).
func dataOf(p *page, works bool) dataPage {
	d := dataPage{
		Title:       p.pageTitle(),
		Person:      dataPerson{Names: []string{}, ORCIDs: []string{}},
		GroupBy:     p.group,
		Summary:     p.summary(),
		Count:       len(p.shown),
		Citations:   p.dataCitations(),
		Groups:      []dataGroup{},
		Attribution: []dataCredit{},
	}
	for _, n := range p.person.Names {
		d.Person.Names = append(d.Person.Names, wording.Clean(n))
	}
	d.Person.ORCIDs = append(d.Person.ORCIDs, p.person.ORCIDs...)
	d.Lab = dataLabOf(p)
	for _, g := range p.groups {
		if !works {
			break
		}
		dg := dataGroup{ID: g.slug, Title: g.title, Works: []dataWork{}}
		for _, e := range g.items {
			dg.Works = append(dg.Works, dataEntryOf(p, e))
		}
		d.Groups = append(d.Groups, dg)
	}
	for _, c := range p.credits {
		d.Attribution = append(d.Attribution, dataCredit{Provider: c.Name, Attribution: wording.Clean(c.Attribution), Terms: wording.WebURL(c.Terms)})
	}
	return d
}

// dataEntryOf is an entry as data, with its preprints, versions and the
// works shown within it.
func dataEntryOf(p *page, e *entry) dataWork {
	{
		{
			w := dataWorkOf(p, e)
			for _, pre := range e.preprints {
				d := dataWorkOf(p, pre)
				d.Key = ""      // not an entry: not in the citation files
				d.CitedBy = nil // counts are shown for the entry, i.e. the published version
				w.Preprints = append(w.Preprints, d)
			}
			for _, v := range e.versions {
				w.Versions = append(w.Versions, dataVersion{ID: v.id, Label: versionLabel(v), URL: p.workURL(v), Issued: v.rec.Issued.String()})
			}
			for _, m := range e.members {
				w.Includes = append(w.Includes, m.id)
			}
			return w
		}
	}
}

func dataWorkOf(p *page, e *entry) dataWork {
	r := e.rec
	w := dataWork{
		ID:         e.id,
		Key:        e.key,
		Type:       r.Type,
		TypeLabel:  wording.KindLabel(r),
		Title:      e.titleOf(),
		Authors:    []dataAuthor{},
		Container:  wording.Clean(r.Container),
		Publisher:  wording.Clean(r.Publisher),
		Volume:     wording.Clean(r.Volume),
		Issue:      wording.Clean(r.Issue),
		Pages:      wording.Clean(r.Pages),
		Version:    entryVersion(e),
		Issued:     r.Issued.String(),
		IssuedText: wording.LongDate(r.Issued),
		Year:       r.Issued.Year,
		DOI:        r.IDs.DOI,
		DOIURL:     wording.DOIURL(r.IDs.DOI),
		URL:        wording.LandingURL(r),
		ArXiv:      r.IDs.ArXiv,
		PMID:       r.IDs.PMID,
		PMCID:      r.IDs.PMCID,
		Abstract:   withoutMarkup(r.Abstract),
		Members:    p.memberNames(e),
	}
	for i, a := range r.Authors {
		w.Authors = append(w.Authors, dataAuthor{
			Name:          wording.AuthorName(a),
			Given:         wording.Clean(a.Given),
			Family:        wording.Clean(a.Family),
			ORCID:         a.ORCID,
			Self:          i < len(e.self) && e.self[i],
			Equal:         e.equal(i),
			Corresponding: e.corresponding(i),
			Member:        p.authorMember(e, i),
		})
	}
	w.dataUser = dataUserOf(e)
	if oa := r.OA; oa != nil && (oa.URL != "" || oa.License != "") {
		w.OpenAccess = &dataOA{
			URL:          wording.WebURL(oa.URL),
			License:      wording.Licence(oa.License),
			LicenseLabel: wording.LicenceLabel(oa.License),
			Status:       oa.Status,
			Version:      oa.Version,
		}
	}
	if p.counts && e.cite != nil {
		w.CitedBy = &dataCitation{Count: e.cite.Count, Provider: e.cite.Provider, Source: p.providerTitle(e.cite.Provider), Text: p.citedBy(e)}
		if y := e.cite.ByYear; y != nil {
			years := dataYears(*y)
			w.CitedBy.ByYear = &years
		}
	}
	return w
}

func encodeData(p *page) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(dataOf(p, true)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeJSON writes the page data as indented JSON, keys in a fixed order:
// the bytes encodeData gives, each work made only when it is written.
func writeJSON(buf *bufio.Writer, p *page) error {
	d := dataOf(p, false)
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return err
	}
	before, after, ok := bytes.Cut(one.Bytes(), []byte("\n  \"groups\": []"))
	if !ok {
		return errors.New("json: the page data has no groups")
	}
	buf.Write(before)
	buf.WriteString("\n  \"groups\": ")
	if err := writeDataGroups(buf, p); err != nil {
		return err
	}
	_, err := buf.Write(after)
	return err
}

// writeDataGroups writes the page's groups as writeJSON's encoder would,
// one work at a time.
func writeDataGroups(buf *bufio.Writer, p *page) error {
	if len(p.groups) == 0 {
		_, err := buf.WriteString("[]")
		return err
	}
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	buf.WriteString("[\n")
	for i, g := range p.groups {
		one.Reset()
		if err := enc.Encode(dataGroup{ID: g.slug, Title: g.title, Works: []dataWork{}}); err != nil {
			return err
		}
		before, after, ok := bytes.Cut(bytes.TrimSuffix(one.Bytes(), []byte("\n")), []byte("\n      \"works\": []"))
		if !ok {
			return errors.New("json: a group has no works")
		}
		buf.WriteString("    ")
		buf.Write(before)
		buf.WriteString("\n      \"works\": ")
		if err := writeJSONList(buf, "      ", len(g.items), func(i int) any { return dataEntryOf(p, g.items[i]) }); err != nil {
			return err
		}
		buf.Write(after)
		if i < len(p.groups)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	_, err := buf.WriteString("  ]")
	return err
}

// writeYAML writes the same tree as writeJSON, read back token by token
// into yaml.Nodes so the two can never disagree and the keys keep the
// JSON's order. A maintained emitter (go.yaml.in/yaml/v3) writes it: it
// knows YAML's quoting rules — keys or values such as no, on, ~, a leading
// * or &, controls, line separators, a byte-order mark — that a hand-made
// emitter has to relearn. Every string is still double-quoted, so no title
// can be read as a number, a boolean, a date, an alias or a comment, in
// YAML 1.1 (Jekyll's Psych) or 1.2 (Hugo).
//
// The tree of one work is made at a time: the page's whole tree is about
// a hundred times its text (a node a value), a gigabyte at 10,000 works.
// The page is encoded with each group's works empty, and each "works: []"
// replaced by the group's works, each encoded alone and indented to its
// place; block YAML nests by indentation alone, so the bytes are the
// whole tree's.
func writeYAML(buf *bufio.Writer, p *page) error {
	d := dataOf(p, false)
	for _, g := range p.groups {
		d.Groups = append(d.Groups, dataGroup{ID: g.slug, Title: g.title, Works: []dataWork{}})
	}
	keys := map[string]*yaml.Node{}
	var text bytes.Buffer
	if err := encodeYAMLData(&text, d, keys); err != nil {
		return err
	}
	buf.WriteString("# Written by about render from the snapshot folder; regenerate, do not edit.\n")
	if len(p.groups) == 0 { // "groups: []"
		_, err := buf.Write(text.Bytes())
		return err
	}
	head, rest, ok := bytes.Cut(text.Bytes(), []byte("\ngroups:\n"))
	if !ok {
		return errors.New("yaml: page data has no groups")
	}
	buf.Write(head)
	buf.WriteString("\ngroups:\n")
	const empty = "\n    works: []\n"
	for _, g := range p.groups {
		before, after, ok := bytes.Cut(rest, []byte(empty))
		if !ok {
			return errors.New("yaml: a group has no works")
		}
		buf.Write(before)
		buf.WriteString("\n    works:\n")
		for _, e := range g.items {
			if err := writeYAMLItem(buf, dataEntryOf(p, e), "      ", keys); err != nil {
				return err
			}
		}
		rest = after
	}
	_, err := buf.Write(rest)
	return err
}

// writeYAMLItem writes v as an item of a block sequence whose dashes are
// at indent: encoded alone, its first line after "- ", the others
// indented two more.
func writeYAMLItem(buf *bufio.Writer, v any, indent string, keys map[string]*yaml.Node) error {
	var one bytes.Buffer
	if err := encodeYAMLData(&one, v, keys); err != nil {
		return err
	}
	for i, line := range bytes.SplitAfter(bytes.TrimSuffix(one.Bytes(), []byte("\n")), []byte("\n")) {
		if i == 0 {
			buf.WriteString(indent + "- ")
		} else {
			buf.WriteString(indent + "  ")
		}
		buf.Write(line)
	}
	return buf.WriteByte('\n')
}

// encodeYAMLData writes v as the page data is written: through its JSON
// (HTML escaping off) into YAML nodes, with the key nodes made so far
// (yamlTreeKeys); v must be an object.
func encodeYAMLData(w io.Writer, v any, keys map[string]*yaml.Node) error {
	var data bytes.Buffer
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	root, err := yamlTreeKeys(data.Bytes(), keys)
	if err != nil {
		return err
	}
	if root.Kind != yaml.MappingNode {
		return errors.New("yaml: page data is not an object")
	}
	return encodeYAML(w, root)
}

// encodeYAML writes one YAML document holding n, indented by two spaces
// (lists under their key, as before) and never line-wrapped.
func encodeYAML(w io.Writer, n *yaml.Node) error {
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	return enc.Close()
}

// yamlTree reads a JSON document as YAML nodes, object keys in document
// order.
func yamlTree(data []byte) (*yaml.Node, error) {
	return yamlTreeKeys(data, map[string]*yaml.Node{})
}

// yamlTreeKeys is yamlTree with the key nodes made so far (keys, added
// to): a page written a work at a time reads the same keys thousands of
// times.
func yamlTreeKeys(data []byte, keys map[string]*yaml.Node) (*yaml.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	r := yamlReader{dec: dec, keys: keys}
	return r.readNode()
}

// yamlReader turns JSON tokens into YAML nodes; keys holds each object
// key's node once made (a page repeats a few dozen keys thousands of
// times).
type yamlReader struct {
	dec  *json.Decoder
	keys map[string]*yaml.Node
}

// readNode reads one JSON value as a YAML node.
func (r *yamlReader) readNode() (*yaml.Node, error) {
	tok, err := r.dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		return r.readCollection(t)
	case string:
		return yamlString(t), nil
	case json.Number:
		return yamlNumber(t), nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(t)}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("yaml: unexpected token %v", tok)
}

// readCollection reads the rest of an object or array whose opening
// delimiter open was just read, and its closing one.
func (r *yamlReader) readCollection(open json.Delim) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	if open == '{' {
		n.Kind, n.Tag = yaml.MappingNode, "!!map"
	} else if open != '[' {
		return nil, fmt.Errorf("yaml: unexpected %v", open)
	}
	for r.dec.More() {
		if n.Kind == yaml.MappingNode {
			k, err := r.readKey()
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, k)
		}
		v, err := r.readNode()
		if err != nil {
			return nil, err
		}
		n.Content = append(n.Content, v)
	}
	_, err := r.dec.Token() // '}' or ']'
	return n, err
}

// readKey reads an object key as the library writes a Go string: plain
// when that reads back as the same string in YAML 1.1 and 1.2 (the page's
// keys are lower-case words), quoted otherwise (no, on, ~, 0123, *x, …);
// double-quoted then, as the values are, so a line separator is escaped
// rather than written raw in single quotes.
func (r *yamlReader) readKey() (*yaml.Node, error) {
	kt, err := r.dec.Token()
	if err != nil {
		return nil, err
	}
	k, ok := kt.(string)
	if !ok {
		return nil, fmt.Errorf("yaml: object key %v is not a string", kt)
	}
	if n := r.keys[k]; n != nil {
		return n, nil
	}
	n := &yaml.Node{}
	if err := n.Encode(k); err != nil {
		return nil, err
	}
	if n.Style != 0 {
		n.Style = yaml.DoubleQuotedStyle
	}
	r.keys[k] = n
	return n, nil
}

// yamlString is s as a double-quoted scalar; the emitter escapes what a
// double-quoted scalar may not hold raw (controls, DEL, C1 controls, line
// and paragraph separators, the byte-order mark, non-characters) and
// keeps everything else, non-ASCII letters included, as UTF-8.
func yamlString(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle, Value: s}
}

// yamlNumber is a JSON number as YAML's int or float, written as JSON
// wrote it.
func yamlNumber(n json.Number) *yaml.Node {
	tag := "!!float"
	if _, err := n.Int64(); err == nil {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: n.String()}
}

package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// The page as data, for templates (Hugo data/, Jekyll _data/): the same
// sections, entries, highlighting and counts as the HTML page, with every
// value plain text. JSON and YAML carry the same tree, key for key.

type dataPage struct {
	Title       string       `json:"title"`
	Person      dataPerson   `json:"person"`
	GroupBy     Grouping     `json:"group_by"`
	Summary     string       `json:"summary"`
	Count       int          `json:"count"` // entries on the page; a work shown within another's entry is not counted again
	Groups      []dataGroup  `json:"groups"`
	Attribution []dataCredit `json:"attribution"`
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
	Abstract   string        `json:"abstract,omitempty"`
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
}

type dataOA struct {
	URL          string `json:"url,omitempty"`
	License      string `json:"license,omitempty"`
	LicenseLabel string `json:"license_label,omitempty"`
	Status       string `json:"status,omitempty"`
	Version      string `json:"version,omitempty"`
}

type dataCitation struct {
	Count    int    `json:"count"`
	Provider string `json:"provider"`
	Source   string `json:"source"` // the provider's own name, e.g. OpenAlex
	Text     string `json:"text"`   // cited by 85 · OpenAlex
}

type dataCredit struct {
	Provider    string `json:"provider"`
	Attribution string `json:"attribution"`
	Terms       string `json:"terms,omitempty"`
}

func dataOf(p *page) dataPage {
	d := dataPage{
		Title:       p.pageTitle(),
		Person:      dataPerson{Names: []string{}, ORCIDs: []string{}},
		GroupBy:     p.group,
		Summary:     p.summary(),
		Count:       len(p.shown),
		Groups:      []dataGroup{},
		Attribution: []dataCredit{},
	}
	for _, n := range p.person.Names {
		d.Person.Names = append(d.Person.Names, clean(n))
	}
	d.Person.ORCIDs = append(d.Person.ORCIDs, p.person.ORCIDs...)
	for _, g := range p.groups {
		dg := dataGroup{ID: g.slug, Title: g.title, Works: []dataWork{}}
		for _, e := range g.items {
			w := dataWorkOf(p, e)
			for _, pre := range e.preprints {
				d := dataWorkOf(p, pre)
				d.Key = ""      // not an entry: not in the citation files
				d.CitedBy = nil // counts are shown for the entry, i.e. the published version
				w.Preprints = append(w.Preprints, d)
			}
			for _, v := range e.versions {
				w.Versions = append(w.Versions, dataVersion{ID: v.id, Label: versionLabel(v), URL: workURL(v), Issued: v.rec.Issued.String()})
			}
			for _, m := range e.members {
				w.Includes = append(w.Includes, m.id)
			}
			dg.Works = append(dg.Works, w)
		}
		d.Groups = append(d.Groups, dg)
	}
	for _, c := range p.credits {
		d.Attribution = append(d.Attribution, dataCredit{Provider: c.Name, Attribution: clean(c.Attribution), Terms: webURL(c.Terms)})
	}
	return d
}

func dataWorkOf(p *page, e *entry) dataWork {
	r := e.rec
	w := dataWork{
		ID:         e.id,
		Key:        e.key,
		Type:       r.Type,
		TypeLabel:  typeLabel(r.Type),
		Title:      e.titleOf(),
		Authors:    []dataAuthor{},
		Container:  clean(r.Container),
		Publisher:  clean(r.Publisher),
		Volume:     clean(r.Volume),
		Issue:      clean(r.Issue),
		Pages:      clean(r.Pages),
		Issued:     r.Issued.String(),
		IssuedText: longDate(r.Issued),
		Year:       r.Issued.Year,
		DOI:        r.IDs.DOI,
		DOIURL:     doiURL(r.IDs.DOI),
		URL:        landingURL(r),
		ArXiv:      r.IDs.ArXiv,
		PMID:       r.IDs.PMID,
		PMCID:      r.IDs.PMCID,
		Abstract:   clean(r.Abstract),
	}
	for i, a := range r.Authors {
		w.Authors = append(w.Authors, dataAuthor{
			Name:   authorName(a),
			Given:  clean(a.Given),
			Family: clean(a.Family),
			ORCID:  a.ORCID,
			Self:   i < len(e.self) && e.self[i],
		})
	}
	if oa := r.OA; oa != nil && (oa.URL != "" || oa.License != "") {
		w.OpenAccess = &dataOA{
			URL:          webURL(oa.URL),
			License:      clean(oa.License),
			LicenseLabel: licenceLabel(oa.License),
			Status:       oa.Status,
			Version:      oa.Version,
		}
	}
	if p.counts && e.cite != nil {
		w.CitedBy = &dataCitation{Count: e.cite.Count, Provider: e.cite.Provider, Source: p.providerTitle(e.cite.Provider), Text: p.citedBy(e)}
	}
	return w
}

func encodeData(p *page) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(dataOf(p)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeJSON writes the page data as indented JSON, keys in a fixed order.
func writeJSON(buf *bytes.Buffer, p *page) error {
	data, err := encodeData(p)
	if err != nil {
		return err
	}
	buf.Write(data)
	return nil
}

// writeYAML writes the same tree as writeJSON, read back token by token so
// the two can never disagree. Every string is double-quoted, with YAML's
// escapes for what a double-quoted scalar may not hold raw, so no title
// can be read as a number, a boolean, a date, an alias or a comment, in
// YAML 1.1 (Jekyll's Psych) or 1.2 (Hugo).
func writeYAML(buf *bytes.Buffer, p *page) error {
	data, err := encodeData(p)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readNode(dec)
	if err != nil {
		return err
	}
	buf.WriteString("# Written by about render from the snapshot folder; regenerate, do not edit.\n")
	if v.kind != nodeMap {
		return errors.New("yaml: page data is not an object")
	}
	writeYAMLMap(buf, v, 0)
	return nil
}

type nodeKind int

const (
	nodeScalar nodeKind = iota // str holds the YAML text of the value
	nodeMap
	nodeList
)

// node is a JSON value with its object keys in document order.
type node struct {
	kind  nodeKind
	str   string
	keys  []string
	items []node // map values (parallel to keys) or list items
}

func readNode(dec *json.Decoder) (node, error) {
	tok, err := dec.Token()
	if err != nil {
		return node{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := node{kind: nodeMap}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return node{}, err
				}
				k, ok := kt.(string)
				if !ok {
					return node{}, fmt.Errorf("yaml: object key %v is not a string", kt)
				}
				v, err := readNode(dec)
				if err != nil {
					return node{}, err
				}
				n.keys = append(n.keys, k)
				n.items = append(n.items, v)
			}
			_, err := dec.Token() // '}'
			return n, err
		case '[':
			n := node{kind: nodeList}
			for dec.More() {
				v, err := readNode(dec)
				if err != nil {
					return node{}, err
				}
				n.items = append(n.items, v)
			}
			_, err := dec.Token() // ']'
			return n, err
		}
		return node{}, fmt.Errorf("yaml: unexpected %v", t)
	case string:
		return node{str: yamlQuote(t)}, nil
	case json.Number:
		return node{str: t.String()}, nil
	case bool:
		if t {
			return node{str: "true"}, nil
		}
		return node{str: "false"}, nil
	case nil:
		return node{str: "null"}, nil
	}
	return node{}, fmt.Errorf("yaml: unexpected token %v", tok)
}

// inline is the value written on its key's line: scalars and empty
// collections.
func (n node) inline() (string, bool) {
	switch {
	case n.kind == nodeScalar:
		return n.str, true
	case n.kind == nodeMap && len(n.keys) == 0:
		return "{}", true
	case n.kind == nodeList && len(n.items) == 0:
		return "[]", true
	}
	return "", false
}

// writeYAMLMap writes a non-empty map's entries at indent; keys are the
// struct tags above (lower-case ASCII words), safe as plain scalars.
func writeYAMLMap(w io.Writer, n node, indent int) {
	pad := strings.Repeat(" ", indent)
	for i, k := range n.keys {
		writeYAMLEntry(w, pad, k, n.items[i], indent)
	}
}

func writeYAMLEntry(w io.Writer, pad, key string, v node, indent int) {
	if s, ok := v.inline(); ok {
		fmt.Fprintf(w, "%s%s: %s\n", pad, key, s)
		return
	}
	fmt.Fprintf(w, "%s%s:\n", pad, key)
	if v.kind == nodeMap {
		writeYAMLMap(w, v, indent+2)
		return
	}
	writeYAMLList(w, v, indent+2)
}

// writeYAMLList writes a non-empty list at indent: "- scalar", or a map
// whose first entry shares the dash's line.
func writeYAMLList(w io.Writer, n node, indent int) {
	pad := strings.Repeat(" ", indent)
	for _, item := range n.items {
		if s, ok := item.inline(); ok {
			fmt.Fprintf(w, "%s- %s\n", pad, s)
			continue
		}
		if item.kind == nodeList {
			fmt.Fprintf(w, "%s-\n", pad)
			writeYAMLList(w, item, indent+2)
			continue
		}
		inner := strings.Repeat(" ", indent+2)
		for i, k := range item.keys {
			p := inner
			if i == 0 {
				p = pad + "- "
			}
			writeYAMLEntry(w, p, k, item.items[i], indent+2)
		}
	}
}

// yamlQuote writes s as a YAML double-quoted scalar: backslash and quote
// escaped, and every character YAML forbids raw or that a YAML 1.1 reader
// takes for a line break (C0 and C1 controls, DEL, U+2028, U+2029, the
// byte-order mark, non-characters) written as an escape. Everything else,
// non-ASCII letters included, stays as UTF-8.
func yamlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError:
			b.WriteString(`\uFFFD`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02X`, r)
		case (r >= 0x80 && r <= 0x9f) || r == 0x2028 || r == 0x2029 || r == 0xfeff || r == 0xfffe || r == 0xffff:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

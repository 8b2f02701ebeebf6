package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"

	"github.com/aboutscholar/about/render/wording"
	"github.com/aboutscholar/about/render/yamlout"
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
	Editors    []dataAuthor  `json:"editors,omitempty"` // an edited book's editors, or a chapter's book's (self only on an edited book, where they are who it is by)
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
	for i, a := range r.Editors {
		w.Editors = append(w.Editors, dataAuthor{
			Name:   wording.AuthorName(a),
			Given:  wording.Clean(a.Given),
			Family: wording.Clean(a.Family),
			ORCID:  a.ORCID,
			Self:   len(r.Authors) == 0 && i < len(e.self) && e.self[i],
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
	keys := yamlout.Keys{}
	var text bytes.Buffer
	if err := yamlout.EncodeData(&text, d, keys); err != nil {
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
			if err := yamlout.WriteItem(buf, dataEntryOf(p, e), "      ", keys); err != nil {
				return err
			}
		}
		rest = after
	}
	_, err := buf.Write(rest)
	return err
}

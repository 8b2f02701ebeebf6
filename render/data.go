package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"

	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"
	"github.com/aboutscholar/about/render/yamlout"
)

// The page as data, for templates (Hugo data/, Jekyll _data/): the same
// sections, entries, highlighting and counts as the HTML page, with every
// value plain text. JSON and YAML carry the same tree, key for key.

type dataPage struct {
	Title       string               `json:"title"`
	Person      shape.DataPerson     `json:"person"`
	Lab         *shape.DataLab       `json:"lab,omitempty"` // a lab's manifest: the lab and its members
	GroupBy     Grouping             `json:"group_by"`
	Summary     string               `json:"summary"`
	Count       int                  `json:"count"`               // entries on the page; a work shown within another's entry is not counted again
	Citations   *shape.DataCitations `json:"citations,omitempty"` // with --counts (citations.go)
	Groups      []shape.DataGroup    `json:"groups"`
	Attribution []shape.DataCredit   `json:"attribution"`
}

// dataOf is the page as data; without works, its groups are left out
// (writeJSON writes them one work at a time).
func dataOf(p *page, works bool) dataPage {
	d := dataPage{
		Title:       p.pageTitle(),
		Person:      shape.DataPerson{Names: []string{}, ORCIDs: []string{}},
		GroupBy:     p.group,
		Summary:     p.summary(),
		Count:       len(p.shown),
		Citations:   p.dataCitations(),
		Groups:      []shape.DataGroup{},
		Attribution: []shape.DataCredit{},
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
		dg := shape.DataGroup{ID: g.slug, Title: g.title, Works: []shape.DataWork{}}
		for _, e := range g.items {
			dg.Works = append(dg.Works, dataEntryOf(p, e))
		}
		d.Groups = append(d.Groups, dg)
	}
	for _, c := range p.credits {
		d.Attribution = append(d.Attribution, shape.DataCredit{Provider: c.Name, Attribution: wording.Clean(c.Attribution), Terms: wording.WebURL(c.Terms)})
	}
	return d
}

// dataEntryOf is an entry as data, with its preprints, versions and the
// works shown within it.
func dataEntryOf(p *page, e *entry) shape.DataWork {
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
				w.Versions = append(w.Versions, shape.DataVersion{ID: v.id, Label: versionLabel(v), URL: p.workURL(v), Issued: v.rec.Issued.String()})
			}
			for _, m := range e.members {
				w.Includes = append(w.Includes, m.id)
			}
			return w
		}
	}
}

func dataWorkOf(p *page, e *entry) shape.DataWork {
	r := e.rec
	w := shape.DataWork{
		ID:         e.id,
		Key:        e.key,
		Type:       r.Type,
		TypeLabel:  wording.KindLabel(r),
		Title:      e.titleOf(),
		Authors:    []shape.DataAuthor{},
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
		w.Authors = append(w.Authors, shape.DataAuthor{
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
		w.Editors = append(w.Editors, shape.DataAuthor{
			Name:   wording.AuthorName(a),
			Given:  wording.Clean(a.Given),
			Family: wording.Clean(a.Family),
			ORCID:  a.ORCID,
			Self:   len(r.Authors) == 0 && i < len(e.self) && e.self[i],
		})
	}
	w.DataUser = dataUserOf(e)
	w.Funding = dataFunding(r.Funding)
	if oa := r.OA; oa != nil && (oa.URL != "" || oa.License != "") {
		w.OpenAccess = &shape.DataOA{
			URL:          wording.WebURL(oa.URL),
			License:      wording.Licence(oa.License),
			LicenseLabel: wording.LicenceLabel(oa.License),
			Status:       oa.Status,
			Version:      oa.Version,
		}
	}
	if p.counts && e.cite != nil {
		w.CitedBy = &shape.DataCitation{Count: e.cite.Count, Provider: e.cite.Provider, Source: p.providerTitle(e.cite.Provider), Text: p.citedBy(e), WithoutSelf: e.cite.WithoutSelf}
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
		if err := enc.Encode(shape.DataGroup{ID: g.slug, Title: g.title, Works: []shape.DataWork{}}); err != nil {
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
		d.Groups = append(d.Groups, shape.DataGroup{ID: g.slug, Title: g.title, Works: []shape.DataWork{}})
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

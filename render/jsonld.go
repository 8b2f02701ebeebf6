package render

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"
)

// The page's schema.org data (https://schema.org/ItemList), read by search
// engines and by reference managers' page importers such as Zotero's
// connector, which reads JSON-LD (translator "Embedded Metadata" and
// "schema.org" — https://github.com/zotero/translators).

// writeJSONLD writes the page's entries as a schema.org ItemList, in page
// order, the bytes encoding/json gives the whole list, one item made at a
// time: a page of 10,000 works has tens of megabytes of it.
// encoding/json escapes <, > and & inside strings, so the data cannot end
// its script element.
func writeJSONLD(w io.Writer, p *page) error {
	head, err := json.Marshal(shape.LDList{Context: "https://schema.org", Type: "ItemList", Name: p.pageTitle()})
	if err != nil {
		return err
	}
	// The list with no elements ends "null}": the items go in its place.
	head = bytes.TrimSuffix(head, []byte("null}"))
	if _, err := w.Write(head); err != nil {
		return err
	}
	n := 0
	for _, g := range p.groups {
		for _, e := range g.items {
			n++
			item, err := json.Marshal(shape.LDItem{Type: "ListItem", Position: n, Item: ldWorkOf(e)})
			if err != nil {
				return err
			}
			sep := ","
			if n == 1 {
				sep = "["
			}
			if _, err := io.WriteString(w, sep); err != nil {
				return err
			}
			if _, err := w.Write(item); err != nil {
				return err
			}
		}
	}
	end := "]}"
	if n == 0 {
		end = "null}"
	}
	_, err = io.WriteString(w, end)
	return err
}

func ldWorkOf(e *entry) shape.LDWork {
	r := e.rec
	w := shape.LDWork{
		Type:          csltypes.Of(r.Type).SchemaOrg,
		Name:          wording.Clean(r.Title),
		DatePublished: r.Issued.String(),
		IsPartOf:      wording.Clean(r.Container),
		Publisher:     wording.Clean(r.Publisher),
		URL:           titleURL(r),
		Abstract:      withoutMarkup(r.Abstract),
		Keywords:      strings.Join(e.userTags(), ", "),
	}
	if e.user != nil {
		w.Award = wording.Clean(e.user.Award)
	}
	if r.IDs.DOI != "" {
		w.ID = wording.DOIURL(r.IDs.DOI)
		w.Identifier = append(w.Identifier, shape.LDProperty{Type: "PropertyValue", PropertyID: "DOI", Value: r.IDs.DOI})
	}
	if r.IDs.ArXiv != "" {
		w.Identifier = append(w.Identifier, shape.LDProperty{Type: "PropertyValue", PropertyID: "arXiv", Value: r.IDs.ArXiv})
	}
	if r.IDs.PMID != "" {
		w.Identifier = append(w.Identifier, shape.LDProperty{Type: "PropertyValue", PropertyID: "PMID", Value: r.IDs.PMID})
	}
	w.Author = ldPeople(r.Authors)
	w.Editor = ldPeople(r.Editors) // CreativeWork's editor: an edited book's, or a chapter's book's
	return w
}

// ldPeople is a name list as schema.org persons (or organisations).
func ldPeople(people []record.Author) []shape.LDPerson {
	var out []shape.LDPerson
	for _, a := range people {
		if wording.Clean(a.Display()) == "" {
			continue
		}
		person := shape.LDPerson{Type: "Person", Name: wording.AuthorName(a)} // as the page writes it: "李小龙", not "小龙 李"
		if a.ORCID != "" {
			person.ID = wording.ORCIDURL(a.ORCID)
		}
		if a.Given == "" && a.Family == "" && a.ORCID == "" {
			person.Type = "Organization" // a literal name without parts: a group or organisation
		}
		out = append(out, person)
	}
	return out
}

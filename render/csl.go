package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"
)

// writeCSL writes every entry as a CSL-JSON item, newest first, with the
// citation key as id so "@key" cites the same work as in the BibTeX file.
// A work shown within another's entry (a preprint with its published
// version, a version under its concept DOI) is not an item of its own.
// Strings are data: no escaping beyond JSON's (HTML escaping off, so "&"
// and "<" stay themselves); a title's math and words with inner capitals
// are in CSL's nocase markup (cslNocase), so styles that recase titles
// leave them as they are.
func writeCSL(buf *bufio.Writer, p *page) error {
	if err := writeJSONList(buf, "", len(p.shown), func(i int) any { return cslOf(p.shown[i]) }); err != nil {
		return err
	}
	return buf.WriteByte('\n')
}

// writeJSONList writes n items as an encoding/json Encoder with HTML
// escaping off and indent "  " writes a slice of them at prefix, without
// the final newline, each item made (item(i)) only when it is written: a
// list of 10,000 works is never held.
func writeJSONList(w *bufio.Writer, prefix string, n int, item func(i int) any) error {
	if n == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix+"  ", "  ")
	w.WriteString("[\n")
	for i := range n {
		one.Reset()
		if err := enc.Encode(item(i)); err != nil {
			return err
		}
		w.WriteString(prefix + "  ")
		w.Write(bytes.TrimSuffix(one.Bytes(), []byte("\n")))
		if i < n-1 {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
	}
	_, err := w.WriteString(prefix + "]")
	return err
}

// cslNames is a name list as CSL-JSON names: family and given, or a
// literal for a name given whole (an organisation, or one name alone).
func cslNames(people []record.Author) []shape.CSLName {
	var out []shape.CSLName
	for _, a := range people {
		n := shape.CSLName{Family: wording.Clean(a.Family), Given: wording.Clean(a.Given)}
		if n.Family == "" && n.Given == "" {
			n.Literal = wording.Clean(a.Name)
		}
		if n.Family == "" && n.Given != "" {
			n = shape.CSLName{Literal: n.Given}
		}
		if n != (shape.CSLName{}) {
			out = append(out, n)
		}
	}
	return out
}

func cslOf(e *entry) shape.CSLItem {
	r := e.rec
	it := shape.CSLItem{
		ID:             e.key,
		Type:           csltypes.Of(r.Type).CSLJSON, // citation processors reject a type the schema lacks
		Genre:          wording.Clean(r.Genre),
		Title:          cslNocase(wording.Clean(r.Title)), // math and inner capitals protected from the style's recasing
		ContainerTitle: wording.Clean(r.Container),
		ContainerShort: wording.Clean(r.ContainerShort),
		EventTitle:     wording.EventTitle(r),
		Publisher:      wording.Clean(r.Publisher),
		Volume:         wording.Clean(r.Volume),
		Issue:          wording.Clean(r.Issue),
		Page:           wording.Clean(r.Pages),
		DOI:            r.IDs.DOI,
		URL:            wording.CitationURL(r),
		PMID:           r.IDs.PMID,
		PMCID:          r.IDs.PMCID,
		Abstract:       wording.Clean(r.Abstract),
		Language:       r.Language,
		Version:        entryVersion(e),
	}
	it.Author, it.Editor = cslNames(r.Authors), cslNames(r.Editors)
	if d := r.Issued; !d.IsZero() {
		parts := []int{d.Year}
		if d.Month > 0 {
			parts = append(parts, d.Month)
			if d.Day > 0 {
				parts = append(parts, d.Day)
			}
		}
		it.Issued = &shape.CSLDate{DateParts: [][]int{parts}}
	}
	if len(r.IDs.ISBN) > 0 {
		it.ISBN = r.IDs.ISBN[0]
	}
	if len(r.IDs.ISSN) > 0 {
		it.ISSN = r.IDs.ISSN[0]
	}
	custom := shape.CSLCustom{Funding: dataFunding(r.Funding)}
	if r.OA != nil {
		custom.License = wording.Licence(r.OA.License)
	}
	if custom.License != "" || len(custom.Funding) > 0 {
		it.Custom = &custom
	}
	it.Keyword, it.Note = strings.Join(e.userTags(), ", "), e.userText()
	return it
}

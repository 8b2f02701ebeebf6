// Package ris writes a work as one record of RIS, the tagged format every
// reference manager imports (EndNote, Zotero, Mendeley, Citavi, RefWorks),
// with the tags of the RIS specification (Research Information Systems'
// "RIS Format Specifications", as citation.js's plugin-ris/src/spec keeps
// it and pandoc's Readers/RIS.hs reads it): TY first, ER last, one
// "XX  - value" line each. Values are plain UTF-8 text on one line: RIS
// has no escaping and no comment, so wording.Clean folds every line break
// and there is no header.
package ris

import (
	"bufio"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/wording"
)

// Work is what one record is written from: the merged record and what the
// page adds to it.
type Work struct {
	Record   record.Record
	Key      string   // the citation key, the record's ID: the same work as in the BibTeX and CSL-JSON files
	Version  string   // a computer program's version
	Abstract string   // the abstract without markup
	Tags     []string // the user's tags, written as keywords after the record's topics
	Note     string   // the user's note
}

// Write writes every work as one record, in order, a blank line between.
func Write(buf *bufio.Writer, works []Work) {
	for n, w := range works {
		if n > 0 {
			buf.WriteString("\n")
		}
		for _, f := range Of(w) {
			fmt.Fprintf(buf, "%s  - %s\n", f.Tag, f.Value)
		}
		buf.WriteString("ER  - \n")
	}
}

// Field is one tag and its value.
type Field struct{ Tag, Value string }

// Of is a work's tags in the specification's order. The type
// is csltypes.md's ris column, where it parts from citation.js's
// types.json: a preprint is UNPB (an unpublished work: RIS has no
// preprint, and JOUR would file a server as a journal), a talk or poster
// CPAPER (EndNote's "Conference Paper", one presented; CONF is a paper in
// the proceedings), a book review JOUR (it is an article, not a book),
// legislation STAT and a regulation LEGAL.
func Of(w Work) Fields {
	r := w.Record
	var fs Fields
	ty := csltypes.Of(r.Type).RIS
	fs.add("TY", ty)
	fs.add("ID", w.Key)
	fs.add("TI", r.Title)
	for _, a := range r.Authors {
		fs.add("AU", risName(a.Family, a.Given, a.Name))
	}
	for _, a := range r.Editors {
		// ED, "Editor" in the RIS specification (RefMan, 2011); Zotero's
		// RIS import reads it as the editor of any type
		fs.add("ED", risName(a.Family, a.Given, a.Name))
	}
	fs.add("T2", r.Container)
	fs.add("J2", r.ContainerShort) // the specification's "Alternate Title": a journal's or book's abbreviated title
	if ty == "CONF" {
		fs.add("C3", r.Container) // the specification's proceedings title; T2 is the conference's, which readers such as pandoc take for it
	}
	if d := r.Issued; d.Year > 0 {
		// PY is the date of publication for some types (CHAP, COMP) and DA
		// for most others (JOUR, CONF, DATA), so both are written
		fs.add("PY", strconv.Itoa(d.Year))
		fs.add("DA", risDate(d))
	}
	fs.add("VL", r.Volume)
	fs.add("IS", r.Issue)
	start, end := pageSpan(r.Pages)
	fs.add("SP", start)
	fs.add("EP", end)
	fs.add("PB", r.Publisher)
	if len(r.IDs.ISBN) > 0 {
		fs.add("SN", r.IDs.ISBN[0])
	}
	if len(r.IDs.ISSN) > 0 {
		fs.add("SN", r.IDs.ISSN[0])
	}
	fs.add("ET", w.Version) // a computer program's version (COMP's ET)
	fs.add("M3", r.Genre)   // type of work: "Poster" within CPAPER
	fs.add("DO", r.IDs.DOI)
	fs.add("UR", wording.CitationURL(r))
	fs.add("AB", w.Abstract)
	fs.add("LA", r.Language) // RIS's language tag; the record's BCP 47 tag as given
	for _, k := range r.Topics {
		fs.add("KW", k)
	}
	for _, k := range w.Tags {
		if !slices.ContainsFunc(r.Topics, func(t string) bool { return strings.EqualFold(wording.Clean(t), k) }) {
			fs.add("KW", k)
		}
	}
	fs.add("N1", w.Note)
	return fs
}

// Fields are one record's tags, in order.
type Fields []Field

// add keeps a value on its one line; an empty value is no tag.
func (fs *Fields) add(tag, value string) {
	if value = wording.Clean(value); value != "" {
		*fs = append(*fs, Field{tag, value})
	}
}

// risName is "Family, Given" as the specification writes a person; an
// organisation or a name given whole as it is.
func risName(family, given, whole string) string {
	family, given = wording.Clean(family), wording.Clean(given)
	switch {
	case family != "" && given != "":
		return family + ", " + given
	case family != "":
		return family
	case given != "":
		return given
	}
	return whole
}

// risDate is DA's "YYYY/MM/DD/": the slashes stay when a part is
// missing ("2020/03//", "2009///").
func risDate(d record.Date) string {
	part := func(n int) string {
		if n == 0 {
			return ""
		}
		return fmt.Sprintf("%02d", n)
	}
	return fmt.Sprintf("%04d/%s/%s/", d.Year, part(d.Month), part(d.Day))
}

// pageSpan is a page range's first and last page (SP, EP); an article
// number or a single page is the first alone.
func pageSpan(pages string) (start, end string) {
	s := wording.PageRange(wording.Clean(pages))
	if a, b, ok := strings.Cut(s, "–"); ok {
		return a, b
	}
	return s, ""
}

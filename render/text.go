package render

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/render/wording"
)

// titleOf is what a page shows as a work's title: the title, or the
// identifier when no provider gave one.
func (e *entry) titleOf() string {
	if t := wording.Clean(e.rec.Title); t != "" {
		return t
	}
	return "Untitled (" + e.id + ")"
}

// authorLimit is how many authors a page lists before "et al."; the
// person's own name is always shown.
const authorLimit = 12

// shownAuthorList is the authors a page lists (an edited book's editors,
// marked "(eds.)", when it has no authors: record.Record.Creators), and the tail saying how
// many there are when the list is cut (" et al. (40 authors)").
func shownAuthorList(e *entry) ([]htmlview.Author, string) {
	idx, hidden := shownAuthors(e)
	people := e.rec.Creators()
	var out []htmlview.Author
	prev := -1
	for _, i := range idx {
		out = append(out, htmlview.Author{
			Name: wording.AuthorName(people[i]),
			Gap:  prev >= 0 && i > prev+1,
			Me:   i < len(e.self) && e.self[i],
			Mark: e.mark(i),
		})
		prev = i
	}
	edited := len(e.rec.Authors) == 0 && len(people) > 0 // an edited book: its editors are who it is by
	switch {
	case hidden > 0 && prev < len(people)-1 && edited:
		return out, fmt.Sprintf(" et al. (%d editors)", len(people))
	case hidden > 0 && prev < len(people)-1:
		return out, fmt.Sprintf(" et al. (%d authors)", len(people))
	case edited:
		return out, " " + wording.EditorsMark(len(people))
	}
	return out, ""
}

// authorList writes the shown authors for a text format: escape makes a
// name safe for the format, mark highlights the researcher; skipped runs
// of a long list read "…", and a cut tail says how many authors there are.
func authorList(e *entry, escape, mark func(string) string) string {
	authors, etAl := shownAuthorList(e)
	var b strings.Builder
	for n, a := range authors {
		if n > 0 {
			b.WriteString(", ")
		}
		if a.Gap {
			b.WriteString("…, ")
		}
		name := escape(a.Name)
		if a.Me {
			name = mark(name)
		}
		b.WriteString(name + escape(a.Mark))
	}
	b.WriteString(etAl)
	return b.String()
}

// shownAuthors picks the authors a page lists: all of them up to
// authorLimit, else the first authorLimit-2, the person wherever they are,
// and how many were left out.
func shownAuthors(e *entry) (idx []int, hidden int) {
	n := len(e.rec.Creators())
	if n <= authorLimit {
		for i := range n {
			idx = append(idx, i)
		}
		return idx, 0
	}
	for i := range n {
		if i < authorLimit-2 || (i < len(e.self) && e.self[i]) || e.marked(i) {
			idx = append(idx, i)
		}
	}
	return idx, n - len(idx)
}

// citedBy is the count line of --counts: "cited by 85 · OpenAlex", or
// "cited by 32 (25 without self-citations) · INSPIRE-HEP" where the
// source counts both.
func (p *page) citedBy(e *entry) string {
	if !p.counts || e.cite == nil {
		return ""
	}
	if n := e.cite.WithoutSelf; n != nil {
		return fmt.Sprintf("cited by %d (%d without self-citations) · %s", e.cite.Count, *n, p.providerTitle(e.cite.Provider))
	}
	return fmt.Sprintf("cited by %d · %s", e.cite.Count, p.providerTitle(e.cite.Provider))
}

// pageTitle is the heading of a page.
func (p *page) pageTitle() string {
	if t := wording.Clean(p.title); t != "" {
		return t
	}
	if p.name != "" {
		return "Publications of " + wording.Clean(p.name)
	}
	return "Publications"
}

// summary is the line under a page's heading: "7 works, 2019–2024".
func (p *page) summary() string {
	s := fmt.Sprintf("%d works", len(p.shown))
	if len(p.shown) == 1 {
		s = "1 work"
	}
	switch newest, oldest := p.years(); {
	case newest == 0:
	case newest == oldest:
		s += fmt.Sprintf(", %d", newest)
	default:
		s += fmt.Sprintf(", %d–%d", oldest, newest)
	}
	return s
}

// workURL is where a work shown within an entry is linked: its own
// identifier, at doi.org or where its home service links it (a
// preprint's arXiv record links to the journal's DOI, so the record's
// DOI will not do), else its landing page; "" when it has neither.
func (p *page) workURL(e *entry) string {
	if id, err := manifest.ParseKey(e.id); err == nil {
		if id.Kind == manifest.KindDOI {
			return wording.DOIURL(id.Value)
		}
		// An identity kind is named as its record.IDs field is.
		if u := p.idURL(string(id.Kind), id.Value); u != "" {
			return u
		}
	}
	if u := wording.LandingURL(e.rec); u != "" {
		return u
	}
	return wording.WebURL(e.rec.URL)
}

// preprintServer names where a preprint was posted: its container (or
// publisher), else the server its DOI prefix or arXiv id says.
func preprintServer(e *entry) string {
	if _, c, _ := wording.Venue(e.rec); c != "" {
		return c
	}
	if id, err := manifest.ParseKey(e.id); err == nil {
		switch id.Kind {
		case manifest.KindArXiv:
			return "arXiv"
		case manifest.KindDOI:
			if r, ok := record.DOIRepository(id.Value); ok {
				return r.Name
			}
		}
	}
	return ""
}

// versionNumber finds a version in a title: "about-tools: v1.2.0" → v1.2.0.
var versionNumber = regexp.MustCompile(`(?i)\bv?[0-9]+(?:\.[0-9]+)+\b|\bv[0-9]+\b`)

// versionLabel is how a version is listed under its concept: the version
// its registrar gives, else one its title holds, else its identifier.
func versionLabel(e *entry) string {
	if v := wording.RecordVersion(e.rec); v != "" {
		return v
	}
	if all := versionNumber.FindAllString(wording.Clean(e.rec.Title), -1); len(all) > 0 {
		return all[len(all)-1]
	}
	if id, err := manifest.ParseKey(e.id); err == nil {
		return id.Value
	}
	return e.id
}

// entryVersion is the version an entry cites, which software citation
// needs (https://www.force11.org/software-citation-principles); none for a
// concept that lists its versions: its DOI stands for all of them and
// resolves to whichever is latest, so a "latest v1.2.0" would go stale
// with the next release; one who needs a version cites that version's DOI
// (https://support.zenodo.org/help/en-gb/1-upload-deposit/97-what-is-doi-versioning,
// https://archive.materialscloud.org/help/versioning "Which DOI should I
// use in citations?").
func entryVersion(e *entry) string {
	if len(e.versions) > 0 {
		return ""
	}
	return wording.RecordVersion(e.rec)
}

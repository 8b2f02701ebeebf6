package render

import (
	"bufio"
	"bytes"
	"fmt"
	"html"
	"net/url"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"
	"github.com/aboutscholar/about/render/yamlout"

	"github.com/aboutscholar/about/render/output"
)

// Files for the site generators researchers already run. Each field is one
// the theme's templates read; the template files are cited per format.

// writeAlFolio writes al-folio's _bibliography/papers.bib: the BibTeX
// entries with the custom fields al-folio's _layouts/bib.liquid reads
// (https://github.com/alshedivat/al-folio/blob/main/_layouts/bib.liquid):
// abbr (the badge), arxiv (an id it links as arxiv.org/abs/…), pdf and
// html (a value with "://" is linked as it is), code, abstract (the "Abs"
// button), bibtex_show (the "Bib" button), selected (read by the about
// page's selected-papers query, `selected = {true}`). al-folio's
// filtered_bibtex_keywords (_config.yml) hides these fields from the BibTeX
// it shows visitors.
func writeAlFolio(buf *bufio.Writer, p *page) error {
	buf.WriteString("% al-folio _bibliography/papers.bib, written by about render from the snapshot folder; regenerate, do not edit.\n")
	for _, e := range p.shown {
		typ, fields := bibEntry(alFolioInert(e), false)
		var fs bibFields = fields
		fs.add("abbr", rawInert(alFolioAbbr(e))) // printed as it is, in <abbr>
		// bib.liquid prints it in href="http://arxiv.org/abs/…" as it is
		fs.addVerbatim("arxiv", wording.EncodeURLBytes(arXivOf(e), ""))
		fs.addVerbatim("pdf", pdfURL(e.rec))
		fs.addVerbatim("html", alFolioHTML(e.rec))
		if len(e.code) > 0 {
			fs.addVerbatim("code", p.workURL(e.code[0]))
		}
		fs.alFolioUser(e)
		fs.add("abstract", tagInert(withoutMarkup(e.rec.Abstract)))
		fs.addRaw("bibtex_show", "{true}")
		if p.selected(e) {
			fs.addRaw("selected", "{true}")
		}
		if e.user != nil {
			fs.customFields(e.user.Fields) // last: the user's word replaces about's
		}
		buf.WriteString("\n" + formatBibEntry(typ, e.key, fs))
	}
	return nil
}

// arXivOf is the arXiv id al-folio's badge links: the work's own, else
// its preprint's (a published paper shown with the e-print it links to,
// as al-folio sites write arxiv = {…} beside doi = {…}).
func arXivOf(e *entry) string {
	if e.rec.IDs.ArXiv != "" {
		return e.rec.IDs.ArXiv
	}
	for _, pre := range e.preprints {
		if pre.rec.IDs.ArXiv != "" {
			return pre.rec.IDs.ArXiv
		}
	}
	return ""
}

// alFolioHTML is the "HTML" button's address: the work's landing page.
// al-folio draws a "DOI" button of its own from the entry's doi field
// (bib.liquid since 2024, https://github.com/alshedivat/al-folio/blob/b095f34f1309ec606f7ea3845e3aab346ad351f1/_layouts/bib.liquid),
// so for a work with a DOI the DOI's address is not repeated here: the
// button goes to the landing page a service gives, when it is another
// address, and is left out otherwise.
func alFolioHTML(r record.Record) string {
	if r.IDs.DOI == "" {
		return titleURL(r)
	}
	u := wording.WebURL(r.URL)
	if p, err := url.Parse(u); err != nil || p.Host == "doi.org" || p.Host == "dx.doi.org" || strings.HasSuffix(p.Host, ".doi.org") {
		return ""
	}
	return u
}

// pdfURL is the open-access copy when it is a PDF (its path ends .pdf):
// the themes label the link "PDF", and a repository's landing page is not
// one; "" otherwise.
func pdfURL(r record.Record) string {
	if r.OA == nil {
		return ""
	}
	u := wording.WebURL(r.OA.URL)
	if p, err := url.Parse(u); err == nil && strings.HasSuffix(strings.ToLower(p.Path), ".pdf") {
		return u
	}
	return ""
}

// alFolioAbbr is the badge: a preprint's server, the type's badge
// (csltypes.md: "Preprint", "Data", "Software"), else the venue when it is
// short enough for a badge (al-folio's are "Nature", "NeurIPS"); "" for
// none.
func alFolioAbbr(e *entry) string {
	row := csltypes.Of(e.rec.Type)
	if row.Group == "preprints" {
		if s := preprintServer(e); s != "" {
			return s
		}
	}
	if row.AlFolio != "" {
		return row.AlFolio
	}
	if s := wording.Acronym(wording.Clean(e.rec.ContainerShort)); s != "" && utf8.RuneCountInString(s) <= 12 {
		return s // the short name beside a proceedings' full title ("NIPS"; "ACL (1)" is ACL)
	}
	if _, c, _ := wording.Venue(e.rec); c != "" && utf8.RuneCountInString(c) <= 12 {
		return c
	}
	return ""
}

// labCitationOf is entry e as the Lab Website Template's citation.
func labCitationOf(e *entry) shape.LabCitation {
	c := shape.LabCitation{
		ID:        rawInert(e.id), // a DOI may hold "<"
		Title:     rawInert(e.titleOf()),
		Authors:   labAuthors(e),
		Publisher: rawInert(firstOf(wording.Clean(e.rec.Container), wording.Clean(e.rec.Publisher))),
		Date:      fullDate(e.rec.Issued),
		Link:      titleURL(e.rec),
		Tags:      []string{wording.KindLabel(e.rec)},
	}
	labWebsiteUser(&c, e)
	return c
}

// writeLabWebsite writes _data/citations.yaml for the Lab Website
// Template: one item per entry, newest first.
//
// Each item's tree is made and written alone (yamlout.WriteItem), as the yaml
// page's works are.
func writeLabWebsite(buf *bufio.Writer, p *page) error {
	buf.WriteString("# Lab Website Template _data/citations.yaml, written by about render from the snapshot folder; regenerate, do not edit.\n")
	if len(p.shown) == 0 {
		return yamlout.EncodeValue(buf, []shape.LabCitation{})
	}
	keys := yamlout.Keys{}
	for _, e := range p.shown {
		if err := yamlout.WriteItem(buf, labCitationOf(e), "", keys, frontMatterFields(e.user)...); err != nil {
			return err
		}
	}
	return nil
}

// labAuthors are the names as citation.html prints them, through
// markdownify.
func labAuthors(e *entry) []string {
	names := displayNames(e)
	for i, n := range names {
		names[i] = markdownInert(rawInert(n))
	}
	return names
}

// fullDate is a date as YYYY-MM-DD, a missing month or day as 01 (the
// form Jekyll's date filters and the themes' date fields take); "" for
// none.
func fullDate(d record.Date) string {
	if d.IsZero() {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, max(d.Month, 1), max(d.Day, 1))
}

func displayNames(e *entry) []string {
	names := []string{}
	for _, a := range e.rec.Authors {
		if n := wording.AuthorName(a); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// hugoBloxFiles are a publication bundle per entry.
func hugoBloxFiles(p *page, emit func(output.File) error) error {
	keys := yamlout.Keys{} // made once for every page's front matter
	for _, e := range p.shown {
		fm := shape.HugoBloxPublication{
			Title:            e.titleOf(),
			Authors:          displayNames(e),
			PublicationTypes: []string{csltypes.Of(e.rec.Type).HugoBlox},
			Publication:      mdText(firstOf(wording.Clean(e.rec.Container), wording.Clean(e.rec.Publisher))),
			Abstract:         mdText(withoutMarkup(e.rec.Abstract)), // single.html: markdownify, and Hugo Blox renders raw HTML
			DOI:              e.rec.IDs.DOI,
			Featured:         p.selected(e),
		}
		if d := fullDate(e.rec.Issued); d != "" {
			fm.Date = d + "T00:00:00Z"
		}
		fm.URLPDF = pdfURL(e.rec)
		if len(e.code) > 0 {
			fm.URLCode = p.workURL(e.code[0])
		}
		if len(e.data) > 0 {
			fm.URLDataset = p.workURL(e.data[0])
		}
		if e.rec.IDs.DOI == "" {
			if u := titleURL(e.rec); u != "" {
				fm.Links = append(fm.Links, shape.HugoLink{Name: "Link", URL: u})
			}
		}
		for _, pre := range e.preprints {
			if u := p.workURL(pre); u != "" {
				fm.Links = append(fm.Links, shape.HugoLink{Name: "Preprint", URL: u})
			}
		}
		hugoBloxUser(&fm, e)
		var buf bytes.Buffer
		buf.WriteString("---\n")
		if err := yamlout.EncodeData(&buf, fm, keys, frontMatterFields(e.user)...); err != nil {
			return err
		}
		buf.WriteString("---\n")
		dir := path.Join("content", "publication", e.file)
		if err := emit(output.File{Path: path.Join(dir, "index.md"), Data: buf.Bytes(), Work: e.id}); err != nil {
			return err
		}
		if err := emit(output.File{Path: path.Join(dir, "cite.bib"), Data: []byte(bibEntryText(e, false)), Work: e.id}); err != nil {
			return err
		}
	}
	return nil
}

// academicPagesFiles are one page per entry in _publications/.
func academicPagesFiles(p *page, emit func(output.File) error) error {
	keys := yamlout.Keys{} // made once for every page's front matter
	for _, e := range p.shown {
		date := fullDate(e.rec.Issued)
		name := e.file
		if date != "" && !yearFirst.MatchString(e.file) {
			// academicpages names pages by date; a key that already
			// starts with a year (one kept from the site's own page,
			// "2014-CBA") keeps the page's name and so its permalink
			name = date + "-" + e.file
		}
		fm := shape.AcademicPublication{
			Title:      e.titleOf(),
			Collection: "publications",
			Category:   csltypes.Of(e.rec.Type).AcademicPages,
			Permalink:  "/publication/" + name,
			Date:       date,
			Venue:      firstOf(wording.Clean(e.rec.Container), wording.Clean(e.rec.Publisher)),
			Excerpt:    firstSentence(withoutMarkup(e.rec.Abstract)),
			PaperURL:   titleURL(e.rec),
			Citation:   plainCitation(e),
		}
		if e.rec.OA != nil && wording.WebURL(e.rec.OA.URL) != "" {
			fm.PaperURL = wording.WebURL(e.rec.OA.URL)
		}
		academicPagesUser(&fm, e)
		escapeAcademicPages(&fm)
		var buf bytes.Buffer
		buf.WriteString("---\n")
		if err := yamlout.EncodeData(&buf, fm, keys, frontMatterFields(e.user)...); err != nil {
			return err
		}
		buf.WriteString("---\n")
		if a := withoutMarkup(e.rec.Abstract); a != "" {
			buf.WriteString("\n" + mdText(a) + "\n")
		}
		if err := emit(output.File{Path: path.Join("_publications", name+".md"), Data: buf.Bytes(), Work: e.id}); err != nil {
			return err
		}
	}
	return nil
}

var yearFirst = regexp.MustCompile(`^[0-9]{4}-`)

// escapeAcademicPages escapes the texts academicpages' layouts insert
// into HTML as they are (archive-single.html and publications.html print
// {{ post.title }}, {{ post.venue }}, {{ post.citation }} and
// {{ post.excerpt }} with no filter, or through markdownify, which passes
// raw HTML on), as the theme's own markdown_generator/publications.py
// html_escapes them: a title "Fast & <Furious>" is then text, not a tag.
// archive-single.html passes the title and the excerpt through
// markdownify (kramdown), which makes "[x](javascript:…)" a link: those
// are markdownInert too.
func escapeAcademicPages(fm *shape.AcademicPublication) {
	for _, s := range []*string{&fm.Title, &fm.Venue, &fm.Excerpt, &fm.Citation} {
		*s = html.EscapeString(*s)
	}
	fm.Title, fm.Excerpt = markdownInert(fm.Title), markdownInert(fm.Excerpt)
}

// plainCitation is "Authors (Year). Title. Venue." as plain text.
func plainCitation(e *entry) string {
	var b strings.Builder
	b.WriteString(strings.Join(displayNames(e), ", "))
	if y := e.rec.Issued.Year; y > 0 {
		fmt.Fprintf(&b, " (%d)", y)
	}
	if b.Len() > 0 {
		b.WriteString(". ")
	}
	b.WriteString(wording.Sentence(e.titleOf()))
	if v := firstOf(wording.Clean(e.rec.Container), wording.Clean(e.rec.Publisher)); v != "" {
		b.WriteString(" " + wording.Sentence(v))
	}
	return strings.TrimSpace(b.String())
}

// firstSentence is a text up to its first full stop and space, for an
// excerpt.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i > 0 {
		return s[:i+1]
	}
	return s
}

// selected reports whether the manifest's selected list names the entry
// or a work shown within it.
func (p *page) selected(e *entry) bool {
	if p.chosen[relationKey(e.id)] {
		return true
	}
	for _, m := range e.members {
		if p.chosen[relationKey(m.id)] {
			return true
		}
	}
	return false
}

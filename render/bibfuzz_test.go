package render

import (
	"fmt"
	"html"
	"path"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// bibTexts are the text fields a service (or the manifest, for the user's
// award, note and tag) gives a work, each a fuzz argument in this order.
type bibTexts struct {
	title, container, publisher, issn, given, family, org, abstract,
	volume, pages, version, doi, award, note, tag string
}

func bibTextsOf(args []string) bibTexts {
	a := append(args, make([]string, 15)...)
	return bibTexts{a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14]}
}

// bibFuzzFolder is three works carrying the same texts, one of each
// shape that writes them in different fields: a journal article (journal,
// ISSN, volume, pages), software (version, publisher, the note BibTeX
// says it in) and a conference paper (booktitle, publisher), each with a
// split name, an organisation and a given name alone; the article has the
// user's award, note, tag, a link and an author mark.
func bibFuzzFolder(x bibTexts) (*folder.Folder, Options) {
	authors := []record.Author{{Given: x.given, Family: x.family}, {Name: x.org}, {Given: x.given}}
	work := func(n int, typ string) folder.Work {
		r := record.Record{
			Title: x.title, Type: typ, Container: x.container, Publisher: x.publisher,
			Issued: record.NewDate(2020+n, 1+n, 0), Volume: x.volume, Issue: x.volume, Pages: x.pages,
			Abstract: x.abstract, Authors: authors, Language: "de",
			IDs:   record.IDs{DOI: fmt.Sprintf("10.5555/fuzz.%d", n), ISSN: []string{x.issn}, ISBN: []string{x.issn}},
			Extra: []record.Annotation{{Name: "version", Value: x.version}},
		}
		if n == 1 {
			r.IDs.DOI, r.IDs.ArXiv, r.URL = x.doi, x.doi, "https://example.org/"+x.doi
			r.OA = &record.OpenAccess{URL: "https://example.org/" + x.doi + ".pdf"}
		}
		return folder.Work{ID: fmt.Sprintf("doi:10.5555/fuzz.%d", n), Record: r}
	}
	f := &folder.Folder{Root: "fuzz", Works: []folder.Work{work(1, "article-journal"), work(2, "software"), work(3, "paper-conference")},
		// the files' comment credits the services; a snapshot folder is
		// the user's, and its text is held to the same rule
		Providers: []snapshots.IndexProvider{{Name: "crossref", Attribution: x.publisher}}}
	opts := Options{
		Person:   Person{Names: []string{x.given + " " + x.family}},
		Selected: []string{"doi:10.5555/fuzz.1"},
		User: UserFields{"doi:10.5555/fuzz.1": {
			Award: x.award, Note: x.note, Tags: []string{x.tag}, Equal: []int{1},
			Links: []UserLink{{Kind: "slides", URL: "https://example.org/" + x.doi}},
		}},
		Services: testServices(),
		SiteURL:  "https://example.org/papers/",
	}
	return f, opts
}

// bibOutputs are the BibTeX texts render writes for a folder, each with
// the keys of the entries it must hold: the BibTeX and BibLaTeX files,
// al-folio's papers.bib, each Hugo Blox cite.bib, the page's BibTeX
// blocks and html-site's work pages' (as a reader copies them: the
// HTML's text).
type bibOutput struct {
	name     string
	biblatex bool
	text     string
	keys     []string
}

var (
	pageBibBlock = regexp.MustCompile(`(?s)<summary>BibTeX</summary><pre>(.*?)</pre>`)
	workBibBlock = regexp.MustCompile(`(?s)<pre class="bib">(.*?)</pre>`)
)

func bibOutputs(t *testing.T, f *folder.Folder, opts Options) []bibOutput {
	t.Helper()
	var keys []string
	for _, e := range buildPage(f, opts).shown {
		keys = append(keys, e.key)
	}
	one := func(format Format) string {
		o := opts
		o.Format = format
		return renderString(t, f, o)
	}
	out := []bibOutput{
		{"bibtex", false, one(BibTeX), keys},
		{"biblatex", true, one(BibLaTeX), keys},
		{"al-folio", false, one(AlFolio), keys},
		{"html", false, htmlBlocks(pageBibBlock, one(HTML)), keys},
	}
	for _, format := range []Format{HugoBlox, HTMLSite} {
		o := opts
		o.Format = format
		files, err := RenderFiles(f, o)
		if err != nil {
			t.Fatalf("render %s: %v", format, err)
		}
		for _, file := range files {
			name := string(format) + " " + file.Path
			switch {
			case format == HugoBlox && path.Base(file.Path) == "cite.bib":
				out = append(out, bibOutput{name, false, string(file.Data), []string{path.Base(path.Dir(file.Path))}})
			case format == HTMLSite && path.Dir(file.Path) == "works":
				key := strings.TrimSuffix(path.Base(file.Path), ".html")
				out = append(out, bibOutput{name, false, htmlBlocks(workBibBlock, string(file.Data)), []string{key}})
			}
		}
	}
	return out
}

// htmlBlocks is the text of every BibTeX block of a page, unescaped.
func htmlBlocks(re *regexp.Regexp, page string) string {
	var b strings.Builder
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		b.WriteString(html.UnescapeString(m[1]) + "\n")
	}
	return b.String()
}

// fieldLine is one field as render writes it, a line of its own.
var fieldLine = regexp.MustCompile(`^  (\S+)\s*= (.*),$`)

// bibProblems is what is wrong with a BibTeX text render wrote, as
// BibTeX's own reading (readBibFile) sees it: not exactly the entries
// wanted, in order; a field that does not end at the end of its line
// (so its braces let text out, or swallow the next field); a field whose
// braces do not balance; a control character.
func bibProblems(text string, keys []string) []string {
	var problems []string
	if i := strings.IndexFunc(text, controlInOutput); i >= 0 {
		r, _ := utf8.DecodeRuneInString(text[i:])
		problems = append(problems, fmt.Sprintf("a control character %U at byte %d", r, i))
	}
	if !utf8.ValidString(text) {
		problems = append(problems, "not UTF-8 (biber refuses the file)")
	}
	entries, err := readBibFile(text)
	if err != nil {
		problems = append(problems, err.Error())
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.key)
	}
	if strings.Join(got, " ") != strings.Join(keys, " ") {
		return append(problems, fmt.Sprintf("entries %q, want %q", got, keys))
	}
	for i, body := range entryBodies(text) {
		problems = append(problems, fieldProblems(entries[i], body)...)
	}
	return problems
}

// nameProblems: each entry's author list holds as many names, as BibTeX
// splits it, as the work has authors with a name (a service's "and" or
// comma inside one never makes two).
func nameProblems(text string, names int) []string {
	entries, _ := readBibFile(text)
	var problems []string
	for _, e := range entries {
		got := 0
		for _, f := range e.fields {
			if f.name == "author" {
				got = bibNameCount(f.value)
			}
		}
		if got != names {
			problems = append(problems, fmt.Sprintf("%s: %d names in the author list, want %d", e.key, got, names))
		}
	}
	return problems
}

// controlInOutput reports a control character (C0 but the line feed, DEL,
// C1) where none belongs.
func controlInOutput(r rune) bool {
	return (r < 0x20 && r != '\n') || (r >= 0x7f && r < 0xa0)
}

// entryBodies are the field lines of each entry as written.
func entryBodies(text string) [][]string {
	var bodies [][]string
	for _, part := range strings.Split("\n"+text, "\n@")[1:] {
		lines := strings.Split(part, "\n")
		var body []string
		for _, l := range lines[1:] {
			if l == "}" {
				break
			}
			body = append(body, l)
		}
		bodies = append(bodies, body)
	}
	return bodies
}

func fieldProblems(e bibRead, lines []string) []string {
	var problems []string
	if len(e.fields) != len(lines) {
		problems = append(problems, fmt.Sprintf("%s: read %d fields from %d lines", e.key, len(e.fields), len(lines)))
	}
	for i, l := range lines {
		m := fieldLine.FindStringSubmatch(l)
		switch {
		case m == nil:
			problems = append(problems, fmt.Sprintf("%s: %q is no field line", e.key, l))
		case i >= len(e.fields) || e.fields[i].name != m[1] || e.fields[i].value != m[2]:
			problems = append(problems, fmt.Sprintf("%s: line %q is not the field read there", e.key, l))
		case !bracesBalance(m[2]):
			problems = append(problems, fmt.Sprintf("%s: field %s's braces do not balance: %s", e.key, m[1], m[2]))
		}
	}
	return problems
}

// bracesBalance counts braces as BibTeX does, every one of them.
func bracesBalance(v string) bool {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// FuzzBibWriters: whatever text a service sends for a work's title,
// container, publisher, ISSN, names, abstract, volume, pages, version or
// DOI, and whatever the user writes for its award, note and tag, every
// BibTeX and BibLaTeX text render writes holds exactly one entry per work,
// each field ending on its own line with its braces balanced, as BibTeX
// reads it, and no control character. The seeds in
// testdata/fuzz/FuzzBibWriters (issue #30's forged entry, an unbalanced
// brace, escapes, control characters, BibTeX's own syntax) are also run
// through the real bibtex and biber (TestBibWritersSeedsThroughBibTeXAndBiber).
func FuzzBibWriters(f *testing.F) {
	f.Add("A title", "A Journal", "A Press", "1234-5679", "Ada", "Lovelace", "The R&D Team", "An abstract.", "12", "1-10", "v1.0", "10.5555/x", "Best paper", "Invited", "tag")
	f.Fuzz(func(t *testing.T, title, container, publisher, issn, given, family, org, abstract, volume, pages, version, doi, award, note, tag string) {
		f, opts := bibFuzzFolder(bibTexts{title, container, publisher, issn, given, family, org, abstract, volume, pages, version, doi, award, note, tag})
		names := 0
		for _, written := range []bool{bibText(given) != "" || bibText(family) != "", bibText(org) != "", bibText(given) != ""} {
			if written {
				names++
			}
		}
		for _, o := range bibOutputs(t, f, opts) {
			problems := bibProblems(o.text, o.keys)
			if len(problems) == 0 {
				problems = nameProblems(o.text, names)
			}
			if len(problems) > 0 {
				t.Errorf("%s:\n  %s\n%s", o.name, strings.Join(problems, "\n  "), o.text)
			}
		}
	})
}

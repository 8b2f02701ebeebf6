package render

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/aboutscholar/about/render/output"
)

// Format is an output format.
type Format string

// The formats render writes; formats lists what each is.
const (
	CSLJSON  Format = "csl-json"
	BibTeX   Format = "bibtex"
	BibLaTeX Format = "biblatex"
	Markdown Format = "markdown"
	HTML     Format = "html"
	HTMLSite Format = "html-site"
	JSON     Format = "json"
	YAML     Format = "yaml"

	AlFolio       Format = "al-folio"
	HugoBlox      Format = "hugo-blox"
	AcademicPages Format = "academicpages"
	LabWebsite    Format = "lab-website"

	Atom Format = "atom"

	// RIS is the tagged format every reference manager imports (render/ris).
	RIS Format = "ris"

	COA    Format = "coa"
	NIH    Format = "nih"
	NIHCSV Format = "nih-csv"

	CV         Format = "cv"
	JSONResume Format = "json-resume"
	CVTypst    Format = "cv-typst"
)

// Kind is what a format writes, which decides the options it takes.
type Kind int

// The kinds of format.
const (
	Citations Kind = iota // one file, each entry once, ungrouped and without counts
	Page                  // one file: the page, grouped, with what each entry shows and optional counts
	Site                  // a folder of files under the site's root (--out)
)

// formatRow is every fact about one format: the command line's help,
// completion and --out checks, and render's dispatch, all read it.
type formatRow struct {
	format  Format
	help    string // what it is for, as `about help render` lists it
	example string // one-file formats: a name to suggest for --out (where the site reads it), with forward slashes
	kind    Kind
	write   func(*bufio.Writer, *page) error           // one-file formats
	files   func(*page, func(output.File) error) error // Site formats: each file, made one at a time, to emit
	// paged: takes a page's options (--group, --counts): the pages, and
	// html-site, whose index is the html page
	paged bool
}

// formats is the table of formats, in the order help lists them; it is
// read, never written.
var formats = []formatRow{
	{CSLJSON, "CSL-JSON items, for pandoc --citeproc and Zotero", "publications.json", Citations, writeCSL, nil, false},
	{BibTeX, "BibTeX, for LaTeX CVs and jekyll-scholar", "publications.bib", Citations,
		func(b *bufio.Writer, p *page) error { return writeBib(b, p, false) }, nil, false},
	{BibLaTeX, "BibLaTeX (biber) entry types and fields", "publications.bib", Citations,
		func(b *bufio.Writer, p *page) error { return writeBib(b, p, true) }, nil, false},
	{RIS, "RIS records, for EndNote, Zotero, Mendeley and every reference manager that imports RIS", "publications.ris", Citations, writeRIS, nil, false},
	{Markdown, "a page for a README or a GitHub, Hugo or Jekyll site", "publications.md", Page, writeMarkdown, nil, true},
	{HTML, "one self-contained page: inline CSS, phone-sized, dark mode, print; titles link to the works, " +
		"identifier chips, abstract and BibTeX per entry, filters, schema.org JSON-LD", "index.html", Page, writeHTML, nil, true},
	{HTMLSite, "the html page as index.html and a page per work, works/<key>.html, for Google Scholar: its citation_* " +
		"meta tags, schema.org JSON-LD, the abstract, the work cited in APA's shape and as listed, and its BibTeX, under --out",
		"", Site, nil, htmlSiteFiles, true},
	{JSON, "the page as data for Hugo data/ or Jekyll _data/", "publications.json", Page, writeJSON, nil, true},
	{YAML, "the page as YAML data for Hugo data/ or Jekyll _data/", "publications.yaml", Page, writeYAML, nil, true},
	{AlFolio, "al-folio's _bibliography/papers.bib (abbr, arxiv, pdf, html, code, abstract, bibtex_show, selected)",
		"_bibliography/papers.bib", Citations, writeAlFolio, nil, false},
	{HugoBlox, "Hugo Blox publication bundles, content/publication/<key>/index.md and cite.bib, under --out (the site's root)",
		"", Site, nil, hugoBloxFiles, false},
	{AcademicPages, "academicpages _publications/<date>-<key>.md under --out", "", Site, nil, academicPagesFiles, false},
	{LabWebsite, "the Lab Website Template's _data/citations.yaml", "_data/citations.yaml", Citations, writeLabWebsite, nil, false},
	{Atom, "an Atom feed of the works, newest first, for feed readers; ids from DOIs, dates from the works", "feed.xml", Citations, writeAtom, nil, false},
	{COA, "NSF's Collaborators and Other Affiliations template, Table 4: every co-author of the works issued since --since " +
		"(default 48 months ago) once, \"Last, First\", the affiliation of their latest work that gives one, last active; CSV " +
		"in the template's columns; a lab's with --member", "coa.csv", Citations, writeCOA, nil, false},
	{NIH, "NIH public access: the works that acknowledge NIH or an institute, with PMID, PMCID, status (in PMC, not in PMC, " +
		"not applicable) and what to do under NIH's 2008 and 2024 policies, and the works whose funding is unknown; Markdown",
		"nih-public-access.md", Citations, writeNIH, nil, false},
	{NIHCSV, "the nih report as CSV, a row a work, for a spreadsheet", "nih-public-access.csv", Citations, writeNIHCSV, nil, false},
	{CV, "a CV as LaTeX that pdflatex compiles: the ORCID record's employment, education, distinctions, memberships, service, " +
		"funding and peer reviews (fetched with the manifest's cv = true), then the works by type, the person in bold, the " +
		"[[work]] marks, awards and notes; a lab's with --member", "cv.tex", Citations, writeCV, nil, false},
	{JSONResume, "the CV as a JSON Resume 1.0.0 document: work, volunteer, education, awards and publications",
		"resume.json", Citations, writeJSONResume, nil, false},
	{CVTypst, "the CV as a Typst document (no packages: it compiles offline)", "cv.typ", Citations, writeCVTypst, nil, false},
}

// row is the format's row of the table; ok is false for an unknown format.
func (f Format) row() (formatRow, bool) {
	for _, r := range formats {
		if r.format == f {
			return r, true
		}
	}
	return formatRow{}, false
}

// Formats lists every format, in the order help shows them.
func Formats() []Format {
	out := make([]Format, len(formats))
	for i, r := range formats {
		out[i] = r.format
	}
	return out
}

// Kind is what the format writes.
func (f Format) Kind() Kind {
	r, _ := f.row()
	return r.kind
}

// IsFolder reports whether the format is a folder of files (RenderFiles)
// rather than one file (Render).
func (f Format) IsFolder() bool { return f.Kind() == Site }

// IsPage reports whether the format is a page (grouped, with what is shown
// within each entry, with optional counts) rather than a citation database
// (one item per entry): its row's paged column.
func (f Format) IsPage() bool {
	r, _ := f.row()
	return r.paged
}

// Example is a file name to suggest for a one-file format's --out (for a
// site's file, where its theme reads it under the site's root, with the
// system's separator); "" for a folder format.
func (f Format) Example() string {
	r, _ := f.row()
	return filepath.FromSlash(r.example)
}

// FormatNames is Formats as a comma-separated list, for messages.
func FormatNames() string { return namesWhere(func(formatRow) bool { return true }) }

// FormatNamesOf lists the formats of one kind, comma-separated, for
// messages such as "--counts applies to pages (markdown, html, …)".
func FormatNamesOf(k Kind) string { return namesWhere(func(r formatRow) bool { return r.kind == k }) }

// PageFormatNames lists the formats that take a page's options (--group,
// --counts): the pages and html-site, whose index is the html page.
func PageFormatNames() string { return namesWhere(func(r formatRow) bool { return r.paged }) }

func namesWhere(keep func(formatRow) bool) string {
	var names []string
	for _, r := range formats {
		if keep(r) {
			names = append(names, string(r.format))
		}
	}
	return strings.Join(names, ", ")
}

// ParseFormat reads a format name (any letter case); an unknown name is an
// error listing the known ones.
func ParseFormat(s string) (Format, error) {
	want := Format(strings.ToLower(strings.TrimSpace(s)))
	if _, ok := want.row(); ok {
		return want, nil
	}
	return "", fmt.Errorf("unknown format %q (formats: %s)", s, FormatNames())
}

// FormatHelp is the list of formats for `about help render`: a name and
// what it is for, one format a paragraph, wrapped to width columns.
func FormatHelp(indent string, width int) string {
	name := 0
	for _, r := range formats {
		name = max(name, len(r.format))
	}
	var b strings.Builder
	hang := indent + strings.Repeat(" ", name+2)
	for _, r := range formats {
		line := indent + string(r.format) + strings.Repeat(" ", name+2-len(r.format))
		for i, word := range strings.Fields(r.help) {
			if i > 0 && len(line)+1+len(word) > width {
				b.WriteString(line + "\n")
				line = hang + word
				continue
			}
			if i > 0 {
				line += " "
			}
			line += word
		}
		b.WriteString(line + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

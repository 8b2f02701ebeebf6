package render

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// omitFundingMap is the source map docs/render.md gives for a document
// that wants no funders in its references; the test holds the page to it.
const omitFundingMap = `\DeclareSourcemap{\maps[datatype=bibtex]{
  \map{\step[fieldsource=note, match=\regexp{\A\s*Funding:.*\Z}, final]\step[fieldset=note, null]}
  \map{\step[fieldsource=note, match=\regexp{\s*Funding:.*\Z}, replace={}]}
}}`

// TestBibLaTeXFundingNote: the two real funder lists of the example folder
// (Crossref's deposits for eLife and ACM) reach BibLaTeX's note, which
// biber takes without a warning under --validate-datamodel, and which
// biblatex prints; the source map the docs give leaves them out and
// keeps any other note.
func TestBibLaTeXFundingNote(t *testing.T) {
	pdflatex, biber, pdftotext := tool(t, "pdflatex"), tool(t, "biber"), tool(t, "pdftotext")
	needTeXPackage(t, "biblatex.sty", "texlive-bibtex-extra")
	bib := renderString(t, exampleFolder(t), Options{Format: BibLaTeX})
	for _, want := range []string{
		"note      = {Funding: NSF (National Science Foundation) CCF 805476,",
		"note         = {Funding: SystemsX; EMBO longterm post-doctoral fellowships; Marie Heim-Voegtlin; University of Lausanne; EMBO; Swiss National Science Foundation.}",
	} {
		if !strings.Contains(bib, want) {
			t.Errorf("the BibLaTeX file lacks %q:\n%s", want, bib)
		}
	}
	docs := readFile(t, "../docs/render.md")
	for _, line := range strings.Split(omitFundingMap, "\n") {
		if !strings.Contains(docs, strings.TrimSpace(line)) {
			t.Errorf("docs/render.md does not give the source map's line %s", line)
		}
	}
	if n := strings.Count(bib, "Funding:"); n != 2 {
		t.Errorf("%d funding notes, want 2 (the two works with funders)", n)
	}
	for _, c := range []struct {
		name, preamble string
		printed        bool
	}{{"default", "", true}, {"source map", omitFundingMap, false}} {
		dir := t.TempDir()
		writeTemp(t, dir, "works.bib", bib)
		writeTemp(t, dir, "doc.tex", "\\documentclass{article}\n\\usepackage[backend=biber]{biblatex}\n"+c.preamble+
			"\n\\addbibresource{works.bib}\n\\begin{document}\n\\nocite{*}\n\\printbibliography\n\\end{document}\n")
		latex := []string{pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"}
		for _, step := range [][]string{latex, {biber, "--validate-datamodel", "doc"}, latex} {
			if stdout, stderr, err := run(t, dir, step[0], step[1:]...); err != nil {
				t.Fatalf("%s: %s: %v\n%s%s", c.name, filepath.Base(step[0]), err, lastLines(stdout, 30), stderr)
			}
		}
		for _, line := range strings.Split(readFile(t, filepath.Join(dir, "doc.blg")), "\n") {
			if strings.Contains(line, "WARN") || strings.Contains(line, "ERROR") {
				t.Errorf("%s: biber: %s", c.name, line)
			}
		}
		text, _, err := run(t, dir, pdftotext, "doc.pdf", "-")
		if err != nil {
			t.Fatal(err)
		}
		text = strings.Join(strings.Fields(text), " ")
		if got := strings.Contains(text, "Funding: SystemsX"); got != c.printed {
			t.Errorf("%s: funders printed %v, want %v:\n%s", c.name, got, c.printed, text)
		}
		if !strings.Contains(text, "Preprint") {
			t.Errorf("%s: a preprint's own note is gone:\n%s", c.name, text)
		}
	}
}

// TestBibLaTeXFundingAfterANote: a preprint's note (its genre, as @online
// has no type field) keeps its place and the funders follow it; hostile
// text in a funder's name is escaped as every field's is.
func TestBibLaTeXFundingAfterANote(t *testing.T) {
	f := &folder.Folder{Root: "f", Works: []folder.Work{{ID: "doi:10.1101/2024.01.01.000001", FundingFrom: "crossref",
		Record: record.Record{Title: "A preprint", Type: "article", Genre: "Preprint", Issued: record.NewDate(2024, 1, 1),
			Authors: []record.Author{{Family: "Quist", Given: "Ada"}}, IDs: record.IDs{DOI: "10.1101/2024.01.01.000001"},
			Funding: []record.Funding{{Funder: "National Institutes of Health", DOI: "10.13039/100000002", Awards: []string{"R01GM123456"}},
				{Funder: `Fund \input{x} 100% & co`}}}}}}
	bib := strings.Join(strings.Fields(renderString(t, f, Options{Format: BibLaTeX})), " ")
	want := `note = {Preprint. Funding: National Institutes of Health R01GM123456; Fund {\textbackslash}input\{x\} 100\% \& co.}`
	if !strings.Contains(bib, want) {
		t.Errorf("want %s in\n%s", want, bib)
	}
}

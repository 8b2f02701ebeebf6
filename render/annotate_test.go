package render

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// cvFolder is three works of Ada Lovelace's, ASCII and Latin letters only
// (pdfLaTeX's fonts print them): she is the second author, the first, and
// the first after an author with no name, whom no format writes, and one
// work she is not on.
func cvFolder() *folder.Folder {
	ada := record.Author{Given: "Ada", Family: "Lovelace", ORCID: "0000-0002-1825-0097"}
	work := func(doi, title string, year int, authors ...record.Author) folder.Work {
		return folder.Work{ID: "doi:" + doi, Record: record.Record{
			Title: title, Type: "article-journal", Container: "Journal of Engines",
			Issued: record.NewDate(year, 0, 0), Authors: authors, IDs: record.IDs{DOI: doi},
		}}
	}
	return &folder.Folder{Root: "cv", Works: []folder.Work{
		work("10.5555/cv.1", "Analytical engines", 2023, record.Author{Given: "José", Family: "Ñúñez-García"}, ada, record.Author{Given: "Charles", Family: "Babbage"}),
		work("10.5555/cv.2", "Bernoulli numbers", 2022, ada, record.Author{Given: "Mary", Family: "Somerville"}),
		work("10.5555/cv.3", "Notes on the engine", 2021, record.Author{}, ada, record.Author{Given: "Charles", Family: "Babbage"}),
		work("10.5555/cv.4", "Difference engines", 2020, record.Author{Given: "Charles", Family: "Babbage"}),
	}}
}

var ada = Person{Names: []string{"Ada Lovelace"}, ORCIDs: []string{"0000-0002-1825-0097"}}

// The BibLaTeX file marks the person in each author list by position
// among the names it writes; the BibTeX file, whose styles read no
// annotation, carries none.
func TestBibLaTeXAnnotatesThePersonsName(t *testing.T) {
	got := renderString(t, cvFolder(), Options{Format: BibLaTeX, Person: ada})
	an := regexp.MustCompile(`(?m)^@\w+\{(\w+),\n  author\s+= \{[^\n]*\},\n  author\+an\s+= \{([^}]*)\},$`)
	marks := map[string]string{}
	for _, m := range an.FindAllStringSubmatch(got, -1) {
		marks[m[1]] = m[2]
	}
	want := map[string]string{
		"nunezgarcia2023analytical": "2=highlight",
		"lovelace2022bernoulli":     "1=highlight",
		"anon2021notes":             "1=highlight", // the nameless author is not in the list
	}
	if len(marks) != len(want) || strings.Count(got, "author+an") != len(want) {
		t.Errorf("author+an fields %v, want %v:\n%s", marks, want, got)
	}
	for key, v := range want {
		if marks[key] != v {
			t.Errorf("%s: author+an = {%s}, want {%s}:\n%s", key, marks[key], v, got)
		}
	}
	for _, f := range []Format{BibTeX, AlFolio, CSLJSON} {
		if out := renderString(t, cvFolder(), Options{Format: f, Person: ada}); strings.Contains(out, "+an") {
			t.Errorf("%s carries a BibLaTeX annotation:\n%s", f, out)
		}
	}
	if out := renderString(t, cvFolder(), Options{Format: BibLaTeX}); strings.Contains(out, "author+an") {
		t.Errorf("without a person, an author is annotated:\n%s", out)
	}
}

// The CV example (examples/cv/cv.tex) compiles with pdfLaTeX and biber
// from the BibLaTeX file without an error or a warning; the annotation
// reaches biber's .bbl for each of the person's works, and in the PDF
// the person's name, and only it, is bold.
func TestCVExampleSetsThePersonInBold(t *testing.T) {
	pdflatex, biber, pdftohtml := tool(t, "pdflatex"), tool(t, "biber"), tool(t, "pdftohtml")
	needTeXPackage(t, "biblatex.sty", "texlive-bibtex-extra")
	needTeXPackage(t, "etoolbox.sty", "texlive-latex-recommended")
	dir := t.TempDir()
	tex, err := os.ReadFile("../examples/cv/cv.tex")
	if err != nil {
		t.Fatal(err)
	}
	writeTemp(t, dir, "cv.tex", string(tex))
	writeTemp(t, dir, "publications.bib", renderString(t, cvFolder(), Options{Format: BibLaTeX, Person: ada}))
	latex := []string{pdflatex, "-interaction=nonstopmode", "-halt-on-error", "cv.tex"}
	for _, step := range [][]string{latex, {biber, "cv"}, latex, latex} {
		if stdout, stderr, err := run(t, dir, step[0], step[1:]...); err != nil {
			t.Fatalf("%s: %v\n%s%s", filepath.Base(step[0]), err, stdout, stderr)
		}
	}
	for _, file := range []string{"cv.log", "cv.blg"} {
		for _, line := range strings.Split(readFile(t, filepath.Join(dir, file)), "\n") {
			if strings.Contains(line, "Warning") || strings.HasPrefix(line, "!") || strings.Contains(line, "WARN") || strings.Contains(line, "ERROR") {
				t.Errorf("%s: %s", file, line)
			}
		}
	}
	bbl := readFile(t, filepath.Join(dir, "cv.bbl"))
	if n := strings.Count(bbl, `\annotation{item}{author}{default}`); n != 3 {
		t.Errorf("cv.bbl holds %d author annotations, want 3 (one per work of Ada's):\n%s", n, bbl)
	}
	for _, pos := range []string{"{2}{}{0}{highlight}", "{1}{}{0}{highlight}"} {
		if !strings.Contains(bbl, `\annotation{item}{author}{default}`+pos) {
			t.Errorf("cv.bbl has no annotation %s:\n%s", pos, bbl)
		}
	}
	xml, _, err := run(t, dir, pdftohtml, "-xml", "-i", "-stdout", "-q", "cv.pdf")
	if err != nil {
		t.Fatal(err)
	}
	var bold []string
	for _, m := range regexp.MustCompile(`<b>([^<]*)</b>`).FindAllStringSubmatch(xml, -1) {
		bold = append(bold, m[1])
	}
	if got, want := strings.Join(bold, " | "), "Publications | Ada Lovelace | Ada Lovelace | Ada Lovelace"; got != want {
		t.Errorf("bold in the PDF: %s; want %s (the heading, then Ada in each of her works)\n%s", got, want, xml)
	}
	if !strings.Contains(xml, "Babbage") || !strings.Contains(xml, "Somerville") {
		t.Errorf("the co-authors are missing from the PDF:\n%s", xml)
	}
}

// needTeXPackage ends the test as a missing tool does when TeX cannot
// find a style file (the Debian package that holds it is named).
func needTeXPackage(t *testing.T, file, debian string) {
	t.Helper()
	kpsewhich := tool(t, "kpsewhich")
	if out, _, err := run(t, ".", kpsewhich, file); err != nil || strings.TrimSpace(out) == "" {
		testtool.Missing(t, "TeX has no %s (Debian's %s)", file, debian)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

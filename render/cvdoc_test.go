package render

import (
	"testing"

	"github.com/aboutscholar/about/render/folder"
)

// TestCVRunsThroughPDFLaTeX: the CV of the fixture (names and titles in
// many scripts, LaTeX's specials everywhere) and of the LaTeX corpus
// compiles with pdflatex as written: no declaration added by hand, the
// characters pdflatex has no glyph for declared by the document itself.
func TestCVRunsThroughPDFLaTeX(t *testing.T) {
	pdflatex := tool(t, "pdflatex")
	fixtureFolder, person := fixture(t)
	corpora := map[string]*folder.Folder{"fixture": fixtureFolder, "latex": latexFolder()}
	for _, name := range sortedNames(corpora) {
		dir := t.TempDir()
		writeTemp(t, dir, "cv.tex", renderString(t, corpora[name], Options{Format: CV, Person: person}))
		if stdout, stderr, err := run(t, dir, pdflatex, "-interaction=nonstopmode", "-halt-on-error", "cv.tex"); err != nil {
			t.Errorf("%s: pdflatex: %v\n%s%s", name, err, lastLines(stdout, 30), stderr)
		}
	}
}

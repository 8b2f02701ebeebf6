package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// forgedEntry is issue #30's payload: text that, were a field to end at
// its brace, would be a second, fabricated entry in the researcher's CV.
const forgedEntry = `1234} @article(fake2030, author = "Eve Injected", title = "Fabricated paper", journal = "Nature", year = 2030)`

// The CV example (examples/cv/cv.tex: T1, utf8 input, biblatex with
// biber and safeinputenc) typesets what a service sent as the text it is:
// issue #30's forged entry in the title and ISSN, an unbalanced brace, TeX
// commands and every character TeX treats as syntax compile without an
// error, biber's .bbl holds the three works and no fourth, and the PDF
// prints the braces and backslashes as characters.
func TestCVExampleTypesetsWhatAServiceSentAsText(t *testing.T) {
	pdflatex, biber, pdftotext := tool(t, "pdflatex"), tool(t, "biber"), tool(t, "pdftotext")
	needTeXPackage(t, "biblatex.sty", "texlive-bibtex-extra")
	title := `Bounds on x^{2 in the limit ` + forgedEntry
	f, opts := bibFuzzFolder(bibTexts{
		title: title, container: `\end{document} 100% of #1 ~ $x_2$ <b> & {Co}`, publisher: `\input{/etc/passwd}}`,
		issn: forgedEntry, given: "Ada", family: `Love}lace`, org: `The R&D {Team and Friends`,
		abstract: `\csname x\endcsname`, volume: "12", pages: "1-10", version: `v1\`, doi: "10.5555/x",
		award: "Best {paper", note: "Invited}", tag: "tag",
	})
	opts.Format = BibLaTeX
	dir := t.TempDir()
	tex, err := os.ReadFile("../examples/cv/cv.tex")
	if err != nil {
		t.Fatal(err)
	}
	writeTemp(t, dir, "cv.tex", string(tex))
	writeTemp(t, dir, "publications.bib", renderString(t, f, opts))
	latex := []string{pdflatex, "-interaction=nonstopmode", "-halt-on-error", "cv.tex"}
	for _, step := range [][]string{latex, {biber, "cv"}, latex, latex} {
		if stdout, stderr, err := run(t, dir, step[0], step[1:]...); err != nil {
			t.Fatalf("%s: %v\n%s%s", filepath.Base(step[0]), err, lastLines(stdout, 30), stderr)
		}
	}
	bbl := readFile(t, filepath.Join(dir, "cv.bbl"))
	if n := strings.Count(bbl, `\entry{`); n != 3 || strings.Contains(bbl, `\entry{fake2030}`) {
		t.Errorf("cv.bbl holds %d entries, want the 3 works and no fake2030:\n%s", n, bbl)
	}
	text, _, err := run(t, dir, pdftotext, "-layout", "cv.pdf", "-")
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{"Bounds on x^{2 in the limit 1234} @article(fake2030", `\end{document} 100% of #1 ~ $x_2$ <b> & {Co}`, "Love}lace", "Best {paper"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the PDF does not print %q:\n%s", want, flat)
		}
	}
}

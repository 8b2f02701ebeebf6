package orchestrator

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/tex"
	"github.com/tidwall/gjson"
)

// TestCorpusPandocLosesNoCharacter: pandoc's BibTeX reader reads every
// corpus entry without a warning, and each entry's title and authors'
// names come back with every letter and digit about's CSL-JSON gives them
// (a command pandoc does not know is dropped without a word: #32's €).
func TestCorpusPandocLosesNoCharacter(t *testing.T) {
	pandoc := testtool.Need(t, "pandoc")
	m, rep := corpusRun(t, 8)
	o := renderCorpus(t, m, rep)
	dir := t.TempDir()
	bib := writeCorpusFile(t, dir, "corpus.bib", o.texts[render.BibTeX])
	cmd := exec.Command(pandoc, "-f", "bibtex", "-t", "csljson", bib)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pandoc: %v\n%s", err, stderr.String())
	}
	if s := strings.TrimSpace(stderr.String()); s != "" {
		t.Errorf("pandoc warned:\n%s", s)
	}
	read := map[string]gjson.Result{}
	for _, item := range gjson.ParseBytes(out).Array() {
		read[item.Get("id").String()] = item
	}
	if len(read) != len(o.csl) || len(read) < 50 {
		t.Errorf("pandoc read %d entries, about wrote %d", len(read), len(o.csl))
	}
	lost := 0
	for _, ours := range o.csl {
		id := ours.Get("id").String()
		theirs, ok := read[id]
		if !ok {
			t.Errorf("%s: pandoc did not read it", id)
			continue
		}
		for _, field := range []string{"title", "author"} {
			want, got := lettersOf(plainCSL(ours.Get(field))), lettersOf(plainCSL(theirs.Get(field)))
			if missing := missingLetters(want, got); missing != "" {
				t.Errorf("%s %s: pandoc lost %q\n  about:  %s\n  pandoc: %s", id, field, missing, ours.Get(field), theirs.Get(field))
				lost++
			}
		}
		// pandoc files a person by the family part it read: one it took
		// for a particle would sort and print elsewhere
		for i, a := range ours.Get("author").Array() {
			read := strings.ReplaceAll(theirs.Get(fmt.Sprintf("author.%d.family", i)).String(), "’", "'") // pandoc's typographic apostrophe
			if f := a.Get("family").String(); f != "" && read != f && !hasParticle(a) {
				t.Errorf("%s author %d: pandoc reads family %q, about wrote %q", id, i+1, read, f)
			}
		}
	}
	t.Logf("pandoc %s: %d entries read, %d fields with a lost character", strings.Fields(versionOf(pandoc))[1], len(read), lost)
}

// hasParticle: the family name opens with a lower-case particle ("van
// As", "van der Berg"), which BibTeX's and pandoc's readers put apart as
// "von": CSL's non-dropping particle, not a misfiled name.
func hasParticle(author gjson.Result) bool {
	family := author.Get("family").String()
	return strings.Contains(family, " ") && unicode.IsLower([]rune(family)[0])
}

// plainCSL is a CSL value's text: the rich-text spans about's CSL-JSON
// writes (nocase) and pandoc's emphasis markers are not letters.
func plainCSL(v gjson.Result) string {
	s := v.String()
	if v.IsArray() {
		var parts []string
		for _, x := range v.Array() {
			parts = append(parts, x.String())
		}
		s = strings.Join(parts, " ")
	}
	return nocaseSpan.ReplaceAllString(s, "$1")
}

// lettersOf counts the letters and digits of s, after TeX math's
// commands (pandoc keeps "$\beta$" as TeX, which about writes as β).
func lettersOf(s string) map[rune]int {
	n := map[rune]int{}
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n[r]++
		}
	}
	return n
}

// missingLetters lists the letters want has more of than got.
func missingLetters(want, got map[rune]int) string {
	var missing []string
	for r, k := range want {
		if got[r] < k {
			missing = append(missing, string(r))
		}
	}
	sort.Strings(missing)
	return strings.Join(missing, "")
}

func versionOf(tool string) string {
	out, err := exec.Command(tool, "--version").Output()
	if err != nil {
		return tool + " ?"
	}
	return strings.SplitN(string(out), "\n", 2)[0]
}

// TestCorpusBibTeXCompilesWithPDFLaTeX: the corpus's BibTeX, cited whole
// through bibtex (abbrv.bst, which cuts given names to a letter) in the
// document docs/render.md recommends for pdfLaTeX (T1 fonts, and for a
// script pdfLaTeX has no font for, that script's package or a
// \DeclareUnicodeCharacter for each character), compiles without an error.
func TestCorpusBibTeXCompilesWithPDFLaTeX(t *testing.T) {
	pdflatex, bibtex := testtool.Need(t, "pdflatex"), testtool.Need(t, "bibtex")
	m, rep := corpusRun(t, 8)
	o := renderCorpus(t, m, rep)
	dir := t.TempDir()
	bib := o.texts[render.BibTeX]
	writeCorpusFile(t, dir, "works.bib", bib)
	declared := map[rune]bool{}
	var doc strings.Builder
	doc.WriteString("\\documentclass{article}\n\\usepackage[T1]{fontenc}\n")
	for _, r := range bib {
		if r < 0x80 || declared[r] || tex.KeptAsUTF8(r) {
			continue
		}
		declared[r] = true
		fmt.Fprintf(&doc, "\\DeclareUnicodeCharacter{%04X}{?}\n", r)
	}
	doc.WriteString("\\begin{document}\n\\nocite{*}\n\\bibliographystyle{abbrv}\n\\bibliography{works}\n\\end{document}\n")
	writeCorpusFile(t, dir, "doc.tex", doc.String())
	corpusTool(t, dir, pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	corpusTool(t, dir, bibtex, "doc")
	log := corpusTool(t, dir, pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	if !strings.Contains(log, "Output written on doc.pdf") {
		t.Errorf("pdflatex wrote no PDF:\n%s", log)
	}
	if _, err := os.Stat(filepath.Join(dir, "doc.pdf")); err != nil {
		t.Error(err)
	}
	t.Logf("pdflatex: %d entries compiled; %d characters with no LaTeX command declared (scripts pdfLaTeX has no font for)", strings.Count(bib, "\n@"), len(declared))
}

package render

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/tex"
)

// latexFolder is a record of what pdfLaTeX's default UTF-8 input stops
// on (Vietnamese, Serbo-Croatian Đ, Greek in a title) and every other
// character tex.ASCII writes as a command.
func latexFolder() *folder.Folder {
	every := tex.Characters()
	titles := []string{
		"β-decay of ^13C and $\\sigma_8$ in Hà Nội: Đặng's mRNA study",
		"Every character: " + string(every) + " àáâãäåāăąçćĉċčďèéêëēĕėęěĝğġģĥìíîïĩīĭįĵķĺļľńņňñòóôõöōŏőŕŗřśŝşšșţťțùúûüũūŭůűųŵýÿŷźżžǎǐǒǔḍḥṃṇṛṣṭẹẽỉịọụỳỹễầặổ",
	}
	f := &folder.Folder{Root: "latex"}
	// #32: a Thai record, its creator and title as DataCite holds them
	// (10.14457/kmitl.res.2006.17, testdata/corpus), the name split as
	// Thai writes it, given name first; abbrv.bst cuts the given name to
	// its "initial", which must not split a letter from its marks.
	thai := record.Record{
		Title: "การเพาะเลี้ยงเนื้อเยื่อปทุมมาที่เหมาะสม สำหรับการถ่ายยีนโดยใช้อะโกรแบคทีเรียม", Type: "dataset",
		Publisher: "ภาควิชาพืชสวน สถาบันเทคโนโลยีพระจอมเกล้าเจ้าคุณทหารลาดกระบัง", Issued: record.NewDate(2006, 0, 0),
		Authors: []record.Author{{Given: "กัญจนา", Family: "แซ่เตียว"}}, IDs: record.IDs{DOI: "10.14457/kmitl.res.2006.17"},
	}
	f.Works = append(f.Works, folder.Work{ID: "doi:" + thai.IDs.DOI, Record: thai})
	for i, title := range titles {
		r := record.Record{
			Title:     title,
			Type:      "article-journal",
			Container: "Tạp chí Khoa học",
			Issued:    record.NewDate(2020+i, 1, 1),
			Authors: []record.Author{{Given: "Thị Ễ", Family: "Nguyễn"}, {Given: "Đorđe", Family: "Đặng"},
				{Given: "Łukasz", Family: "Żółć"}, {Given: "Ørjan", Family: "Ægir-Þórsdóttir"}},
			IDs: record.IDs{DOI: fmt.Sprintf("10.5555/latex.%d", i)},
		}
		f.Works = append(f.Works, folder.Work{ID: "doi:" + r.IDs.DOI, Record: r})
	}
	return f
}

// A LaTeX user's document: article, T1 fonts (for Đ, ð, þ, ą), nothing
// else, citing every entry through bibtex with abbrv.bst (plain.bst's
// names in full, and given names cut to their first character: a UTF-8
// "Ł." cut to its first byte stops pdfLaTeX). It must complete without an
// error. Characters with no LaTeX command (the fixture's CJK) are all the
// file keeps as UTF-8: the document declares those, as a document with a
// CJK package (or Thai's, thailatex) would print them.
func TestBibTeXRunsThroughPDFLaTeX(t *testing.T) {
	pdflatex, bibtex := tool(t, "pdflatex"), tool(t, "bibtex")
	fixtureFolder, _ := fixture(t)
	corpora := map[string]*folder.Folder{"fixture": fixtureFolder, "latex": latexFolder()}
	for _, name := range sortedNames(corpora) {
		for _, style := range []string{"abbrv"} {
			dir := t.TempDir()
			bib := renderString(t, corpora[name], Options{Format: BibTeX})
			writeTemp(t, dir, "works.bib", bib)
			writeTemp(t, dir, "doc.tex", "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n"+
				declareUnlettered(t, bib)+"\\begin{document}\n\\nocite{*}\n\\bibliographystyle{"+style+"}\n\\bibliography{works}\n\\end{document}\n")
			steps := [][]string{
				{pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"},
				{bibtex, "doc"},
				{pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"},
			}
			for _, step := range steps {
				stdout, stderr, err := run(t, dir, step[0], step[1:]...)
				if err != nil {
					t.Fatalf("%s, %s: %s: %v\n%s%s", name, style, step[0], err, lastLines(stdout, 30), stderr)
				}
			}
		}
	}
}

// declareUnlettered declares, for pdfLaTeX, the non-ASCII characters the
// file still holds, and fails the test unless each is one no LaTeX font
// encoding but T5 has (a Han character, a Vietnamese letter with a hook
// above or a horn, which need T5): every other Latin, Greek and
// typographic character must have become a command, but those kept as
// UTF-8 for pandoc (tex.KeptAsUTF8), which pdfLaTeX must print by itself.
func declareUnlettered(t *testing.T, bib string) string {
	t.Helper()
	seen := map[rune]bool{}
	var b strings.Builder
	for _, r := range bib {
		if r < 0x80 || seen[r] {
			continue
		}
		seen[r] = true
		if tex.KeptAsUTF8(r) {
			continue // pdfLaTeX's UTF-8 input prints it with T1 and TS1: not declared, so an error would stop the run
		}
		if d := norm.NFD.String(string(r)); !unicode.In(r, unicode.Han, unicode.Thai) && !strings.ContainsAny(d, "\u0309\u031b") {
			t.Errorf("the BibTeX file keeps %q (U+%04X) as UTF-8", r, r)
		}
		fmt.Fprintf(&b, "\\DeclareUnicodeCharacter{%04X}{?}\n", r)
	}
	return b.String()
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

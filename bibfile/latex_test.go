package bibfile

import (
	"testing"

	"github.com/aboutscholar/about/render/tex"
)

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		`{\"U}ber W{\"a}rme`:                         "Über Wärme",
		`\'{\i}ntimo Fran\c{c}ois \v{S}ek`:           "íntimo François Šek",
		`Stra{\ss}e \& Co.`:                          "Straße & Co.",
		`pages 1--2, a---b, x~y`:                     "pages 1–2, a—b, x\u00a0y",
		`\textit{Deep} {GPU}s and \emph{more}`:       "Deep GPUs and more",
		`$\beta$-sheets in $O(n^2)$ time`:            "β-sheets in $O(n^2)$ time",
		`{\relax 小}龙`:                                "小龙",
		`\href{https://x.org}{the site} \url{a.org}`: "the site a.org",
		`\mycommand{arg} stays`:                      `\mycommand{arg} stays`,
		"``quoted'' and UN's":                        "“quoted” and UN's",
		"line\n   broken":                            "line broken",
		`{\noopsort{a}}Zeta`:                         "Zeta",
		`97.25{\%}`:                                  "97.25%",
		`Ga{\"e}l Dias, Erd\H{o}s, {\AA}ngstr{\"o}m`: "Gaël Dias, Erdős, Ångström",
		`\textsuperscript{*}Author`:                  "*Author",
		"lone} brace":                                "lone brace",
		`see \url{http://x.org/~a/b--c} -- ok`:       "see http://x.org/~a/b--c – ok",
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTextReadsWhatRenderWrites: every character render/tex writes as a
// command is read back as itself, so a file about wrote imports as it
// was. The exceptions are the writer's many-to-one choices: ‘ and ’ are
// written as ` and ', which Text keeps as typed (an apostrophe far more
// often); the non-breaking and ordinary hyphens are written "-"; the
// micro sign is written as Greek mu.
func TestTextReadsWhatRenderWrites(t *testing.T) {
	manyToOne := map[rune]bool{'‘': true, '’': true, '\u2010': true, '\u2011': true, 'µ': true}
	for _, r := range tex.Characters() {
		if manyToOne[r] {
			continue
		}
		written := tex.ASCII(tex.Escape(string(r)))
		if got := Text(written); got != string(r) {
			t.Errorf("%U %q written %q, read back %q", r, r, written, got)
		}
	}
	for _, s := range []string{"Ñúñez", "Nguyễn", "Łódź", "naïve café", `a\b{c}~d^e<f>`, "ș ț", "Ø ø æ œ ı"} {
		written := tex.ASCII(tex.Escape(s))
		if got := Text(written); got != s {
			t.Errorf("%q written %q, read back %q", s, written, got)
		}
	}
}

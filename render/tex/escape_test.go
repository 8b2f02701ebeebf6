package tex

import "testing"

func TestTexEscapeEscapesEveryLaTeXSpecial(t *testing.T) {
	for in, want := range map[string]string{
		"& % $ # _ {} ~ ^ \\ < > naïve 日本 \x1b[31mred\x7f\u0085": `\& \% \$ \# \_ \{\} {\textasciitilde} {\textasciicircum} {\textbackslash} {\textless} {\textgreater} naïve 日本 [31mred`,
		// a pair of the text's braces is \{ … \}; a lone brace, which
		// \{ or \} would leave unbalanced, a braced command
		"Bounds on x^{2 in the limit": `Bounds on x{\textasciicircum}{\textbraceleft}2 in the limit`,
		"a} {b} {c":                   `a{\textbraceright} \{b\} {\textbraceleft}c`,
		"{{x}":                        `{\textbraceleft}\{x\}`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q):\n got %s\nwant %s", in, got, want)
		}
	}
}

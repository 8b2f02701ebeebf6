package tex

import "testing"

func TestLatexASCIIWritesCommands(t *testing.T) {
	for in, want := range map[string]string{
		"Đặng":      `{\relax Đ}{\u{\d{a}}}ng`, // pandoc drops {\DJ}: keptAsUTF8
		"Nguyễn":    `Nguy{\~{\^{e}}}n`,
		"β-decay":   `{$\beta$}-decay`,
		"naïve — x": `na{\"{i}}ve {---} x`,
		"Żółć":      `{\.{Z}}{\'{o}}{\l}{\'{c}}`,
		"日本":        `{\relax 日}{\relax 本}`,
		"Dương":     `D{\relax ư}{\relax ơ}ng`, // horn: T5 only, kept
	} {
		if got := ASCII(in); got != want {
			t.Errorf("ASCII(%q) = %s, want %s", in, got, want)
		}
	}
}

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
		// #32: a Thai word is one group, its vowel and tone marks with their
		// letters (DataCite's 10.14457/kmitl.res.2006.17, creator name)
		"กัญจนา แซ่เตียว": `{\relax กัญจนา} {\relax แซ่เตียว}`,
		"ग्रंथ (x)":       `{\relax ग्रंथ} (x)`,                          // Devanagari: virama and anusvara stay on their letters
		"محمد علي":        `{\relax محمد} {\relax علي}`,                  // Arabic letters join
		"שָׁלוֹם":         `{\relax שָׁ}{\relax ל}{\relax וֹ}{\relax ם}`, // Hebrew: each letter with its points
		"Иван":            `{\relax И}{\relax в}{\relax а}{\relax н}`,    // Cyrillic: a letter each, the initial is И
	} {
		if got := ASCII(in); got != want {
			t.Errorf("ASCII(%q) = %s, want %s", in, got, want)
		}
	}
}

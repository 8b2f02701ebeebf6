package record

import (
	"strings"
	"testing"
)

// fieldsLastWord is lastWord as it was: the last of strings.Fields.
func fieldsLastWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[len(f)-1]
	}
	return ""
}

var lastWordCases = []string{"", " ", "Berg", "van der Berg", "  García Márquez  ", "a\tb\nc", "x\u00a0y", "x\u2003y\u2003",
	"\xe2\x80\x83", "\xe2\xe2\x80\x83z", "bad\xff word\xfe", "\u0085end", "Müller-Łukasz0", "...", "山田 太郎"}

func TestLastWordIsFieldsLast(t *testing.T) {
	for _, s := range lastWordCases {
		if got, want := lastWord(s), fieldsLastWord(s); got != want {
			t.Errorf("lastWord(%q) = %q, strings.Fields' last %q", s, got, want)
		}
	}
}

// FuzzSameNameAsFolding: lastWord is strings.Fields' last word, and
// SameName (which skips folding equal family names with an ASCII letter)
// answers as folding both names does.
func FuzzSameNameAsFolding(f *testing.F) {
	for _, s := range lastWordCases {
		f.Add(s, s, "Zoë", "Z.")
	}
	f.Fuzz(func(t *testing.T, fa, fb, ga, gb string) {
		if got, want := lastWord(fa), fieldsLastWord(fa); got != want {
			t.Errorf("lastWord(%q) = %q, strings.Fields' last %q", fa, got, want)
		}
		for _, pair := range [][2]Name{{{Given: ga, Family: fa}, {Given: gb, Family: fb}}, {{Given: ga, Family: fa}, {Given: ga, Family: fa}}} {
			if got, want := SameName(pair[0], pair[1]), sameNameByFolding(pair[0], pair[1]); got != want {
				t.Errorf("SameName(%+v, %+v) = %v; folding both gives %v", pair[0], pair[1], got, want)
			}
		}
	})
}

package bibfile

import "testing"

// The forms of BibTeX's name parser (Patashnik, "BibTeXing", §4; Markey,
// "Tame the BeaST", §11), and what al-folio sites write.
func TestNames(t *testing.T) {
	for in, want := range map[string][]Name{
		"Einstein, Albert and Taub, AH":                          {{First: "Albert", Last: "Einstein"}, {First: "AH", Last: "Taub"}},
		"Arsha Nagrani and Ludwig van Beethoven":                 {{First: "Arsha", Last: "Nagrani"}, {First: "Ludwig", Von: "van", Last: "Beethoven"}},
		"van der Berg, Jan":                                      {{First: "Jan", Von: "van der", Last: "Berg"}},
		"Ford, Jr., Henry":                                       {{First: "Henry", Jr: "Jr.", Last: "Ford"}},
		"{Barnes and Noble, Inc.}":                               {{Last: "Barnes and Noble, Inc.", Corporate: true}},
		"{The MIGHTEE-HI Collaboration} and others":              {{Last: "The MIGHTEE-HI Collaboration", Corporate: true}, {Others: true}},
		`L{\'o}pez, Jos{\'e} Antonio`:                            {{First: "José Antonio", Last: "López"}},
		`{\'E}mile Zola`:                                         {{First: "Émile", Last: "Zola"}},
		`Charles Louis Xavier Joseph {de la Vall{\'e}e Poussin}`: {{First: "Charles Louis Xavier Joseph", Last: "de la Vallée Poussin"}},
		"Brand AND Rand":                                         {{Last: "Brand"}, {Last: "Rand"}},
		"Sandra  and\n  Bo":                                      {{Last: "Sandra"}, {Last: "Bo"}},
		"Jean de la Fontaine":                                    {{First: "Jean", Von: "de la", Last: "Fontaine"}},
		"Alexander{ }and Co":                                     {{First: "Alexander and", Last: "Co"}}, // "and" in braces does not split
	} {
		got := Names(Text2Value(in))
		if len(got) != len(want) {
			t.Errorf("Names(%q) = %+v", in, got)
			continue
		}
		for i := range want {
			g := got[i]
			g.Raw = ""
			if g != want[i] {
				t.Errorf("Names(%q)[%d] = %+v, want %+v", in, i, g, want[i])
			}
		}
	}
}

// Text2Value is the value as the field holds it (collapse only).
func Text2Value(s string) string { return collapse(s) }

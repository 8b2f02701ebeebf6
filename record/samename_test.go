package record

import "testing"

// sameNameByFolding is SameName as it was, folding both names every time.
func sameNameByFolding(a, b Name) bool {
	fa, fb := Fold(fieldsLastWord(a.Family)), Fold(fieldsLastWord(b.Family))
	if fa == "" || fa != fb {
		return false
	}
	ga, gb := givenWords(a.Given), givenWords(b.Given)
	for i := 0; i < len(ga) && i < len(gb); i++ {
		if !initialOf(ga[i], gb[i]) && !initialOf(gb[i], ga[i]) {
			return false
		}
	}
	return true
}

// TestSameNameShortcutsAgree: SameName's shortcuts for equal strings (one
// fold of a family name both share, no given-name words when both are
// alike) answer every pair, a name with itself included, as folding both
// did.
func TestSameNameShortcutsAgree(t *testing.T) {
	names := []Name{
		{Given: "Zoë", Family: "Müller-Łukasz"}, {Given: "Zoe", Family: "Muller-Lukasz"}, {Given: "Z.", Family: "Müller-Łukasz"},
		{Given: "Mary", Family: "Müller-Łukasz"}, {Given: "", Family: "Müller-Łukasz"}, {Given: "Zoë", Family: ""},
		{Given: "Zoë", Family: "..."}, {Given: "...", Family: "..."}, {Given: "M. J.", Family: "van der Berg"},
		{Given: "Michael James", Family: "Berg"}, {Given: "Jean-Paul", Family: "Sartre"}, {Given: "J.-P.", Family: "Sartre"},
		{Given: "山田", Family: "太郎"}, {Given: "", Family: ""},
	}
	for _, a := range names {
		for _, b := range names {
			if got, want := SameName(a, b), sameNameByFolding(a, b); got != want {
				t.Errorf("SameName(%+v, %+v) = %v; folding both gives %v", a, b, got, want)
			}
		}
	}
}

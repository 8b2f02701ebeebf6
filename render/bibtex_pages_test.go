package render

import "testing"

// Page ranges get BibTeX's en-dash; an article number holding a hyphen
// (eNeuro's ENEURO.0019-23.2023, as an imported al-folio entry gives it)
// is not a range and keeps its hyphen.
func TestBibPagesOnlyRanges(t *testing.T) {
	for in, want := range map[string]string{
		"12-19": "12--19", "12–19": "12--19", "e1234-e1240": "e1234--e1240", "S12-S15": "S12--S15", "xii-xv": "xii--xv",
		"12--19": "12--19", "ENEURO.0019-23.2023": "ENEURO.0019-23.2023", "138850K": "138850K", "e0033693": "e0033693",
	} {
		if got := bibPages(in); got != want {
			t.Errorf("bibPages(%q) = %q, want %q", in, got, want)
		}
	}
}

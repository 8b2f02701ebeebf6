package works

import "testing"

// TestEqualNamesAreNotFuller: an author's name spelt alike in both lists
// fills nothing (complete), as folding it gave: no word of a name is
// longer than itself, so neither shortcut changes what complete does.
func TestEqualNamesAreNotFuller(t *testing.T) {
	for _, s := range []string{"", "M.", "M. J.", "Michael James", "Martı́n", "Zoë", "van der Berg", "Müller-Łukasz", "..."} {
		if fuller(s, s) {
			t.Errorf("fuller(%q, %q) = true", s, s)
		}
		if longerFamily(s, s) {
			t.Errorf("longerFamily(%q, %q) = true", s, s)
		}
	}
}

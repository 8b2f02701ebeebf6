package english

import "testing"

// Nearest takes a slip or a swap for the word meant, and nothing for a
// word two edits from a short key (any two-letter key is two from "x").
func TestNearest(t *testing.T) {
	keys := []string{"id", "pdf", "slides", "tags", "supplement"}
	for word, want := range map[string]string{
		"pdff": "pdf", "slide": "slides", "tgas": "tags", "supplemnet": "supplement",
		"x": "", "zzz": "", "": "",
	} {
		if got := Nearest(word, keys); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", word, got, want)
		}
	}
}

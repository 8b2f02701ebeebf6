package tex

import "testing"

// TestBabelLanguage: the tags registrars send, to the names biblatex has
// a localisation file for; a language it has none for is no name.
func TestBabelLanguage(t *testing.T) {
	for tag, want := range map[string]string{
		"en": "english", "EN-GB": "british", "en-us": "american", "de": "ngerman", "de-at": "naustrian",
		"pl": "polish", "pt": "portuguese", "pt-br": "brazilian", "fr-ca": "french", "ja": "", "zh-hans": "", "": "",
	} {
		if got := Babel(tag); got != want {
			t.Errorf("Babel(%q) = %q, want %q", tag, got, want)
		}
	}
}

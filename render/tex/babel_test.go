package tex

import "testing"

// TestBabelLanguage: the tags registrars send, to the names biblatex has
// a localisation file for; a language it has none for is no name.
func TestBabelLanguage(t *testing.T) {
	for tag, want := range map[string]string{
		"en": "english", "EN-GB": "british", "en-us": "american", "de": "ngerman", "de-at": "naustrian",
		"pl": "polish", "pt": "portuguese", "pt-br": "brazilian", "fr-ca": "french", "ja": "", "zh-hans": "", "": "",
		// a script or an orthography picks its own file (biblatex's lbx/: serbian is Latin, serbianc Cyrillic)
		"sr": "serbian", "sr-latn": "serbian", "sr-cyrl": "serbianc", "de-1901": "german",
	} {
		if got := Babel(tag); got != want {
			t.Errorf("Babel(%q) = %q, want %q", tag, got, want)
		}
	}
}

package wire

import "strings"

// Language is a language value as a record keeps it: a BCP 47 tag
// (RFC 5646: "de", "pt-BR", "zh-Hans") in lower case, since tags are
// case-insensitive (RFC 5646 §2.1.1) and one spelling lets two
// providers' values be compared. "_" is read as "-" (Java locales,
// "en_US"). A value that is not a tag — a language name such as
// "English", a list, a code of more than three letters — is dropped:
// CSL's language variable and BibLaTeX's langid want a tag, and guessing
// one from a name is not reading the answer. Crossref's language is the
// ISO 639-1 code its deposit schema allows (https://github.com/CrossRef/
// rest-api-doc/issues/42, "language is an attribute on various
// *_metadata elements"); DataCite's is "IETF BCP 47, ISO 639-1" by its
// schema (property 9, https://datacite-metadata-schema.readthedocs.io/
// en/4.5/properties/language/); OpenAlex's is "ISO 639-1" and detected
// by software (https://developers.openalex.org/api-entities/works/
// work-object#language).
func Language(s string) string {
	tag := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "_", "-"))
	parts := strings.Split(tag, "-")
	if n := len(parts[0]); n < 2 || n > 3 || !letters(parts[0]) {
		return ""
	}
	for _, p := range parts[1:] {
		if p == "" || len(p) > 8 || !alphanumeric(p) {
			return ""
		}
	}
	return tag
}

func letters(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

func alphanumeric(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

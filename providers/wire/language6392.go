package wire

import "strings"

// LanguageMARC is the BCP 47 tag of a three-letter language code as
// MEDLINE writes it (<Language>eng</Language>, Europe PMC's "language":
// "eng"): ISO 639-2, in its bibliographic form ("ger", "fre", "chi";
// NLM's table: https://www.nlm.nih.gov/bsd/language_table.html). BCP 47
// uses the two-letter ISO 639-1 code where one exists (RFC 5646 §2.2.1),
// so a code with one is written so; "und" (undetermined), "mul"
// (several) and codes not in the table give "": a tag is not guessed.
func LanguageMARC(code string) string {
	return marcLanguages[strings.ToLower(strings.TrimSpace(code))]
}

// marcLanguages are the languages MEDLINE indexes most, from NLM's table,
// by their ISO 639-2/B code.
var marcLanguages = map[string]string{
	"afr": "af", "alb": "sq", "ara": "ar", "arm": "hy", "bul": "bg", "cat": "ca", "chi": "zh", "cze": "cs",
	"dan": "da", "dut": "nl", "eng": "en", "est": "et", "fin": "fi", "fre": "fr", "geo": "ka", "ger": "de",
	"gre": "el", "heb": "he", "hin": "hi", "hrv": "hr", "hun": "hu", "ice": "is", "ind": "id", "ita": "it",
	"jpn": "ja", "kor": "ko", "lav": "lv", "lit": "lt", "mac": "mk", "may": "ms", "nor": "no", "per": "fa",
	"pol": "pl", "por": "pt", "rum": "ro", "rus": "ru", "scc": "sr", "scr": "hr", "slo": "sk", "slv": "sl",
	"spa": "es", "srp": "sr", "swe": "sv", "tha": "th", "tur": "tr", "ukr": "uk", "urd": "ur", "vie": "vi",
	"wel": "cy",
}

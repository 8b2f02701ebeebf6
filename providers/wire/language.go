package wire

import (
	"strings"

	"golang.org/x/text/language"
)

// Language is a work's language as a record keeps it: a BCP 47 tag
// (RFC 5646: "de", "pt-br", "zh-hant") in lower case, since tags are
// case-insensitive (RFC 5646 §2.1.1) and one spelling lets two
// providers' values be compared. It reads whichever form a service
// sends: ISO 639-1 ("de"), ISO 639-2 in either form ("ger" as MEDLINE
// and old DataCite records write it, "deu"), ISO 639-3, region forms
// ("en-US", Java's "pt_BR"), any case, and a language's English name or
// its own ("English", "Deutsch"). BCP 47 uses the shortest ISO 639 code
// (RFC 5646 §2.2.1), so "fre" is written "fr": CSL processors and
// babel know "fr", not "fre" (citeproc reads only ISO 639-1 as English,
// https://github.com/jgm/citeproc/issues/117). A value that names no
// one language — "und", "mul", "zxx", a private-use code, a list, free
// text — gives "": no tag is better than a wrong one.
//
// Sources: Crossref's language is the ISO 639-1 code its deposit schema
// allows (https://github.com/CrossRef/rest-api-doc/issues/42);
// DataCite's is "IETF BCP 47, ISO 639-1" by its schema (property 9,
// https://datacite-metadata-schema.readthedocs.io/en/4.5/properties/language/)
// but records older than its check hold "eng", "GER", "English"
// (lupo's update_language); OpenAlex's is ISO 639-1, detected; MEDLINE
// (PubMed, Europe PMC) writes ISO 639-2/B ("eng", "ger",
// https://www.nlm.nih.gov/bsd/language_table.html).
func Language(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	lower := strings.ToLower(s)
	if tag, ok := languageNames[lower]; ok {
		return tag
	}
	if placeholders[lower] {
		return ""
	}
	// x/text reads ISO 639-2/B and /T and 639-3 codes as their shortest
	// form and "_" as "-"; its Default canonicalisation also replaces
	// deprecated codes ("iw" → "he").
	tag, err := language.Parse(s)
	if err != nil {
		return ""
	}
	out := strings.ToLower(tag.String())
	base, _, _ := strings.Cut(out, "-")
	if noLanguage(base) {
		return ""
	}
	return out
}

// noLanguage: the ISO 639-2 codes that say something about the language
// without naming one (undetermined, several, no linguistic content, not
// coded), a private-use tag ("x-…"), and the private-use range qaa–qtz.
func noLanguage(base string) bool {
	switch base {
	case "und", "mul", "zxx", "mis", "x", "":
		return true
	}
	return len(base) == 3 && base[0] == 'q' && base[1] >= 'a' && base[1] <= 't'
}

// placeholders are what a form or a pipeline writes for "no value"
// that happen to be ISO 639-3 codes of languages scholarly records are
// all but never in (Nauru, Nila, Min Nan, Unk), so "NA" is not Nauruan.
var placeholders = map[string]bool{"na": true, "nil": true, "nan": true, "unk": true}

// languageNames are what x/text does not read: the names repositories
// write in DataCite's language property (lupo's own examples: "English",
// "french", "Indonesian") in English and in the language itself, for the
// languages about writes a babel name for (render/tex) and the largest
// others; the two MARC codes MEDLINE still uses that ISO 639-2
// withdrew (Serbian "scc", Croatian "scr"); and the codes x/text reads
// through CLDR's aliases as another tag than IANA's registry gives
// (https://www.iana.org/assignments/language-subtag-registry): Tagalog
// ("tl" → "fil"), Serbo-Croatian ("sh", "hbs" → "sr-latn", Serbian,
// which a Bosnian or Croatian text is not; the registry keeps "sh", with
// no preferred value) and Moldavian ("mo" → "ro-md", a region the
// registrar never sent; the registry's preferred value is "ro").
var languageNames = map[string]string{
	"english": "en", "german": "de", "deutsch": "de", "french": "fr", "français": "fr", "francais": "fr",
	"spanish": "es", "español": "es", "espanol": "es", "castellano": "es", "italian": "it", "italiano": "it",
	"portuguese": "pt", "português": "pt", "portugues": "pt", "dutch": "nl", "nederlands": "nl",
	"swedish": "sv", "svenska": "sv", "danish": "da", "dansk": "da", "norwegian": "no", "norsk": "no",
	"finnish": "fi", "suomi": "fi", "icelandic": "is", "estonian": "et", "latvian": "lv", "lithuanian": "lt",
	"polish": "pl", "polski": "pl", "czech": "cs", "čeština": "cs", "slovak": "sk", "slovenian": "sl",
	"slovene": "sl", "croatian": "hr", "hrvatski": "hr", "serbian": "sr", "bulgarian": "bg", "russian": "ru",
	"русский": "ru", "ukrainian": "uk", "українська": "uk", "greek": "el", "ελληνικά": "el", "turkish": "tr",
	"türkçe": "tr", "hungarian": "hu", "magyar": "hu", "romanian": "ro", "română": "ro", "catalan": "ca",
	"català": "ca", "basque": "eu", "euskara": "eu", "galician": "gl", "galego": "gl", "latin": "la",
	"chinese": "zh", "中文": "zh", "japanese": "ja", "日本語": "ja", "korean": "ko", "한국어": "ko",
	"arabic": "ar", "العربية": "ar", "hebrew": "he", "persian": "fa", "hindi": "hi", "indonesian": "id",
	"bahasa indonesia": "id", "malay": "ms", "thai": "th", "vietnamese": "vi", "tiếng việt": "vi",
	"afrikaans": "af", "welsh": "cy", "irish": "ga", "marathi": "mr",
	"scc": "sr", "scr": "hr", "tl": "tl", "tgl": "tl", "tagalog": "tl",
	"sh": "sh", "hbs": "sh", "serbo-croatian": "sh", "mo": "ro", "mol": "ro",
}

package tex

import "strings"

// babelNames maps a record's language tag (works/language.go) to the
// babel/polyglossia language name BibLaTeX's langid takes ("the
// babel/polyglossia language identifier", biblatex manual §2.2.3,
// langid). Each name is one biblatex ships a localisation file for
// (tex/latex/biblatex/lbx/<name>.lbx), so langid always selects real
// hyphenation and localisation. A tag with a region comes first
// ("en-gb" → british), then its language alone. German is ngerman, the
// reformed orthography babel and biblatex name so (ngerman.lbx), which is
// what a work registered today is written in. A language biblatex has no
// file for (Japanese, Chinese, Arabic) is absent: an unknown code is left
// out, never guessed, and BibLaTeX then uses the document's language.
var babelNames = map[string]string{
	"en": "english", "en-us": "american", "en-gb": "british", "en-au": "australian",
	"en-ca": "canadian", "en-nz": "newzealand",
	"de": "ngerman", "de-de": "ngerman", "de-at": "naustrian", "de-ch": "nswissgerman",
	"de-1901": "german",                         // the traditional orthography (german.lbx), not the reformed
	"sr-cyrl": "serbianc", "sr-latn": "serbian", // serbian.lbx is Latin script, serbianc.lbx Cyrillic
	"fr": "french", "es": "spanish", "it": "italian", "pt": "portuguese", "pt-pt": "portuguese",
	"pt-br": "brazilian", "nl": "dutch", "sv": "swedish", "da": "danish", "no": "norsk",
	"nb": "norsk", "nn": "nynorsk", "fi": "finnish", "is": "icelandic", "et": "estonian",
	"lv": "latvian", "lt": "lithuanian", "pl": "polish", "cs": "czech", "sk": "slovak",
	"sl": "slovene", "hr": "croatian", "sr": "serbian", "bg": "bulgarian", "ru": "russian",
	"uk": "ukrainian", "el": "greek", "tr": "turkish", "hu": "magyar", "ro": "romanian",
	"ca": "catalan", "eu": "basque", "gl": "galician", "mr": "marathi",
}

// Babel is the babel name of a language tag, or "".
func Babel(tag string) string {
	tag = strings.ToLower(tag)
	if name, ok := babelNames[tag]; ok {
		return name
	}
	lang, _, _ := strings.Cut(tag, "-")
	return babelNames[lang]
}

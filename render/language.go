package render

import "strings"

// babelLanguages maps a record's language tag (works/language.go) to the
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
var babelLanguages = map[string]string{
	"en": "english", "en-us": "american", "en-gb": "british", "en-au": "australian",
	"en-ca": "canadian", "en-nz": "newzealand",
	"de": "ngerman", "de-de": "ngerman", "de-at": "naustrian", "de-ch": "nswissgerman",
	"fr": "french", "es": "spanish", "it": "italian", "pt": "portuguese", "pt-pt": "portuguese",
	"pt-br": "brazilian", "nl": "dutch", "sv": "swedish", "da": "danish", "no": "norsk",
	"nb": "norsk", "nn": "nynorsk", "fi": "finnish", "is": "icelandic", "et": "estonian",
	"lv": "latvian", "lt": "lithuanian", "pl": "polish", "cs": "czech", "sk": "slovak",
	"sl": "slovene", "hr": "croatian", "sr": "serbian", "bg": "bulgarian", "ru": "russian",
	"uk": "ukrainian", "el": "greek", "tr": "turkish", "hu": "magyar", "ro": "romanian",
	"ca": "catalan", "eu": "basque", "gl": "galician", "mr": "marathi",
}

// babelLanguage is the babel name of a language tag, or "".
func babelLanguage(tag string) string {
	tag = strings.ToLower(tag)
	if name, ok := babelLanguages[tag]; ok {
		return name
	}
	lang, _, _ := strings.Cut(tag, "-")
	return babelLanguages[lang]
}

// language adds the work's language: BibLaTeX's langid, which switches
// hyphenation and, with autolang, the entry's localisation (a German
// title is not hyphenated as English), and BibTeX's language field,
// which styles that read one (babelbib's bst files) take as a babel
// name; plain.bst ignores it. Both take the babel name, so a tag with
// none writes neither.
func (fs *bibFields) language(tag string, biblatex bool) {
	name := babelLanguage(tag)
	if name == "" {
		return
	}
	if biblatex {
		fs.add("langid", name)
		return
	}
	fs.add("language", name)
}

// pageLang is the language the page's own text is in (the templates'
// <html lang>).
const pageLang = "en"

// titleLang is the lang attribute of a title in a language other than
// the page's, so a screen reader speaks a German title as German and the
// browser hyphenates it so (HTML, the lang attribute:
// https://html.spec.whatwg.org/multipage/dom.html#the-lang-and-xml:lang-attributes);
// "" for the page's own language, which the title inherits.
func titleLang(tag string) string {
	if lang, _, _ := strings.Cut(tag, "-"); lang == pageLang {
		return ""
	}
	return tag
}

package render

import (
	"strings"

	"github.com/aboutscholar/about/render/tex"
)

// language adds the work's language: BibLaTeX's langid, which switches
// hyphenation and, with autolang, the entry's localisation (a German
// title is not hyphenated as English), and BibTeX's language field,
// which styles that read one (babelbib's bst files) take as a babel
// name; plain.bst ignores it. Both take the babel name, so a tag with
// none writes neither.
func (fs *bibFields) language(tag string, biblatex bool) {
	name := tex.Babel(tag)
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

// Package tex writes text as a BibTeX or BibLaTeX field holds it for
// BibTeX, biber and pdfLaTeX to read: LaTeX's specials escaped with every
// brace balanced (Escape), non-ASCII as the commands pdfLaTeX prints
// (ASCII), what a verbatim field may hold (VerbatimSafe), and a language
// tag's babel name (Babel). It knows no entry, only text.
package tex

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ASCII writes the non-ASCII characters of s, an already
// Escape'd value, as the LaTeX commands pdfLaTeX prints them with in
// a document that loads only \usepackage[T1]{fontenc}: accented Latin
// letters as accent commands ({\'{e}}, {\~{\^{e}}} for ễ), letters of
// their own as their commands ({\DJ}, {\o}, {\ss}), Greek and math signs
// as math ({$\beta$}, {$\leq$}), typographic punctuation as its text
// command ({\textemdash}). Each is braced, so BibTeX counts it as one
// "special character" when it sorts, abbreviates names or changes case.
//
// Classic BibTeX reads bytes: abbrv.bst's initial of "Ñúñez" is the
// first byte of a two-byte character, which pdfLaTeX stops on, and
// LaTeX's default UTF-8 input knows no ễ or β in text. A character with
// no such command (CJK and the other scripts pdfLaTeX has no fonts for;
// Vietnamese's horn and hook-above letters, which need T5) stays UTF-8:
// the document needs a package for that script (docs/render.md). It is
// braced too, so BibTeX never cuts it.
func ASCII(s string) string {
	if isASCII(s) {
		return s
	}
	var b strings.Builder
	var kept keptRun
	for _, r := range s {
		if kept.takes(r) {
			continue
		}
		cmd, ok := "", false
		switch {
		case r < 0x80:
			cmd, ok = string(r), true
		case keptAsUTF8[r]:
		case latexChars[r] != "":
			cmd, ok = "{"+latexChars[r]+"}", true
		default:
			cmd, ok = latexAccented(r)
		}
		if ok {
			kept.flush(&b)
			b.WriteString(cmd)
			continue
		}
		kept.flush(&b)
		kept.start(r)
	}
	kept.flush(&b)
	return b.String()
}

// keptRun is the text ASCII keeps as UTF-8 in one BibTeX special
// character, {\relax …}: one character with the combining marks that
// follow it (Thai's vowel and tone marks, Devanagari's vowel signs,
// Hebrew's points), so no mark is cut from its letter; and a whole word
// of a script whose letters are shaped together (joined, or with marks
// stacked and reordered: Thai, Arabic, the Indic scripts; shapedScripts),
// which a group per letter breaks apart for XeLaTeX's shaper and for the
// ligatures pdfLaTeX's Thai fonts place their marks with. BibTeX then
// takes such a word whole as a name's "initial" (abbrv.bst writes a Thai
// given name in full), where a letter and not its mark was meaningless.
// Han and the other scripts are one group per character, as before: a
// Chinese given name's initial is its first character.
type keptRun struct {
	runes  []rune
	script *unicode.RangeTable // a shaped script the run is a word of, else nil
}

// takes adds r to the open run when it belongs there: a combining mark
// (after any kept character), a letter of the run's shaped script, or a
// joiner inside such a word.
func (k *keptRun) takes(r rune) bool {
	if len(k.runes) == 0 {
		return false
	}
	mark := unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me)
	joiner := r == '\u200c' || r == '\u200d'
	if mark || k.script != nil && (joiner || unicode.Is(k.script, r)) {
		k.runes = append(k.runes, r)
		return true
	}
	return false
}

func (k *keptRun) start(r rune) {
	k.runes = append(k.runes[:0], r)
	k.script = nil
	for _, sc := range shapedScripts {
		if unicode.Is(sc, r) {
			k.script = sc
			break
		}
	}
}

func (k *keptRun) flush(b *strings.Builder) {
	if len(k.runes) > 0 {
		b.WriteString(`{\relax ` + string(k.runes) + "}")
		k.runes = k.runes[:0]
	}
}

// shapedScripts are the scripts whose letters a font shapes together
// (cursive joining, or marks placed and reordered around a cluster), so
// a word of them stays one group: Arabic, Syriac, Thaana, N'Ko,
// Mongolian, the Brahmic scripts of South and Southeast Asia, and
// Tibetan.
var shapedScripts = []*unicode.RangeTable{
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Arabic, unicode.Syriac,
	unicode.Thaana, unicode.Nko, unicode.Mongolian, unicode.Devanagari, unicode.Bengali,
	unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil, unicode.Telugu, unicode.Kannada,
	unicode.Malayalam, unicode.Sinhala, unicode.Tibetan, unicode.Balinese, unicode.Javanese,
}

// latexAccented writes a letter with accents as nested accent commands
// when its canonical decomposition is an ASCII (or dotless) letter and
// marks LaTeX has commands for; ok is false otherwise, and ASCII keeps
// the character as it is, as BibTeX's special character {\relax 小},
// which it takes whole: abbrv.bst's initial of 小龙 is then that, not
// the first of its three bytes (a plain brace group does not stop the
// cut).
func latexAccented(r rune) (string, bool) {
	d := []rune(norm.NFD.String(string(r)))
	if len(d) < 2 {
		return "", false
	}
	base := string(d[0])
	switch {
	case d[0] >= 'A' && d[0] <= 'Z', d[0] >= 'a' && d[0] <= 'z':
	case latexChars[d[0]] != "":
		base = latexChars[d[0]]
	default:
		return "", false
	}
	for _, m := range d[1:] {
		cmd, ok := latexAccents[m]
		if !ok {
			return "", false
		}
		base = cmd + "{" + base + "}"
	}
	return "{" + base + "}", true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// latexAccents are the combining marks LaTeX's accent commands write
// (LaTeX2e font encodings, OT1 and T1: \`, \', \^, \~, \=, \u, \., \",
// \r, \H, \v, \d, \c, \k, \b; \textcommabelow for Romanian ș and ț).
var latexAccents = map[rune]string{
	0x0300: "\\`", 0x0301: "\\'", 0x0302: "\\^", 0x0303: "\\~", 0x0304: "\\=",
	0x0306: "\\u", 0x0307: "\\.", 0x0308: "\\\"", 0x030A: "\\r", 0x030B: "\\H",
	0x030C: "\\v", 0x0323: "\\d", 0x0326: "\\textcommabelow", 0x0327: "\\c",
	0x0328: "\\k", 0x0331: "\\b",
}

// latexChars are the characters that do not decompose into a letter and
// accents, and the command each is written as.
// keptAsUTF8 are characters LaTeX has a command for that pandoc's BibTeX
// reader drops without a word (Debian's pandoc 2.17 read "{\texteuro}",
// "{\th}", "{\guillemotleft}" as nothing, and "{!`}" as "!‘": #32,
// TestPandocReadsEveryCharacterCommand). They are written as they are,
// in BibTeX's special-character braces like the scripts with no command
// ({\relax €}): pandoc reads them, and pdfLaTeX's UTF-8 input maps each
// to the glyph the command gave (the T1 letters and guillemets with
// \usepackage[T1]{fontenc}, which docs/render.md asks for; the signs from
// TS1, which the kernel loads), TestBibTeXRunsThroughPDFLaTeX.
var keptAsUTF8 = map[rune]bool{
	'đ': true, 'Đ': true, 'þ': true, 'Þ': true, 'ð': true, 'Ð': true, 'ŋ': true, 'Ŋ': true,
	'„': true, '‚': true, '«': true, '»': true, '‹': true, '›': true, '•': true, '°': true,
	'©': true, '®': true, '™': true, '¿': true, '¡': true, '†': true, '‡': true, '€': true,
}

// KeptAsUTF8 reports a character ASCII writes as UTF-8 for pandoc's sake
// (keptAsUTF8), which pdfLaTeX's UTF-8 input must print by itself.
func KeptAsUTF8(r rune) bool { return keptAsUTF8[r] }

var latexChars = map[rune]string{
	// letters of their own (T1)
	'ø': `\o`, 'Ø': `\O`, 'ł': `\l`, 'Ł': `\L`, 'ß': `\ss`, 'æ': `\ae`, 'Æ': `\AE`,
	'œ': `\oe`, 'Œ': `\OE`, 'ı': `\i`, 'ȷ': `\j`,
	// punctuation and signs
	'\u00a0': `~`, '\u2009': `\,`, '\u00ad': `\-`, '\u2010': `-`, '\u2011': `-`,
	'–': `--`, '—': `---`, '‘': "`", '’': `'`, '“': "``", '”': `''`,
	'…': `\dots`, '§': `\S`, '¶': `\P`, '£': `\pounds`,
	// math signs
	'−': `$-$`, '×': `$\times$`, '÷': `$\div$`, '±': `$\pm$`, '·': `$\cdot$`,
	'≤': `$\leq$`, '≥': `$\geq$`, '≈': `$\approx$`, '≠': `$\neq$`, '∼': `$\sim$`,
	'∞': `$\infty$`, '→': `$\rightarrow$`, '←': `$\leftarrow$`, '↔': `$\leftrightarrow$`,
	'∈': `$\in$`, '∑': `$\sum$`, '∫': `$\int$`, '√': `$\surd$`, '∂': `$\partial$`,
	'′': `$'$`, '″': `$''$`, '¹': `$^{1}$`, '²': `$^{2}$`, '³': `$^{3}$`, 'µ': `$\mu$`,
	'⁺': `$^{+}$`, '⁻': `$^{-}$`, '₀': `$_{0}$`, '₁': `$_{1}$`, '₂': `$_{2}$`, '₃': `$_{3}$`,
	'₄': `$_{4}$`, '₅': `$_{5}$`, '₆': `$_{6}$`, '₇': `$_{7}$`, '₈': `$_{8}$`, '₉': `$_{9}$`,
	// Greek, as math (pdfLaTeX's text fonts have none); capitals that
	// look Latin as upright Latin letters
	'α': `$\alpha$`, 'β': `$\beta$`, 'γ': `$\gamma$`, 'δ': `$\delta$`, 'ε': `$\epsilon$`,
	'ζ': `$\zeta$`, 'η': `$\eta$`, 'θ': `$\theta$`, 'ι': `$\iota$`, 'κ': `$\kappa$`,
	'λ': `$\lambda$`, 'μ': `$\mu$`, 'ν': `$\nu$`, 'ξ': `$\xi$`, 'ο': `$o$`, 'π': `$\pi$`,
	'ρ': `$\rho$`, 'ς': `$\varsigma$`, 'σ': `$\sigma$`, 'τ': `$\tau$`, 'υ': `$\upsilon$`,
	'φ': `$\phi$`, 'χ': `$\chi$`, 'ψ': `$\psi$`, 'ω': `$\omega$`,
	'Γ': `$\Gamma$`, 'Δ': `$\Delta$`, 'Θ': `$\Theta$`, 'Λ': `$\Lambda$`, 'Ξ': `$\Xi$`,
	'Π': `$\Pi$`, 'Σ': `$\Sigma$`, 'Υ': `$\Upsilon$`, 'Φ': `$\Phi$`, 'Ψ': `$\Psi$`, 'Ω': `$\Omega$`,
	'Α': `$\mathrm{A}$`, 'Β': `$\mathrm{B}$`, 'Ε': `$\mathrm{E}$`, 'Ζ': `$\mathrm{Z}$`,
	'Η': `$\mathrm{H}$`, 'Ι': `$\mathrm{I}$`, 'Κ': `$\mathrm{K}$`, 'Μ': `$\mathrm{M}$`,
	'Ν': `$\mathrm{N}$`, 'Ο': `$\mathrm{O}$`, 'Ρ': `$\mathrm{P}$`, 'Τ': `$\mathrm{T}$`,
	'Χ': `$\mathrm{X}$`,
}

// Characters are the characters ASCII writes as a command of its own (not
// an accent over a letter), and those it keeps as UTF-8 for pandoc's sake
// (keptAsUTF8), in order: a document test prints them all.
func Characters() []rune {
	chars := make([]rune, 0, len(latexChars)+len(keptAsUTF8))
	for r := range latexChars {
		chars = append(chars, r)
	}
	for r := range keptAsUTF8 {
		chars = append(chars, r)
	}
	slices.Sort(chars)
	return chars
}

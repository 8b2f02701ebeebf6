// Package tex writes text as a BibTeX or BibLaTeX field holds it for
// BibTeX, biber and pdfLaTeX to read: LaTeX's specials escaped with every
// brace balanced (Escape), non-ASCII as the commands pdfLaTeX prints
// (ASCII), what a verbatim field may hold (VerbatimSafe), and a language
// tag's babel name (Babel). It knows no entry, only text.
package tex

import (
	"slices"
	"strings"

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
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case keptAsUTF8[r]:
			b.WriteString(`{\relax ` + string(r) + "}")
		case latexChars[r] != "":
			b.WriteString("{" + latexChars[r] + "}")
		default:
			b.WriteString(latexAccented(r))
		}
	}
	return b.String()
}

// latexAccented writes a letter with accents as nested accent commands
// when its canonical decomposition is an ASCII (or dotless) letter and
// marks LaTeX has commands for; otherwise the character as it is, as
// BibTeX's special character {\relax 小}, which it takes whole: abbrv.bst's
// initial of 小龙 is then that, not the first of its three bytes (a plain
// brace group does not stop the cut).
func latexAccented(r rune) string {
	kept := `{\relax ` + string(r) + "}"
	d := []rune(norm.NFD.String(string(r)))
	if len(d) < 2 {
		return kept
	}
	base := string(d[0])
	switch {
	case d[0] >= 'A' && d[0] <= 'Z', d[0] >= 'a' && d[0] <= 'z':
	case latexChars[d[0]] != "":
		base = latexChars[d[0]]
	default:
		return kept
	}
	for _, m := range d[1:] {
		cmd, ok := latexAccents[m]
		if !ok {
			return kept
		}
		base = cmd + "{" + base + "}"
	}
	return "{" + base + "}"
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

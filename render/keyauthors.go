package render

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// authorKey is the part of a key the first author gives: the family name
// folded to a-z and 0-9 (keyName). A name written in a script that has no
// such letters (王, 鈴木, ごとう, 김, Иванов) gives the first of latin, the
// Latin forms of the same person the record carries (keyForms), that
// folds to something; else, for a Cyrillic or Greek name, its letters
// spelled in ASCII (romanised); "" when none does, and the key starts
// anon. A key is never in the name's own script (issue #32):
// docs/render.md promises ASCII letters and digits, pdfLaTeX's bibtex
// reads a UTF-8 key byte by byte, and html-site names a file after it. No
// romanisation of Han, kana or Hangul is guessed: golang.org/x/text has
// none for these scripts, and a Han name read as Mandarin is wrong for a
// Japanese one (what Better BibTeX's users of Japanese names report of its
// pinyin keys: retorquere/zotero-better-bibtex issues 979 and 1785).
func authorKey(a record.Author, latin []record.Author) string {
	if f := fold(keyName(a)); f != "" {
		return f
	}
	for _, l := range latin {
		if f := fold(keyName(l)); f != "" {
			return f
		}
	}
	return fold(romanised(keyName(a)))
}

// romanisation spells the Cyrillic and Greek letters in ASCII, one letter
// at a time, as BGN/PCGN (Russian, Ukrainian, Belarusian, Serbian,
// Macedonian) and ELOT 743 (Greek) do, so a Russian or Greek first author
// with no Latin form on the record is keyed kuznetsov or elytis rather
// than anon: unlike a Han name, whose reading depends on the language,
// these alphabets have one spelling per letter near enough for a key
// (it is not the person's own spelling, which the record's Latin forms
// give first). Better BibTeX keys Cyrillic names so too.
var romanisation = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'ґ': "g", 'д': "d", 'ђ': "dj", 'ѓ': "gj", 'е': "e", 'ё': "e",
	'є': "ye", 'ж': "zh", 'з': "z", 'ѕ': "dz", 'и': "i", 'і': "i", 'ї': "yi", 'й': "y", 'ј': "j", 'к': "k",
	'л': "l", 'љ': "lj", 'м': "m", 'н': "n", 'њ': "nj", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t",
	'ћ': "c", 'ќ': "kj", 'у': "u", 'ў': "u", 'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch", 'џ': "dz", 'ш': "sh",
	'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya",
	'α': "a", 'β': "v", 'γ': "g", 'δ': "d", 'ε': "e", 'ζ': "z", 'η': "i", 'θ': "th", 'ι': "i", 'κ': "k",
	'λ': "l", 'μ': "m", 'ν': "n", 'ξ': "x", 'ο': "o", 'π': "p", 'ρ': "r", 'σ': "s", 'ς': "s", 'τ': "t",
	'υ': "y", 'φ': "f", 'χ': "ch", 'ψ': "ps", 'ω': "o",
}

// romanised is s with its Cyrillic and Greek letters spelled in ASCII
// (romanisation); a Greek letter's accent comes off first (ύ → υ), a
// Cyrillic letter's breve or diaeresis stays its own letter (й, ё, ї).
func romanised(s string) string {
	var b strings.Builder
	for _, r := range norm.NFC.String(strings.ToLower(s)) {
		if sp, ok := romanisation[r]; ok {
			b.WriteString(sp)
			continue
		}
		base, _ := utf8.DecodeRuneInString(norm.NFD.String(string(r)))
		if sp, ok := romanisation[base]; ok && unicode.Is(unicode.Greek, r) {
			b.WriteString(sp)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// keyForms is the Latin forms of a work's first author the record
// carries, best first: the name the ORCID record of the author's own iD
// gives (its family and credit names), else the name the manifest gives
// with that iD, then how the work's other records name them
// (folder.Work.FirstAuthorForms). nil for a work without authors or
// whose first author's name has Latin letters.
func keyForms(f *folder.Folder, manifestNames map[string]string, w folder.Work) []record.Author {
	if len(w.Record.Authors) == 0 || fold(keyName(w.Record.Authors[0])) != "" {
		return nil
	}
	var forms []record.Author
	if id := w.Record.Authors[0].ORCID; id != "" {
		if n, ok := f.Owners[id]; ok {
			forms = append(forms, record.Author{Family: n.Family}, record.Author{Name: n.Credit})
		}
		if n := manifestNames[id]; n != "" {
			forms = append(forms, record.Author{Name: n})
		}
	}
	return append(forms, w.FirstAuthorForms...)
}

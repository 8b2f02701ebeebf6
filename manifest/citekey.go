package manifest

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/aboutscholar/about/record"
)

// MaxKeyLength is the longest citation key a [[work]] may keep: far
// above any real one, short enough to be a file name on every system.
const MaxKeyLength = 100

// keyRefused are the characters a kept citation key may not hold. biber
// refuses a key with " # % ( ) , = { or } (a syntax error, the entry
// lost: each was tried with biber --tool), bibtex one with , or }; \ ~
// and ' break \cite itself or a babel shorthand, and % # are TeX's
// comment and parameter characters wherever the key is typed.
const keyRefused = `,{}()"#%'=~\`

// KeyError is why a citation key cannot be kept, with what to do.
type KeyError struct {
	Why  string // completes `key "…" `, e.g. "holds white space"
	Hint string
}

func (e *KeyError) Error() string { return e.Why }

// keyHint is the hint of every key mistake but a non-ASCII one.
const keyHint = `a citation key is ASCII letters and digits, with . : / + - _ and other punctuation BibTeX and biber take, e.g. key = "lefevre2021effects" or key = "smith2019:deep"`

// CheckKey reports whether key can be kept as a work's citation key in
// every format: BibTeX and BibLaTeX (read by bibtex, biber, pandoc and
// jekyll-scholar), RIS, CSL-JSON and the pages' anchors and file names
// (render maps the characters a file name cannot hold). ASCII only:
// pdfLaTeX's bibtex cannot read a key beyond it.
func CheckKey(key string) error {
	switch {
	case key == "":
		return &KeyError{Why: "is empty", Hint: "give the key your papers cite, e.g. key = \"lefevre2021effects\", or delete the line to let about make one"}
	case !utf8.ValidString(key):
		return &KeyError{Why: "is not UTF-8 text", Hint: keyHint}
	case utf8.RuneCountInString(key) > MaxKeyLength:
		return &KeyError{Why: fmt.Sprintf("is %d characters long, more than %d", utf8.RuneCountInString(key), MaxKeyLength), Hint: keyHint}
	}
	for _, r := range key {
		switch {
		case unicode.IsSpace(r):
			return &KeyError{Why: "holds white space", Hint: keyHint}
		case unicode.IsControl(r):
			return &KeyError{Why: fmt.Sprintf("holds the control character %U", r), Hint: keyHint}
		case r > unicode.MaxASCII:
			return &KeyError{Why: fmt.Sprintf("holds %q, which is not ASCII", r),
				Hint: fmt.Sprintf(`pdfLaTeX's bibtex cannot read a key beyond ASCII: write it without accents, e.g. key = %q`, asciiKey(key))}
		case strings.ContainsRune(keyRefused, r):
			return &KeyError{Why: fmt.Sprintf("holds %q, which BibTeX, biber or \\cite cannot take in a key", r), Hint: keyHint}
		}
	}
	return nil
}

// asciiKey is key with its letters' accents dropped (record.Fold) and
// anything else beyond ASCII left out, for the hint.
func asciiKey(key string) string {
	var b strings.Builder
	for _, r := range key {
		if r <= unicode.MaxASCII {
			b.WriteRune(r)
			continue
		}
		f := strings.Map(func(r rune) rune {
			if r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return -1
			}
			return r
		}, record.Fold(string(r)))
		if unicode.IsUpper(r) {
			f = strings.ToUpper(f)
		}
		b.WriteString(f)
	}
	return b.String()
}

// Package termtext makes text that came from outside (a service's answer,
// a snapshot file, an error that quotes either) safe to print to a
// terminal: every character a terminal would act on, or that hides or
// reorders what is shown, is written as a visible escape instead. A title
// carrying OSC 52 (which writes the clipboard), OSC 8 (a link whose text
// and target differ), a colour or U+202E (which reverses what follows)
// is then shown as text, and the rest of the line reads as it came.
//
// It does not decide what is printed or where: the printers (the story,
// the progress view, the command line's messages) route their text
// through it. Data written to a file or to standard output on purpose
// (a rendered page, --report's JSON) is not terminal text and is left
// alone.
//
// It does what GitHub's gh does for untrusted text
// (cli/go-gh pkg/asciisanitizer: C0 and C1 controls in caret notation)
// and more: carriage return, vertical tab and DEL too, which gh lets
// through and which can overwrite a line; bidirectional overrides and
// isolates and the other invisible format characters; lone bytes that
// are not UTF-8 (a terminal in 8-bit mode reads 0x9b as CSI). The
// notation is Go's quoting (\x1b, \u202e), the one the warnings' %q
// already shows, so one escape reads the same everywhere.
package termtext

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field returns s for printing inside one line: every control character,
// newlines and tabs included, and every invisible format character shown
// as an escape, so a value can neither act on the terminal nor start a
// line of its own that passes for the program's.
func Field(s string) string { return inert(s, false) }

// Text returns s for printing as lines: as Field, but a newline and a
// tab are kept, the layout of a message that has several lines.
func Text(s string) string { return inert(s, true) }

// inert is Field, or Text when keepLayout.
func inert(s string, keepLayout bool) string {
	if clean(s, keepLayout) {
		return s // the common case costs no allocation
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i]) // a byte that is not UTF-8
		case !shown(r, keepLayout):
			b.WriteString(escape(r))
		default:
			b.WriteString(s[i : i+size])
		}
		i += max(size, 1)
	}
	return b.String()
}

// clean reports whether s holds nothing inert would change.
func clean(s string, keepLayout bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 || !shown(r, keepLayout) {
			return false
		}
		i += size
	}
	return true
}

// shown reports whether r may reach a terminal as it is.
func shown(r rune, keepLayout bool) bool {
	switch {
	case r == '\n' || r == '\t':
		return keepLayout
	case r < 0x20 || r == 0x7f: // C0 (ESC, BEL, CR, BS, …) and DEL
		return false
	case r < 0x80:
		return true
	case r <= 0x9f: // C1: 0x9b is CSI, 0x9d OSC, 0x85 a newline to some
		return false
	case r == '\u200c' || r == '\u200d':
		// Zero-width non-joiner and joiner are format characters that
		// Persian, the Indic scripts and emoji need to be written right;
		// they neither reorder nor act.
		return true
	case unicode.Is(unicode.Cf, r):
		// Bidirectional embeddings, overrides and isolates
		// (U+202A–U+202E, U+2066–U+2069), marks (U+200E, U+200F,
		// U+061C), zero-width space, word joiner, BOM, soft hyphen, the
		// tag characters (U+E0000–U+E007F) that smuggle invisible ASCII.
		return false
	case r == '\u2028' || r == '\u2029': // line and paragraph separators
		return false
	}
	return true
}

// escape writes r as Go quotes it: \x1b for C0 and DEL, \u202e, \U000e0041.
func escape(r rune) string {
	switch {
	case r < 0x80:
		return fmt.Sprintf(`\x%02x`, r)
	case r <= 0xffff:
		return fmt.Sprintf(`\u%04x`, r)
	}
	return fmt.Sprintf(`\U%08x`, r)
}

// Writer passes what is written to it on as Text, so every line printed
// through it is safe whatever it quotes. Each Write is taken as whole
// text: a character split across two writes would be shown as its bytes'
// escapes, which fmt's printing, one call one write, never does.
type Writer struct {
	w io.Writer
}

// NewWriter returns a Writer onto w; a Writer given again is returned as
// it is.
func NewWriter(w io.Writer) *Writer {
	if tw, ok := w.(*Writer); ok {
		return tw
	}
	return &Writer{w: w}
}

// Write writes p as Text. It reports len(p) when all of it was written.
func (t *Writer) Write(p []byte) (int, error) {
	s := string(p)
	out := inert(s, true)
	if _, err := io.WriteString(t.w, out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Terminal is the writer under t: for the one printer that draws its own
// control sequences (the live progress view), which escapes what it is
// told itself.
func (t *Writer) Terminal() io.Writer { return t.w }

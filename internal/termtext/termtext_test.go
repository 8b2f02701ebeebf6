package termtext

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// The hostile values are what a compromised mirror could put in a title:
// each one acts on a terminal or hides what is shown, and each must come
// out as visible text that still reads as the value.
func TestFieldShowsWhatATerminalWouldActOn(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"plain ASCII", "Open access megajournals", "Open access megajournals"},
		{"accents, CJK, em dash, emoji", "Café — 東京の研究 ✓ 🎓", "Café — 東京の研究 ✓ 🎓"},
		{"Persian with a zero-width non-joiner", "می\u200cخواهم", "می\u200cخواهم"},
		{"emoji joined by a zero-width joiner", "👩\u200d🔬", "👩\u200d🔬"},
		{"a real replacement character", "x\uFFFDy", "x\uFFFDy"},
		{"OSC 52 writes the clipboard", "T\x1b]52;c;ZXZpbA==\x07", `T\x1b]52;c;ZXZpbA==\x07`},
		{"OSC 8 link with ST", "\x1b]8;;https://evil.example\x1b\\Nature\x1b]8;;\x1b\\", `\x1b]8;;https://evil.example\x1b\Nature\x1b]8;;\x1b\`},
		{"SGR colour", "\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"C1 CSI and OSC as code points", "a\u009b31mb\u009d0;x\u009c", `a\u009b31mb\u009d0;x\u009c`},
		{"a lone byte 0x9b, not UTF-8", "a\x9b31m", `a\x9b31m`},
		{"carriage return overwrites the line", "harmless\rEVIL", `harmless\x0dEVIL`},
		{"backspace, vertical tab, form feed, NUL, DEL", "a\bb\vc\fd\x00e\x7f", `a\x08b\x0bc\x0cd\x00e\x7f`},
		{"newline and tab start lines in a field", "title\n  complete: 0 jobs\tx", `title\x0a  complete: 0 jobs\x09x`},
		{"right-to-left override", "\u202Eevil.exe", `\u202eevil.exe`},
		{"every bidi embedding, override and isolate", "\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069", `\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069`},
		{"bidi marks", "\u200E\u200F\u061C", `\u200e\u200f\u061c`},
		{"zero-width space, word joiner, BOM, soft hyphen", "a\u200Bb\u2060c\uFEFFd\u00ADe", `a\u200bb\u2060c\ufeffd\u00ade`},
		{"line and paragraph separators", "a\u2028b\u2029c", `a\u2028b\u2029c`},
		{"tag characters smuggle ASCII", "hi\U000E0041\U000E0042", `hi\U000e0041\U000e0042`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Field(c.in); got != c.want {
				t.Errorf("Field(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// Text keeps a message's own lines and tabs, and nothing else Field
// escapes.
func TestTextKeepsNewlinesAndTabsOnly(t *testing.T) {
	in := "may be the same work:\n    [[link]]\tfrom = \"x\"\r\x1b[2K"
	want := "may be the same work:\n    [[link]]\tfrom = \"x\"\\x0d\\x1b[2K"
	if got := Text(in); got != want {
		t.Errorf("Text(%q) = %q, want %q", in, got, want)
	}
}

// Whatever goes in, what comes out holds no character a terminal acts
// on, is valid UTF-8, and is the same when escaped again.
func TestOutputIsInertAndStable(t *testing.T) {
	var all strings.Builder
	for r := rune(0); r < 0x3000; r++ {
		all.WriteRune(r)
	}
	all.WriteString("\U000E0001\U000E007F\xff\xc3")
	for _, f := range []func(string) string{Field, Text} {
		out := f(all.String())
		if !utf8.ValidString(out) {
			t.Fatal("the output is not UTF-8")
		}
		for _, r := range out {
			if !shown(r, true) {
				t.Fatalf("%U reached the output", r)
			}
		}
		if again := f(out); again != out {
			t.Error("escaping the output again changed it")
		}
	}
}

func TestWriterEscapesEveryWrite(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	n, err := w.Write([]byte("line \x1b]52;c;ZXZpbA==\x07\n"))
	if err != nil || n != len("line \x1b]52;c;ZXZpbA==\x07\n") {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if got, want := buf.String(), "line \\x1b]52;c;ZXZpbA==\\x07\n"; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
	if NewWriter(w) != w {
		t.Error("a Writer wrapped again is a second Writer")
	}
	if w.Terminal() != &buf {
		t.Error("Terminal is not the writer underneath")
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterReportsAFailedWrite(t *testing.T) {
	if n, err := NewWriter(failing{}).Write([]byte("x")); err == nil || n != 0 {
		t.Errorf("Write = %d, %v; want 0 and the error", n, err)
	}
}

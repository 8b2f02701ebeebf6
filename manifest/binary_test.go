package manifest

import (
	"strings"
	"testing"
)

// A file that is not text gets one message saying so, whatever its bytes
// happen to decode to: before, a binary file was reported as an invisible
// character on some line.
func TestParseRejectsBinary(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"paper.pdf", "%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n", "paper.pdf: not a TOML manifest: it holds binary data (a PDF document)"},
		{"cv.docx", "PK\x03\x04\x14\x00\x06\x00", "cv.docx: not a TOML manifest: it holds binary data (a zip archive (a .docx or .odt document is one))"},
		{"photo.png", "\x89PNG\r\n\x1a\n\x00\x00", "photo.png: not a TOML manifest: it holds binary data (a PNG image)"},
		{"notepad.toml", "\xFF\xFEm\x00a\x00", "notepad.toml: not a TOML manifest: it holds binary data (UTF-16 text (save it as UTF-8))"},
		{"m.toml", "\x00\x00\xC2\xAD\x00", "m.toml: not a TOML manifest: it holds binary data (a NUL byte on line 1)"},
		{"m.toml", "mailto = \"ada@example.org\"\n[[identity]]\nname = \"Jos\xE9\"\n", "m.toml: not a TOML manifest: it holds binary data (byte 0xE9 on line 3 is not UTF-8 text)"},
	} {
		_, err := Parse(c.name, []byte(c.data))
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) = %v, want %s", c.data, err, c.want)
		}
		if me := parseErrorAs(t, err); me != nil && !strings.Contains(me.Hint, "UTF-8 text") {
			t.Errorf("%s: hint %q does not say what a manifest is", c.name, me.Hint)
		}
	}
}

// A UTF-8 byte order mark and non-ASCII names stay text.
func TestParseKeepsUTF8Text(t *testing.T) {
	src := "\uFEFFmailto = \"ada@example.org\"\n[[identity]]\norcid = \"0000-0002-1825-0097\"\nname = \"José Núñez 李\"\n"
	if _, err := Parse("m.toml", []byte(src)); err != nil {
		t.Fatal(err)
	}
}

// A key or value echoed in a message is cut to a readable length: a
// whole file pasted into one key once printed a megabyte.
func TestErrorsCutLongKeysAndValues(t *testing.T) {
	huge := strings.Repeat("k", 1<<20)
	for _, src := range []string{
		"[[identity]]\n" + huge + " = 1\n",                            // unknown key
		"[[identity]]\norcid = 0000-" + huge + "\n",                   // unquoted value
		"[[identity]]\ndoi = \"11." + huge + "\"\n",                   // bad DOI, quoted in the message
		"[intervals]\n" + huge + " = 5\n",                             // wrong type under any key
		"mailto = \"" + huge + "\"\n[[identity]]\ndoi = \"10.1/x\"\n", // not an address
	} {
		me := parseError(t, src)
		msg := me.Error()
		if len(msg) > 400 || len(me.Hint) > 1200 || len(me.Value) > 4*shownRunes+4 {
			t.Errorf("%.40q…: message of %d bytes, hint %d, value %d: %.200s", src, len(msg), len(me.Hint), len(me.Value), msg)
		}
		if !strings.Contains(msg, "kkkkkkkkkk…") {
			t.Errorf("%.40q…: %s does not show the start of the key or value, cut with …", src, msg)
		}
	}
}

func TestCutQuoted(t *testing.T) {
	long := strings.Repeat("é", 70)
	for in, want := range map[string]string{
		`unknown key "short"`:                       `unknown key "short"`,
		`key "` + long + `" and "x"`:                `key "` + strings.Repeat("é", 60) + `…" and "x"`,
		`a lone " quote`:                            `a lone " quote`,
		`two "a" "` + strings.Repeat("b", 61) + `"`: `two "a" "` + strings.Repeat("b", 60) + `…"`,
	} {
		if got := cutQuoted(in); got != want {
			t.Errorf("cutQuoted(%q) = %q, want %q", in, got, want)
		}
	}
}

func parseErrorAs(t *testing.T, err error) *Error {
	t.Helper()
	me, ok := err.(*Error)
	if !ok {
		t.Errorf("error %v is not a *Error", err)
		return nil
	}
	return me
}

package check

import (
	"bytes"
	"strings"
	"testing"
)

// A CRLF file that is also otherwise off is named on its own line, with
// the difference that matters, not "line 1 is \"{\\r\"".
func TestNotCanonicalLooksPastLineEndings(t *testing.T) {
	lf, crlf := []byte("\n"), []byte("\r\n")
	canon := []byte("{\n  \"a\": 1,\n  \"b\": 2\n}\n")
	if got := notCanonical(bytes.ReplaceAll(canon, lf, crlf), canon); got != "" {
		t.Errorf("CRLF only: %q, want none (told once for the folder)", got)
	}
	off := bytes.ReplaceAll([]byte("{\n  \"a\": 1,\n  \"b\":  2\n}\n"), lf, crlf)
	got := notCanonical(off, canon)
	if !strings.Contains(got, `line 3 is "  \"b\":  2"`) || !strings.Contains(got, "lines end in CRLF") {
		t.Errorf("got %q, want line 3's difference and the line endings", got)
	}
}

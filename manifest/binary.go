package manifest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// binaryFormats name the files most often passed instead of a manifest,
// by the bytes they open with, so the message says what was passed.
var binaryFormats = []struct{ magic, name string }{
	{"%PDF", "a PDF document"},
	{"PK\x03\x04", "a zip archive (a .docx or .odt document is one)"},
	{"\x89PNG", "a PNG image"},
	{"\xFF\xD8\xFF", "a JPEG image"},
	{"GIF8", "a GIF image"},
	{"\x1F\x8B", "a gzip archive"},
	{"\xFF\xFE", "UTF-16 text (save it as UTF-8)"},
	{"\xFE\xFF", "UTF-16 text (save it as UTF-8)"},
	{"\x7FELF", "a program"},
}

// checkBinary rejects data that is not UTF-8 text as a whole, before any
// character is judged one by one: a PDF's bytes would otherwise be
// reported as some invisible character on some line.
func checkBinary(path string, data []byte) error {
	what := ""
	for _, f := range binaryFormats {
		if bytes.HasPrefix(data, []byte(f.magic)) {
			what = f.name
			break
		}
	}
	if what == "" {
		what = notText(data)
	}
	if what == "" {
		return nil
	}
	return &Error{File: path,
		Err:  fmt.Errorf("not a TOML manifest: it holds binary data (%s)", what),
		Hint: "pass the manifest's text file, e.g. about fetch manifest.toml; a manifest is plain UTF-8 text (about init writes one)"}
}

// notText names the first byte that plain UTF-8 text cannot hold, with
// its line, or returns "" when data is text.
func notText(data []byte) string {
	line := 1
	for off := 0; off < len(data); {
		r, size := utf8.DecodeRune(data[off:])
		switch {
		case r == 0:
			return fmt.Sprintf("a NUL byte on line %d", line)
		case r == utf8.RuneError && size == 1:
			return fmt.Sprintf("byte 0x%02X on line %d is not UTF-8 text", data[off], line)
		case r == '\n':
			line++
		}
		off += size
	}
	return ""
}

// shownRunes is how much of a key or value a message echoes: enough to
// recognise it, not a screenful when a whole file landed in one key.
const shownRunes = 60

// cut shortens s to shownRunes characters, marking the cut with "…".
func cut(s string) string {
	if utf8.RuneCountInString(s) <= shownRunes {
		return s
	}
	return string([]rune(s)[:shownRunes]) + "…"
}

// cutQuoted shortens every Go-quoted string in msg (a %q of a key or
// value) that is longer than shownRunes, keeping it quoted, so no message
// echoes a megabyte whatever check wrote it.
func cutQuoted(msg string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		q, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			b.WriteByte('"')
			msg = msg[i+1:]
			continue
		}
		msg = msg[i+len(q):]
		if s, err := strconv.Unquote(q); err == nil && utf8.RuneCountInString(s) > shownRunes {
			q = strconv.Quote(cut(s))
		}
		b.WriteString(q)
	}
}

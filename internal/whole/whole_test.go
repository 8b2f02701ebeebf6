package whole

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadHandsOverAnUnreadBody: the bytes themselves, once; a body
// already read from is read as io.ReadAll would, from where it stands.
func TestReadHandsOverAnUnreadBody(t *testing.T) {
	data := []byte(`{"items":[]}`)
	b := New(data)
	got, err := Read(b)
	if err != nil || &got[0] != &data[0] {
		t.Fatalf("Read = %q, %v; want the body's own bytes", got, err)
	}
	if rest, err := Read(b); err != nil || len(rest) != 0 {
		t.Errorf("a second Read = %q, %v; want nothing left, as io.ReadAll", rest, err)
	}
	part := New([]byte("abcdef"))
	_, _ = part.Read(make([]byte, 2))
	if rest, err := Read(part); err != nil || string(rest) != "cdef" {
		t.Errorf("Read of a body read from = %q, %v; want the rest", rest, err)
	}
	if got, err := Read(strings.NewReader("plain")); err != nil || string(got) != "plain" {
		t.Errorf("Read of another reader = %q, %v", got, err)
	}
}

// TestReadSizedReadsWhateverTheLengthSays: the declared length sizes the
// buffer; a body longer or shorter than declared, or a length over the
// limit, is still read whole, and a failing read says so.
func TestReadSizedReadsWhateverTheLengthSays(t *testing.T) {
	body := strings.Repeat("0123456789", 1000)
	for _, tc := range []struct {
		name            string
		declared, limit int64
	}{
		{"exact", int64(len(body)), 1 << 20},
		{"shorter than the body", 10, 1 << 20},
		{"longer than the body", int64(len(body)) * 2, 1 << 20},
		{"unknown", -1, 1 << 20},
		{"over the limit", int64(len(body)), 100},
	} {
		got, err := ReadSized(iotest.HalfReader(strings.NewReader(body)), tc.declared, tc.limit)
		if err != nil || string(got) != body {
			t.Errorf("%s: read %d bytes, %v; want %d", tc.name, len(got), err, len(body))
		}
	}
	if got, err := ReadSized(strings.NewReader(body), int64(len(body)), 1<<20); err != nil || cap(got) != len(body)+1 {
		t.Errorf("exact: capacity %d, %v; want the declared length and one byte", cap(got), err)
	}
	boom := errors.New("reset")
	if _, err := ReadSized(io.MultiReader(strings.NewReader("ab"), iotest.ErrReader(boom)), 10, 100); !errors.Is(err, boom) {
		t.Errorf("a failing read: %v; want %v", err, boom)
	}
}

// Package whole hands an answer's body, once read whole, from the
// transport to the code that parses it without copying it at each layer:
// a list answer of a megabyte or two was otherwise copied three times
// (transport, orchestrator, provider), each copy grown by doubling, with
// -j of them in flight at once.
package whole

import (
	"bytes"
	"io"
)

// Body is a body read whole into memory. It keeps the bytes it was read
// into, so Read can hand them over.
type Body struct {
	bytes.Reader
	data []byte
}

// New is a body of data, which the caller must not change afterwards.
func New(data []byte) *Body {
	b := &Body{data: data}
	b.Reset(data)
	return b
}

// Close does nothing: the bytes are already in memory.
func (b *Body) Close() error { return nil }

// Read reads r to its end, like io.ReadAll. A Body not yet read from is
// handed over as it is, without a copy; the caller must not change the
// bytes.
func Read(r io.Reader) ([]byte, error) {
	if b, ok := r.(*Body); ok && b.Len() == len(b.data) {
		_, _ = b.Seek(0, io.SeekEnd) // read, as io.ReadAll would leave it
		return b.data, nil
	}
	return io.ReadAll(r)
}

// ReadSized reads r to its end into a buffer the size the answer declares
// (its Content-Length, when within limit), so a large answer is not grown
// by doubling with its garbage left behind; an unknown or implausible
// length falls back to io.ReadAll. One byte more is asked for, so the end
// is seen without growing the buffer.
func ReadSized(r io.Reader, declared, limit int64) ([]byte, error) {
	if declared <= 0 || declared > limit {
		return io.ReadAll(r)
	}
	b := make([]byte, 0, declared+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // longer than declared: grow as io.ReadAll does
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

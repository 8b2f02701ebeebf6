package check

import (
	"io"
	"os"
)

// readReusing reads the file at p into buf's storage, grown when the
// file is larger, as os.ReadFile reads it (the same errors). The folder
// check reads a works/ or counts/ file, checks it and drops it, so each
// reading goroutine reuses one buffer: at 10,000 works a fresh slice per
// file was a fifth of check --offline's allocations, and collecting them
// a good part of its CPU.
func readReusing(p string, buf []byte) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return buf[:0], err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && int64(cap(buf)) < fi.Size()+1 {
		buf = make([]byte, 0, fi.Size()+512) // +1: the read that sees EOF needs room
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

package orchestrator

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// scratchFile holds the prepared works' documents between the writer's two
// passes in a temporary file rather than in memory: the link pass needs
// every work before any file can be written, but only a few small keys of
// each, so a run's memory need not grow with the documents of the whole
// record. The file is unlinked as soon as it is made (where the system
// allows), so a run that stops early leaves nothing behind. Where no
// temporary file can be made, the documents stay in memory as before.
type scratchFile struct {
	f        *os.File
	size     int64
	unlinked bool
	failed   bool // no temporary file: keep documents in memory
	buf      []byte
}

// scratchSpan is where one work's documents are: a stretch of the file, or
// the bytes themselves when there is no file.
type scratchSpan struct {
	off int64
	n   int
	mem []byte
}

// put keeps b (which the caller may reuse) and says where.
func (s *scratchFile) put(b []byte) (scratchSpan, error) {
	if s.f == nil && !s.failed {
		f, err := os.CreateTemp("", "about-prepared-*")
		if err != nil {
			s.failed = true
		} else {
			s.f = f
			s.unlinked = os.Remove(f.Name()) == nil
		}
	}
	if s.failed {
		return scratchSpan{mem: append([]byte(nil), b...)}, nil
	}
	if _, err := s.f.WriteAt(b, s.size); err != nil {
		return scratchSpan{}, fmt.Errorf("keep prepared documents in %s: %w", s.f.Name(), err)
	}
	at := scratchSpan{off: s.size, n: len(b)}
	s.size += int64(len(b))
	return at, nil
}

// get reads back what put kept; the bytes are valid until the next get.
func (s *scratchFile) get(at scratchSpan) ([]byte, error) {
	if at.mem != nil || s.f == nil {
		return at.mem, nil
	}
	if cap(s.buf) < at.n {
		s.buf = make([]byte, at.n)
	}
	s.buf = s.buf[:at.n]
	if _, err := s.f.ReadAt(s.buf, at.off); err != nil {
		return nil, fmt.Errorf("read back prepared documents from %s: %w", s.f.Name(), err)
	}
	return s.buf, nil
}

// close lets the file go (and removes it where it could not be unlinked
// while open).
func (s *scratchFile) close() error {
	if s.f == nil {
		return nil
	}
	err := s.f.Close()
	if !s.unlinked {
		if rerr := os.Remove(s.f.Name()); err == nil {
			err = rerr
		}
	}
	s.f = nil
	return err
}

// preparedFiles is what the writer holds of one work between the passes:
// its files' canonical bytes, so the second pass writes (or finds
// unchanged) the files of a work that no link touches without decoding or
// encoding them again.
type preparedFiles struct {
	Work   []byte // works/ file, without decisions
	Counts []byte // counts/ file; none when the work has no counters
}

// heldDocuments keeps prepared documents deflated in a scratchFile; its
// flate writer and reader are reused, a flate writer being large.
type heldDocuments struct {
	file scratchFile
	zw   *flate.Writer
	buf  bytes.Buffer
	zr   io.ReadCloser
}

// put deflates files (the work's length, then both files' bytes) into
// the scratch file and says where they are.
func (h *heldDocuments) put(files preparedFiles) (scratchSpan, error) {
	h.buf.Reset()
	if h.zw == nil {
		zw, err := flate.NewWriter(&h.buf, flate.BestSpeed)
		if err != nil {
			return scratchSpan{}, err
		}
		h.zw = zw
	} else {
		h.zw.Reset(&h.buf)
	}
	head := binary.AppendUvarint(nil, uint64(len(files.Work)))
	for _, b := range [][]byte{head, files.Work, files.Counts} {
		if _, err := h.zw.Write(b); err != nil {
			return scratchSpan{}, err
		}
	}
	if err := h.zw.Close(); err != nil {
		return scratchSpan{}, err
	}
	return h.file.put(h.buf.Bytes())
}

// get reads back and inflates what put kept at at, into new slices the
// caller may keep.
func (h *heldDocuments) get(at scratchSpan) (preparedFiles, error) {
	z, err := h.file.get(at)
	if err != nil {
		return preparedFiles{}, err
	}
	if h.zr == nil {
		h.zr = flate.NewReader(bytes.NewReader(z))
	} else if err := h.zr.(flate.Resetter).Reset(bytes.NewReader(z), nil); err != nil {
		return preparedFiles{}, err
	}
	all, err := io.ReadAll(h.zr)
	if err != nil {
		return preparedFiles{}, err
	}
	n, size := binary.Uvarint(all)
	if size <= 0 || uint64(len(all)-size) < n {
		return preparedFiles{}, fmt.Errorf("damaged prepared documents at %d", at.off)
	}
	rest := all[size:]
	files := preparedFiles{Work: rest[:n:n]}
	if len(rest) > int(n) {
		files.Counts = rest[n:]
	}
	return files, nil
}

// close lets the scratch file go.
func (h *heldDocuments) close() error { return h.file.close() }

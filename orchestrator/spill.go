package orchestrator

import (
	"fmt"
	"os"
)

// spill holds the prepared works' documents between the writer's two
// passes in a temporary file rather than in memory: the link pass needs
// every work before any file can be written, but only a few small keys of
// each, so a run's memory need not grow with the documents of the whole
// record. The file is unlinked as soon as it is made (where the system
// allows), so a run that stops early leaves nothing behind. Where no
// temporary file can be made, the documents stay in memory as before.
type spill struct {
	f        *os.File
	size     int64
	unlinked bool
	failed   bool // no temporary file: keep documents in memory
	buf      []byte
}

// spilled is where one work's documents are: a stretch of the file, or
// the bytes themselves when there is no file.
type spilled struct {
	off int64
	n   int
	mem []byte
}

// put keeps b (which the caller may reuse) and says where.
func (s *spill) put(b []byte) (spilled, error) {
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
		return spilled{mem: append([]byte(nil), b...)}, nil
	}
	if _, err := s.f.WriteAt(b, s.size); err != nil {
		return spilled{}, fmt.Errorf("keep prepared documents in %s: %w", s.f.Name(), err)
	}
	at := spilled{off: s.size, n: len(b)}
	s.size += int64(len(b))
	return at, nil
}

// get reads back what put kept; the bytes are valid until the next get.
func (s *spill) get(at spilled) ([]byte, error) {
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
func (s *spill) close() error {
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

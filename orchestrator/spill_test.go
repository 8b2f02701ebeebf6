package orchestrator

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestSpillGivesBackWhatItKeptAndLeavesNoFile(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var s spill
	var kept []spilled
	var want [][]byte
	buf := []byte{}
	for i := range 50 {
		buf = fmt.Appendf(buf[:0], "work %d %s", i, bytes.Repeat([]byte{'x'}, i))
		at, err := s.put(buf) // the caller reuses buf: put must copy
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, at)
		want = append(want, bytes.Clone(buf))
	}
	if s.f == nil || s.failed {
		t.Fatalf("no temporary file was made in %s", tmp)
	}
	if runtime.GOOS != "windows" {
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("the temporary file is visible while in use: %v", left)
		}
	}
	for i := len(kept) - 1; i >= 0; i-- { // any order
		got, err := s.get(kept[i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want[i]) {
			t.Errorf("work %d: got %q, want %q", i, got, want[i])
		}
	}
	if err := s.close(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestSpillKeepsInMemoryWithoutATemporaryFolder(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	var s spill
	buf := []byte("the work")
	at, err := s.put(buf)
	if err != nil {
		t.Fatal(err)
	}
	buf[0] = 'T'
	got, err := s.get(at)
	if err != nil || string(got) != "the work" {
		t.Fatalf("got %q, %v; want the bytes put", got, err)
	}
	if err := s.close(); err != nil {
		t.Fatal(err)
	}
}

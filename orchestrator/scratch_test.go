package orchestrator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestSpillGivesBackWhatItKeptAndLeavesNoFile(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var s scratchFile
	var kept []scratchSpan
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
	var s scratchFile
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

// openFilesUnder counts this process's open files under dir (Linux's
// /proc shows an unlinked file by its old name); -1 where it cannot tell.
func openFilesUnder(t *testing.T, dir string) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	n := 0
	for _, fd := range fds {
		target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name()))
		if err == nil && strings.HasPrefix(target, dir+string(filepath.Separator)) {
			n++
		}
	}
	return n
}

// TestFailedRunLetsTheSpillGo: a run that ends in an error after works
// were prepared (here: the network went down, so nothing is written)
// still closes its temporary file, and leaves none behind.
func TestFailedRunLetsTheSpillGo(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	if openFilesUnder(t, tmp) < 0 {
		t.Skip("no /proc/self/fd to count open files")
	}
	nw := newOutageNet(simORCID(0), 1)
	m := newManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.5500/sim.0\"\n")
	opts := testOptions(m, nw, 4)
	runOK(t, opts) // the work has a file, so the offline run prepares it
	nw.set("*", refused)
	var off *OfflineError
	if _, err := Run(context.Background(), opts); !errors.As(err, &off) {
		t.Fatalf("err = %v, want an *OfflineError", err)
	}
	if n := openFilesUnder(t, tmp); n != 0 {
		t.Errorf("%d temporary files still open after the failed run", n)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

package snapshots

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// countingOps counts a Batch's disk waits.
type countingOps struct {
	mu    sync.Mutex
	files int
	dirs  []string
}

func (c *countingOps) ops() fileOps {
	return fileOps{
		syncFile: func(f *os.File) error {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.files++
			return nil
		},
		syncDir: func(dir string) {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.dirs = append(c.dirs, dir)
		},
	}
}

// TestBatchSyncsEachFolderOnce: every changed file is synced before its
// rename, each folder once at Close (WriteFileAtomic syncs the folder
// after every file: 2 disk waits a file where a Batch has 1), and a file
// whose bytes are already there is neither synced nor touched.
func TestBatchSyncsEachFolderOnce(t *testing.T) {
	root := t.TempDir()
	path := func(i int) string {
		return filepath.Join(root, []string{WorksDir, CountsDir}[i%2], fmt.Sprintf("doi_10.1-%d.json", i))
	}
	const n = 50
	write := func(c *countingOps, title func(i int) string) {
		t.Helper()
		b := newBatch(c.ops())
		for i := range n {
			if _, err := b.Write(path(i), map[string]string{"title": title(i)}); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
	}
	first := &countingOps{}
	write(first, func(i int) string { return fmt.Sprint("work ", i) })
	if first.files != n || len(first.dirs) != 2 {
		t.Errorf("first batch: %d file syncs, folder syncs %q; want %d and the two folders once each", first.files, first.dirs, n)
	}
	before, err := os.Stat(path(7))
	if err != nil {
		t.Fatal(err)
	}
	old := before.ModTime().Add(-time.Hour)
	if err := os.Chtimes(path(7), old, old); err != nil {
		t.Fatal(err)
	}
	again := &countingOps{}
	write(again, func(i int) string {
		if i == 8 {
			return "changed"
		}
		return fmt.Sprint("work ", i)
	})
	if again.files != 1 || len(again.dirs) != 1 {
		t.Errorf("one file changed: %d file syncs, folder syncs %q; want 1 and its folder once", again.files, again.dirs)
	}
	if st, _ := os.Stat(path(7)); !st.ModTime().Equal(old) {
		t.Errorf("an unchanged file was rewritten (mtime %v, was %v)", st.ModTime(), old)
	}
	if data, _ := os.ReadFile(path(8)); !strings.Contains(string(data), `"changed"`) {
		t.Errorf("the changed file holds %s", data)
	}
}

// TestBatchFailedSyncKeepsOldFile: a file whose sync fails is not renamed
// over the old one, no temp file is left, and Close (and every later
// Write) reports the failure.
func TestBatchFailedSyncKeepsOldFile(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, WorksDir, "doi_10.1-1.json")
	if err := WriteFileAtomic(target, []byte("{\n  \"title\": \"old\"\n}\n")); err != nil {
		t.Fatal(err)
	}
	c := &countingOps{}
	ops := c.ops()
	ops.syncFile = func(*os.File) error { return errors.New("disk on fire") }
	b := newBatch(ops)
	if _, err := b.Write(target, map[string]string{"title": "new"}); err != nil {
		t.Fatal(err)
	}
	err := b.Close()
	if err == nil || !strings.Contains(err.Error(), "disk on fire") || !strings.Contains(err.Error(), target) {
		t.Fatalf("Close = %v; want the failed sync, naming the file", err)
	}
	if lost := b.Unwritten(); len(lost) != 1 || lost[0] != target {
		t.Errorf("Unwritten = %q; want the file whose write failed", lost)
	}
	if data, _ := os.ReadFile(target); !strings.Contains(string(data), "old") {
		t.Errorf("the file holds %s after a failed write; want its old bytes", data)
	}
	entries, _ := os.ReadDir(filepath.Dir(target))
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries after a failed write; want the file alone", len(entries))
	}
}

// TestBatchReplacesALinkOfTheSameBytes: a work's file that is a symbolic
// link to a file holding the very bytes the run writes is replaced by the
// file, as Rewrite replaces one: comparing through the link kept it, so
// the folder went on reading a file outside it, and the link's target
// decided what the next run would find.
func TestBatchReplacesALinkOfTheSameBytes(t *testing.T) {
	root := t.TempDir()
	v := map[string]string{"title": "A work"}
	data, err := Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.WriteFile(target, data, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, WorksDir, "doi_10.1-1.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	b := NewBatch()
	changed, err := b.Write(path, v)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if !changed {
		t.Error("a link in a work file's place is reported unchanged")
	}
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the link was not replaced by the file: %v, %v", fi, err)
	}
}

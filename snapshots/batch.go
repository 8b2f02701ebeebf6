package snapshots

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// batchWorkers is how many files a Batch writes at once. Writing a file
// whole is mostly waiting for the disk (its fsync), not CPU, so several at
// a time overlap those waits; more buys little on one disk.
const batchWorkers = 8

// Batch replaces many snapshot files, each atomically, without waiting for
// the disk once per file: Write encodes a document and compares it with
// the file it replaces in the caller's goroutine (so the caller learns at
// once whether it changed), and a few workers write the changed ones,
// each to a temp file that is synced before it is renamed over its file,
// as WriteFileAtomic does. What a Batch does not do per file is sync the
// folder after each rename: Close syncs each folder once, after the last
// rename, and only then may files that refer to these (the index, the
// links) be written. A crash before that sync may undo some renames,
// leaving those files' old bytes, whole: every file is old or new, never
// a part, whenever the run stops.
type Batch struct {
	ops   fileOps
	files chan batchFile
	done  sync.WaitGroup
	mu    sync.Mutex
	err   error           // the first write that failed
	dirs  map[string]bool // folders made and to sync at Close
	lost  []string        // files handed over but not written: failed, or dropped after a failure
}

// batchFile is one file for a worker to write.
type batchFile struct {
	path string
	data []byte
}

// fileOps are the steps of a durable write that cost disk waits, as
// fields so a test can count them.
type fileOps struct {
	syncFile func(*os.File) error
	syncDir  func(dir string)
}

// NewBatch starts a Batch's workers; Close stops them.
func NewBatch() *Batch { return newBatch(fileOps{syncFile: (*os.File).Sync, syncDir: syncDir}) }

func newBatch(ops fileOps) *Batch {
	b := &Batch{ops: ops, files: make(chan batchFile, 2*batchWorkers), dirs: map[string]bool{}}
	for range batchWorkers {
		b.done.Add(1)
		go b.work()
	}
	return b
}

// Write encodes v canonically and, unless the file at path already holds
// those bytes, hands it to a worker to replace. It reports whether the
// file changes. An error is this file's encoding or folder, or an earlier
// file's failed write (Close reports it too). Write and Close are called
// from one goroutine.
func (b *Batch) Write(path string, v any) (bool, error) {
	data, err := Encode(v)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return b.WriteBytes(path, data)
}

// WriteBytes is Write of bytes already encoded canonically (Encode); the
// Batch keeps data until Close, so the caller must not change it.
func (b *Batch) WriteBytes(path string, data []byte) (bool, error) {
	c, err := b.Replace(path, data)
	return c != Unchanged, err
}

// Replace is WriteBytes, telling a file that differed only in its line
// endings (LineEndings) from one whose content changed.
func (b *Batch) Replace(path string, data []byte) (Change, error) {
	if err := b.failed(); err != nil {
		return Unchanged, err
	}
	old, err := readRegular(path) // a link in the file's place is replaced, as Rewrite does
	c := changeOf(old, data, err == nil)
	if c == Unchanged {
		return c, nil
	}
	dir := filepath.Dir(path)
	if !b.dirs[dir] {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return Unchanged, fmt.Errorf("create %s: %w", dir, err)
		}
		b.dirs[dir] = true
	}
	b.files <- batchFile{path: path, data: data}
	return c, nil
}

// Close waits for every file handed over to be written, then syncs each
// folder written to once, so the renames are on disk before Close returns.
// It reports the first write that failed.
func (b *Batch) Close() error {
	close(b.files)
	b.done.Wait()
	dirs := make([]string, 0, len(b.dirs))
	for d := range b.dirs {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	for _, d := range dirs {
		b.ops.syncDir(d)
	}
	return b.failed()
}

func (b *Batch) work() {
	defer b.done.Done()
	for f := range b.files {
		err := b.failed()
		if err == nil {
			err = replaceFile(f.path, f.data, b.ops.syncFile)
		} // else drain: the run stops at the first failure
		if err != nil {
			b.mu.Lock()
			if b.err == nil {
				b.err = err
			}
			b.lost = append(b.lost, f.path)
			b.mu.Unlock()
		}
	}
}

// Unwritten is, after Close, the files Write said change but that were
// not written (a write failed, and those handed over after it were
// dropped), sorted: each still holds its old bytes.
func (b *Batch) Unwritten() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Sorted(slices.Values(b.lost))
}

func (b *Batch) failed() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// replaceFile writes data to a temp file in path's folder (which exists),
// syncs it and renames it over path: the rename never exposes a part.
func replaceFile(path string, data []byte, sync func(*os.File) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), tempMark+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = sync(tmp); err != nil {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("replace %s: %w", path, err)
	}
	return nil
}

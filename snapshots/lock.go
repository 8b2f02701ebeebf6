package snapshots

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// LockName is the file fetch holds in the snapshot folder while it runs,
// so two fetches of one folder (a cron job and a hand run) do not both
// ask every service, doubling the request rate the pacing promises. It
// is not a snapshot file: check and prune leave it alone (isOwnFile).
const LockName = ".about-fetch.lock"

// LockHolder is what the lock file says about the fetch that holds it.
type LockHolder struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Started time.Time `json:"started"`
}

func (h LockHolder) String() string {
	return fmt.Sprintf("pid %d on %s, started %s", h.PID, h.Host, h.Started.Format(time.RFC3339))
}

// HeldError is a lock another fetch holds (or one this host cannot tell
// is stale: a fetch on another machine sharing the folder).
type HeldError struct {
	Path   string
	Holder LockHolder // zero when the file could not be read
}

func (e *HeldError) Error() string {
	if e.Holder.PID == 0 {
		return fmt.Sprintf("another about fetch is writing this snapshot folder (%s exists but cannot be read)", e.Path)
	}
	return fmt.Sprintf("another about fetch is writing this snapshot folder: %s (%s)", e.Holder, e.Path)
}

// Lock is a held snapshot-folder lock.
type Lock struct {
	path    string
	holder  LockHolder
	created string // the folder, when TakeLock created it: removed again if the run left it empty
}

func (h LockHolder) same(o LockHolder) bool {
	return h.PID == o.PID && h.Host == o.Host && h.Started.Equal(o.Started)
}

// TakeLock creates the snapshot folder if needed and takes its lock
// before the run's first request. Creating the lock file is also the
// writability check: a folder that is a file, read-only or on a full disk
// fails here, not after an hour of fetching. A lock left by a fetch that
// is gone (its pid is not alive on this host: a SIGKILL, a crash) is
// broken and returned as stale, for the caller to say so.
func TakeLock(dir string, now time.Time) (lock *Lock, stale *LockHolder, err error) {
	created := ""
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		created = dir
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("snapshot folder %s cannot be created: %w", dir, err)
	}
	host, _ := os.Hostname()
	me := LockHolder{PID: os.Getpid(), Host: host, Started: now.UTC().Truncate(time.Second)}
	path := filepath.Join(dir, LockName)
	for attempt := 0; ; attempt++ {
		err := createLock(path, me)
		if err == nil {
			return &Lock{path: path, holder: me, created: created}, stale, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			if created != "" {
				os.Remove(created)
			}
			return nil, nil, fmt.Errorf("snapshot folder %s is not writable: %w", dir, err)
		}
		held := readHolder(path)
		if attempt > 0 || held.PID == 0 || held.Host != host || processAlive(held.PID) {
			return nil, nil, &HeldError{Path: path, Holder: held}
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("break stale lock %s: %w", path, err)
		}
		stale = &held
	}
}

// createLock writes the lock file only if none exists (O_EXCL), so of two
// fetches starting together exactly one wins.
func createLock(path string, me LockHolder) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	data, _ := json.Marshal(me)
	_, werr := f.Write(append(data, '\n'))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(path)
		return werr
	}
	return nil
}

// readHolder reads a lock file; a zero holder when it cannot (being
// written this instant, or not ours), which is never taken as stale.
func readHolder(path string) LockHolder {
	var h LockHolder
	data, err := os.ReadFile(path)
	if err == nil {
		_ = json.Unmarshal(data, &h)
	}
	return h
}

// Release removes the lock file, if it is still this run's, and the
// folder TakeLock created if the run wrote nothing into it.
func (l *Lock) Release() error {
	if l == nil || !readHolder(l.path).same(l.holder) {
		return nil // broken by someone else; not ours to remove
	}
	if err := os.Remove(l.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if l.created != "" {
		_ = os.Remove(l.created) // fails, as it should, unless empty
	}
	return nil
}

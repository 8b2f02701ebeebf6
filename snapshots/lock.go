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
// is not a snapshot file: check and prune leave it alone (IsOwnFile).
const LockName = ".about-fetch.lock"

// LockHolder is what the lock file says about the fetch that holds it.
// Times keep their nanoseconds (RFC 3339 with a fraction): cut to whole
// seconds, a process restarted within the second looked like its
// predecessor.
type LockHolder struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Started time.Time `json:"started"` // when the fetch took the lock
	// ProcessStarted is when the holder's process began. With PID it
	// names one process: a later process given the same pid (every run
	// of a container may be pid 1) records a different start.
	ProcessStarted time.Time `json:"process_started"`
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
	created []string // the folders TakeLock created, innermost first: removed again if the run left them empty
}

func (h LockHolder) same(o LockHolder) bool {
	return h.PID == o.PID && h.Host == o.Host && h.Started.Equal(o.Started) && h.ProcessStarted.Equal(o.ProcessStarted)
}

// TakeLock creates the snapshot folder if needed and takes its lock
// before the run's first request. Creating the lock file is also the
// writability check: a folder that is a file, read-only or on a full disk
// fails here, not after an hour of fetching. A lock left by a fetch that
// is gone (its pid is not alive on this host: a SIGKILL, a crash) is
// broken and returned as stale, for the caller to say so.
//
// processStarted is when this process began, recorded once (main does)
// and passed unchanged to every call: it tells a lock this process holds
// from one an earlier process with the same pid left (see isStale).
//
// A folder a newer about wrote is refused here too, with a *SchemaError,
// before anything is asked: this fetch would drop what it does not know.
// So is a folder that is not about's, or has a linked works/, counts/ or
// orcid/ (a *ForeignError, see Adoptable): fetch would prune there.
func TakeLock(dir string, processStarted time.Time) (lock *Lock, stale *LockHolder, err error) {
	d := Dir{Root: dir}
	if err := d.Adoptable(); err != nil {
		return nil, nil, err
	}
	if err := d.Writable(); err != nil {
		return nil, nil, err
	}
	created := missingFolders(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("snapshot folder %s cannot be created: %w", dir, err)
	}
	host, _ := os.Hostname()
	me := LockHolder{PID: os.Getpid(), Host: host, Started: time.Now().UTC().Round(0), ProcessStarted: processStarted.UTC().Round(0)}
	path := filepath.Join(dir, LockName)
	for attempt := 0; ; attempt++ {
		err := createLock(path, me)
		if err == nil {
			return &Lock{path: path, holder: me, created: created}, stale, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			removeEmpty(created)
			return nil, nil, fmt.Errorf("snapshot folder %s is not writable: %w", dir, err)
		}
		held := readHolder(path)
		if attempt > 0 || !isStale(held, host, me.ProcessStarted) {
			return nil, nil, &HeldError{Path: path, Holder: held}
		}
		if err := breakStale(path, held); err != nil {
			return nil, nil, err
		}
		stale = &held
	}
}

// isStale reports whether held, read from a lock file, names a fetch on
// this host that is gone. A lock with this process's own pid is stale
// when it names another process start, even though that pid is alive: in
// a container every run may be pid 1 with one host name, and after a
// SIGKILL the next run would otherwise find "itself" holding the lock
// forever. The starts are compared for equality, not order, so neither a
// wall clock stepped back nor two starts within one second can make this
// process's own lock look stale, or a predecessor's look live.
func isStale(held LockHolder, host string, processStarted time.Time) bool {
	switch {
	case held.PID == 0 || held.Host != host:
		return false // unreadable, or another machine's pid: cannot tell
	case held.PID == os.Getpid():
		return !held.ProcessStarted.Equal(processStarted)
	}
	return !processAlive(held.PID)
}

// breakStale removes the stale lock held. Reading and then removing is
// not enough: two fetches that both read the stale holder would each
// remove the lock file, the second removing the fresh lock the first just
// took, and both would run. Renaming it aside is atomic, so each file at
// the path is moved by one fetch only; that fetch re-reads what it moved,
// and when that is not the stale holder (another fetch broke it and took
// the lock in between) links it back, never over a lock created since,
// and reports that fetch as the holder.
//
// What it does not guarantee: while a fresh lock is aside, the path is
// empty. A third fetch starting in that instant takes the lock; the link
// back then fails and the moved lock is dropped, so its fetch and the
// third both run. And the fetch whose lock is aside, ending in that
// instant, finds no file to release; the lock linked back is then stale,
// broken with a warning by the next fetch. Both need fetches of one
// folder starting together over a stale lock; an flock on the file would
// close them, at the cost of a different mechanism per platform.
func breakStale(path string, held LockHolder) error {
	aside := fmt.Sprintf("%s.stale-%d", path, os.Getpid())
	if err := os.Rename(path, aside); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // another fetch moved it first; the retry's create decides
		}
		return fmt.Errorf("break stale lock %s: %w", path, err)
	}
	moved := readHolder(aside)
	if moved.same(held) {
		_ = os.Remove(aside)
		return nil
	}
	// A link puts it back without replacing a lock created meanwhile; a
	// rename is the fallback on file systems without hard links.
	if err := os.Link(aside, path); err == nil || errors.Is(err, fs.ErrExist) {
		_ = os.Remove(aside)
	} else {
		_ = os.Rename(aside, path)
	}
	return &HeldError{Path: path, Holder: moved}
}

// missingFolders lists dir and each parent of it that does not exist yet,
// innermost first: the folders MkdirAll is about to create.
func missingFolders(dir string) []string {
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
			return missing
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			return missing
		}
	}
}

// removeEmpty removes the folders, innermost first; a folder the run
// wrote into is not empty and stays, and so then do its parents.
func removeEmpty(folders []string) {
	for _, d := range folders {
		if os.Remove(d) != nil {
			return
		}
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
// folders TakeLock created if the run wrote nothing into them.
func (l *Lock) Release() error {
	if l == nil || !readHolder(l.path).same(l.holder) {
		return nil // broken by someone else; not ours to remove
	}
	if err := os.Remove(l.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	removeEmpty(l.created)
	return nil
}

// ProcessAlive reports whether pid is a running process on this host, as
// the lock decides a lock is stale: render uses it to tell the temporary
// files of a render that was killed from those of one still running.
func ProcessAlive(pid int) bool { return processAlive(pid) }

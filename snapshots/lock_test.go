package snapshots

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestLockIsExclusiveAndNamesItsHolder(t *testing.T) {
	processStart := time.Now()                     // main records it once per process
	dir := filepath.Join(t.TempDir(), "snapshots") // not there yet: TakeLock creates it
	lock, stale, err := TakeLock(dir, processStart)
	if err != nil || stale != nil {
		t.Fatalf("TakeLock = %v, stale %v", err, stale)
	}
	taken := readHolder(filepath.Join(dir, LockName)).Started
	_, _, err = TakeLock(dir, processStart)
	var held *HeldError
	if !errors.As(err, &held) {
		t.Fatalf("second TakeLock = %v, want *HeldError", err)
	}
	host, _ := os.Hostname()
	for _, want := range []string{"pid " + strconv.Itoa(os.Getpid()), host, taken.Format(time.RFC3339), LockName} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not name %q", err, want)
		}
	}
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the folder TakeLock created and nothing filled is still there (%v)", err)
	}
}

func TestLockOfAGoneFetchIsBroken(t *testing.T) {
	processStart := time.Now() // main records it once per process
	dir := t.TempDir()
	gone := exec.Command(os.Args[0], "-test.run=^$") // a process that has ended: its pid is not alive
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	write := func(h LockHolder) {
		if err := createLock(filepath.Join(dir, LockName), h); err != nil {
			t.Fatal(err)
		}
	}
	write(LockHolder{PID: gone.Process.Pid, Host: host, Started: time.Unix(0, 0).UTC()})
	lock, stale, err := TakeLock(dir, processStart)
	if err != nil || stale == nil || stale.PID != gone.Process.Pid {
		t.Fatalf("TakeLock over a gone fetch's lock = %v, stale %v; want it broken and named", err, stale)
	}
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, LockName)); !os.IsNotExist(err) {
		t.Errorf("Release left the lock file (%v)", err)
	}
	// On another host this one cannot tell whether the pid is alive.
	write(LockHolder{PID: gone.Process.Pid, Host: host + "-elsewhere", Started: time.Unix(0, 0).UTC()})
	var held *HeldError
	if _, _, err := TakeLock(dir, processStart); !errors.As(err, &held) {
		t.Errorf("a lock from another host: %v, want *HeldError", err)
	}
}

func TestUnwritableFolderFailsAtTheLock(t *testing.T) {
	processStart := time.Now() // main records it once per process
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{file, filepath.Join(file, "snapshots")} {
		if _, _, err := TakeLock(dir, processStart); err == nil || !strings.Contains(err.Error(), dir) {
			t.Errorf("TakeLock(%s) = %v, want an error naming it", dir, err)
		}
	}
	if os.Geteuid() == 0 {
		t.Log("running as root: a read-only folder is writable to root, so that case is not tried")
		return
	}
	ro := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	if _, _, err := TakeLock(ro, processStart); err == nil || !strings.Contains(err.Error(), "not writable") {
		t.Errorf("TakeLock(read-only) = %v", err)
	}
}

func TestLockOfThisPidFromBeforeThisProcessIsBroken(t *testing.T) {
	processStart := time.Now() // main records it once per process
	// A container's every run may be pid 1 on one host name: after a
	// SIGKILL the next run finds a lock naming its own, alive, pid.
	dir := t.TempDir()
	host, _ := os.Hostname()
	// The predecessor may have started within the same second: a restart
	// loop. Cut to seconds, its lock looked like this process's own.
	for _, before := range []time.Duration{time.Hour, 10 * time.Millisecond} {
		earlier := LockHolder{PID: os.Getpid(), Host: host, Started: processStart.Add(-before / 2).UTC(), ProcessStarted: processStart.Add(-before).UTC()}
		if err := createLock(filepath.Join(dir, LockName), earlier); err != nil {
			t.Fatal(err)
		}
		lock, stale, err := TakeLock(dir, processStart)
		if err != nil || stale == nil || !stale.same(earlier) {
			t.Fatalf("TakeLock over the lock of a process started %s earlier with this pid = %v, stale %v; want it broken", before, err, stale)
		}
		if err := lock.Release(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOwnLockIsLiveWhateverTheClock: whether a lock with this pid is this
// process's own must not depend on a clock. A caller whose clock reads
// before the process start (a replay clock, a wall clock stepped back)
// had its own live lock broken by its second TakeLock.
func TestOwnLockIsLiveWhateverTheClock(t *testing.T) {
	dir := t.TempDir()
	started := time.Now().Add(time.Hour) // the lock's own stamp is now before the process start
	lock, _, err := TakeLock(dir, started)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lock.Release() })
	var held *HeldError
	if _, _, err := TakeLock(dir, started); !errors.As(err, &held) {
		t.Fatalf("a second TakeLock in the same process = %v, want *HeldError: it broke this process's own lock", err)
	}
}

func TestBreakingAStaleLockNeverRemovesAFreshOne(t *testing.T) {
	// Fetches A and B both read the stale holder; A broke it and took the
	// lock. B's break must find A's lock, leave it in place and name A.
	dir := t.TempDir()
	path := filepath.Join(dir, LockName)
	host, _ := os.Hostname()
	stale := LockHolder{PID: 1 << 22, Host: host, Started: time.Unix(0, 0).UTC()}
	fresh := LockHolder{PID: os.Getpid(), Host: host, Started: time.Unix(3600, 0).UTC()}
	if err := createLock(path, fresh); err != nil {
		t.Fatal(err)
	}
	var held *HeldError
	if err := breakStale(path, stale); !errors.As(err, &held) || !held.Holder.same(fresh) {
		t.Fatalf("breakStale over a fresh lock = %v, want *HeldError naming %s", err, fresh)
	}
	if got := readHolder(path); !got.same(fresh) {
		t.Errorf("the fresh lock was replaced: the file now says %s", got)
	}
	// The stale one itself is removed, and nothing is left aside.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := createLock(path, stale); err != nil {
		t.Fatal(err)
	}
	if err := breakStale(path, stale); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("breaking a stale lock left %v", left)
	}
}

func TestLockRemovesEveryFolderItCreated(t *testing.T) {
	processStart := time.Now() // main records it once per process
	root := t.TempDir()
	dir := filepath.Join(root, "a", "b", "snapshots")
	lock, _, err := TakeLock(dir, processStart)
	if err != nil {
		t.Fatal(err)
	}
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(root); len(left) != 0 {
		t.Errorf("an empty run left %v in %s", left, root)
	}
	// A folder the run wrote into stays, and so do its parents.
	lock, _, err = TakeLock(dir, processStart)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "a", "b", "kept"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "a", "b", "kept")); err != nil {
		t.Errorf("a folder holding a file was removed: %v", err)
	}
}

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
	dir := filepath.Join(t.TempDir(), "snapshots") // not there yet: TakeLock creates it
	start := time.Date(2026, 12, 1, 5, 0, 0, 0, time.UTC)
	lock, stale, err := TakeLock(dir, start)
	if err != nil || stale != nil {
		t.Fatalf("TakeLock = %v, stale %v", err, stale)
	}
	_, _, err = TakeLock(dir, start.Add(time.Minute))
	var held *HeldError
	if !errors.As(err, &held) {
		t.Fatalf("second TakeLock = %v, want *HeldError", err)
	}
	host, _ := os.Hostname()
	for _, want := range []string{"pid " + strconv.Itoa(os.Getpid()), host, "2026-12-01T05:00:00Z", LockName} {
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
	lock, stale, err := TakeLock(dir, time.Now())
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
	if _, _, err := TakeLock(dir, time.Now()); !errors.As(err, &held) {
		t.Errorf("a lock from another host: %v, want *HeldError", err)
	}
}

func TestUnwritableFolderFailsAtTheLock(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{file, filepath.Join(file, "snapshots")} {
		if _, _, err := TakeLock(dir, time.Now()); err == nil || !strings.Contains(err.Error(), dir) {
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
	if _, _, err := TakeLock(ro, time.Now()); err == nil || !strings.Contains(err.Error(), "not writable") {
		t.Errorf("TakeLock(read-only) = %v", err)
	}
}

package main

import (
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

// TestSecondFetchOfAFolderIsRefusedAndTheLockGoesOnCtrlC runs the real
// binary twice on one folder: while the first holds a request, the second
// exits 3 naming the first's pid, asking nothing; SIGINT then ends the
// first and takes its lock file with it.
func TestSecondFetchOfAFolderIsRefusedAndTheLockGoesOnCtrlC(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows cannot send SIGINT to another process")
	}
	bin := aboutBinary(t)
	arrived := make(chan string, 8)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- r.Host + r.URL.Path
		<-r.Context().Done() // hold every request until the client gives up
	})
	net := newFakeInternet(t, handler)
	dir := t.TempDir()
	manifest := filepath.Join(dir, "manifest.toml")
	writeFile(t, manifest, "mailto = \"ada@example.org\"\nproviders = [\"crossref\"]\n[[identity]]\ndoi = \"10.7554/eLife.01567\"\n")
	lockPath := filepath.Join(dir, "snapshots", snapshots.LockName)

	first, firstOut := net.fetchCmd(bin, manifest)
	startProcess(t, first)
	within(t, arrived, "the first fetch's request")
	held, err := os.ReadFile(lockPath)
	if err != nil || !strings.Contains(string(held), `"pid":`+strconv.Itoa(first.Process.Pid)) {
		t.Fatalf("lock file while the first fetch runs: %q, %v", held, err)
	}

	second, secondOut := net.fetchCmd(bin, manifest)
	if code := exitCode(t, second.Run()); code != exitIO {
		t.Errorf("second fetch: exit %d, want %d:\n%s", code, exitIO, secondOut)
	}
	if msg := secondOut.String(); !strings.Contains(msg, "another about fetch is writing this snapshot folder: pid "+strconv.Itoa(first.Process.Pid)) || !strings.Contains(msg, snapshots.LockName) {
		t.Errorf("the second fetch does not name the holder and the lock file:\n%s", msg)
	}
	select {
	case req := <-arrived:
		t.Errorf("the refused fetch asked %s", req)
	default:
	}

	if err := first.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := exitCode(t, first.Wait()); code != exitInterrupted {
		t.Errorf("first fetch: exit %d after SIGINT, want %d:\n%s", code, exitInterrupted, firstOut)
	}
	if _, err := os.Stat(lockPath); !os.IsNotExist(err) {
		t.Errorf("the lock file outlived the interrupted fetch (%v)", err)
	}
}

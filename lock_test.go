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
	bin := buildAbout(t)
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

// An unwritable snapshot folder is found before the first request, not
// after a whole fetch whose summary said "complete": exit 3, nothing
// asked, no progress.
func TestUnwritableSnapshotFolderFailsBeforeTheFirstRequest(t *testing.T) {
	path := writeManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	file := filepath.Join(t.TempDir(), "a-file")
	writeFile(t, file, "")
	for _, snaps := range []string{file, filepath.Join(file, "snapshots")} {
		code, stderr := runCLIEnv(t, nil, "fetch", "--replay", exampleReplay, "--snapshots", snaps, path)
		if code != exitIO || !strings.Contains(stderr, snaps) {
			t.Errorf("--snapshots %s: exit %d, want %d naming it:\n%s", snaps, code, exitIO, stderr)
		}
		if strings.Contains(stderr, "jobs") || strings.Contains(stderr, "provider") {
			t.Errorf("--snapshots %s: the fetch ran before the folder was found unwritable:\n%s", snaps, stderr)
		}
	}
}

// A fetch refused before its first request (a bad --report path, a
// snapshot folder it cannot lock) leaves no empty --record folder: the
// recording is made after every such check, so nothing returns between
// making it and reading its errors.
func TestARefusedFetchMakesNoRecording(t *testing.T) {
	path := writeManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	tmp := t.TempDir()
	file := filepath.Join(tmp, "a-file")
	writeFile(t, file, "")
	cases := []struct {
		why  string
		args []string
		code int
	}{
		{"a --report in a missing folder", []string{"--report", filepath.Join(tmp, "missing", "run.json")}, exitUsage},
		{"a snapshot folder that is a file", []string{"--snapshots", file}, exitIO},
	}
	for _, c := range cases {
		rec := filepath.Join(tmp, "recorded")
		args := append(append([]string{"fetch", "--record", rec}, c.args...), path)
		code, stderr := runCLIEnv(t, nil, args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d:\n%s", c.why, code, c.code, stderr)
		}
		if _, err := os.Stat(rec); !os.IsNotExist(err) {
			t.Errorf("%s: the refused fetch made the --record folder (%v)", c.why, err)
		}
	}
}

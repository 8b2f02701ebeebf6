package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aboutscholar/about/snapshots"
)

// TestSecondSignalStopsAtOnce: SIGINT as the binary starts on the
// answers of a 600-work record, then SIGTERM, ends the process with
// 130 in a small part of the time the complete run's tail takes (the old
// binary went on preparing and writing every work, SIGTERM ignored), with
// the lock released, every file whole, and the story saying what was
// written.
func TestSecondSignalStopsAtOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows cannot send SIGINT or SIGTERM to another process")
	}
	const works = 600
	bin := aboutBinary(t)
	rec := newVersionedRecord(works)
	net := newFakeInternet(t, rec)
	dir := t.TempDir()
	manifest := filepath.Join(dir, "manifest.toml")
	writeFile(t, manifest, "providers = [\"orcid\"]\n[[identity]]\norcid = \"0000-0002-9341-7985\"\n")
	snaps := filepath.Join(dir, "snapshots")

	cmd, out := net.fetchCmd(bin, manifest)
	startProcess(t, cmd)
	at := within(t, rec.served, "the ORCID request")
	if code := exitCode(t, cmd.Wait()); code != 0 {
		t.Fatalf("complete run exited %d:\n%s", code, out)
	}
	tail := time.Since(at)

	rec.set(1)
	cmd, out = net.fetchCmd(bin, manifest)
	startProcess(t, cmd)
	within(t, rec.served, "the ORCID request")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	signalled := time.Now()
	code := exitCode(t, cmd.Wait())
	settled := time.Since(signalled)
	t.Logf("the complete run's tail took %v; after SIGINT and SIGTERM the process ended in %v", tail, settled)
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d:\n%s", code, exitInterrupted, out)
	}
	if settled > tail/2 {
		t.Errorf("ended %v after the signals; the whole tail takes %v", settled, tail)
	}
	if _, err := os.Stat(filepath.Join(snaps, snapshots.LockName)); !os.IsNotExist(err) {
		t.Errorf("the lock outlived the interrupted fetch (%v)", err)
	}
	if leftovers, _ := folderVersions(t, snaps, 1); leftovers > 0 {
		t.Errorf("%d leftovers of interrupted writes", leftovers)
	}
	if s := out.String(); !strings.Contains(s, "nothing was written, the snapshot folder is as it was") && !strings.Contains(s, "while writing:") {
		t.Errorf("the story does not say what was written:\n%s", s)
	}
}

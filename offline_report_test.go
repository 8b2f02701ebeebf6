package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// TestOfflineFetchWritesItsReport: with no network (every request goes
// to a proxy on a local port nothing listens on, so no request leaves the
// machine), fetch ends with its one line and exit 1 (every job failed:
// the contract's code for a short run), and
// --report still writes the run's report, which says why each host was
// stopped; the snapshot folder is not made.
func TestOfflineFetchWritesItsReport(t *testing.T) {
	bin := aboutBinary(t)
	manifestPath, _ := exampleCopy(t)
	dir := filepath.Dir(manifestPath)
	report := filepath.Join(dir, "run.json")
	snaps := filepath.Join(dir, "fresh")
	cmd := exec.Command(bin, "fetch", "--snapshots", snaps, "--report", report, manifestPath)
	cmd.Env = []string{"HTTPS_PROXY=http://" + closedPort(t), "HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if code := exitCode(t, err); code != exitShort {
		t.Fatalf("exit %d, want 1:\n%s", code, out)
	}
	if !strings.Contains(string(out), "about: error: cannot reach the proxy") || strings.Contains(string(out), "provider  found") {
		t.Errorf("want the one error line and no story table:\n%s", out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("--report was not written: %v\n%s", err, out)
	}
	if reason := gjson.GetBytes(data, "hosts.0.stop_reason").String(); !strings.Contains(reason, "cannot reach it") {
		t.Errorf("the report's first host stop reason %q does not say it could not be reached:\n%s", reason, data)
	}
	if _, err := os.Stat(snaps); err == nil {
		t.Error("the offline run made the snapshot folder")
	}
}

// closedPort is a loopback address nothing listens on: a port the kernel
// handed out and that was closed again, so a connection to it is refused
// (a fixed port such as 9 may have a listener on some machine).
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// TestOfflineFetchWritesItsReport: with no network (a proxy that refuses,
// as 127.0.0.1:9 does), fetch ends with its one line and exit 3, and
// --report still writes the run's report, which says why each host was
// stopped; the snapshot folder is not made.
func TestOfflineFetchWritesItsReport(t *testing.T) {
	bin := buildAbout(t)
	manifestPath, _ := exampleCopy(t)
	dir := filepath.Dir(manifestPath)
	report := filepath.Join(dir, "run.json")
	snaps := filepath.Join(dir, "fresh")
	cmd := exec.Command(bin, "fetch", "--snapshots", snaps, "--report", report, manifestPath)
	cmd.Env = []string{"HTTPS_PROXY=http://127.0.0.1:9", "HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if code := exitCode(t, err); code != 3 {
		t.Fatalf("exit %d, want 3:\n%s", code, out)
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

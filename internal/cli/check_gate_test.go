package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckShortIsNeverCurrent: a check whose own fetch came back short
// (one recorded answer gone) changes nothing in what did answer, and must
// not say on stdout that a fetch now would write exactly the committed
// files; its exit is 1, as the summary's "comparison incomplete" says.
func TestCheckShortIsNeverCurrent(t *testing.T) {
	m, _ := exampleCopy(t)
	replay := filepath.Join(t.TempDir(), "replay")
	if err := os.CopyFS(replay, os.DirFS(exampleReplay)); err != nil {
		t.Fatal(err)
	}
	// the Crossref list answer: no single record stands in for it
	gone, err := filepath.Glob(filepath.Join(replay, "api.crossref.org", "works-filter-doi-*.json"))
	if err != nil || len(gone) != 1 {
		t.Fatalf("the recorded Crossref list: %v %v", gone, err)
	}
	if err := os.Remove(gone[0]); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "check", "--quiet", "--replay", replay, m)
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if strings.Contains(stdout, "snapshots are current") || !strings.Contains(stdout, "snapshots not shown current") {
		t.Errorf("stdout claims what the short fetch cannot show:\n%s", stdout)
	}
	if !strings.Contains(stderr, "comparison is incomplete") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestCheckOfflineWritesItsReport: check --offline --report writes the
// report a CI job keeps, with check's verdict and each problem as printed.
func TestCheckOfflineWritesItsReport(t *testing.T) {
	m, snaps := exampleCopy(t)
	path := filepath.Join(t.TempDir(), "check.json")
	if code, stdout, stderr := runCLI(t, "check", "--offline", "--report", path, m); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if r := readCheckReport(t, path); !r.Check.Passed || len(r.Check.Problems) != 0 || r.Snapshots.Works != 13 || r.Schema != "about.run-report/1" {
		t.Errorf("report of a good folder: %+v", r)
	}

	links := filepath.Join(snaps, "links.json")
	const hidden = `"shown_as": {
    "doi:10.7554/elife.01567": "doi:10.5281/zenodo.48440"
  }`
	data, _ := os.ReadFile(links)
	if err := os.WriteFile(links, []byte(strings.Replace(string(data), `"shown_as": {}`, hidden, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCLI(t, "check", "--offline", "--report", path, m)
	if code != 1 || !strings.Contains(stdout, links+": shown_as shows doi:10.7554/elife.01567 under doi:10.5281/zenodo.48440's entry") {
		t.Fatalf("exit %d, stdout:\n%s", code, stdout)
	}
	r := readCheckReport(t, path)
	if r.Check.Passed || len(r.Check.Problems) != 1 || r.Check.Problems[0] != strings.TrimSpace(stdout) {
		t.Errorf("report of a hand-edited links.json: %+v\nstdout:\n%s", r.Check, stdout)
	}
}

// TestCheckReportCarriesTheVerdict: check's online --report is the run's
// report with check's verdict beside it.
func TestCheckReportCarriesTheVerdict(t *testing.T) {
	m, _ := exampleCopy(t)
	path := filepath.Join(t.TempDir(), "check.json")
	if code, stdout, stderr := runCLI(t, "check", "--quiet", "--replay", exampleReplay, "--report", path, m); code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if r := readCheckReport(t, path); !r.Check.Passed || r.Check.Offline || r.Outcome != "complete" || len(r.Providers) == 0 {
		t.Errorf("report: %+v", r)
	}
}

type checkReportFile struct {
	Schema    string            `json:"schema"`
	Outcome   string            `json:"outcome"`
	Providers []json.RawMessage `json:"providers"`
	Snapshots struct {
		Works int `json:"works"`
	} `json:"snapshots"`
	Check struct {
		Offline  bool     `json:"offline"`
		Passed   bool     `json:"passed"`
		Problems []string `json:"problems"`
	} `json:"check"`
}

func readCheckReport(t *testing.T, path string) checkReportFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no report: %v", err)
	}
	var r checkReportFile
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

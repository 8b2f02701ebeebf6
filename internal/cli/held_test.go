package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/report"
)

// The example's ORCID record answering /works with 200 and no group
// (#30): fetch removed its 8 works and their files, exit 0, "complete".

const emptiedORCID = "orcid:0000-0002-9341-7985"

// emptiedReplay is the example's recorded answers with the record's works
// summary answering 200 and an empty group list, as pub.orcid.org would.
func emptiedReplay(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "replay")
	if err := os.CopyFS(dir, os.DirFS(exampleReplay)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "pub.orcid.org", "v3.0-0000-0002-9341-7985-works-98292062.json")
	var exchange map[string]any
	if err := json.Unmarshal([]byte(readFileT(t, path)), &exchange); err != nil {
		t.Fatal(err)
	}
	exchange["body"] = `{"last-modified-date":null,"group":[],"path":"/0000-0002-9341-7985/works"}`
	data, err := json.Marshal(exchange)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, string(data))
	return dir
}

func readFileT(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func readRunReport(t *testing.T, path string) report.RunReport {
	t.Helper()
	var rr report.RunReport
	if err := json.Unmarshal([]byte(readFileT(t, path)), &rr); err != nil {
		t.Fatal(err)
	}
	return rr
}

// TestEmptiedRecordIsHeldUntilAccepted: the emptied answer keeps every
// file, tells the record, the count and the flag that accepts it, and
// exits 1 (with --quiet too, and --report says "incomplete" with the
// record under removals_held); check does not call the folder current;
// --accept-removals then removes the 8 works, exit 0.
func TestEmptiedRecordIsHeldUntilAccepted(t *testing.T) {
	manifestPath, snaps := exampleCopy(t)
	replay := emptiedReplay(t)
	before := treeHash(t, snaps)
	runJSON := filepath.Join(t.TempDir(), "run.json")

	for _, quiet := range []bool{false, true} {
		args := []string{"fetch", "--replay", replay, "--report", runJSON, manifestPath}
		if quiet {
			args = append([]string{"fetch", "--quiet"}, args[1:]...)
		}
		code, _, stderr := runCLI(t, args...)
		if code != exitShort {
			t.Errorf("%v: exit %d, want 1\n%s", args, code, stderr)
		}
		for _, want := range []string{
			"removals held back: an ORCID record that drops all or most of its works at once is likelier a faulty answer than an edit\n  " +
				emptiedORCID + " lists no works now, where its last snapshot listed 8: kept all 8 and their files\n",
			"about: hint: if those works really left " + emptiedORCID + ", accept their removal with: about fetch --accept-removals " + manifestPath,
			"incomplete: every job answered, but the removal of 8 works was held back (see above)\n",
		} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: the story lacks %q:\n%s", args, want, stderr)
			}
		}
		if treeHash(t, snaps) != before {
			t.Fatalf("%v: the snapshot folder changed", args)
		}
		rr := readRunReport(t, runJSON)
		if rr.Outcome != "incomplete" || len(rr.Snapshots.RemovalsHeld) != 1 || len(rr.Snapshots.Removed) != 0 {
			t.Fatalf("%v: outcome %q, removals_held %+v, removed %v; want incomplete, the record held, nothing removed", args, rr.Outcome, rr.Snapshots.RemovalsHeld, rr.Snapshots.Removed)
		}
		if h := rr.Snapshots.RemovalsHeld[0]; h.Record != emptiedORCID || h.Had != 8 || h.Lists != 0 || len(h.Works) != 8 {
			t.Errorf("%v: removals_held %+v, want %s: had 8, lists 0, its 8 works", args, h, emptiedORCID)
		}
	}

	code, stdout, stderr := runCLI(t, "check", "--replay", replay, manifestPath)
	if code != exitShort || !strings.Contains(stderr, emptiedORCID+" dropped all or most of its works at once; fetch keeps them until told to remove them") {
		t.Errorf("check: exit %d, want 1 naming the record\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	// The summary's hint gives the command, its manifest quoted for a
	// shell; check's own hint points there rather than give it again.
	if n := strings.Count(stderr, "about fetch --accept-removals"); n != 1 {
		t.Errorf("check gives the command to accept the removal %d times, want once (the summary's hint):\n%s", n, stderr)
	}
	if want := errCurrentButFailing + "\n"; !strings.HasSuffix(stdout, want) {
		t.Errorf("check's verdict does not end %q (docs/troubleshooting.md):\n%s", want, stdout)
	}

	// --only orcid: the recording holds the other services' batched
	// requests for the works the first run asked, which 8 fewer change.
	code, _, stderr = runCLI(t, "fetch", "--accept-removals", "--only", "orcid", "--replay", replay, "--report", runJSON, manifestPath)
	if code != exitOK {
		t.Fatalf("--accept-removals: exit %d, want 0\n%s", code, stderr)
	}
	rr := readRunReport(t, runJSON)
	if rr.Outcome != "complete" || len(rr.Snapshots.Removed) != 8 || len(rr.Snapshots.RemovalsHeld) != 0 || rr.Snapshots.RemovalsHeld == nil {
		t.Errorf("--accept-removals: outcome %q, removed %v, removals_held %v; want complete, the 8 works removed, an empty list", rr.Outcome, rr.Snapshots.Removed, rr.Snapshots.RemovalsHeld)
	}
	if strings.Contains(stderr, "held back") {
		t.Errorf("--accept-removals still tells of a hold:\n%s", stderr)
	}
}

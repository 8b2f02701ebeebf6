package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/snapshots"
)

// TestFailedWriteIsNotReportedWritten: a work file that cannot be replaced
// (here a folder stands where it goes) fails the run, and the report does
// not name it among the files written, though the works' files are
// handed to writers that run on after the first file is handed over.
func TestFailedWriteIsNotReportedWritten(t *testing.T) {
	s := newService(t, false)
	m := newManifest(t, twoWorks)
	opts := testOptions(m, nil, 4)
	opts.Registry = []service.Spec{simSpec("sim", 0)}
	opts.BaseURLs = map[string]string{"sim": s.srv.URL}
	first := runOK(t, opts)
	var blocked string
	for _, p := range first.Written {
		if filepath.Base(filepath.Dir(p)) == snapshots.WorksDir {
			blocked = p
			break
		}
	}
	if blocked == "" {
		t.Fatalf("the first run wrote no work file: %q", first.Written)
	}
	if err := os.Remove(blocked); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(blocked, "in-the-way"), 0o755); err != nil { // rename cannot replace a folder that holds something
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), opts)
	if err == nil || !strings.Contains(err.Error(), filepath.Base(blocked)) {
		t.Fatalf("run over a folder in a work file's place: err %v; want the failed write, naming the file", err)
	}
	if rep != nil && slices.Contains(rep.Written, blocked) {
		t.Errorf("the report names %s as written: %q", blocked, rep.Written)
	}
}

// TestAFirstFetchOntoAFullDiskCountsEachWorkOnce: a first fetch whose
// disk fails part-way through the works' files (here a folder stands
// where one goes, as a full disk fails a write) hands later files to the
// writers that are then dropped. Those works are not written, and the
// story counted them twice, as added and as not written: "13 added …
// -7 unchanged, 7 not written". A work is added only if its file is on
// disk, and no count is below zero.
func TestAFirstFetchOntoAFullDiskCountsEachWorkOnce(t *testing.T) {
	m, opts := simWorks(t, 40)
	blocked := snapshots.Dir{Root: m.Snapshots}.WorkPath(manifest.Identity{Kind: manifest.KindDOI, Value: "10.1234/w05"})
	if err := os.MkdirAll(filepath.Join(blocked, "in-the-way"), 0o755); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), opts)
	if err == nil || rep == nil || rep.WriteErr == nil {
		t.Fatalf("run over a folder in a work file's place: err %v; want a failed write", err)
	}
	for _, k := range rep.Unsaved {
		if slices.Contains(rep.WorksAdded, k) || slices.Contains(rep.WorksChanged, k) {
			t.Errorf("%s is counted as added or changed and as not written", k)
		}
	}
	var story strings.Builder
	rep.WriteSummary(&story)
	if regexp.MustCompile(`-\d+ unchanged`).MatchString(story.String()) {
		t.Errorf("a count below zero:\n%s", story.String())
	}
	if len(rep.WorksAdded)+len(rep.Unsaved) != 40 {
		t.Errorf("%d added and %d not written of 40 works:\n%s", len(rep.WorksAdded), len(rep.Unsaved), story.String())
	}
}

// TestAFailedIndexWriteLeavesEveryWorkSaved: every work's file is on
// disk when the index cannot be written (the writer has let the works'
// link forms go by then): the story names the index's failure and no
// work as not written.
func TestAFailedIndexWriteLeavesEveryWorkSaved(t *testing.T) {
	m, opts := simWorks(t, 12)
	full := errors.New("no space left on device")
	opts.WriteSnapshot = func(path string, v any) (bool, error) {
		if filepath.Base(path) == "index.json" {
			return false, full
		}
		c, err := snapshots.Rewrite(path, v)
		return c != snapshots.Unchanged, err
	}
	rep, err := Run(context.Background(), opts)
	if !errors.Is(err, full) || rep == nil || rep.WriteErr == nil {
		t.Fatalf("run whose index cannot be written: err %v; want the index's failure", err)
	}
	if len(rep.Unsaved) != 0 {
		t.Errorf("works told not written: %v; want none, every work's file is on disk", rep.Unsaved)
	}
	names, _ := filepath.Glob(filepath.Join(m.Snapshots, "works", "*.json"))
	if len(names) != 12 {
		t.Errorf("%d work files on disk, want 12", len(names))
	}
}

// simWorks is a manifest of n DOIs (10.1234/w00, …) and the options of a
// run that asks one simulated provider, which answers each.
func simWorks(t *testing.T, n int) (*manifest.Manifest, Options) {
	t.Helper()
	s := newService(t, false)
	var src strings.Builder
	for i := range n {
		fmt.Fprintf(&src, "[[identity]]\ndoi = \"10.1234/w%02d\"\n\n", i)
	}
	m := newManifest(t, src.String())
	opts := testOptions(m, nil, 4)
	opts.Registry = []service.Spec{simSpec("sim", 0)}
	opts.BaseURLs = map[string]string{"sim": s.srv.URL}
	return m, opts
}

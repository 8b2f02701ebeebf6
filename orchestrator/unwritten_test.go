package orchestrator

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
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
	opts.Registry = []providers.Spec{simSpec("sim", 0)}
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

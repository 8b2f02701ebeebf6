package orchestrator

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteTailIsToldItsStartAndEnd: Options.WriteTail is called once as
// the write tail begins (no work file written yet) and what it returns
// once as it ends (every file written), so main's tighter collector
// covers the tail and nothing else.
func TestWriteTailIsToldItsStartAndEnd(t *testing.T) {
	m := newManifest(t, recordedManifest)
	opts := testOptions(m, recordedNet(t), 4)
	var begun, ended int
	var filesAtStart, filesAtEnd int
	works := func() int {
		names, _ := filepath.Glob(filepath.Join(m.Snapshots, "works", "*.json"))
		return len(names)
	}
	opts.WriteTail = func() func() {
		begun++
		filesAtStart = works()
		return func() { ended++; filesAtEnd = works() }
	}
	rep := runOK(t, opts)
	if begun != 1 || ended != 1 {
		t.Fatalf("write tail begun %d times, ended %d; want once each", begun, ended)
	}
	if filesAtStart != 0 || filesAtEnd == 0 || filesAtEnd != len(rep.Works) {
		t.Errorf("work files: %d as the tail began, %d as it ended, of %d works; want none, then all", filesAtStart, filesAtEnd, len(rep.Works))
	}
	if _, err := os.Stat(filepath.Join(m.Snapshots, "index.json")); err != nil {
		t.Errorf("no index after the run: %v", err)
	}
}

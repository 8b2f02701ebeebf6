package snapshots

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// A fetch's prune, told: a work that left the manifest, a kept work
// whose counts file went, a stray no earlier index listed, a damaged file
// left as it is (kept), and an interrupted write's leftover (none of
// them).
func TestWriterPrunesWhatTheRunDidNotKeepAndSortsItOut(t *testing.T) {
	d := Dir{Root: t.TempDir()}
	kept, left, stray, damaged := manifest.Identity{Kind: manifest.KindDOI, Value: "10.1/kept"},
		manifest.Identity{Kind: manifest.KindDOI, Value: "10.1/left"},
		manifest.Identity{Kind: manifest.KindDOI, Value: "10.1/stray"},
		manifest.Identity{Kind: manifest.KindDOI, Value: "10.1/damaged"}
	for _, p := range []string{d.WorkPath(kept), d.CountsPath(kept), d.WorkPath(left), d.CountsPath(left), d.WorkPath(stray), d.WorkPath(damaged), filepath.Join(d.Root, WorksDir, ".tmp-1")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	earlier := Index{Works: []IndexWork{{ID: kept.Key(), File: FileName(kept)}, {ID: left.Key(), File: FileName(left)}, {ID: damaged.Key(), File: FileName(damaged)}}}
	if _, err := Write(d.IndexPath(), earlier); err != nil {
		t.Fatal(err)
	}
	w := NewWriter(d, nil, nil)
	if got := w.LeaveDamaged(damaged.Key(), Damaged{d.WorkPath(damaged): "not JSON"}); len(got) != 1 {
		t.Errorf("left damaged: %d warnings, want 1", len(got))
	}
	w.BeginWorks()
	if _, err := w.WriteWork(kept, []byte("{}\n"), nil, nil); err != nil { // no counts this time
		t.Fatal(err)
	}
	if _, err := w.EndWorks(); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteIndex(nil); err != nil {
		t.Fatal(err)
	}
	r, err := w.Prune()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{left.Key()}; !slices.Equal(r.Works, want) {
		t.Errorf("works removed %v, want %v", r.Works, want)
	}
	if want := []string{kept.Key()}; !slices.Equal(r.CountsGone, want) {
		t.Errorf("counts gone %v, want %v", r.CountsGone, want)
	}
	if want := []string{d.WorkPath(stray)}; !slices.Equal(r.Strays, want) {
		t.Errorf("strays %v, want %v", r.Strays, want)
	}
	if len(r.Paths) != 5 { // left's two, kept's counts, the stray, the leftover
		t.Errorf("removed %v, want 5 files", r.Paths)
	}
	if _, err := os.Stat(d.WorkPath(damaged)); err != nil {
		t.Errorf("the damaged file left as it is was pruned: %v", err)
	}
	told := w.Told()
	if !slices.Equal(told.Damaged, []string{d.WorkPath(damaged)}) || len(told.Warnings) != 0 {
		t.Errorf("damaged told %v, warnings %v: want the damaged file, and its warning returned, not told", told.Damaged, told.Warnings)
	}
	if !slices.Contains(told.Written, d.IndexPath()) {
		t.Errorf("written %v lacks the index", told.Written)
	}
}

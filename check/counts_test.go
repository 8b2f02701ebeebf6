package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// check --offline fails when every counts file is gone though works were
// found by services that count citations, and names them; with one gone
// and the others there, a missing file cannot be told from a work whose
// services gave no count (index.json does not say), so nothing is said.
func TestCheckOfflineNoticesCountsGone(t *testing.T) {
	m := remergeFolder(t, 3)
	problemOf := func() string {
		for _, p := range Offline(m, m.Snapshots).Problems {
			if p.Path == snapshots.CountsDir+"/" {
				return p.What
			}
		}
		return ""
	}
	if p := problemOf(); p != "" {
		t.Fatalf("as fetch writes it: %s", p)
	}
	d := snapshots.Dir{Root: m.Snapshots}
	one := d.CountsPath(manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/remerge.0001"})
	if err := os.Remove(one); err != nil {
		t.Fatal(err)
	}
	if p := problemOf(); p != "" {
		t.Errorf("one counts file gone, the others there: %s", p)
	}
	if err := os.RemoveAll(filepath.Join(m.Snapshots, snapshots.CountsDir)); err != nil {
		t.Fatal(err)
	}
	p := problemOf()
	for _, want := range []string{"3 works were found by crossref, openalex", "counts/doi_10.5555_2fremerge.0000.json", "counts/doi_10.5555_2fremerge.0002.json"} {
		if !strings.Contains(p, want) {
			t.Errorf("counts/ gone: %q does not say %q", p, want)
		}
	}
}

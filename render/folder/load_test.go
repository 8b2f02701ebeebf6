package folder

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

func TestLoadSaysWhenThereAreNoSnapshots(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, "nowhere"))
	var none *NoSnapshotsError
	if !errors.As(err, &none) || !none.NoFolder || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing folder: %v", err)
	}
	_, err = Load(dir)
	if !errors.As(err, &none) || none.NoFolder || !strings.Contains(err.Error(), "index.json is missing") {
		t.Fatalf("folder without index: %v", err)
	}
}

func TestLoadRefusesAnIndexThatListsAMissingWork(t *testing.T) {
	dir := t.TempDir()
	index := snapshots.Index{Works: []snapshots.IndexWork{{ID: "doi:10.5555/gone", File: "doi_10.5555_2fgone"}}}
	if _, err := snapshots.Write(filepath.Join(dir, snapshots.IndexFile), index); err != nil {
		t.Fatal(err)
	}
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), "doi:10.5555/gone") || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("got %v, want an error naming the missing work", err)
	}
}

// TestFundingElsewhereIsTheOtherServicesLists: the ACM paper of the
// example folder, whose merged funders are Crossref's two, keeps
// OpenAlex's six as the other list, and no work keeps its merged list twice.
func TestFundingElsewhereIsTheOtherServicesLists(t *testing.T) {
	f, err := Load("../../examples/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, w := range f.Works {
		for _, s := range w.FundingElsewhere {
			if s.Provider == w.FundingFrom {
				t.Errorf("%s: the merged list's provider %s is also elsewhere", w.ID, s.Provider)
			}
		}
		if w.ID != "doi:10.1145/3448016.3452841" {
			continue
		}
		seen++
		if w.FundingFrom != "crossref" || len(w.FundingElsewhere) != 1 || w.FundingElsewhere[0].Provider != "openalex" ||
			len(w.FundingElsewhere[0].Funding) != 6 {
			t.Errorf("the ACM paper's funding: from %q, elsewhere %+v; want crossref, and openalex's 6 funders", w.FundingFrom, w.FundingElsewhere)
		}
	}
	if seen != 1 {
		t.Errorf("the ACM paper is not in the example folder")
	}
}

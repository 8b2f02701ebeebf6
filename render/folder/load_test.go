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

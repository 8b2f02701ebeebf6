package snapshots_test

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// TestFetchMigratesASchemaZeroFolder holds the rule's first line with a
// real fetch (an external test, so snapshots itself never imports the
// orchestrator): the example folder as an about before versions left it
// (no "schema"), fetched again from its recording, becomes exactly the
// committed example folder, version line included.
func TestFetchMigratesASchemaZeroFolder(t *testing.T) {
	const example = "../examples/snapshots"
	dir := filepath.Join(t.TempDir(), "snapshots")
	if err := os.CopyFS(dir, os.DirFS(example)); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(dir, snapshots.IndexFile)
	data, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	old := bytes.Replace(data, []byte(fmt.Sprintf("  \"schema\": %d,\n", snapshots.SchemaVersion)), nil, 1)
	if bytes.Equal(old, data) {
		t.Fatalf("%s/index.json has no schema %d line to take out", example, snapshots.SchemaVersion)
	}
	if err := os.WriteFile(index, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if v, err := (snapshots.Dir{Root: dir}).Schema(); err != nil || v != 0 {
		t.Fatalf("the old folder reads as schema %d, %v", v, err)
	}

	m, err := manifest.Load("../examples/manifest.toml")
	if err != nil {
		t.Fatal(err)
	}
	replay, err := transport.LoadReplay("../examples/replay")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := orchestrator.Run(context.Background(), orchestrator.Options{
		Manifest: m, Snapshots: dir, Base: replay, NoPacing: true, Replay: true,
		Clock: transport.InstantClock(), Getenv: func(string) string { return "" }, UserAgent: "about-test",
	})
	if err != nil || rep.Incomplete() {
		t.Fatalf("fetch over the old folder: %v, short %v", err, rep != nil && rep.Incomplete())
	}
	want, got := folderFiles(t, example), folderFiles(t, dir)
	for rel, data := range want {
		if !bytes.Equal(got[rel], data) {
			t.Errorf("%s after the fetch is not the example's:\n%s", rel, got[rel])
		}
	}
	for rel := range got {
		if _, ok := want[rel]; !ok {
			t.Errorf("the fetch left %s, which the example does not have", rel)
		}
	}
}

// folderFiles is every file under dir by its relative path.
func folderFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[rel], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

package check

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

// TestCheckFolderOnSchemas: check --offline passes the current schema,
// reports an older folder with the migration hint, and refuses a newer
// one with just the upgrade hint (its files follow rules it does not know).
func TestCheckFolderOnSchemas(t *testing.T) {
	m := fetched(t, checkManifest(t))
	if ps := Folder(m, m.Snapshots); len(ps) != 0 {
		t.Fatalf("the fetched folder has problems:\n%s", problemLines(ps))
	}
	setSchema(t, m.Snapshots, 0)
	got := problemLines(Folder(m, m.Snapshots))
	if want := fmt.Sprintf(`index.json: snapshot schema 0 (no "schema": written before about versioned its folders), not the %d fetch writes: run about fetch to migrate it`+"\n", snapshots.SchemaVersion); got != want {
		t.Errorf("schema 0 folder:\n%swant:\n%s", got, want)
	}
	setSchema(t, m.Snapshots, snapshots.SchemaVersion+1)
	if err := os.WriteFile(filepath.Join(m.Snapshots, "links.json"), []byte(`{"a": "layout this about does not know"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got = problemLines(Folder(m, m.Snapshots))
	if want := fmt.Sprintf("index.json: snapshot schema %d is newer than the %d this about knows: this folder was written by a newer about; upgrade about\n", snapshots.SchemaVersion+1, snapshots.SchemaVersion); got != want {
		t.Errorf("newer folder:\n%swant:\n%s", got, want)
	}
}

// setSchema rewrites the folder's index.json with "schema" set to v, or
// without it when v is 0, as an about before versions wrote it.
func setSchema(t *testing.T, dir string, v int) {
	t.Helper()
	p := filepath.Join(dir, snapshots.IndexFile)
	var doc map[string]any
	if err := snapshots.Read(p, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "schema")
	if v != 0 {
		doc["schema"] = v
	}
	data, err := snapshots.Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

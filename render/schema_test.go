package render

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// TestSchemaZeroCodeExpires is the named expiry of render's compatibility
// code: once snapshots.OldestSchema passes 0, no schema 0 folder is read,
// and pair (page.go) and Load's leave for a missing links.json must go.
func TestSchemaZeroCodeExpires(t *testing.T) {
	if snapshots.OldestSchema > 0 {
		t.Fatal("snapshots.OldestSchema is past 0: remove pair and its relation types (page.go), Load's leave for a missing links.json (load.go) and this test")
	}
}

// fixtureAt copies the render fixture's snapshot folder and sets its
// index.json's schema to v (none for 0, as an about before versions wrote
// it), optionally without links.json.
func fixtureAt(t *testing.T, v int, links bool) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "snapshots")
	if err := os.CopyFS(dir, os.DirFS("../testdata/render/snapshots")); err != nil {
		t.Fatal(err)
	}
	d := snapshots.Dir{Root: dir}
	var doc map[string]any
	if err := snapshots.Read(d.IndexPath(), &doc); err != nil {
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
	if err := os.WriteFile(d.IndexPath(), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if !links {
		if err := os.Remove(d.LinksPath()); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLoadReadsASchemaZeroFolder: a folder an about before versions wrote,
// before fetch decided links, renders as it always did: the records'
// relations pair the preprint with its article.
func TestLoadReadsASchemaZeroFolder(t *testing.T) {
	f, err := folder.Load(fixtureAt(t, 0, false))
	if err != nil {
		t.Fatalf("Load of a schema 0 folder: %v", err)
	}
	if f.Schema != 0 || f.Links != nil {
		t.Fatalf("schema %d, links %v; want 0 and none", f.Schema, f.Links)
	}
	_, person := fixture(t)
	got := shownEntries(buildPage(f, Options{Person: person}))
	if !reflect.DeepEqual(got[article], []string{preprint}) {
		t.Errorf("the article shows %v within it, want the preprint", got[article])
	}
}

// TestLoadRefusesANewerFolder: render says a newer about wrote the folder
// and to upgrade, rather than reading a layout it does not know.
func TestLoadRefusesANewerFolder(t *testing.T) {
	dir := fixtureAt(t, snapshots.SchemaVersion+1, true)
	_, err := folder.Load(dir)
	var se *snapshots.SchemaError
	if !errors.As(err, &se) || !se.Newer() {
		t.Fatalf("Load = %v, want a *snapshots.SchemaError", err)
	}
	want := filepath.Join(dir, "index.json") + fmt.Sprintf(": snapshot schema %d is newer than the %d this about knows: this folder was written by a newer about; upgrade about", snapshots.SchemaVersion+1, snapshots.SchemaVersion)
	if err.Error() != want {
		t.Errorf("Load = %q\nwant   %q", err, want)
	}
}

// TestLoadWantsLinksFromSchemaOne: the pairing fallback is for schema 0
// only; a current folder without links.json is damaged, not old.
func TestLoadWantsLinksFromSchemaOne(t *testing.T) {
	if f, err := folder.Load(fixtureAt(t, 1, true)); err != nil || f.Schema != 1 || f.Links == nil {
		t.Fatalf("Load of a schema 1 folder: %v", err)
	}
	_, err := folder.Load(fixtureAt(t, 1, false))
	if err == nil || !strings.Contains(err.Error(), "links.json is missing") || !strings.Contains(err.Error(), "about fetch rewrites it") {
		t.Fatalf("Load of a schema 1 folder without links.json = %v, want it refused", err)
	}
}

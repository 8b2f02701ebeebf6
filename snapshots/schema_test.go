package snapshots

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// setSchema rewrites the folder's index.json with "schema" set to v, or
// without it when v is 0, as an about before versions wrote it.
func setSchema(t *testing.T, dir string, v int) {
	t.Helper()
	p := filepath.Join(dir, IndexFile)
	var doc map[string]any
	if err := Read(p, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "schema")
	if v != 0 {
		doc["schema"] = v
	}
	data, err := Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestIndexIsWrittenAtTheCurrentSchema: whatever an Index read from an
// older folder said, writing it writes this about's version.
func TestIndexIsWrittenAtTheCurrentSchema(t *testing.T) {
	d := Dir{Root: t.TempDir()}
	if _, err := Write(d.IndexPath(), Index{Schema: 0, Identities: []string{}, Works: []IndexWork{}, Providers: []IndexProvider{}}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(d.IndexPath())
	if !strings.Contains(string(data), fmt.Sprintf("\n  \"schema\": %d,\n", SchemaVersion)) {
		t.Errorf("index.json does not carry the schema version:\n%s", data)
	}
	if v, err := d.Schema(); err != nil || v != SchemaVersion {
		t.Errorf("Schema() = %d, %v; want %d", v, err, SchemaVersion)
	}
	var back Index
	if err := Read(d.IndexPath(), &back); err != nil || back.Schema != SchemaVersion {
		t.Errorf("read back: schema %d, %v", back.Schema, err)
	}
}

// TestSchemaRule holds the package doc's rule: render and check read
// OldestSchema to SchemaVersion, fetch also migrates anything older, and
// nobody uses a newer folder; each refusal says what to do.
func TestSchemaRule(t *testing.T) {
	cases := []struct {
		v                  int
		readable, writable bool
		hint               string
	}{
		{v: 0, readable: true, writable: true},
		{v: SchemaVersion, readable: true, writable: true},
		{v: SchemaVersion + 1, hint: "this folder was written by a newer about; upgrade about"},
		{v: -1, hint: "run about fetch"},
	}
	for _, c := range cases {
		rerr, werr := SchemaReadable("s/index.json", c.v), SchemaWritable("s/index.json", c.v)
		if (rerr == nil) != c.readable || (werr == nil) != c.writable {
			t.Errorf("schema %d: readable %v, writable %v; want %v, %v", c.v, rerr, werr, c.readable, c.writable)
		}
		for _, err := range []error{rerr, werr} {
			var se *SchemaError
			if err != nil && (!errors.As(err, &se) || !strings.Contains(err.Error(), c.hint) || !strings.HasPrefix(err.Error(), "s/index.json: ")) {
				t.Errorf("schema %d: %q, want a *SchemaError naming the index and saying %q", c.v, err, c.hint)
			}
		}
	}
	if OldestSchema > 0 {
		older := (&SchemaError{Path: "i", Schema: OldestSchema - 1}).Error()
		if err := SchemaReadable("i", OldestSchema-1); err == nil || !strings.Contains(older, "run about fetch to migrate") {
			t.Errorf("a folder older than OldestSchema: %v, %q", err, older)
		}
	}
}

// TestTakeLockRefusesANewerFolder: fetch stops before its first request
// over a folder a newer about wrote, and leaves it as it was; an older
// one it takes, to migrate.
func TestTakeLockRefusesANewerFolder(t *testing.T) {
	m := fetched(t, checkManifest(t))
	setSchema(t, m.Snapshots, SchemaVersion+1)
	lock, _, err := TakeLock(m.Snapshots, time.Now())
	var se *SchemaError
	if !errors.As(err, &se) || !se.Newer() || !strings.Contains(err.Error(), "upgrade about") {
		t.Fatalf("TakeLock over a newer folder = %v, want a *SchemaError saying to upgrade", err)
	}
	if lock != nil {
		t.Error("a lock was returned with the error")
	}
	if _, err := os.Stat(filepath.Join(m.Snapshots, LockName)); !os.IsNotExist(err) {
		t.Errorf("the lock file was written (%v)", err)
	}
	setSchema(t, m.Snapshots, 0)
	lock, _, err = TakeLock(m.Snapshots, time.Now())
	if err != nil {
		t.Fatalf("TakeLock over a schema 0 folder = %v, want the lock (fetch migrates it)", err)
	}
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
}

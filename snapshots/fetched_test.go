package snapshots

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// The fetched folders the check's tests use too (check/folder_test.go
// has the same helpers): a test of the folder's primitives needs a folder
// fetch wrote.

// checkManifest and swappedManifest are the manifests of the folders in
// testdata/golden/orchestrator/fetched/ (check and check-swapped), shared
// with orchestrator's tests through testdata/check/ so the two cannot drift apart.
func checkManifest(t testing.TB) string { return readCheckManifest(t, "manifest.toml") }

// swappedManifest is checkManifest with its SIGMOD paper swapped for a book.
func swappedManifest(t testing.TB) string { return readCheckManifest(t, "manifest-swapped.toml") }

func readCheckManifest(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "check", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// fetched returns the manifest src with a fresh copy of the folder fetch
// wrote for it, unpacked from the golden orchestrator keeps.
func fetched(t *testing.T, src string) *manifest.Manifest {
	t.Helper()
	var golden string
	switch src {
	case checkManifest(t):
		golden = "check"
	case swappedManifest(t):
		golden = "check-swapped"
	default:
		t.Fatalf("no fetched folder recorded for manifest:\n%s", src)
	}
	m := newManifest(t, src)
	data, err := os.ReadFile(filepath.Join("..", "testdata", "golden", "orchestrator", "fetched", golden+".golden"))
	if err != nil {
		t.Fatal(err)
	}
	unpackFolder(t, string(data), m.Snapshots)
	return m
}

// unpackFolder writes the files of a folder text ("=== path" before each
// file's bytes, as orchestrator's folderBytes makes it) under dir.
func unpackFolder(t *testing.T, text, dir string) {
	t.Helper()
	rest, ok := strings.CutPrefix(text, "=== ")
	if !ok {
		t.Fatal("folder text does not start with a file header")
	}
	for rest != "" {
		rel, body, _ := strings.Cut(rest, "\n")
		data := body
		if i := strings.Index(body, "\n=== "); i >= 0 {
			data, rest = body[:i+1], body[i+len("\n=== "):]
		} else {
			rest = ""
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// newManifest parses a manifest whose snapshots go to a fresh folder.
func newManifest(t testing.TB, src string) *manifest.Manifest {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "manifest.toml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

package testtool

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// WriteManifest writes src as manifest.toml in a fresh temporary folder
// and returns its path.
func WriteManifest(t testing.TB, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "manifest.toml")
	WriteFile(t, path, src)
	return path
}

// WriteFile writes text at path, failing the test on an error.
func WriteFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// CopyExample copies a manifest and its snapshot folder into a fresh
// temporary folder, so a test may change them; it returns the copies'
// paths.
func CopyExample(t testing.TB, manifest, snapshots string) (manifestPath, snapshotsPath string) {
	t.Helper()
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	manifestPath = filepath.Join(dir, "manifest.toml")
	WriteFile(t, manifestPath, string(data))
	snapshotsPath = filepath.Join(dir, "snapshots")
	if err := os.CopyFS(snapshotsPath, os.DirFS(snapshots)); err != nil {
		t.Fatal(err)
	}
	return manifestPath, snapshotsPath
}

// FilesUnder is every file under dir, by slash path relative to it, with
// its bytes: a folder's whole state, for a test to compare before and
// after a run.
func FilesUnder(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

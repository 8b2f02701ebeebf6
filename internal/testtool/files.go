package testtool

import (
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

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One entry with a value the manifest refuses (a Hugo Blox page's url_pdf
// "javascript:alert(1)") and one with a zero-width space in a custom
// field: the import writes the manifest with every entry it can, and
// names the refused one with its file and value. It stopped, nothing
// written, on "internal error: the manifest with the imported lines does
// not load".
func TestImportPlacesWhatTheManifestTakesAndNamesTheRest(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"site/content/publication/evil/index.md": "---\ntitle: Evil\nurl_pdf: \"javascript:alert(1)\"\n---\n",
		"site/content/publication/good/index.md": "---\ntitle: Good\nabbr: \"A\u200bB\"\n---\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := filepath.Join(dir, "manifest.toml")
	code, _, stderr := runCLI(t, "import", "--manifest", m, filepath.Join(dir, "site"))
	if code != 0 || !strings.Contains(stderr, "evil/index.md:1): the manifest would refuse it") || !strings.Contains(stderr, "javascript:alert(1)") {
		t.Fatalf("exit %d, want 0 naming evil's page and value:\n%s", code, stderr)
	}
	text, err := os.ReadFile(m)
	if err != nil || !strings.Contains(string(text), `key = "good"`) || strings.Contains(string(text), "evil") {
		t.Errorf("manifest (%v) should hold good alone:\n%s", err, text)
	}
	if code, _, stderr := runCLI(t, "fetch", "--replay", t.TempDir(), m); code == 2 {
		t.Errorf("the written manifest does not load: %s", stderr)
	}
}

package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestCrossrefLanguageReachesEveryFormat: the eLife article's recorded
// Crossref answer says "language":"en" (examples/replay, from
// ../shared/fixtures/crossref/crossref-work-10.7554-elife.01567.json);
// fetched as a user fetches the example and rendered, its CSL-JSON item
// says language "en", its BibLaTeX entry langid english and its BibTeX
// entry language english.
func TestCrossrefLanguageReachesEveryFormat(t *testing.T) {
	snaps := filepath.Join(t.TempDir(), "snapshots")
	const manifestPath = "../../examples/manifest.toml"
	if code, _, stderr := runCLI(t, "fetch", "--quiet", "--replay", exampleReplay, "--snapshots", snaps, manifestPath); code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	render := func(format string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, "render", "--format", format, "--snapshots", snaps, manifestPath)
		if code != 0 {
			t.Fatalf("render %s: exit %d\n%s", format, code, stderr)
		}
		return stdout
	}
	var items []struct {
		DOI      string `json:"DOI"`
		Language string `json:"language"`
	}
	if err := json.Unmarshal([]byte(render("csl-json")), &items); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, it := range items {
		if strings.EqualFold(it.DOI, "10.7554/elife.01567") {
			found = true
			if it.Language != "en" {
				t.Errorf("CSL-JSON: the eLife article's language %q, want en", it.Language)
			}
		}
	}
	if !found {
		t.Fatal("CSL-JSON: no eLife article")
	}
	for format, want := range map[string]string{"biblatex": "langid = {english}", "bibtex": "language = {english}"} {
		entry := entryWith(render(format), "10.7554/elife.01567")
		if flat := strings.Join(strings.Fields(entry), " "); !strings.Contains(flat, want) {
			t.Errorf("%s: the eLife entry has no %q:\n%s", format, want, entry)
		}
	}
}

// entryWith is the BibTeX or BibLaTeX entry of out whose text holds doi.
func entryWith(out, doi string) string {
	for _, e := range strings.Split(out, "\n@") {
		if strings.Contains(strings.ToLower(e), doi) {
			return e
		}
	}
	return ""
}

package cli

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// userFieldsManifest writes testdata/render/userfields.toml with its
// snapshot folder made absolute and extra appended, and returns its path.
func userFieldsManifest(t *testing.T, replace, with, extra string) string {
	t.Helper()
	src, err := os.ReadFile("../../testdata/render/userfields.toml")
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := filepath.Abs("../../testdata/render/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), `snapshots = "snapshots"`, `snapshots = "`+snaps+`"`, 1)
	if replace != "" {
		if !strings.Contains(text, replace) {
			t.Fatalf("testdata/render/userfields.toml no longer holds %q; update this test", replace)
		}
		text = strings.Replace(text, replace, with, 1)
	}
	return writeManifest(t, text+extra)
}

// A [[work]] for a work the snapshots do not hold (it left the record, or
// was never fetched) or marking an author the work does not have is
// named by check --offline with its line, and fails it; render still
// writes the page but says the same on stderr, so no field is dropped
// without a word. The manifest as committed passes.
func TestCheckOfflineNamesStaleWorks(t *testing.T) {
	if code, stdout, stderr := runCLI(t, "check", "--offline", userFieldsManifest(t, "", "", "")); code != 0 {
		t.Fatalf("the fixture's [[work]]s: exit %d\n%s%s", code, stdout, stderr)
	}
	m := userFieldsManifest(t, "equal = [1, 2]", "equal = [1, 9]", "\n[[work]]\nid = \"doi:10.9999/gone\"\nnote = \"a talk\"\n")
	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	for _, want := range []string{
		m + ":26: [[work]] for doi:10.5555/jcp.2023.042 marks author 9 (equal), but the work has 5 authors",
		m + ":44: [[work]] for doi:10.9999/gone is stale: no work in the snapshots has that id",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("check --offline does not say %q:\n%s", want, stdout)
		}
	}
	if code != exitShort || !strings.Contains(stderr, "2 stale [[work]] tables in "+m) {
		t.Errorf("exit %d, want %d:\n%s", code, exitShort, stderr)
	}
	code, _, stderr = runCLI(t, "render", "--format", "markdown", m)
	if code != 0 || !strings.Contains(stderr, "about: warning: "+m+":44: [[work]] for doi:10.9999/gone is stale") {
		t.Errorf("render: exit %d, want 0 with a warning:\n%s", code, stderr)
	}
}

// elifeWork is a [[work]] for the example's eLife article.
const elifeWork = `
[[work]]
id = "https://doi.org/10.7554/eLife.01567"
pdf = "https://example.org/elife-01567.pdf"
slides = "/assets/pdf/elife-slides.pdf"
award = "Cover article"
note = "Featured in the lab's 2014 report"
tags = ["curated-tag", "second-tag"]
equal = [1, 2]
corresponding = [5]
`

// The round trip the user fields make: two renders of every format give
// the same bytes; a refresh (a fetch whose recorded answers give the
// eLife article a new title) changes the snapshots but keeps every user
// field on the page, and writes none of them into the snapshots.
func TestUserFieldsSurviveARefresh(t *testing.T) {
	manifestPath, snaps := exampleCopy(t)
	data, err := os.ReadFile(manifestPath)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, manifestPath, string(data)+elifeWork)
	before, again := renderEveryFormat(t, manifestPath), renderEveryFormat(t, manifestPath)
	for _, f := range slices.Sorted(maps.Keys(before)) {
		if before[f] != again[f] {
			t.Errorf("%s: two renders differ", f)
		}
	}

	const newTitle = "Vascular morphodynamics, measured again"
	replay := retitledReplay(t, "Automated quantitative histology reveals vascular morphodynamics", newTitle)
	if code, _, stderr := runCLI(t, "fetch", "--quiet", "--replay", replay, manifestPath); code != 0 {
		t.Fatalf("refresh: exit %d\n%s", code, stderr)
	}
	snapshotText := treeText(t, snaps)
	if !strings.Contains(snapshotText, newTitle) {
		t.Fatal("the refresh did not change the eLife title in the snapshots")
	}
	for _, field := range []string{"elife-01567.pdf", "elife-slides.pdf", "Cover article", "Featured in the lab", "curated-tag"} {
		if strings.Contains(snapshotText, field) {
			t.Errorf("the snapshots hold the user field %q", field)
		}
	}
	after := renderEveryFormat(t, manifestPath)
	for _, f := range slices.Sorted(maps.Keys(before)) {
		if !strings.Contains(after[f], "Vascular morphodynamics") {
			t.Errorf("%s: the refreshed title is not on the page", f)
		}
		got, want := userFieldMentions(after[f]), userFieldMentions(before[f])
		if got != want {
			t.Errorf("%s: user fields %s after the refresh, %s before", f, got, want)
		}
		if (f == "html" || f == "markdown" || f == "lab-website") && strings.Contains(got, "=0") {
			t.Errorf("%s shows every user field, but: %s", f, got)
		}
	}
}

// renderEveryFormat is each format's output for the manifest: a folder
// format's files as treeText.
func renderEveryFormat(t *testing.T, manifestPath string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range []string{"html", "json", "yaml", "markdown", "bibtex", "biblatex", "csl-json", "ris", "al-folio", "lab-website"} {
		code, stdout, stderr := runCLI(t, "render", "--format", f, manifestPath)
		if code != 0 || stderr != "" {
			t.Fatalf("render %s: exit %d\n%s", f, code, stderr)
		}
		out[f] = stdout
	}
	for _, f := range []string{"hugo-blox", "academicpages"} {
		site := filepath.Join(t.TempDir(), "site")
		if code, _, stderr := runCLI(t, "render", "--format", f, "--out", site, manifestPath); code != 0 {
			t.Fatalf("render %s: exit %d\n%s", f, code, stderr)
		}
		out[f] = treeText(t, site)
	}
	return out
}

// retitledReplay is a copy of the example's recorded answers in which
// every oldTitle reads newTitle: upstream changed its record.
func retitledReplay(t *testing.T, oldTitle, newTitle string) string {
	t.Helper()
	replay := filepath.Join(t.TempDir(), "replay")
	if err := os.CopyFS(replay, os.DirFS(exampleReplay)); err != nil {
		t.Fatal(err)
	}
	changed := 0
	err := filepath.WalkDir(replay, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(b), oldTitle) {
			changed++
			err = os.WriteFile(p, []byte(strings.ReplaceAll(string(b), oldTitle, newTitle)), 0o644)
		}
		return err
	})
	if err != nil || changed == 0 {
		t.Fatalf("the recorded answers no longer hold %q (%d files): %v", oldTitle, changed, err)
	}
	return replay
}

// userFieldMentions counts, per user field of elifeWork, how often an
// output names it, as one comparable string.
func userFieldMentions(s string) string {
	var counts []string
	for _, f := range []string{"elife-01567.pdf", "elife-slides.pdf", "Cover article", "Featured in the lab", "curated-tag", "second-tag", "Equal contribution", "Corresponding author"} {
		counts = append(counts, f+"="+strconv.Itoa(strings.Count(s, f)))
	}
	return strings.Join(counts, " ")
}

// treeText is every file under dir, path then content, in path order.
func treeText(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		b.WriteString("==> " + filepath.ToSlash(rel) + "\n" + string(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/render"
)

// renderPage is the page that says what every render option and format does.
const renderPage = "docs/render.md"

// TestRenderPageHasARowForEveryFormat: docs/render.md's formats table
// has one row for each format render knows, and none it does not (ris,
// added to the code, must be on the page).
func TestRenderPageHasARowForEveryFormat(t *testing.T) {
	_, table, ok := strings.Cut(readText(t, renderPage), "| format | for | what it holds |")
	if !ok {
		t.Fatalf("%s has no formats table", renderPage)
	}
	table, _, _ = strings.Cut(table, "\n\n")
	name := regexp.MustCompile("`([a-z-]+)`")
	var onPage []string
	for _, line := range strings.Split(table, "\n")[2:] {
		first := strings.SplitN(line, "|", 3)[1]
		for _, m := range name.FindAllStringSubmatch(first, -1) {
			onPage = append(onPage, m[1])
		}
	}
	var known []string
	for _, f := range render.Formats() {
		known = append(known, string(f))
	}
	slices.Sort(onPage)
	slices.Sort(known)
	if !slices.Equal(onPage, known) {
		t.Errorf("%s's formats table lists %v; render knows %v", renderPage, onPage, known)
	}
}

// TestRenderPageOptionsAreWhatRenderChecks: each refusal the page's
// options list describes is a usage error (exit 2) before anything is
// read, and --format takes any letter case.
func TestRenderPageOptionsAreWhatRenderChecks(t *testing.T) {
	page := strings.Join(strings.Fields(readText(t, renderPage)), " ")
	for _, claim := range []string{
		"`--format` (`-f`) is required; a name in any letter case",
		"`--group year|type` (default `year`) and `--counts` apply to pages only",
		"`--force` overwrites a file under `--out` that about did not write, or edited since it wrote it",
		"without `--out` it is a usage error",
		"`--site-url URL` applies to `html-site` only: the absolute `http` or `https` address",
	} {
		if !strings.Contains(page, claim) {
			t.Errorf("%s no longer says %q; say what render checks", renderPage, claim)
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{},
		{"--format", "nonesuch"},
		{"--format", "ris", "--group", "type"},
		{"--format", "bibtex", "--counts"},
		{"--format", "csl-json", "--group", "year"},
		{"--format", "html", "--group", "month"},
		{"--format", "html", "--force"},
		{"--format", "ris", "--force"},
		{"--format", "hugo-blox"},
		{"--format", "html-site"},
		{"--format", "html", "--site-url", "https://ada.example.org/"},
		{"--format", "html-site", "--out", dir, "--site-url", "ada.example.org"},
		{"--format", "academicpages", "--out", file},
		{"--format", "html", "--out", dir},
	} {
		code, _, stderr := runCLI(t, append(append([]string{"render"}, args...), exampleManifest)...)
		if code != 2 {
			t.Errorf("render %v: exit %d, want 2 (usage)\n%s", args, code, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "render", "--format", "html", "--out", dir, exampleManifest); !strings.Contains(stderr, filepath.Join(dir, "index.html")) {
		t.Errorf("render --out DIR (exit %d) does not suggest DIR/index.html:\n%s", code, stderr)
	}
	upper, _, stderr := runCLI(t, "render", "--format", "RIS", exampleManifest)
	if upper != 0 {
		t.Errorf("render --format RIS: exit %d\n%s", upper, stderr)
	}
}

// TestRenderPageNamesEveryRISTag: every tag the example's RIS file
// holds is one the page's RIS paragraph names, and each record is
// TY … ER with an ID, as the page says.
func TestRenderPageNamesEveryRISTag(t *testing.T) {
	_, para, ok := strings.Cut(readText(t, renderPage), "**RIS.**")
	if !ok {
		t.Fatalf("%s has no RIS paragraph", renderPage)
	}
	para, _, _ = strings.Cut(para, "\n\n")
	code, ris, stderr := runCLI(t, "render", "--format", "ris", exampleManifest)
	if code != 0 {
		t.Fatalf("render --format ris: exit %d\n%s", code, stderr)
	}
	if strings.HasPrefix(ris, "%") || !strings.HasPrefix(ris, "TY  - ") {
		t.Errorf("the RIS file does not start with a record's TY (the page says it has no header):\n%.200s", ris)
	}
	tag := regexp.MustCompile(`(?m)^([A-Z][A-Z0-9])  - `)
	seen := map[string]bool{}
	for _, m := range tag.FindAllStringSubmatch(ris, -1) {
		if !seen[m[1]] && !strings.Contains(para, "`"+m[1]+"`") {
			t.Errorf("the RIS file writes %s, which %s's RIS paragraph does not name", m[1], renderPage)
		}
		seen[m[1]] = true
	}
	for _, record := range strings.Split(strings.TrimSuffix(ris, "\n"), "\n\n") {
		if !strings.HasPrefix(record, "TY  - ") || !strings.HasSuffix(record, "ER  - ") || !strings.Contains(record, "\nID  - ") {
			t.Errorf("a RIS record is not TY … ID … ER:\n%s", record)
		}
	}
}

// TestRISListsTheEntriesOfTheOtherCitationFiles: the page says ris is a
// citation file like csl-json and bibtex (every entry once, works shown
// within another's entry not records of their own) and that its ID is
// the citation key; the example's three files name the same keys in the
// same order.
func TestRISListsTheEntriesOfTheOtherCitationFiles(t *testing.T) {
	page := strings.Join(strings.Fields(readText(t, renderPage)), " ")
	for _, claim := range []string{
		"Citation files (`csl-json`, `bibtex`, `biblatex`, `ris`) list every entry once",
		"the CSL-JSON `id`, the BibTeX key, the RIS `ID` and the HTML anchor",
	} {
		if !strings.Contains(page, claim) {
			t.Errorf("%s no longer says %q", renderPage, claim)
		}
	}
	keys := func(format string, re *regexp.Regexp) []string {
		code, out, stderr := runCLI(t, "render", "--format", format, exampleManifest)
		if code != 0 {
			t.Fatalf("render --format %s: exit %d\n%s", format, code, stderr)
		}
		var ks []string
		for _, m := range re.FindAllStringSubmatch(out, -1) {
			ks = append(ks, m[1])
		}
		return ks
	}
	ris := keys("ris", regexp.MustCompile(`(?m)^ID  - (.+)$`))
	bib := keys("bibtex", regexp.MustCompile(`(?m)^@[a-z]+\{([^,]+),$`))
	csl := keys("csl-json", regexp.MustCompile(`(?m)^    "id": "([^"]+)"`))
	if len(ris) == 0 || !slices.Equal(ris, bib) || !slices.Equal(ris, csl) {
		t.Errorf("the example's keys differ:\nris      %v\nbibtex   %v\ncsl-json %v", ris, bib, csl)
	}
}

// TestRenderPageToolsAreWhatCIInstalls: every Debian and npm package the
// page's "How the outputs are checked" says .ci/run installs is one
// .ci/run names (the page once listed five of the ten, and no npm).
func TestRenderPageToolsAreWhatCIInstalls(t *testing.T) {
	page := strings.Join(strings.Fields(readText(t, renderPage)), " ")
	_, rest, ok := strings.Cut(page, "`.ci/run` installs every tool the checks use: from Debian `")
	if !ok {
		t.Fatalf("%s no longer says what .ci/run installs", renderPage)
	}
	debian, rest, _ := strings.Cut(rest, "`")
	_, rest, _ = strings.Cut(rest, "from npm the pinned `")
	npm, _, _ := strings.Cut(rest, "`")
	ci := readText(t, ".ci/run")
	for _, pkg := range strings.Fields(debian) {
		if !regexp.MustCompile(`(want [a-z0-9]+ |missing\+=\()` + regexp.QuoteMeta(pkg) + `\b`).MatchString(ci) {
			t.Errorf("%s says .ci/run installs Debian's %s; it does not", renderPage, pkg)
		}
	}
	if len(strings.Fields(npm)) == 0 {
		t.Fatalf("%s names no npm package", renderPage)
	}
	for _, pkg := range strings.Fields(npm) {
		if !strings.Contains(ci, pkg) {
			t.Errorf("%s says .ci/run installs %s from npm; it does not", renderPage, pkg)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// runPage is the docs page that shows what a run prints.
const runPage = "docs/run.md"

// docBlock returns the lines of the first fenced block after the line of
// page containing after, so a test can hold an example to the program's
// real output.
func docBlock(t *testing.T, page, after string) []string {
	t.Helper()
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), after)
	if !ok {
		t.Fatalf("%s no longer says %q", page, after)
	}
	_, rest, _ = strings.Cut(rest, "```\n")
	block, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatalf("no fenced block after %q in %s", after, page)
	}
	return strings.Split(strings.TrimRight(block, "\n"), "\n")
}

// TestRunPageFirstCommandEnding holds docs/run.md's "The README's first
// command ends with" block to what the example's replay prints: the
// summary table (requests counted after batching), the folder line, the
// closing line and the hint. Run times are the only thing normalised.
func TestRunPageFirstCommandEnding(t *testing.T) {
	manifestPath, snaps := exampleCopy(t)
	replay, err := filepath.Abs(exampleReplay)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "fetch", "--replay", replay, manifestPath)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	elapsed := regexp.MustCompile(`in [0-9.]+[µm]?s\b`)
	tableTime := regexp.MustCompile(`^(  \S+(?: +\d+){6}) +\S+$`)
	normal := func(s string) string {
		s = elapsed.ReplaceAllString(strings.ReplaceAll(s, snaps, exampleSnapshots), "in T")
		return tableTime.ReplaceAllString(s, "$1 T")
	}
	got := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	want := docBlock(t, runPage, "The README's first command ends with")
	if len(got) < len(want) {
		t.Fatalf("the run printed %d lines, %s shows %d:\n%s", len(got), runPage, len(want), stderr)
	}
	got = got[len(got)-len(want):]
	for i := range want {
		if normal(got[i]) != normal(want[i]) {
			t.Errorf("line %d of the example ending in %s:\n  page %q\n   run %q", i+1, runPage, want[i], got[i])
		}
	}
}

// TestRunPageShortRunIsTheGolden holds docs/run.md's short-run story to
// the orchestrator's golden of that run: every line the page shows (its
// "…" stand for lines left out) is a line of the golden, in the same
// order, and the page shows every hint the run gives.
func TestRunPageShortRunIsTheGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/golden/orchestrator/summary/short.golden")
	if err != nil {
		t.Fatal(err)
	}
	// The CLI prints the story's hints as "about: hint:" and the folder as given.
	golden := strings.ReplaceAll(string(data), "SNAPSHOTS", "snapshots")
	golden = strings.ReplaceAll(golden, "\nhint: ", "\nabout: hint: ")
	lines := strings.Split(strings.TrimRight(golden, "\n"), "\n")
	next := 0
	shown := docBlock(t, runPage, "and a run with Crossref down")
	for _, line := range shown {
		if strings.TrimSpace(line) == "…" {
			continue
		}
		found := false
		for next < len(lines) && !found {
			found = lines[next] == line
			next++
		}
		if !found {
			t.Errorf("%s's short run shows %q, which the golden lacks or has earlier", runPage, line)
		}
	}
	page := strings.Join(shown, "\n")
	for _, line := range lines {
		if strings.HasPrefix(line, "about: hint:") && !strings.Contains(page, line) {
			t.Errorf("%s's short run leaves out the hint %q", runPage, line)
		}
	}
}

// TestRunPagePlainLinesAreTheProgressTest: docs/run.md's plain progress
// lines are TestPlainLines' first and last (the page's ETA of 2m10s
// matched no plan its line showed).
func TestRunPagePlainLinesAreTheProgressTest(t *testing.T) {
	test := readText(t, "progress/progress_test.go")
	for _, line := range docBlock(t, runPage, "it is one plain line every 15") {
		if !strings.Contains(test, strconv.Quote(line)) {
			t.Errorf("%s shows a plain line TestPlainLines does not hold:\n  %s", runPage, line)
		}
	}
}

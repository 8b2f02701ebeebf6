package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
)

// passages splits a markdown text into the units a claim lives in: list
// items, table rows and paragraphs.
func passages(text string) []string {
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "|") || strings.HasPrefix(line, "#") {
			flush()
		}
		if trimmed != "" {
			cur = append(cur, trimmed)
		}
	}
	flush()
	return out
}

// TestNoNetworkExitCodeAsDocumented runs a fetch on a network that refuses
// every connection and holds every passage of the README, the docs and
// the changelog that tells of that run ("cannot reach the network", "no
// network", "reached no service", or any passage under a "No network"
// heading) to the exit code it returned: the README and the changelog
// said 3 where the run exits 1, and a CI script branching on 3 never
// fired.
func TestNoNetworkExitCodeAsDocumented(t *testing.T) {
	manifestPath, _ := exampleCopy(t)
	code, _, stderr := runWith(fakenet.Offline(t), "about", "fetch", "--quiet", "--snapshots", filepath.Join(t.TempDir(), "s"), manifestPath)
	if !strings.Contains(stderr, "cannot reach the network") {
		t.Fatalf("exit %d without the offline line:\n%s", code, stderr)
	}
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	said := 0
	for _, page := range append(pages, "README.md", "CHANGELOG.md") {
		for _, c := range noNetworkExitClaims(readText(t, page)) {
			said++
			if c.code != code {
				t.Errorf("%s says a run with no network exits %d; it exits %d:\n  %s", page, c.code, code, c.passage)
			}
		}
	}
	if said == 0 {
		t.Errorf("no page says what a run with no network exits (%d); the test would hold nothing", code)
	}
}

// noNetworkAbout finds a passage that tells of a run reaching no service;
// noNetworkHeading a section all of whose passages do.
var (
	noNetworkAbout   = regexp.MustCompile(`(?i)cannot reach the (network|proxy)|reach(es|ed)? no service|no service (answered|could be reached|reachable)|\*\*no network\*\*`)
	noNetworkHeading = regexp.MustCompile(`(?i)^#+\s.*\b(no network|no service|cannot reach)`)
	// exitClaim reads "exit 3", "exits 3", "exits with 3", "exit code 3",
	// "exit status 3" and an exit table's "| 3 |" row.
	exitClaim = regexp.MustCompile(`(?i)\bexit(?:s|ed)?(?: with)?(?: (?:code|status))? (\d+)\b|^\| (\d+) \|`)
)

type exitClaimed struct {
	code    int
	passage string
}

// noNetworkExitClaims lists each exit code text claims for a run that
// reached no service, with the passage claiming it.
func noNetworkExitClaims(text string) []exitClaimed {
	var out []exitClaimed
	inSection := false
	for _, p := range passages(text) {
		if strings.HasPrefix(p, "#") {
			inSection = noNetworkHeading.MatchString(p)
			continue
		}
		if !inSection && !noNetworkAbout.MatchString(p) {
			continue
		}
		for _, m := range exitClaim.FindAllStringSubmatch(p, -1) {
			n, _ := strconv.Atoi(m[1] + m[2])
			out = append(out, exitClaimed{n, p})
		}
	}
	return out
}

// The claims the test holds are read the ways docs write them, including
// the README passage that said 3.
func TestNoNetworkExitClaimsAreRead(t *testing.T) {
	for text, want := range map[string][]int{
		"- **No network**: when no service answered at all, the run writes nothing and ends with one line, exit 3:\n  `about: error: cannot reach the network (…)`": {3},
		"## No network\n\nabout exits with code 3 and writes nothing.\n\n## Proxies\n\nexit 2 on a bad proxy URL":                                                   {3},
		"| 1 | some jobs failed. No service reachable at all is every job failing: `cannot reach the network` |\n| 2 | usage |":                                     {1},
		"A fetch that reached no service has exit status 1.":                                                                                                        {1},
		"about check --offline manifest.toml  # on every change: no network, exit 1 on a problem":                                                                   nil,
		"### Checking offline\n\n`check --offline` exits 2 on a bad manifest.":                                                                                      nil,
	} {
		var got []int
		for _, c := range noNetworkExitClaims(text) {
			got = append(got, c.code)
		}
		if !slices.Equal(got, want) {
			t.Errorf("claims in %q = %v, want %v", text, got, want)
		}
	}
}

// TestReportInAMissingFolderExitsAsDocumented: a --report whose folder
// does not exist is refused before the run, as a usage error; the exit
// table listed --report only under 3.
func TestReportInAMissingFolderExitsAsDocumented(t *testing.T) {
	manifestPath, _ := exampleCopy(t)
	replay, err := filepath.Abs(exampleReplay)
	if err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "no-such-folder", "run.json")
	code, _, stderr := runCLI(t, "fetch", "--quiet", "--replay", replay, "--report", report, manifestPath)
	row := ""
	for _, p := range passages(readText(t, "docs/exit-codes.md")) {
		if strings.HasPrefix(p, "| "+strconv.Itoa(code)+" |") {
			row = p
		}
	}
	if !strings.Contains(row, "a `--report` file whose folder does not exist") {
		t.Errorf("a --report in a missing folder exits %d, and docs/exit-codes.md's row for %d does not say so:\n%s", code, code, stderr)
	}
}

package main

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// refusingNetwork refuses every connection, as a machine with no network does.
type refusingNetwork struct{}

func (refusingNetwork) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
}

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
// network", "reached no service") to the exit code it returned: the
// troubleshooting page and the changelog said 3 where the run exits 1,
// and a CI script branching on 3 never fired.
func TestNoNetworkExitCodeAsDocumented(t *testing.T) {
	manifestPath, _ := exampleCopy(t)
	code, _, stderr := runWith(refusingNetwork{}, "about", "fetch", "--quiet", "--snapshots", filepath.Join(t.TempDir(), "s"), manifestPath)
	if !strings.Contains(stderr, "cannot reach the network") {
		t.Fatalf("exit %d without the offline line:\n%s", code, stderr)
	}
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	about := regexp.MustCompile(`(?i)cannot reach the (network|proxy)|reached no service|no service (answered|could be reached|reachable)|\*\*no network\*\*`)
	exit := regexp.MustCompile(`\bexits? (\d+)`)
	for _, page := range append(pages, "README.md", "CHANGELOG.md") {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range passages(string(data)) {
			if !about.MatchString(p) {
				continue
			}
			for _, m := range exit.FindAllStringSubmatch(p, -1) {
				if n, _ := strconv.Atoi(m[1]); n != code {
					t.Errorf("%s says a run with no network exits %d; it exits %d:\n  %s", page, n, code, p)
				}
			}
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

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInitExplainsEverySetting holds the README's "init … explains every
// other setting in comments" to the manifest parser: every key its
// unknown-key hint lists, top-level, table or table key, is written in the
// starter manifest, set or as a commented example. follow_published,
// counts_source, selected, pmcid, [[link]], [[exclude]] and [[override]]
// were missing.
func TestInitExplainsEverySetting(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	writeFile(t, bad, "nosuchkey = 1\n[[identity]]\norcid = \"0000-0002-1825-0097\"\n")
	_, _, stderr := runCLI(t, "check", "--offline", bad)
	_, hint, ok := strings.Cut(stderr, "known keys: ")
	if !ok {
		t.Fatalf("no known-keys hint:\n%s", stderr)
	}
	hint, _, _ = strings.Cut(hint, "\n")
	out := filepath.Join(dir, "manifest.toml")
	if code, _, stderr := runCLI(t, "init", "--orcid", "0000-0002-1825-0097", "--out", out); code != 0 {
		t.Fatalf("init: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	starter := string(data)
	table := ""
	for _, part := range strings.Split(hint, "; ") {
		if name, keys, ok := strings.Cut(part, ": "); ok && strings.HasPrefix(name, "in ") {
			table, part = strings.TrimPrefix(name, "in "), keys
		}
		for _, key := range strings.Split(part, ", ") {
			key = strings.TrimSpace(key)
			var line *regexp.Regexp
			if strings.HasPrefix(key, "[") {
				line = regexp.MustCompile(`(?m)^#? ?` + regexp.QuoteMeta(key) + `\s*$`)
			} else {
				line = regexp.MustCompile(`(?m)^#? ?` + regexp.QuoteMeta(key) + ` = `)
			}
			if !line.MatchString(starter) {
				t.Errorf("the starter manifest does not explain %s%s", key, map[bool]string{true: " (in " + table + ")"}[table != ""])
			}
		}
	}
	readme := strings.Join(strings.Fields(readText(t, "README.md")), " ")
	if !strings.Contains(readme, "explains every other setting in comments") {
		t.Error("README.md no longer says what init explains: hold its new claim here")
	}
}

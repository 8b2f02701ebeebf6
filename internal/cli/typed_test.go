package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// typedWork is a [[work]] without an identifier, as a user types it (or
// about import writes it), with custom fields their site reads.
const typedWork = `
[[work]]
key = "lee2021workshop"
type = "paper-conference"
title = "Graphs for all"
authors = ["Lee, Ann", "Omar Haddad"]
venue = "Workshop on Graph Learning"
date = "2021-07"
url = "https://example.org/ws/12"

[work.fields]
abbr = "GLW"
bibtex_show = false
google_scholar_id = "Y0pCki6q_DkC"
projects = ["graphs"]
`

// A work without an identifier is fetched (from the manifest alone),
// checked and rendered like any other; its custom fields go back into
// the site files under their own names, the user's value replacing
// about's (al-folio's bibtex_show). Editing the [[work]] after the fetch
// is a difference check names, and a fetch applies.
func TestTypedWorkFetchedCheckedAndRendered(t *testing.T) {
	m, snaps := exampleCopy(t)
	text, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(m, append(text, typedWork...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "fetch", "--replay", exampleReplay, "--snapshots", snaps, m); code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(snaps, "works", "key_lee2021workshop.json")); err != nil {
		t.Fatalf("no work file for the typed work: %v", err)
	}
	if code, stdout, stderr := runCLI(t, "check", "--offline", m); code != 0 {
		t.Fatalf("check --offline: exit %d\n%s%s", code, stdout, stderr)
	}

	code, bib, stderr := runCLI(t, "render", "--format", "al-folio", m)
	entry := bib[strings.Index(bib, "@inproceedings{lee2021workshop,"):]
	entry = entry[:strings.Index(entry, "\n}\n")]
	fields := strings.Join(strings.Fields(entry), " ") // the column the values line up at is the longest name's
	for _, want := range []string{"author = {Lee, Ann and Haddad, Omar}", "booktitle = {Workshop on Graph Learning}",
		"abbr = {GLW}", "bibtex_show = {false}", "google_scholar_id = {Y0pCki6q_DkC}", "projects = {graphs}"} {
		if code != 0 || !strings.Contains(fields, want) {
			t.Errorf("al-folio entry lacks %q (exit %d, %s):\n%s", want, code, stderr, entry)
		}
	}
	if strings.Count(entry, "bibtex_show") != 1 {
		t.Errorf("bibtex_show twice:\n%s", entry)
	}

	out := t.TempDir()
	if code, _, stderr := runCLI(t, "render", "--format", "hugo-blox", "--out", out, m); code != 0 {
		t.Fatalf("hugo-blox: exit %d\n%s", code, stderr)
	}
	fm, err := os.ReadFile(filepath.Join(out, "content", "publication", "lee2021workshop", "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"title: \"Graphs for all\"", "abbr: \"GLW\"", "bibtex_show: false", "projects:\n  - \"graphs\""} {
		if !strings.Contains(string(fm), want) {
			t.Errorf("front matter lacks %q:\n%s", want, fm)
		}
	}

	edited := strings.Replace(string(text)+typedWork, `venue = "Workshop on Graph Learning"`, `venue = "Graph Learning Workshop"`, 1)
	if err := os.WriteFile(m, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCLI(t, "check", "--offline", m)
	if want := "key_lee2021workshop.json: the manifest's [[work]] fields (title, authors, venue, …) are not applied yet"; code != 1 || !strings.Contains(stdout, want) {
		t.Errorf("edited [[work]]: exit %d, want 1 saying %q:\n%s", code, want, stdout)
	}
}

// A [[work]] that types a title a service says otherwise is shown with
// the service's title, and the run says so in a warning naming the work
// and the field, with what to do.
func TestTypedValueNotKeptIsSaid(t *testing.T) {
	m, snaps := exampleCopy(t)
	text, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	typed := "\n[[work]]\nid = \"doi:10.7554/elife.01567\"\ntitle = \"A title the researcher typed\"\n"
	if err := os.WriteFile(m, append(text, typed...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "fetch", "--replay", exampleReplay, "--snapshots", snaps, m)
	want := "1 work types a value in [[work]] fields that a service says otherwise: doi:10.7554/elife.01567 (title); the service's value is shown"
	if code != 0 || !strings.Contains(strings.Join(strings.Fields(stderr), " "), want) {
		t.Errorf("exit %d, want 0 saying %q:\n%s", code, want, stderr)
	}
}

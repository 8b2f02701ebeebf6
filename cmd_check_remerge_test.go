package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

// editWork changes one work file of a snapshot folder and writes it back
// canonically, as a careful hand edit would: the folder stays canonical
// and complete, so only a re-merge of the work's sources can notice.
func editWork(t *testing.T, snaps, file string, edit func(*snapshots.Work)) {
	t.Helper()
	path := filepath.Join(snaps, "works", file)
	var w snapshots.Work
	if err := snapshots.Read(path, &w); err != nil {
		t.Fatal(err)
	}
	edit(&w)
	data, err := snapshots.Encode(w)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCheckOfflineNoticesHandEditedMergedFields is B3: a title changed in
// record, a provenance changed and an author list cut short each pass as
// canonical JSON, so check --offline re-merges the sources to see them.
func TestCheckOfflineNoticesHandEditedMergedFields(t *testing.T) {
	m, snaps := exampleCopy(t)
	editWork(t, snaps, "doi_10.7554_2felife.01567.json", func(w *snapshots.Work) { w.Record.Title = "HACKED " + w.Record.Title })
	editWork(t, snaps, "doi_10.1145_2f3448016.3452841.json", func(w *snapshots.Work) { w.Provenance["title"] = "datacite" })
	editWork(t, snaps, "doi_10.1594_2fpangaea.836178.json", func(w *snapshots.Work) { w.Record.Authors = w.Record.Authors[:2] })

	code, stdout, stderr := runCLI(t, "check", "--offline", m)
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	work := func(name string) string { return filepath.Join(snaps, "works", name) }
	want := []string{
		work("doi_10.1145_2f3448016.3452841.json") + ": provenance.title differs from what its sources give: use [[override]] in the manifest instead of editing snapshots (about fetch rewrites the file)",
		work("doi_10.1594_2fpangaea.836178.json") + ": record.authors differs from what its sources give: snapshots are not edited by hand; about fetch rewrites the file from its sources",
		work("doi_10.7554_2felife.01567.json") + ": record.title differs from what its sources give: use [[override]] in the manifest instead of editing snapshots (about fetch rewrites the file)",
	}
	if got := strings.Split(strings.TrimSpace(stdout), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, strings.Join(want, "\n"))
	}
	if !strings.Contains(stderr, "about: error: 3 problems in "+snaps) {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestCheckOfflineRemergeAppliesOverrides: a title the manifest's
// [[override]] sets is what the sources give, so it passes; once the
// override is gone from the manifest, the snapshot's title is a problem.
func TestCheckOfflineRemergeAppliesOverrides(t *testing.T) {
	m, snaps := exampleCopy(t)
	manifestText, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	override := "\n[[override]]\nid = \"doi:10.7554/elife.01567\"\ntitle = \"A title the researcher prefers\"\n"
	if err := os.WriteFile(m, append(manifestText, override...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "fetch", "--replay", exampleReplay, "--snapshots", snaps, m); code != 0 {
		t.Fatalf("fetch with the override: exit %d\n%s", code, stderr)
	}
	if code, stdout, stderr := runCLI(t, "check", "--offline", m); code != 0 {
		t.Fatalf("overridden title: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}

	if err := os.WriteFile(m, manifestText, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCLI(t, "check", "--offline", m)
	if code != 1 || !strings.Contains(stdout, "doi_10.7554_2felife.01567.json: record.title differs from what its sources give") {
		t.Errorf("override removed: exit %d, stdout:\n%s", code, stdout)
	}
}

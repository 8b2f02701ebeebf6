package cli

import (
	"os"
	"path/filepath"
	"slices"
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
	// A hand edit and a snapshot merged by another version of about look
	// alike here, so the message blames neither (CR3#2).
	const neutral = "differs from what this about's merge gives from the file's sources: edited by hand, or merged by another version of about; run about fetch (to change a value, use [[override]] in the manifest)"
	want := []string{
		work("doi_10.1145_2f3448016.3452841.json") + ": provenance.title " + neutral,
		work("doi_10.1594_2fpangaea.836178.json") + ": record.authors " + neutral,
		work("doi_10.7554_2felife.01567.json") + ": record.title " + neutral,
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
// override is gone from the manifest, check says a fetch has its removal
// still to apply.
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
	if want := "doi_10.7554_2felife.01567.json: the manifest's [[override]] of title is not applied yet (or its removal is not): run about fetch\n"; code != 1 || !strings.HasSuffix(stdout, want) || strings.Count(stdout, "\n") != 1 {
		t.Errorf("override removed: exit %d, stdout:\n%s", code, stdout)
	}
}

// TestCheckOfflineOverrideNotFetchedYet is CR3#3: an [[override]] added
// or changed in the manifest since the last fetch is not a hand edit; the
// check says once which override a fetch has still to apply, without the
// title's provenance and conflict lines that follow from it.
func TestCheckOfflineOverrideNotFetchedYet(t *testing.T) {
	m, snaps := exampleCopy(t)
	manifestText, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	withOverride := func(title string) {
		t.Helper()
		override := "\n[[override]]\nid = \"doi:10.7554/elife.01567\"\ntitle = \"" + title + "\"\n"
		if err := os.WriteFile(m, append(slices.Clip(manifestText), override...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := filepath.Join(snaps, "works", "doi_10.7554_2felife.01567.json") +
		": the manifest's [[override]] of title is not applied yet (or its removal is not): run about fetch\n"

	withOverride("A title the researcher prefers")
	if code, stdout, _ := runCLI(t, "check", "--offline", m); code != 1 || stdout != want {
		t.Errorf("override added, not fetched: exit %d, stdout:\n%s\nwant:\n%s", code, stdout, want)
	}

	if code, _, stderr := runCLI(t, "fetch", "--replay", exampleReplay, "--snapshots", snaps, m); code != 0 {
		t.Fatalf("fetch with the override: exit %d\n%s", code, stderr)
	}
	withOverride("A title the researcher prefers even more")
	if code, stdout, _ := runCLI(t, "check", "--offline", m); code != 1 || stdout != want {
		t.Errorf("override changed, not fetched: exit %d, stdout:\n%s\nwant:\n%s", code, stdout, want)
	}
}

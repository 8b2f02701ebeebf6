package cli

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/fakenet"
)

// TestFetchNamesAndRepairsACorruptSnapshot: a snapshot cut short, one of
// another work's record, and a corrupt index.json were rewritten by fetch
// without a word. Each is now named in the story and --report (what is
// wrong, and where), listed as repaired, and the folder is the example's
// again; the run exits 0, as it left nothing to fix (docs/exit-codes.md).
func TestFetchNamesAndRepairsACorruptSnapshot(t *testing.T) {
	const work = "works/doi_10.5281_2fzenodo.48440.json"
	cases := []struct {
		name   string
		file   string
		damage func(t *testing.T, snaps, path string)
		say    string
	}{
		{"cut short", work, cutShort, "not JSON: it ends inside the document at byte 40"},
		{"another work's record", work, func(t *testing.T, snaps, path string) {
			copyFile(t, filepath.Join(snaps, "works", "doi_10.7554_2felife.01567.json"), path)
		}, `not of the snapshot schema: its id is "doi:10.7554/elife.01567", not "doi:10.5281/zenodo.48440"`},
		{"not JSON", "index.json", func(t *testing.T, _, path string) { writeFile(t, path, "<<<<<<< HEAD\n") }, "not JSON at byte 1: invalid character '<'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, snaps := exampleCopy(t)
			path := filepath.Join(snaps, filepath.FromSlash(c.file))
			c.damage(t, snaps, path)
			code, story, rep := runWithFaultInto(t, snaps, fault{})
			if code != exitOK {
				t.Errorf("exit %d, want 0: the file is repaired\n%s", code, story)
			}
			if !strings.Contains(story, path+": ") || !strings.Contains(story, c.say) || !strings.Contains(story, "rewritten") {
				t.Errorf("the story does not name %s and %q:\n%s", path, c.say, story)
			}
			if got := gjson.GetBytes(rep, "snapshots.repaired").Array(); len(got) != 1 || got[0].String() != path {
				t.Errorf("repaired %v, want %s:\n%s", got, path, rep)
			}
			if msg := gjson.GetBytes(rep, `warnings.#(identity=="`+path+`").message`).String(); !strings.Contains(msg, c.say) {
				t.Errorf("no warning in --report names %s with %q:\n%s", path, c.say, rep)
			}
			if treeHash(t, snaps) != treeHash(t, exampleSnapshots) {
				t.Errorf("the repaired folder is not the example's")
			}
		})
	}
}

// TestFetchLeavesACorruptSnapshotNoAnswerCanReplace: a corrupt work file
// whose services all failed this run was replaced by an empty record
// (rendered "Untitled"); it is now left as it is, named, kept from
// pruning, and the run is short (exit 1), as its jobs failed.
func TestFetchLeavesACorruptSnapshotNoAnswerCanReplace(t *testing.T) {
	_, snaps := exampleCopy(t)
	path := filepath.Join(snaps, "works", "doi_10.5281_2fzenodo.48440.json")
	cutShort(t, snaps, path)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	down := fault{
		on: func(r *http.Request) bool {
			return r.URL.Host == "api.datacite.org" || r.URL.Host == "api.openalex.org"
		},
		answer: fakenet.Status(http.StatusServiceUnavailable),
	}
	code, story, rep := runWithFaultInto(t, snaps, down)
	if code != exitShort {
		t.Errorf("exit %d, want 1\n%s", code, story)
	}
	if after, err := os.ReadFile(path); err != nil || string(after) != string(before) {
		t.Errorf("the corrupt file was not left as it was (%v):\n%s", err, after)
	}
	if got := gjson.GetBytes(rep, "snapshots.left_damaged").Array(); len(got) != 1 || got[0].String() != path {
		t.Errorf("left_damaged %v, want %s:\n%s", got, path, rep)
	}
	if !strings.Contains(story, path+": the file of doi:10.5281/zenodo.48440 is corrupt and no service answered about it this run, so it is left as it is") {
		t.Errorf("the story does not say the corrupt file is left as it is:\n%s", story)
	}
}

// TestCheckNamesWhereASnapshotBreaks: check --offline names a file cut
// short with where it ends, and a work file of the wrong shape with the
// field; it said "not JSON: unexpected EOF" and nothing of the shape.
func TestCheckNamesWhereASnapshotBreaks(t *testing.T) {
	manifestPath, snaps := exampleCopy(t)
	cutShort(t, snaps, filepath.Join(snaps, "works", "doi_10.5281_2fzenodo.48440.json"))
	elife := filepath.Join(snaps, "works", "doi_10.7554_2felife.01567.json")
	data, err := os.ReadFile(elife)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, elife, strings.Replace(string(data), `"sources": [`, `"sources": 5, "was": [`, 1))
	code, out, _ := runCLI(t, "check", "--offline", manifestPath)
	if code != exitShort {
		t.Errorf("exit %d, want 1:\n%s", code, out)
	}
	for _, want := range []string{
		"works/doi_10.5281_2fzenodo.48440.json: not JSON: it ends inside the document at byte 40",
		"works/doi_10.7554_2felife.01567.json: not of the snapshot schema: sources at byte ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check does not say %q:\n%s", want, out)
		}
	}
}

// cutShort keeps the first 40 bytes of path, as a full disk might.
func cutShort(t *testing.T, _, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, string(data[:40]))
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}

// TestAFailedRepairIsNotCalledOne: a damaged file the run could not
// replace (a folder in its place: unreadable, and the rename over it
// fails) is no repair: the run exits 3 and lists the work as not written,
// not the file as repaired.
func TestAFailedRepairIsNotCalledOne(t *testing.T) {
	_, snaps := exampleCopy(t)
	path := filepath.Join(snaps, "works", "doi_10.5281_2fzenodo.48440.json")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	code, story, rep := runWithFaultInto(t, snaps, fault{})
	if code != exitIO {
		t.Errorf("exit %d, want 3\n%s", code, story)
	}
	if got := gjson.GetBytes(rep, "snapshots.repaired.#").Int(); got != 0 || strings.Contains(story, "rewritten") {
		t.Errorf("a file the run failed to write is called repaired (%d):\n%s\n%s", got, story, rep)
	}
	if got := gjson.GetBytes(rep, "snapshots.not_written").String(); !strings.Contains(got, "doi:10.5281/zenodo.48440") {
		t.Errorf("not_written %s lacks the work:\n%s", got, rep)
	}
}

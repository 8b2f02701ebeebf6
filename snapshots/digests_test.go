package snapshots

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// fetchOnce writes a folder as a fetch does: one work with the counts
// given, an ORCID record's expansion (unread: kept as it is), the index.
func fetchOnce(t *testing.T, d Dir, counts string, unread bool) {
	t.Helper()
	work := manifest.Identity{Kind: manifest.KindDOI, Value: "10.1/a"}
	orcid := manifest.Identity{Kind: manifest.KindORCID, Value: "0000-0002-1825-0097"}
	w := NewWriter(d, []manifest.Entry{{Identity: orcid}}, nil)
	w.BeginWorks()
	if _, err := w.WriteWork(work, []byte("{\n  \"id\": \"doi:10.1/a\"\n}\n"), []byte(counts), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := w.EndWorks(); err != nil {
		t.Fatal(err)
	}
	exp := Expansion{ORCID: orcid.Value, Name: &OwnerName{Family: "Binfield"}, Works: []string{work.Key()}}
	if err := w.WriteExpansion(orcid, exp, unread); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteIndex(nil); err != nil {
		t.Fatal(err)
	}
}

// TestIndexDigestsWhatFetchWrote: index.json holds the digest of the
// bytes of each works/, counts/ and orcid/ file fetch wrote; a fetch that
// changes only a counts file changes only that file's line of the index;
// an ORCID record that could not be read keeps its file, and its digest
// is the earlier index's, so a hand edit of it still shows.
func TestIndexDigestsWhatFetchWrote(t *testing.T) {
	d := Dir{Root: t.TempDir()}
	fetchOnce(t, d, "{\n  \"cited_by\": 1\n}\n", false)
	var idx Index
	if err := Read(d.IndexPath(), &idx); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"works/doi_10.1_2fa.json", "counts/doi_10.1_2fa.json", "orcid/orcid_0000-0002-1825-0097.json"} {
		data, err := os.ReadFile(d.Root + "/" + rel)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := idx.Digests[rel], Digest(data); got != want {
			t.Errorf("%s: digest %q, want %q, the digest of its bytes", rel, got, want)
		}
	}
	if len(idx.Digests) != 3 {
		t.Errorf("digests of %d files, want 3: %v", len(idx.Digests), idx.Digests)
	}

	before, _ := os.ReadFile(d.IndexPath())
	fetchOnce(t, d, "{\n  \"cited_by\": 2\n}\n", false)
	after, _ := os.ReadFile(d.IndexPath())
	if diff := differingLines(before, after); len(diff) != 1 || !strings.Contains(diff[0], `"counts/doi_10.1_2fa.json"`) {
		t.Errorf("a fetch that changed only counts changed index.json's lines %q, want the counts file's digest alone", diff)
	}

	orcidPath := d.Root + "/orcid/orcid_0000-0002-1825-0097.json"
	data, _ := os.ReadFile(orcidPath)
	if err := os.WriteFile(orcidPath, bytes.Replace(data, []byte("Binfield"), []byte("Binfeld"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	fetchOnce(t, d, "{\n  \"cited_by\": 2\n}\n", true)
	var kept Index
	if err := Read(d.IndexPath(), &kept); err != nil {
		t.Fatal(err)
	}
	if rel := "orcid/orcid_0000-0002-1825-0097.json"; kept.Digests[rel] != Digest(data) {
		t.Errorf("an unread ORCID record's file kept as it is: digest %q, want the earlier index's %q", kept.Digests[rel], Digest(data))
	}
}

// differingLines is the lines of b not at the same place in a (the two
// the same length), or all of b's when the lengths differ.
func differingLines(a, b []byte) []string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	if len(la) != len(lb) {
		return lb
	}
	var out []string
	for i := range lb {
		if la[i] != lb[i] {
			out = append(out, lb[i])
		}
	}
	return out
}

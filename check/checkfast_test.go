package check

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// TestCheckOfflineShortcutsStillCatch: check --offline's shortcuts (the
// one-pass decoder, the in-place canonical test, the reused read buffer)
// still catch each damage to a work file, with the words the full path
// gives: a hand-edited value that stays canonical, keys out of order, a
// field of the wrong kind (named with its byte, as json.Unmarshal names
// it), a key in another case (which encoding/json reads as its field), and a publisher whose escape is not the
// encoder's. The untouched works stay clean.
func TestCheckOfflineShortcutsStillCatch(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/remerge.0001"}
	rel := snapshots.WorksDir + "/" + snapshots.FileName(id) + ".json"
	cases := []struct {
		name string
		edit func(string) string
		want func(t *testing.T, data []byte) string // the problem's words, from the edited bytes
	}{
		{"a value edited by hand", func(s string) string {
			return strings.Replace(s, `"publisher": "Example Press"`, `"publisher": "Example Pres"`, 1)
		}, func(*testing.T, []byte) string { return "record.publisher differs from what this about's merge gives" }},
		{"keys out of order", func(s string) string {
			idLine := "  \"id\": \"" + id.Key() + "\",\n"
			origins := "  \"origins\": [\n    \"manifest\"\n  ],\n"
			return strings.Replace(s, idLine+origins, origins+idLine, 1)
		}, func(*testing.T, []byte) string {
			return `not canonical: line 21 is "  \"origins\": [", canonical is "  \"id\"`
		}},
		{"a field of the wrong kind", func(s string) string {
			return strings.Replace(s, `"year": 2020`, `"year": "2020"`, 1)
		}, func(t *testing.T, data []byte) string {
			var w snapshots.Work
			what, ok := snapshots.SchemaMismatch(json.Unmarshal(data, &w))
			if !ok || !strings.Contains(what, "issued.year at byte") {
				t.Fatalf("json.Unmarshal says %q", what)
			}
			return what + " (about fetch rewrites it)"
		}},
		{"a key in another case", func(s string) string {
			return strings.Replace(s, `"publisher": "Example Press"`, `"publisheR": "Example Pres"`, 1)
		}, func(*testing.T, []byte) string { return "record.publisher differs from what this about's merge gives" }}, // json.Unmarshal's match, whatever the case
		{"an escape the encoder does not write", func(s string) string {
			return strings.Replace(s, `"publisher": "Example Press"`, `"publisher": "Example\u0020Press"`, 1)
		}, func(*testing.T, []byte) string { return `not canonical: line ` }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			edited, added := problemsAddedBy(t, id, c.edit)
			want := rel + ": " + c.want(t, edited)
			if !slices.ContainsFunc(added, func(p string) bool { return strings.HasPrefix(p, want) }) {
				t.Errorf("new problems:\n%s\nwant one starting %q", strings.Join(added, "\n"), want)
			}
			for _, p := range added {
				if !strings.HasPrefix(p, rel+": ") {
					t.Errorf("a problem of an untouched file: %s", p)
				}
			}
		})
	}
}

// problemsAddedBy edits the file of work id in a fresh remergeFolder and
// returns the edited bytes and the problems check --offline finds that it
// did not before the edit.
func problemsAddedBy(t *testing.T, id manifest.Identity, edit func(string) string) (edited []byte, added []string) {
	t.Helper()
	m := remergeFolder(t, 3)
	path := snapshots.Dir{Root: m.Snapshots}.WorkPath(id)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before := problemsOf(Offline(m, m.Snapshots).Problems)
	edited = []byte(edit(string(data)))
	if bytes.Equal(edited, data) || !json.Valid(edited) {
		t.Fatalf("the edit did nothing or broke the JSON:\n%s", edited)
	}
	if err := os.WriteFile(path, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range problemsOf(Offline(m, m.Snapshots).Problems) {
		if !slices.Contains(before, p) {
			added = append(added, p)
		}
	}
	return edited, added
}

func problemsOf(ps []Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

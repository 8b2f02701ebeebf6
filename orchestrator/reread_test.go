package orchestrator

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// orcidPaths records the paths asked of pub.orcid.org.
func orcidPaths(net *fakeNet) func() []string {
	var mu sync.Mutex
	var paths []string
	net.Before(func(req *http.Request) {
		if req.URL.Host == "pub.orcid.org" {
			mu.Lock()
			paths = append(paths, req.URL.Path)
			mu.Unlock()
		}
	})
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(paths)
	}
}

// TestRerunAsksNoUnchangedDetails: a rerun whose works summary gives every
// entry the last-modified-date the last run recorded asks for no details
// (summary and name only) and writes the same bytes as the first run.
func TestRerunAsksNoUnchangedDetails(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	first := folderBytes(t, m.Snapshots)

	net := recordedNet(t)
	asked := orcidPaths(net)
	runOK(t, testOptions(m, net, 4))
	want := []string{"/v3.0/0000-0002-9341-7985/works", "/v3.0/0000-0002-9341-7985/person"}
	if got := asked(); !slices.Equal(got, want) {
		t.Errorf("ORCID asked %v, want %v (no details: nothing was edited)", got, want)
	}
	if got := folderBytes(t, m.Snapshots); got != first {
		t.Error("the rerun changed the snapshots although nothing upstream did")
	}
}

// TestRerunAsksEditedDetails: an entry whose last-modified-date moved is
// the one whose details are asked again, and what they say now is
// written; the other works keep their files byte for byte.
func TestRerunAsksEditedDetails(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	const pc = "15536016"
	const file = "orcid-work_0000-0002-9341-7985_2f15536016.json"
	before := map[string]string{}
	entries, err := os.ReadDir(filepath.Join(m.Snapshots, "works"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		before[e.Name()] = readFile(t, filepath.Join(m.Snapshots, "works", e.Name()))
	}
	if _, ok := before[file]; !ok {
		t.Fatalf("no %s among %v", file, before)
	}

	net := recordedNet(t)
	editEntry(t, net, pc, "PLoS ONE: Background, future development, and article-level metrics (revised)")
	asked := orcidPaths(net)
	runOK(t, testOptions(m, net, 4))
	if got := asked(); !slices.Contains(got, "/v3.0/0000-0002-9341-7985/works/"+pc) || slices.Contains(got, recordedDetails) || len(got) != 3 {
		t.Errorf("ORCID asked %v, want the summary, the name and put-code %s alone", got, pc)
	}
	for name, was := range before {
		now := readFile(t, filepath.Join(m.Snapshots, "works", name))
		switch {
		case name == file && !strings.Contains(now, "(revised)"):
			t.Errorf("%s does not say what the edited entry says now:\n%s", name, now)
		case name != file && now != was:
			t.Errorf("%s changed although its entry was not edited", name)
		}
	}
}

// TestRerunRenamedOwnerAsksDetails: the contributors' names were split by
// the owner's name, so when the name on the record changed every kept
// entry's details are asked again.
func TestRerunRenamedOwnerAsksDetails(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	net := recordedNet(t)
	const person = "pub.orcid.org/v3.0/0000-0002-9341-7985/person"
	net.routes[person] = fakeAnswer{200, []byte(strings.Replace(string(net.routes[person].body), `"Binfield"`, `"Binfield-Smith"`, 1))}
	asked := orcidPaths(net)
	runOK(t, testOptions(m, net, 4))
	if got := asked(); !slices.Contains(got, recordedDetails) {
		t.Errorf("ORCID asked %v, want every entry's details again after the name changed", got)
	}
}

// editEntry gives put-code pc a later last-modified-date in the recorded
// summary and a new title in its details, served alone.
func editEntry(t *testing.T, net *fakeNet, pc, title string) {
	t.Helper()
	editSummaries(t, net, func(code string) bool { return code == pc })
	var bulk struct {
		Bulk []map[string]map[string]any `json:"bulk"`
	}
	if err := json.Unmarshal(net.routes["pub.orcid.org"+recordedDetails].body, &bulk); err != nil {
		t.Fatal(err)
	}
	for _, b := range bulk.Bulk {
		if w := b["work"]; w != nil && jsonPutCode(w) == pc {
			w["title"] = map[string]any{"title": map[string]any{"value": title}}
			one, err := json.Marshal(map[string]any{"bulk": []any{b}})
			if err != nil {
				t.Fatal(err)
			}
			net.routes["pub.orcid.org/v3.0/0000-0002-9341-7985/works/"+pc] = fakeAnswer{status: 200, body: one}
			return
		}
	}
	t.Fatalf("put-code %s is not in the recorded details", pc)
}

// jsonPutCode is a decoded work's put-code, as the API writes it (a number).
func jsonPutCode(w map[string]any) string {
	b, _ := json.Marshal(w["put-code"])
	return string(b)
}

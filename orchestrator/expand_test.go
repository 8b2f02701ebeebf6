package orchestrator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
)

// TestRoutedFromSummary holds the ORCID record's page of details until
// another host has been asked about its works: works are routed from the works summary,
// so the other hosts start while the details are still out. The snapshot
// bytes are those of a run whose details came at once.
func TestRoutedFromSummary(t *testing.T) {
	want := func() string {
		m := newManifest(t, recordedManifest)
		runOK(t, testOptions(m, recordedNet(t), 4))
		return folderBytes(t, m.Snapshots)
	}()
	// -j 1 is one call at a time, the held page's included, so -j 2 is
	// the least at which another host can start beside it.
	for _, workers := range []int{2, 8} {
		m := newManifest(t, recordedManifest)
		net := recordedNet(t)
		other := make(chan struct{})
		var once sync.Once
		var mu sync.Mutex
		otherFirst := false // another host was asked before the details were answered
		net.Before(func(req *http.Request) {
			if _, listing := listingKey(req.URL); listing {
				return // discovery listings are of no work: they start at once either way
			}
			if req.URL.Host != "pub.orcid.org" {
				once.Do(func() { close(other) })
				return
			}
			if !strings.Contains(req.URL.Path, "/works/") {
				return
			}
			select {
			case <-other:
				mu.Lock()
				otherFirst = true
				mu.Unlock()
			case <-req.Context().Done():
			case <-time.After(10 * time.Second): // a guard, not a pace: today's code never asks another host first
			}
		})
		rep := runOK(t, testOptions(m, net, workers))
		if rep.Incomplete() {
			t.Fatalf("-j %d: run came back short: %v", workers, rep.ShortJobs())
		}
		mu.Lock()
		if !otherFirst {
			t.Errorf("-j %d: no other host was asked before the ORCID details were answered", workers)
		}
		mu.Unlock()
		if got := folderBytes(t, m.Snapshots); got != want {
			t.Errorf("-j %d: snapshots differ from a run whose details came at once", workers)
		}
	}
}

// TestFailedDetailsKeepTheRecord: a page of details that cannot be read
// fails the record's expansion although its summary was read and its
// works routed: the record keeps its last good file, its works keep their
// ORCID entries, nothing is pruned, and the folder is as it was.
func TestFailedDetailsKeepTheRecord(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	before := folderBytes(t, m.Snapshots)

	net := recordedNet(t)
	edited(t, net) // every entry edited since: its details are asked again
	net.routes["pub.orcid.org"+recordedDetails] = fakeAnswer{status: http.StatusBadRequest, body: []byte(`{"response-code":400}`)}
	rep := runOK(t, testOptions(m, net, 4))
	if len(rep.Expansions) != 1 || rep.Expansions[0].Status != record.Failed || !strings.Contains(fmt.Sprint(rep.Expansions[0].Err), "work details") {
		t.Fatalf("expansion outcomes %+v, want one failure naming the details", rep.Expansions)
	}
	if n := net.requests("pub.orcid.org"); n != 2 {
		t.Errorf("ORCID requests = %d, want 2 (summary, the refused page; no name after it)", n)
	}
	if len(rep.Works) != 12 || rep.NotPruned == report.Pruned || len(rep.Removed) != 0 {
		t.Errorf("works %d, removed %v (note %q); want the 12 of the last run, nothing pruned", len(rep.Works), rep.Removed, rep.NotPruned)
	}
	if got := folderBytes(t, m.Snapshots); got != before {
		t.Error("snapshots changed although only the ORCID details failed")
	}
}

// TestFailedDetailsKeepWorksThatLeft: a work the last file listed that the
// summary no longer lists stays (its file and its place in the index)
// when the details fail, since the record was not read whole; it is
// planned after the listed works and asked like them.
func TestFailedDetailsKeepWorksThatLeft(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	gone := "doi:10.3233/isu-130714" // the record's first group
	beforeWork := readFile(t, filepath.Join(m.Snapshots, "works", "doi_10.3233_2fisu-130714.json"))

	net := recordedNet(t)
	edited(t, net)
	summary := net.routes["pub.orcid.org/v3.0/0000-0002-9341-7985/works"]
	var doc map[string]any
	if err := json.Unmarshal(summary.body, &doc); err != nil {
		t.Fatal(err)
	}
	doc["group"] = doc["group"].([]any)[1:]
	body, _ := json.Marshal(doc)
	net.routes["pub.orcid.org/v3.0/0000-0002-9341-7985/works"] = fakeAnswer{status: 200, body: body}
	net.routes["pub.orcid.org/v3.0/0000-0002-9341-7985/works/5011717,15536016,15536014,15536013,15536017,15536018,15536019"] = fakeAnswer{status: http.StatusBadGateway, body: []byte("bad gateway")}
	rep := runOK(t, testOptions(m, net, 4))
	if len(rep.Works) != 12 || !slices.ContainsFunc(rep.Works, func(id manifest.Identity) bool { return id.Key() == gone }) {
		t.Fatalf("works %v, want the 12 of the last run, %s among them", rep.Works, gone)
	}
	if got := readFile(t, filepath.Join(m.Snapshots, "works", "doi_10.3233_2fisu-130714.json")); got != beforeWork {
		t.Errorf("the work that left the summary changed:\n%s\nwas:\n%s", got, beforeWork)
	}
	if rep.NotPruned == report.Pruned {
		t.Error("a record not read whole must prune nothing")
	}
}

// recordedDetails is the recorded record's one page of details.
const recordedDetails = "/v3.0/0000-0002-9341-7985/works/15536015,5011717,15536016,15536014,15536013,15536017,15536018,15536019"

// TestPlanCountsORCIDPages: the live view's plan for the ORCID host counts
// every request the record takes (summary, each page of details, name),
// so its remaining time is not the summary's alone.
func TestPlanCountsORCIDPages(t *testing.T) {
	m := newManifest(t, recordedManifest)
	net := recordedNet(t)
	opts := testOptions(m, net, 4)
	var mu sync.Mutex
	calls, jobs := 0, 0
	opts.Progress.Planned = func(lp LanePlan) {
		if lp.Host == "pub.orcid.org" {
			mu.Lock()
			calls, jobs = calls+lp.Calls, jobs+lp.Jobs
			mu.Unlock()
		}
	}
	runOK(t, opts)
	mu.Lock()
	defer mu.Unlock()
	if n := net.requests("pub.orcid.org"); calls != n || jobs != 1 {
		t.Errorf("ORCID planned %d calls for %d jobs; want %d calls (the requests made) for 1 job", calls, jobs, n)
	}
}

// edited makes the recorded record's summary say every entry was edited
// since it was recorded (a later last-modified-date), the put-codes kept.
func edited(t *testing.T, net *fakeNet) {
	t.Helper()
	editSummaries(t, net, func(string) bool { return true })
}

// editSummaries gives the entries of the recorded works summary whose
// put-code edit chooses a later last-modified-date.
func editSummaries(t *testing.T, net *fakeNet, edit func(putCode string) bool) {
	t.Helper()
	const path = "pub.orcid.org/v3.0/0000-0002-9341-7985/works"
	var doc struct {
		Group []map[string]any `json:"group"`
	}
	if err := json.Unmarshal(net.routes[path].body, &doc); err != nil {
		t.Fatal(err)
	}
	for _, g := range doc.Group {
		for _, ws := range g["work-summary"].([]any) {
			if w := ws.(map[string]any); edit(jsonPutCode(w)) {
				lm := w["last-modified-date"].(map[string]any)
				lm["value"] = lm["value"].(float64) + 1000
			}
		}
	}
	body, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	net.routes[path] = fakeAnswer{status: 200, body: body}
}

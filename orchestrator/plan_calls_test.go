package orchestrator

import (
	"sync"
	"testing"
)

// TestPlannedCallsAreTheRequestsMade: the live view's plan (whose calls
// its ETA counts) adds up, per host, to the requests the run makes: a
// list answer's works asked again alone (DataCite's DOI its list lacks),
// ORCID's detail pages and person beside the works summary, and the
// discovery listings are planned, not only the one request per batch the
// planner foresaw. doi.org's agency lookups are the planner's own, no
// lane's, and not part of the plan. While Crossref re-asked preprints and
// container-less works alone, its plan fell short the same way.
func TestPlannedCallsAreTheRequestsMade(t *testing.T) {
	m := newManifest(t, batchManifest)
	net := batchNet(t)
	opts := testOptions(m, net, 4)
	var mu sync.Mutex
	planned := map[string]int{}
	opts.Progress.Planned = func(lp LanePlan) {
		mu.Lock()
		defer mu.Unlock()
		planned[lp.Host] += lp.Calls
	}
	if rep := runOK(t, opts); rep.Incomplete() {
		t.Fatalf("short run: %v", rep.ShortJobs())
	}
	for _, host := range []string{"api.crossref.org", "api.datacite.org", "api.openalex.org", "pub.orcid.org"} {
		if got, want := planned[host], net.requests(host); got != want {
			t.Errorf("%s: %d calls planned, %d requests made", host, got, want)
		}
	}
}

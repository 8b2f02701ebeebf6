package orchestrator

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// TestINSPIRE429StopsItForTheRunKeepingItsValues: inspirehep.net
// answering 429 again and again is stopped for the run after
// transport.DefaultStopAfter answers, never asked in a loop, and every
// work it listed keeps what INSPIRE said last time (its source and its
// counts), though Crossref answered about them this run: the folder is
// the same bytes as after the healthy run.
func TestINSPIRE429StopsItForTheRunKeepingItsValues(t *testing.T) {
	m := newManifest(t, `providers = ["inspire", "crossref"]
counts_source = "inspire"

[[identity]]
inspire = "E.Witten.1"
`)
	net := inspireNet(t)
	net.otherwise("api.crossref.org", http.StatusNotFound, "Resource not found.")
	runOK(t, testOptions(m, net, 4))
	before := folderBytes(t, m.Snapshots)
	if !strings.Contains(before, `"provider": "inspire"`) {
		t.Fatalf("the healthy run wrote no INSPIRE source:\n%.800s", before)
	}

	var refused atomic.Int32
	net.Override(fakenet.Host("inspirehep.net"), func(req *http.Request) (*http.Response, error) {
		refused.Add(1)
		return fakenet.Response(req, http.StatusTooManyRequests, nil, nil), nil
	})
	rep := runOK(t, testOptions(m, net, 4))
	if n := refused.Load(); n != transport.DefaultStopAfter {
		t.Errorf("%d requests refused, want %d and then none", n, transport.DefaultStopAfter)
	}
	if st := statsOf(rep, "inspirehep.net"); !st.Stopped {
		t.Errorf("stats %+v, want inspirehep.net stopped", st)
	}
	if got := rep.NotPruned.String(); rep.NotPruned != report.PruneINSPIREUnread || !strings.HasPrefix(got, "an INSPIRE author's listing could not be read") {
		t.Errorf("nothing pruned because %q, want the INSPIRE listing named", got)
	}
	if after := folderBytes(t, m.Snapshots); after != before {
		t.Errorf("a stopped INSPIRE changed the folder:\n%s", firstDifference(before, after))
	}
}

// TestINSPIREWaitsFiveSecondsAfterA429: INSPIRE asks for at least 5 s
// after a 429 ("you'll need to wait at least 5s when receiving a 429
// response before trying again", rest-api-doc, Rate limiting); the
// transport's own first backoff is about a second. The request after a
// 429 that names no Retry-After comes no sooner than 5 s later.
func TestINSPIREWaitsFiveSecondsAfterA429(t *testing.T) {
	m := newManifest(t, inspireManifest)
	net := inspireNet(t)
	net.Override(fakenet.Host("inspirehep.net"), fakenet.Status(http.StatusTooManyRequests)).Once()
	clock := &instantClock{}
	var mu sync.Mutex
	var at []time.Time
	net.Before(func(req *http.Request) {
		if req.URL.Host == "inspirehep.net" {
			mu.Lock()
			at = append(at, clock.Now())
			mu.Unlock()
		}
	})
	opts := testOptions(m, net, 4)
	opts.Clock = clock
	rep := runOK(t, opts)
	if rep.Incomplete() {
		t.Fatalf("run came back short: %v", rep.ShortJobs())
	}
	if len(at) != 2 {
		t.Fatalf("%d requests to inspirehep.net, want the refused one and its retry", len(at))
	}
	if gap := at[1].Sub(at[0]); gap < 5*time.Second {
		t.Errorf("retried %v after a 429, sooner than INSPIRE's 5 s", gap)
	}
}

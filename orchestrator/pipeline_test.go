package orchestrator

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/transport"
)

// batchManifest adds DataCite DOIs to the recorded manifest, so the three
// services with a list form each get a batch of several DOIs.
const batchManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref", "openalex", "datacite"]

[[identity]]
doi = "10.5281/zenodo.48440"

[[identity]]
orcid = "0000-0002-9341-7985"

[[identity]]
doi = "10.1145/3448016.3452841"

[[identity]]
doi = "10.7554/eLife.01567"

[[identity]]
doi = "10.1594/PANGAEA.836178"

[[identity]]
doi = "10.1017/9781108348843"

[[identity]]
doi = "10.5555/not-at-datacite"

[[identity]]
doi = "10.1007/978-3-662-46370-3_13"
`

func batchNet(t testing.TB) *fakeNet {
	n := recordedNet(t)
	for _, doi := range []string{"10.5281/zenodo.48440", "10.1594/pangaea.836178"} {
		n.file("api.datacite.org", "/dois/"+doi, 200, "datacite/datacite-doi-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	n.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	n.agencies["10.5281"] = "DataCite"
	n.agencies["10.1594"] = "DataCite"
	n.agencies["10.5555"] = "DataCite"
	return n
}

// TestBatchingLeavesSnapshotsAlone: the snapshot folder is the same byte
// for byte whether every provider is asked one DOI a request or in
// batches, and batching takes fewer requests.
func TestBatchingLeavesSnapshotsAlone(t *testing.T) {
	run := func(noBatching bool) (string, *fakeNet) {
		m := newManifest(t, batchManifest)
		net := batchNet(t)
		opts := testOptions(m, net, 4)
		opts.NoBatching = noBatching
		if rep := runOK(t, opts); rep.Incomplete() {
			t.Fatalf("short run: %v", rep.ShortJobs())
		}
		return folderBytes(t, m.Snapshots), net
	}
	batched, bnet := run(false)
	single, snet := run(true)
	if batched != single {
		t.Error("snapshots differ with batching on and off")
	}
	for host, want := range map[string][2]int{
		// DataCite: one list, then the DOI it lacks on its own (see dataCiteList and its Absent hook).
		// Crossref: one list of whole records, the monograph with no
		// container-title included (it was asked again on its own while
		// lists asked select=, which cannot name its institution).
		// Each host also answers the researcher's discovery listing, once, either way.
		"api.crossref.org": {2, 9}, "api.openalex.org": {2, 12}, "api.datacite.org": {3, 4},
	} {
		if b, s := bnet.requests(host), snet.requests(host); b != want[0] || s != want[1] {
			t.Errorf("%s: %d requests batched, %d single; want %d and %d", host, b, s, want[0], want[1])
		}
	}
}

// TestLanesStartBeforeTheLastRecordIsRead: provider jobs for the works of
// the first ORCID record are asked while the second record is still being
// read. The second record's request is held until a provider request has
// been seen; without pipelining none comes, and the test fails.
func TestLanesStartBeforeTheLastRecordIsRead(t *testing.T) {
	const src = `mailto = "ada@example.org"
providers = ["orcid", "crossref"]

[[identity]]
orcid = "0000-0002-9341-7985"

[[identity]]
orcid = "0000-0002-1825-0097"
`
	m := newManifest(t, src)
	net := recordedNet(t)
	secondRecord(net)
	providerAsked := make(chan struct{})
	var once sync.Once
	var early bool
	net.Before(func(req *http.Request) {
		switch {
		case req.URL.Host == "api.crossref.org":
			once.Do(func() { close(providerAsked) })
		case strings.Contains(req.URL.Path, "0000-0002-1825-0097"):
			guard := time.NewTimer(10 * time.Second) // a failure guard, not synchronisation
			defer guard.Stop()
			select {
			case <-providerAsked:
				early = true
			case <-guard.C:
			}
		}
	})
	opts := testOptions(m, net, 4)
	opts.NoBatching = true // a lane with a partial batch waits for more works; single jobs go at once
	rep := runOK(t, opts)
	if !early {
		t.Fatal("no provider request before the last ORCID record was read: lanes wait for every expansion")
	}
	if rep.Incomplete() || len(rep.Expansions) != 2 {
		t.Errorf("short: %v; %d expansions", rep.ShortJobs(), len(rep.Expansions))
	}

	// The same manifest run without holding anything writes the same bytes.
	m2 := newManifest(t, src)
	net2 := recordedNet(t)
	secondRecord(net2)
	runOK(t, testOptions(m2, net2, 1))
	if folderBytes(t, m.Snapshots) != folderBytes(t, m2.Snapshots) {
		t.Error("pipelined and unhurried runs wrote different snapshots")
	}
}

// secondRecord serves the recorded ORCID record under a second iD too.
func secondRecord(n *fakeNet) {
	const bulk = "/works/15536015,5011717,15536016,15536014,15536013,15536017,15536018,15536019"
	n.file("pub.orcid.org", "/v3.0/0000-0002-1825-0097/works", 200, "orcid/orcid-works-0000-0002-9341-7985.json")
	n.file("pub.orcid.org", "/v3.0/0000-0002-1825-0097"+bulk, 200, "orcid/constructed-orcid-works-bulk-0000-0002-9341-7985.json")
	n.file("pub.orcid.org", "/v3.0/0000-0002-1825-0097/person", 200, "orcid/orcid-person-0000-0002-9341-7985.json")
}

// redundancyRegistry is a registry whose defaults are ORCID, Crossref,
// OpenAlex and Unpaywall, so a manifest without a providers list chooses
// them by default.
func redundancyRegistry() []service.Spec {
	return []service.Spec{providers.Crossref(), providers.OpenAlex(), providers.ORCID(), providers.Unpaywall()}
}

func unpaywallNet(t testing.TB) (*fakeNet, *[]string) {
	n := recordedNet(t)
	n.file("api.unpaywall.org", "/v2/10.7554/elife.01567", 200, "unpaywall/unpaywall-10.1001-jamadermatol.2015.3091.json")
	n.otherwise("api.unpaywall.org", 404, `{"HTTP_status_code": 404, "error": true, "message": "not found"}`)
	var mu sync.Mutex
	var asked []string
	n.Before(func(req *http.Request) {
		if req.URL.Host == "api.unpaywall.org" {
			mu.Lock()
			asked = append(asked, strings.TrimPrefix(req.URL.Path, "/v2/"))
			mu.Unlock()
		}
	})
	return n, &asked
}

// TestUnpaywallNotAskedWhenOpenAlexGaveOA: chosen by default, Unpaywall is
// asked only about works OpenAlex had no open-access status for (the
// 8 DOI works less the 3 OpenAlex knows, open or closed), and the run says
// so; named by the user, it is asked about every DOI.
func TestUnpaywallNotAskedWhenOpenAlexGaveOA(t *testing.T) {
	byDefault := strings.Replace(recordedManifest, `providers = ["orcid", "crossref", "openalex"]`, "", 1)
	for _, workers := range []int{1, 8} {
		net, asked := unpaywallNet(t)
		m := newManifest(t, byDefault)
		opts := testOptions(m, net, workers)
		opts.Registry = redundancyRegistry()
		rep := runOK(t, opts)
		if len(*asked) != 5 {
			t.Errorf("-j %d: unpaywall asked about %v, want the 5 DOIs OpenAlex does not know", workers, *asked)
		}
		for _, doi := range *asked {
			if doi == "10.1145/3448016.3452841" || doi == "10.1007/978-3-662-46370-3_13" || doi == "10.1017/9781108348843" {
				t.Errorf("-j %d: unpaywall asked about %s, whose OA status OpenAlex gave", workers, doi)
			}
		}
		unpaywallJobs := 0
		for _, o := range rep.Outcomes {
			if o.Provider == "unpaywall" {
				unpaywallJobs++
			}
		}
		if unpaywallJobs != 5 || len(rep.Notes()) != 1 || !strings.Contains(rep.Notes()[0], "unpaywall was not asked about 3 works") {
			t.Errorf("-j %d: %d unpaywall outcomes, notes %q", workers, unpaywallJobs, rep.Notes())
		}
	}

	explicit := strings.Replace(recordedManifest, `"openalex"]`, `"openalex", "unpaywall"]`, 1)
	net, asked := unpaywallNet(t)
	opts := testOptions(newManifest(t, explicit), net, 4)
	opts.Registry = redundancyRegistry()
	rep := runOK(t, opts)
	if len(*asked) != 8 || len(rep.Notes()) != 0 {
		t.Errorf("named by the user, unpaywall was asked about %d DOIs (notes %q), want all 8", len(*asked), rep.Notes())
	}
}

// TestRedundantSkipIsStable: skipping Unpaywall depends only on OpenAlex's
// answers, so the snapshots are the same at any -j and with batching off.
func TestRedundantSkipIsStable(t *testing.T) {
	byDefault := strings.Replace(recordedManifest, `providers = ["orcid", "crossref", "openalex"]`, "", 1)
	var want string
	for i, c := range []struct {
		workers    int
		noBatching bool
	}{{1, false}, {8, false}, {3, true}} {
		net, _ := unpaywallNet(t)
		m := newManifest(t, byDefault)
		opts := testOptions(m, withJitter(net, uint64(i)), c.workers)
		opts.Registry = redundancyRegistry()
		opts.NoBatching = c.noBatching
		runOK(t, opts)
		got := folderBytes(t, m.Snapshots)
		if i == 0 {
			want = got
		} else if got != want {
			t.Errorf("-j %d, no batching %v: snapshots differ", c.workers, c.noBatching)
		}
	}
}

// TestListQueriesKeepTheirOwnPace: while batching, Crossref's host keeps
// the slower pace Crossref sets for list queries; asked one DOI at a time,
// its single-record pace.
func TestListQueriesKeepTheirOwnPace(t *testing.T) {
	m := newManifest(t, recordedManifest)
	if got := hostInterval(providers.Crossref(), m, false, false); got != time.Second {
		t.Errorf("batched Crossref interval %v, want 1s", got)
	}
	if got := hostInterval(providers.Crossref(), m, true, false); got != time.Second {
		t.Errorf("single Crossref interval with discovery on %v, want 1s: its listings are list queries", got)
	}
	m.Discover = false
	if got := hostInterval(providers.Crossref(), m, true, false); got != 200*time.Millisecond {
		t.Errorf("single Crossref interval %v, want 200ms", got)
	}
	m.Intervals = map[string]time.Duration{"crossref": 2 * time.Second}
	if got := hostInterval(providers.Crossref(), m, false, false); got != 2*time.Second {
		t.Errorf("a slower manifest interval must win: %v", got)
	}
}

// TestOneConnectionPerHost: the run's one client keeps connections alive,
// so a host asked many times is dialled once (HTTP/2, where a server
// offers it over TLS, comes from the same cloned default transport).
func TestOneConnectionPerHost(t *testing.T) {
	var registry []service.Spec
	bases := map[string]string{}
	var mu sync.Mutex
	dials := map[string]int{}
	for i := range 3 {
		name := fmt.Sprintf("sim%d", i)
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `{"title": %q}`, r.URL.Path)
		}))
		srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
			if state == http.StateNew {
				mu.Lock()
				dials[name]++
				mu.Unlock()
			}
		}
		srv.Start()
		t.Cleanup(srv.Close)
		registry = append(registry, simSpec(name, time.Millisecond))
		bases[name] = srv.URL
	}
	var src strings.Builder
	for i := range 10 {
		fmt.Fprintf(&src, "[[identity]]\ndoi = \"10.1234/work.%d\"\n", i)
	}
	rep, err := Run(context.Background(), Options{Manifest: newManifest(t, src.String()), Workers: 8, Registry: registry, BaseURLs: bases})
	if err != nil || rep.Incomplete() {
		t.Fatalf("run: %v %v", err, rep.ShortJobs())
	}
	for name, n := range dials {
		if n != 1 {
			t.Errorf("%s was dialled %d times for 10 requests, want 1", name, n)
		}
	}
	if len(dials) != 3 {
		t.Errorf("dials %v", dials)
	}
}

// TestLaneHoldsBackPastTheWindow: a lane starts no call on a work at or
// past the scheduler's limit, even with nothing else to do; it goes on
// once the limit moves (the frontier advanced) and it is woken.
func TestLaneHoldsBackPastTheWindow(t *testing.T) {
	l := newLane("h")
	spec := service.Spec{Name: "p", BatchSize: 1}
	l.push(&job{to: newJobTarget(&spec, ""), work: 5, slot: 9})
	l.close()
	var asked []int
	limits := []int{3, 10}
	limit := func() int {
		v := limits[min(len(asked), len(limits)-1)]
		asked = append(asked, v)
		return v
	}
	l.signal() // the wake-up a moving frontier sends
	call := l.next(func(service.Spec) int { return 1 }, limit)
	if len(call) != 1 || call[0].work != 5 {
		t.Fatalf("call %v", call)
	}
	if len(asked) != 2 || asked[0] != 3 {
		t.Errorf("limits consulted %v: work 5 must wait while the limit is 3", asked)
	}
	if next := l.next(func(service.Spec) int { return 1 }, limit); next != nil {
		t.Errorf("a closed, empty lane returned %v", next)
	}
}

// TestWriteFailureEndsTheRun: when a snapshot cannot be written, Run says
// so and returns.
func TestWriteFailureEndsTheRun(t *testing.T) {
	m := newManifest(t, fmt.Sprintf("mailto = \"bench@example.org\"\n[[identity]]\norcid = %q\n", simORCID(0)))
	blocker := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m.Snapshots = filepath.Join(blocker, "snapshots")
	net := &simNet{scale: 1000, corpus: newSimCorpus(), orcids: map[string]int{simORCID(0): 0}, perRecord: 60}
	_, err := Run(context.Background(), testOptions(m, net, 8))
	if err == nil || !strings.Contains(err.Error(), "write snapshots") {
		t.Fatalf("err = %v, want a snapshot write error", err)
	}
}

// TestExampleReplayBatchedOrNot: the committed example, replayed with
// batching on (list answers) and off (single answers), writes the same
// snapshot folder byte for byte.
func TestExampleReplayBatchedOrNot(t *testing.T) {
	var want string
	for _, noBatching := range []bool{false, true} {
		rp, err := transport.LoadReplay(filepath.Join("..", "examples", "replay"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := manifest.Load(filepath.Join("..", "examples", "manifest.toml"))
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{Manifest: m, Snapshots: t.TempDir(), Workers: 4, Base: rp, NoPacing: true, Clock: transport.InstantClock(), UserAgent: "about-test", NoBatching: noBatching}
		rep := runOK(t, opts)
		if rep.Incomplete() {
			t.Fatalf("no batching %v: short: %v", noBatching, rep.ShortJobs())
		}
		got := folderBytes(t, opts.Snapshots)
		if want == "" {
			want = got
		} else if got != want {
			t.Error("the example replayed one work a request wrote different snapshots")
		}
	}
}

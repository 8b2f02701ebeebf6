package orchestrator

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// agencyNet is a network of Crossref, DataCite and doi.org on which
// doi.org's Which RA? can be down: work i is a DataCite DOI (prefix
// 10.5281) when i%20 == 0, else a Crossref DOI on one of 19 prefixes.
// Records are the smallest each service's answer carries; the fake's list
// forms are built from them (see fakeNet.list).
type agencyNet struct {
	*fakeNet
	mu      sync.Mutex
	raDown  bool           // doi.org answers 503 to everything (lookupDown)
	singles map[string]int // host → single-record requests (not lists, not lookups)
	asked   []string       // every request, host + path + "?" + raw query
}

func agencyDOI(i int) string {
	if i%20 == 0 {
		return fmt.Sprintf("10.5281/zenodo.%d", 100000+i)
	}
	return fmt.Sprintf("10.%d/w.%d", 5500+i%19, i)
}

func newAgencyNet(t testing.TB, works int) *agencyNet {
	n := &agencyNet{fakeNet: newFakeNet(t), singles: map[string]int{}}
	n.agencies = map[string]string{"10.5281": "DataCite"}
	for i := range works {
		doi := agencyDOI(i)
		if i%20 == 0 {
			n.routes["api.datacite.org/dois/"+doi] = fakeAnswer{200, fmt.Appendf(nil,
				`{"data":{"id":%q,"type":"dois","attributes":{"doi":%q,"titles":[{"title":"Dataset %d"}],"publisher":"Zenodo","publicationYear":2020,"types":{"resourceTypeGeneral":"Dataset"}}}}`, doi, doi, i)}
			continue
		}
		prefix, _, _ := strings.Cut(doi, "/")
		n.agencies[prefix] = "Crossref"
		n.routes["api.crossref.org/works/"+doi] = fakeAnswer{200, fmt.Appendf(nil,
			`{"status":"ok","message-type":"work","message":{"DOI":%q,"type":"journal-article","title":["Article %d"],"container-title":["Journal"],"issued":{"date-parts":[[2020]]}}}`, doi, i)}
	}
	n.otherwise("api.crossref.org", 404, "Resource not found.")
	n.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	n.otherwise("doi.org", 404, "")
	n.Before(n.note)
	return n
}

// note keeps what req asks.
func (n *agencyNet) note(req *http.Request) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.asked = append(n.asked, req.URL.Host+req.URL.Path+"?"+req.URL.RawQuery)
	down := n.raDown && req.URL.Host == "doi.org"
	if !down && strings.Count(req.URL.Path, "/") > 1 && !strings.HasPrefix(req.URL.Path, "/doiRA/") {
		n.singles[req.URL.Host]++
	}
}

// lookupDown makes doi.org answer 503 to every request.
func (n *agencyNet) lookupDown() {
	n.mu.Lock()
	n.raDown = true
	n.mu.Unlock()
	n.Override(fakenet.Host("doi.org"), unavailable)
}

// agencyManifest lists works DOIs and typos DOIs nobody registered.
func agencyManifest(works, typos int) string {
	var b strings.Builder
	b.WriteString("mailto = \"ada@example.org\"\n")
	for i := range works {
		fmt.Fprintf(&b, "[[identity]]\ndoi = %q\n", agencyDOI(i))
	}
	for i := range typos {
		fmt.Fprintf(&b, "[[identity]]\ndoi = %q\n", typoDOI(i))
	}
	return b.String()
}

// typoDOI is a DOI of a known prefix that no agency holds.
func typoDOI(i int) string { return fmt.Sprintf("10.%d/typo.%d", 5500+i%19, i) }

func agencyRegistry() []service.Spec {
	return []service.Spec{providers.Crossref(), providers.DataCite(), providers.DOIOrg()}
}

// TestAgencyLookupOutageAtScale: with doi.org's Which RA? answering 503 to
// every request, a first run over 2,000 works (95% Crossref, 5% DataCite)
// and 40 typos sends no DataCite request per DOI, stays within a small
// factor of the healthy run's requests, finds every work, and notes the
// failed lookup once (#23, item 5). Before, every DOI of unknown agency
// was asked at DataCite's list and each one missing there again singly:
// 1,940 single 404s.
func TestAgencyLookupOutageAtScale(t *testing.T) {
	const works, typos = 2000, 40
	healthy := newAgencyNet(t, works)
	opts := testOptions(newManifest(t, agencyManifest(works, typos)), healthy, 8)
	opts.Registry = agencyRegistry()
	if rep := runOK(t, opts); rep.Incomplete() {
		t.Fatalf("healthy run short: %v", rep.ShortJobs())
	}

	out := newAgencyNet(t, works)
	out.lookupDown()
	opts = testOptions(newManifest(t, agencyManifest(works, typos)), out, 8)
	opts.Registry = agencyRegistry()
	rep := runOK(t, opts)
	if rep.Incomplete() {
		t.Errorf("outage run short: %v", rep.ShortJobs())
	}
	if got := out.singles["api.datacite.org"]; got != 0 {
		t.Errorf("%d single DataCite requests in the outage; want none (DOIs asked in lists only)", got)
	}
	if got := out.singles["api.crossref.org"]; got > healthy.singles["api.crossref.org"] {
		t.Errorf("%d single Crossref requests in the outage, %d healthy", got, healthy.singles["api.crossref.org"])
	}
	t.Logf("requests: healthy %v, outage %v", healthy.Counts(), out.Counts())
	if h, o := healthy.Total(), out.Total(); o > h+h/2 {
		t.Errorf("outage run made %d requests, the healthy one %d: want at most half as many again", o, h)
	}
	found := 0
	for _, o := range rep.Outcomes {
		if o.Status == record.Found && (o.Provider == "crossref" || o.Provider == "datacite") {
			found++
		}
	}
	if found != works {
		t.Errorf("%d works found at their agency, want %d", found, works)
	}
	lookupNotedOnce(t, rep)
}

// lookupNotedOnce: the run's notes tell the failed agency lookup once.
func lookupNotedOnce(t *testing.T, rep *report.Report) {
	t.Helper()
	notes := 0
	for _, n := range rep.Notes() {
		if strings.Contains(n, "registration agency lookup") {
			notes++
		}
	}
	if notes != 1 {
		t.Errorf("notes %q: want the failed lookup noted once", rep.Notes())
	}
}

// TestAgencyLookupOutageRerun: with the lookup down on a rerun, a work is
// asked first of the agency its last snapshot found it at, and a new work
// of the agency its prefix's other works were found at: Crossref is never
// asked about a DataCite DOI, nor DataCite about a Crossref DOI.
func TestAgencyLookupOutageRerun(t *testing.T) {
	healthy := newAgencyNet(t, 240)
	m := newManifest(t, agencyManifest(200, 0))
	opts := testOptions(m, healthy, 4)
	opts.Registry = agencyRegistry()
	runOK(t, opts)

	out := newAgencyNet(t, 240)
	out.lookupDown()
	grown := newManifest(t, agencyManifest(240, 0)) // 40 new works, two of them DataCite's
	grown.Snapshots = m.Snapshots
	opts = testOptions(grown, out, 4)
	opts.Registry = agencyRegistry()
	if rep := runOK(t, opts); rep.Incomplete() {
		t.Errorf("short: %v", rep.ShortJobs())
	}
	for _, a := range out.asked {
		switch {
		case strings.HasPrefix(a, "api.crossref.org") && strings.Contains(a, "10.5281"):
			t.Errorf("Crossref asked about a DataCite DOI: %s", a)
		case strings.HasPrefix(a, "api.datacite.org") && strings.Contains(a, "w."):
			t.Errorf("DataCite asked about a Crossref DOI: %s", a)
		}
	}
}

// TestAgencyLookupNotRetriedEachRecord: once the lookup has failed, the
// works of later ORCID records are not looked up again (each try is four
// attempts and seconds of backoff while no new work is scheduled); the
// failure is noted once.
func TestAgencyLookupNotRetriedEachRecord(t *testing.T) {
	orcid := simORCID(0)
	nw := newOutageNet(orcid, 5)
	nw.set("doi.org", unavailable)
	// The DOIs before the record are looked up before it is read, its
	// works after: two stretches.
	src := fmt.Sprintf("mailto = \"ada@example.org\"\ndiscover = false\n[[identity]]\ndoi = %q\n[[identity]]\norcid = %q\n", simDOI(1000), orcid)
	rep := runOK(t, testOptions(newManifest(t, src), nw, 4))
	if n := nw.hostRequests("doi.org"); n != transport.DefaultMaxAttempts {
		t.Errorf("doi.org asked %d times; want one lookup's %d attempts", n, transport.DefaultMaxAttempts)
	}
	lookupNotedOnce(t, rep)
}

// BenchmarkAgencyOutage measures what a doi.org outage costs a real-time
// run (no scaling: the transport's backoff does not scale with the
// simulated services): one ORCID record of ABOUT_BENCH_AGENCY works
// (default 2000) on the simulated services (simNet, every default
// provider, realistic latencies, the registry's own paces), first with
// doi.org answering, then with doi.org answering 503 to everything.
// simNet's works are all Crossref's and it has no DataCite list form, so
// this measures the lookup's failure and Crossref's first place in the
// chain; TestAgencyLookupOutageAtScale counts the DataCite side. Minutes of
// wall time, so only when asked:
//
//	ABOUT_BENCH_AGENCY=2000 go test ./orchestrator -run '^$' -bench AgencyOutage -benchtime 1x
func BenchmarkAgencyOutage(b *testing.B) {
	works, _ := strconv.Atoi(os.Getenv("ABOUT_BENCH_AGENCY"))
	if works <= 0 {
		b.Skip("set ABOUT_BENCH_AGENCY to the number of works (minutes of wall time)")
	}
	orcid := simORCID(0)
	var walls [2]time.Duration
	var requests [2]map[string]int
	for range b.N {
		for k, down := range []bool{false, true} {
			net := &simNet{scale: 1, corpus: newSimCorpus(), orcids: map[string]int{orcid: 0}, perRecord: works}
			rt := fakenet.New(b)
			rt.Register(fakenet.Any, fakenet.Forward(net))
			if down {
				rt.Override(fakenet.Host("doi.org"), unavailable)
			}
			m := newManifest(b, fmt.Sprintf("mailto = \"bench@example.org\"\n[[identity]]\norcid = %q\n", orcid))
			m.Snapshots = benchDir(b)
			start := time.Now()
			rep, err := Run(context.Background(), Options{Manifest: m, Workers: 8, Base: rt})
			if err != nil || rep.Incomplete() {
				b.Fatalf("run failed: %v %v", err, rep.ShortJobs())
			}
			walls[k] += time.Since(start)
			requests[k] = net.hostCalls()
		}
	}
	b.ReportMetric(walls[0].Seconds()/float64(b.N), "healthy-s")
	b.ReportMetric(walls[1].Seconds()/float64(b.N), "outage-s")
	b.ReportMetric(float64(walls[1])/float64(walls[0]), "outage/healthy")
	b.Logf("requests by host: healthy %v; outage %v (doi.org's 503s are not counted by simNet)", requests[0], requests[1])
}

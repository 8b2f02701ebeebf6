package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// instantClock never waits: tests of ordering and content need no real
// pacing, and a sleep that returns at once cannot hide a race.
type instantClock struct {
	mu      sync.Mutex
	elapsed time.Duration
}

func (c *instantClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Unix(1_700_000_000, 0).Add(c.elapsed)
}

func (c *instantClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.elapsed += max(d, 0)
	c.mu.Unlock()
	return nil
}

func TestFetchRecordedGolden(t *testing.T) {
	m := newManifest(t, recordedManifest)
	net := recordedNet(t)
	rep := runOK(t, testOptions(m, net, 4))
	if rep.Incomplete() {
		t.Fatalf("run came back short: %v", rep.ShortJobs())
	}
	if got, want := len(rep.Works), 12; got != want {
		t.Errorf("works = %d, want %d (4 listed DOIs + 4 ORCID DOIs + 4 ORCID-only works, none shared)", got, want)
	}
	if n := net.requests("pub.orcid.org"); n != 3 {
		t.Errorf("ORCID requests = %d, want 3 (summary, bulk details, name)", n)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/orchestrator"), goldie.WithNameSuffix(".golden"))
	g.Assert(t, t.Name(), []byte(folderBytes(t, m.Snapshots)))
}

func TestJobOrderIsIdentityMajor(t *testing.T) {
	m := newManifest(t, recordedManifest)
	rep := runOK(t, testOptions(m, recordedNet(t), 8))
	var got []string
	for _, o := range rep.Outcomes[:4] {
		got = append(got, o.Identity.Key()+" "+o.Provider)
	}
	want := []string{
		"doi:10.3233/isu-130714 crossref", "doi:10.3233/isu-130714 openalex",
		"doi:10.1038/npre.2009.2801 crossref", "doi:10.1038/npre.2009.2801 openalex",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("first jobs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReversedCompletionOrder holds every Crossref answer until OpenAlex
// has answered everything, so later jobs finish first; the snapshot bytes
// must not change.
func TestReversedCompletionOrder(t *testing.T) {
	want := func() string {
		m := newManifest(t, recordedManifest)
		runOK(t, testOptions(m, recordedNet(t), 1))
		return folderBytes(t, m.Snapshots)
	}()

	m := newManifest(t, recordedManifest)
	net := recordedNet(t)
	openAlexDone := make(chan struct{})
	var mu sync.Mutex
	remaining := 0 // OpenAlex jobs planned and not yet done
	var order []string
	net.Before(func(req *http.Request) {
		if req.URL.Host == "api.crossref.org" {
			select {
			case <-openAlexDone:
			case <-req.Context().Done():
			}
		}
	})
	opts := testOptions(m, net, 8)
	opts.Progress = Progress{
		Planned: func(lp LanePlan) {
			if lp.Host == "api.openalex.org" {
				mu.Lock()
				remaining += lp.Jobs
				mu.Unlock()
			}
		},
		Done: func(o report.Outcome) {
			mu.Lock()
			defer mu.Unlock()
			order = append(order, o.Provider)
			if o.Provider == "openalex" {
				if remaining--; remaining == 0 {
					close(openAlexDone)
				}
			}
		},
	}
	runOK(t, opts)
	if order[len(order)-1] != "crossref" || order[len(order)-2] != "crossref" {
		t.Fatalf("completion order %v: Crossref was not held back", order)
	}
	if got := folderBytes(t, m.Snapshots); got != want {
		t.Errorf("snapshots differ when completion order is reversed")
	}
}

// withJitter makes n answer after a random, seeded delay, so lanes
// finish in an arbitrary order.
func withJitter(n *fakeNet, seed uint64) *fakeNet {
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(seed, 7))
	n.Before(func(req *http.Request) {
		mu.Lock()
		d := time.Duration(rng.IntN(1500)) * time.Microsecond
		mu.Unlock()
		timer := time.NewTimer(d) // simulated service time, not synchronisation
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-req.Context().Done(): // the network answers with the context's error
		}
	})
	return n
}

// TestByteIdenticalAtAnyWorkers is the property: for random latencies and
// every -j from 1 to 16 the snapshot folder is the same, byte for byte.
func TestByteIdenticalAtAnyWorkers(t *testing.T) {
	var want string
	for workers := 1; workers <= 16; workers++ {
		m := newManifest(t, recordedManifest)
		net := withJitter(recordedNet(t), uint64(workers))
		runOK(t, testOptions(m, net, workers))
		got := folderBytes(t, m.Snapshots)
		if workers == 1 {
			want = got
			continue
		}
		if got != want {
			t.Fatalf("-j %d wrote different snapshots from -j 1", workers)
		}
	}
}

func TestRerunChangesNothing(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	first := folderBytes(t, m.Snapshots)
	rep := runOK(t, testOptions(m, recordedNet(t), 4))
	if len(rep.Written) != 0 || len(rep.Removed) != 0 {
		t.Errorf("second run wrote %v and removed %v, want nothing", rep.Written, rep.Removed)
	}
	if folderBytes(t, m.Snapshots) != first {
		t.Error("second run changed the folder")
	}
}

// TestFailureKeepsPreviousValues: a host that is down keeps every value the
// last good run wrote, and the run names every job that came back short.
func TestFailureKeepsPreviousValues(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	before := folderBytes(t, m.Snapshots)

	net := recordedNet(t)
	net.down("api.crossref.org", http.StatusBadGateway, "bad gateway")
	rep := runOK(t, testOptions(m, net, 4))
	if !rep.Incomplete() {
		t.Fatal("a run with Crossref down was not reported short")
	}
	short := rep.ShortJobs()
	if len(short) != 8 {
		t.Errorf("short jobs = %d, want one per DOI work (8)", len(short))
	}
	for _, o := range short {
		if o.Provider != "crossref" || o.Status != record.Failed || o.Err == nil {
			t.Errorf("short job %+v, want a failed crossref job with a reason", o)
		}
	}
	if got := folderBytes(t, m.Snapshots); got != before {
		t.Error("a failed provider changed the snapshots; previous values must be kept byte for byte")
	}
	if len(rep.Kept) == 0 {
		t.Error("report does not say previous values were kept")
	}
}

// TestUnreadableORCIDPrunesNothing: when the ORCID record cannot be read,
// its works from the last run stay, and nothing is pruned.
func TestUnreadableORCIDPrunesNothing(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	before := folderBytes(t, m.Snapshots)

	net := recordedNet(t)
	net.down("pub.orcid.org", http.StatusInternalServerError, "")
	rep := runOK(t, testOptions(m, net, 4))
	if len(rep.Expansions) != 1 || rep.Expansions[0].Status != record.Failed {
		t.Fatalf("expansion outcomes %+v, want one failure", rep.Expansions)
	}
	if len(rep.Works) != 12 {
		t.Errorf("works = %d, want the 12 of the last run", len(rep.Works))
	}
	if len(rep.Removed) != 0 || rep.NotPruned == report.Pruned {
		t.Errorf("removed %v (note %q); an unreadable record must prune nothing", rep.Removed, rep.NotPruned)
	}
	if got := folderBytes(t, m.Snapshots); got != before {
		t.Error("snapshots changed although only the ORCID read failed")
	}
}

func TestWorksThatLeftAreRemoved(t *testing.T) {
	m := newManifest(t, recordedManifest)
	runOK(t, testOptions(m, recordedNet(t), 4))
	smaller := strings.Replace(recordedManifest, "[[identity]]\ndoi = \"10.7554/eLife.01567\"\n", "", 1)
	if err := os.WriteFile(m.Path, []byte(smaller), 0o644); err != nil {
		t.Fatal(err)
	}
	m2 := newManifest(t, smaller)
	m2.Snapshots = m.Snapshots
	rep := runOK(t, testOptions(m2, recordedNet(t), 4))
	want := []string{
		filepath.Join(m.Snapshots, "counts", "doi_10.7554_2felife.01567.json"),
		filepath.Join(m.Snapshots, "works", "doi_10.7554_2felife.01567.json"),
	}
	if strings.Join(rep.Removed, "\n") != strings.Join(want, "\n") {
		t.Errorf("removed %v, want %v", rep.Removed, want)
	}
}

func TestSkippedWhenInterrupted(t *testing.T) {
	m := newManifest(t, recordedManifest)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := Run(ctx, testOptions(m, recordedNet(t), 4))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range rep.Expansions {
		if o.Status != record.Skipped {
			t.Errorf("expansion %v: status %s, want skipped", o.Identity, o.Status)
		}
	}
	if rep.NotPruned == report.Pruned {
		t.Error("an interrupted run must not prune")
	}
}

func TestUnknownProvider(t *testing.T) {
	m := newManifest(t, recordedManifest)
	opts := testOptions(m, recordedNet(t), 4)
	opts.Only = []string{"crossref", "scopus"}
	_, err := Run(context.Background(), opts)
	var unknown *providers.UnknownProviderError
	if !errors.As(err, &unknown) || unknown.Name != "scopus" || !strings.Contains(err.Error(), "crossref, ") {
		t.Fatalf("err = %v, want an unknown-provider error naming the known ones", err)
	}
}

func TestOnlyRestrictsProviders(t *testing.T) {
	m := newManifest(t, recordedManifest)
	net := recordedNet(t)
	opts := testOptions(m, net, 4)
	opts.Only = []string{"orcid", "crossref"}
	rep := runOK(t, opts)
	if n := net.requests("api.openalex.org"); n != 0 {
		t.Errorf("openalex got %d requests with --only orcid,crossref", n)
	}
	for _, o := range rep.Outcomes {
		if o.Provider != "crossref" {
			t.Errorf("unexpected job %s %s", o.Identity, o.Provider)
		}
	}
	var idx snapshots.Index
	if err := snapshots.Read(snapshots.Dir{Root: m.Snapshots}.IndexPath(), &idx); err != nil {
		t.Fatal(err)
	}
	if len(idx.Providers) != 2 {
		t.Errorf("index providers = %+v", idx.Providers)
	}
}

// TestRoutingByRegistrationAgency: a DataCite DOI is asked of DataCite
// only, a Crossref DOI of Crossref only, at the cost of one doi.org lookup
// for both prefixes; when the lookup fails, Crossref is asked first and
// DataCite only about the DOI Crossref does not know.
func TestRoutingByRegistrationAgency(t *testing.T) {
	const src = `providers = ["crossref", "datacite"]
[[identity]]
doi = "10.5281/zenodo.48440"
[[identity]]
doi = "10.7554/elife.01567"
`
	setup := func() (*fakeNet, *[]string) {
		net := recordedNet(t)
		net.file("api.datacite.org", "/dois/10.5281/zenodo.48440", 200, "datacite/datacite-doi-10.5281-zenodo.48440.json")
		net.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
		net.agencies["10.5281"] = "DataCite"
		var mu sync.Mutex
		var asked []string
		net.Before(func(req *http.Request) {
			mu.Lock()
			asked = append(asked, req.URL.Host+req.URL.Path)
			mu.Unlock()
		})
		return net, &asked
	}

	net, asked := setup()
	rep := runOK(t, testOptions(newManifest(t, src), net, 4))
	want := map[string]bool{
		"doi.org/doiRA/10.5281/zenodo.48440,10.7554/elife.01567": true,
		"api.datacite.org/dois/10.5281/zenodo.48440":             true,
		"api.crossref.org/works/10.7554/elife.01567":             true,
	}
	if len(*asked) != len(want) {
		t.Errorf("requests %v, want exactly %v", *asked, want)
	}
	for _, a := range *asked {
		if !want[a] {
			t.Errorf("wasted request %s", a)
		}
	}
	if rep.Incomplete() {
		t.Errorf("short: %v", rep.ShortJobs())
	}

	net, _ = setup()
	net.agencies = nil
	net.routes["doi.org/doiRA/10.5281/zenodo.48440,10.7554/elife.01567"] = fakeAnswer{status: 500}
	rep = runOK(t, testOptions(newManifest(t, src), net, 4))
	var jobs []string
	for _, o := range rep.Outcomes {
		jobs = append(jobs, o.Provider+" "+o.Identity.Value+" "+string(o.Status))
	}
	slices.Sort(jobs)
	if want := []string{"crossref 10.5281/zenodo.48440 not_found", "crossref 10.7554/elife.01567 found", "datacite 10.5281/zenodo.48440 found"}; !slices.Equal(jobs, want) {
		t.Errorf("with the lookup down, jobs %q; want %q", jobs, want)
	}
	if len(rep.Notes()) != 1 || !strings.Contains(rep.Notes()[0], "registration agency lookup") {
		t.Errorf("notes %v, want one saying the lookup failed", rep.Notes())
	}
	if rep.Incomplete() {
		t.Errorf("a failed lookup must not fail jobs: %v", rep.ShortJobs())
	}
}

// TestRoutingOtherAgencies: mEDRA and JaLC DOIs never take the Crossref or
// DataCite path (no request that could only 404); doi.org's content
// negotiation answers for them, and the agency is looked up once per
// prefix for the whole run, however many DOIs share it.
func TestRoutingOtherAgencies(t *testing.T) {
	// No provider named: doi.org is then only the fallback for agencies
	// with no provider of their own.
	const src = `[[identity]]
doi = "10.3280/ecag2015-001001"
[[identity]]
doi = "10.3280/ecag2016-002002"
[[identity]]
doi = "10.11501/3180473"
[[identity]]
doi = "10.7554/elife.01567"
`
	net := recordedNet(t)
	net.agencies["10.3280"] = "mEDRA"
	net.agencies["10.11501"] = "JaLC"
	csl := `{"type":"article-journal","title":"Constructed","DOI":"x"}`
	for _, doi := range []string{"10.3280/ecag2015-001001", "10.3280/ecag2016-002002", "10.11501/3180473"} {
		net.routes["doi.org/"+doi] = fakeAnswer{200, []byte(csl)}
	}
	var mu sync.Mutex
	var asked []string
	net.Before(func(req *http.Request) {
		mu.Lock()
		asked = append(asked, req.URL.Host+req.URL.Path)
		mu.Unlock()
	})
	opts := testOptions(newManifest(t, src), net, 4)
	opts.Registry = []service.Spec{providers.Crossref(), providers.DataCite(), providers.DOIOrg()}
	rep := runOK(t, opts)
	if rep.Incomplete() {
		t.Errorf("short: %v", rep.ShortJobs())
	}
	ra := 0
	for _, a := range asked {
		switch {
		case strings.HasPrefix(a, "api.crossref.org/") && !strings.Contains(a, "10.7554"):
			t.Errorf("a non-Crossref DOI was sent to Crossref: %s", a)
		case strings.HasPrefix(a, "api.datacite.org/"):
			t.Errorf("a non-DataCite DOI was sent to DataCite: %s", a)
		case strings.HasPrefix(a, "doi.org/doiRA/"):
			ra++
			if a != "doi.org/doiRA/10.3280/ecag2015-001001,10.11501/3180473,10.7554/elife.01567" {
				t.Errorf("agency lookup %s, want each prefix once, by its first DOI name", a)
			}
		}
	}
	if ra != 1 {
		t.Errorf("%d agency lookups, want 1 for the run", ra)
	}
	for _, o := range rep.Outcomes {
		if o.Provider == "doi" && o.Identity.Value == "10.7554/elife.01567" {
			t.Errorf("a Crossref DOI was asked of the doi.org fallback")
		}
	}
}

// TestDataCiteBatchKeepsOtherIDs: DataCite DOIs carrying an arXiv id, a
// PMID, a PMCID and an ISBN give the same snapshots asked in one list as
// asked one by one, and keep those ids. The fake's list answer lacks
// alternateIdentifiers as DataCite's real list view does (see
// dataCiteListView), so reading only that field loses them in the batch.
func TestDataCiteBatchKeepsOtherIDs(t *testing.T) {
	const src = `mailto = "ada@example.org"
providers = ["datacite"]

[[identity]]
doi = "10.48550/arXiv.2311.16162"

[[identity]]
doi = "10.5555/about.versioned"

[[identity]]
doi = "10.5281/zenodo.48440"
`
	run := func(noBatching bool) (string, *fakeNet, string) {
		m := newManifest(t, src)
		net := recordedNet(t)
		for file, doi := range map[string]string{
			"datacite-doi-10.48550-arxiv.2311.16162.json":           "10.48550/arxiv.2311.16162",
			"constructed-datacite-doi-10.5555-about.versioned.json": "10.5555/about.versioned",
			"datacite-doi-10.5281-zenodo.48440.json":                "10.5281/zenodo.48440",
		} {
			net.file("api.datacite.org", "/dois/"+doi, 200, "datacite/"+file)
			prefix, _, _ := strings.Cut(doi, "/")
			net.agencies[prefix] = "DataCite"
		}
		// The versioned record names its published version, which is followed.
		net.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
		opts := testOptions(m, net, 4)
		opts.NoBatching = noBatching
		if rep := runOK(t, opts); rep.Incomplete() {
			t.Fatalf("short run: %v", rep.ShortJobs())
		}
		return folderBytes(t, m.Snapshots), net, m.Snapshots
	}
	batched, bnet, dir := run(false)
	single, snet, _ := run(true)
	if b, s := bnet.requests("api.datacite.org"), snet.requests("api.datacite.org"); b >= s {
		t.Errorf("DataCite requests: %d batched, %d single; want fewer batched", b, s)
	}
	if batched != single {
		t.Error("DataCite snapshots differ asked in a list and one by one")
	}
	for _, want := range []string{`"arxiv": "2311.16162"`, `"pmid": "`, `"pmcid": "PMC`, `"isbn": [`} {
		if !strings.Contains(batched, want) {
			t.Errorf("batched snapshots lack %s (in %s)", want, dir)
		}
	}
}

// TestLaneSizesBatchesByURL: a provider whose list form is bounded by its
// URL (BatchURLBytes) gets as many identities a call as fit, however many
// BatchSize allows: short DOIs fill the count, long ones stop at the
// budget, and a partial batch under the budget waits for more jobs.
func TestLaneSizesBatchesByURL(t *testing.T) {
	spec := providers.Crossref()
	size := func(s service.Spec) int { return s.BatchSize }
	take := func(dois []string, closed bool) []*job {
		l := newLane("api.crossref.org")
		for i, d := range dois {
			l.push(&job{id: manifest.Identity{Kind: manifest.KindDOI, Value: d}, to: newJobTarget(&spec, ""), work: int32(i), slot: int32(i)})
		}
		if closed {
			l.close()
		}
		call, _ := l.take(size, func() int { return len(dois) })
		return call
	}
	doi := func(i, length int) string {
		d := fmt.Sprintf("10.1000/%d-", i)
		return d + strings.Repeat("x", length-len(d))
	}
	var short, typical, long []string
	for i := range 200 {
		short = append(short, doi(i, 20))
		typical = append(typical, doi(i, 25))
		long = append(long, doi(i, 60))
	}
	// 25 bytes escaped is 27, plus 10: docs/providers.md's "100 DOIs of 25 characters".
	if got, want := len(take(typical, false)), min(spec.BatchURLBytes/37, spec.BatchSize); got != want || got < 100 {
		t.Errorf("DOIs of 25 characters: %d a call, want %d", got, want)
	}
	if got := len(take(short, false)); got != spec.BatchSize {
		t.Errorf("short DOIs: %d a call, want BatchSize (%d)", got, spec.BatchSize)
	}
	// 60 bytes escaped ("/" → %2F) is 62, plus 10 for "doi:" and ",".
	want := spec.BatchURLBytes / (62 + 10)
	if got := len(take(long, false)); got != want {
		t.Errorf("long DOIs: %d a call, want %d (the URL budget)", got, want)
	}
	if call := take(long[:want-1], false); call != nil {
		t.Errorf("a batch under budget and count went before more jobs could come: %d", len(call))
	}
	if got := len(take(long[:want-1], true)); got != want-1 {
		t.Errorf("once no more jobs can come, the partial batch goes: %d, want %d", got, want-1)
	}
	// The provider then asks about the batch in one request, within
	// Crossref's URL bound, even with a longish mailto.
	var ids []manifest.Identity
	for _, j := range take(long, false) {
		ids = append(ids, j.id)
	}
	var uris []string
	do := func(req *http.Request) (*http.Response, error) {
		uris = append(uris, req.URL.RequestURI())
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": []string{"application/json"}},
			Body: io.NopCloser(strings.NewReader(`{"status":"ok","message":{"total-results":0,"items":[]}}`)), Request: req}, nil
	}
	env := service.Env{Do: do, Base: "http://crossref.test", Mailto: "a.researcher.with.a.long.name@institute.example.org"}
	if _, err := spec.Fetch(context.Background(), env, ids); err != nil {
		t.Fatal(err)
	}
	if len(uris) != 1 || len(uris[0]) > 4000 {
		t.Errorf("a URL-sized batch took %d requests (first %d bytes), want one within 4,000", len(uris), len(uris[0]))
	}
}

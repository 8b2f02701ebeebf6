package orchestrator

// Every request here goes to netsim.RoundTripper, an in-process fake
// network; real host names only key its simulated services.

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/netsim"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// The benchmarks run whole fetches of the default providers against
// simulated services that speak each service's real protocol (ORCID works
// summaries, doi.org's Which RA?, Crossref and OpenAlex singles and lists,
// Europe PMC searches, the Semantic Scholar batch POST, Unpaywall), with
// records of realistic size and a realistic latency per request, paced at
// the registry's own intervals. Intervals and latencies are divided by the
// same scale factor (in each sub-benchmark's name) so a run takes seconds:
// 2 for batched runs (10 for 10,000 works); 10 for one request per work
// with 120 works, 1000 with more, which would otherwise take most of an
// hour. Requests per work and memory do not depend on the scale; wall ÷
// bound does, as our own CPU time (parsing, and writing snapshot files at
// about a millisecond a work) does not shrink with it: the larger the
// scale, the more of the machine's CPU a run needs at once.
//
//	go test ./orchestrator -run '^$' -bench Fetch -benchtime 1x -benchmem
//
// Metrics: requests/work (every request of the run, ORCID and agency
// lookups included, ÷ works), wall/bound (first request to last answer ÷
// the critical-path lower bound below), peak-heap-MB (largest heap in use,
// sampled every millisecond during the run), peak-live-MB (largest live
// heap a collection left: what the run holds), answer-bytes/work (answer
// bodies of every request ÷ works), crossref-requests/work and
// crossref-bytes/work (the same for Crossref alone, the run's busiest
// host when batching).

// benchShape is one manifest: researchers ORCID records of works each.
type benchShape struct {
	name        string
	researchers int
	works       int // per record
	scale       int // intervals and latencies divided by this
}

func BenchmarkFetch(b *testing.B) {
	shapes := []benchShape{
		{"1x120", 1, 120, 2},
		{"10x100", 10, 100, 2},
		{"1x2000", 1, 2000, 10},
		{"1x10000", 1, 10000, 10},
	}
	if os.Getenv("ABOUT_BENCH_LARGE") != "" {
		// The curve's far end, 50,000 works (five records: one would pass
		// ORCID's answer size limit): minutes of wall time, so only when asked.
		shapes = append(shapes, benchShape{"5x10000", 5, 10000, 10})
	}
	for _, sh := range shapes {
		for _, batching := range []bool{true, false} {
			for _, workers := range []int{1, 8} {
				scale := sh.scale
				switch {
				case !batching && sh.researchers*sh.works > 120:
					scale = 1000 // one request per work would take most of an hour otherwise
				case !batching:
					scale = 10
				}
				mode := "batched"
				if !batching {
					mode = "single"
				}
				b.Run(fmt.Sprintf("%s/%s/j%d/scale%d", sh.name, mode, workers, scale), func(b *testing.B) {
					benchFetch(b, sh, !batching, workers, scale)
				})
			}
		}
	}
}

func benchFetch(b *testing.B, sh benchShape, noBatching bool, workers, scale int) {
	var src strings.Builder
	src.WriteString("mailto = \"bench@example.org\"\n")
	orcids := map[string]int{}
	for r := range sh.researchers {
		id := netsim.ORCID(r)
		orcids[id] = r
		fmt.Fprintf(&src, "[[identity]]\norcid = %q\n", id)
	}
	m := newManifest(b, src.String())
	registry := providers.All()
	for i := range registry {
		registry[i].MinInterval /= time.Duration(scale)
		registry[i].BatchInterval /= time.Duration(scale)
	}
	total := sh.researchers * sh.works
	corpus := netsim.NewCorpus()
	latencies := netsim.Latencies()
	bound := simBound(sh, registry, noBatching, scale)
	var requests, wall time.Duration
	var answerBytes, crossrefCalls, crossrefBytes int
	var peak, live, rss uint64
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		m.Snapshots = benchDir(b)
		net := &netsim.RoundTripper{Net: &netsim.Net{Corpus: corpus, ORCIDs: orcids, PerRecord: sh.works}, Scale: scale, Latencies: latencies}
		b.StartTimer()
		stop := samplePeakHeap(&peak, &live)
		resetPeakRSS()
		start := time.Now()
		rep, err := Run(context.Background(), Options{Manifest: m, Workers: workers, Registry: registry, Base: net, NoBatching: noBatching})
		stop()
		rss = max(rss, peakRSS())
		if err != nil || rep.Incomplete() {
			b.Fatalf("run failed: %v %v", err, rep.ShortJobs())
		}
		if len(rep.Works) != total {
			b.Fatalf("%d works, want %d", len(rep.Works), total)
		}
		st := net.Stats()
		requests += time.Duration(st.Calls)
		wall += st.Last.Sub(start)
		answerBytes += st.Bytes
		crossrefCalls += st.HostCalls["api.crossref.org"]
		crossrefBytes += st.HostBytes["api.crossref.org"]
	}
	perWork := func(v int) float64 { return float64(v) / float64(b.N) / float64(total) }
	b.ReportMetric(perWork(answerBytes), "answer-bytes/work")
	b.ReportMetric(perWork(crossrefCalls), "crossref-requests/work")
	b.ReportMetric(perWork(crossrefBytes), "crossref-bytes/work")
	b.ReportMetric(float64(requests)/float64(b.N)/float64(total), "requests/work")
	b.ReportMetric(float64(wall)/float64(b.N)/float64(bound), "wall/bound")
	b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(live)/(1<<20), "peak-live-MB")
	if rss > 0 {
		b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MB")
	}
}

// resetPeakRSS starts the kernel's high-water mark of the process's
// resident memory afresh (Linux; elsewhere it does nothing), so peakRSS
// tells one run's peak rather than the whole benchmark binary's.
func resetPeakRSS() {
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// peakRSS is the process's resident high-water mark in bytes (VmHWM, what
// GNU time -v reports as maximum resident set size), or 0 where /proc is
// not there. The runtime does not hand back freed memory at once, so
// this is what the run costs the machine, not just its live heap.
func peakRSS() uint64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// benchDir is a fresh snapshot folder, on tmpfs when the machine has one:
// writing 20,000 files with an fsync each is disk time, not the fetch
// being measured.
func benchDir(b *testing.B) string {
	if dir, err := os.MkdirTemp("/dev/shm", "about-bench-"); err == nil {
		b.Cleanup(func() { os.RemoveAll(dir) })
		return dir
	}
	return b.TempDir()
}

// samplePeakHeap records the largest heap in use (peak: live objects and
// garbage not yet collected, which the collector's pacing sets at about
// twice the live heap) and the largest live heap a collection left
// (live: what the run holds, less noisy than peak) until stop is called.
func samplePeakHeap(peak, live *uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		prof := newPeakProfiler()
		for {
			metrics.Read(sample)
			*peak = max(*peak, sample[0].Value.Uint64())
			*live = max(*live, sample[1].Value.Uint64())
			prof.check()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	runtime.GC() // start from the live heap, not the last run's garbage
	return func() { close(done); wg.Wait() }
}

// simBound is the critical-path lower bound of a run: requests to one host
// are serial, each starting at least the host's interval after the one
// before and after its answer; no provider request can start before the
// first record's works summary and its agency lookup are answered
// (Unpaywall's not before OpenAlex's first answer), the last record's
// works need at least one request per host after every summary is read
// (the summaries come first), and the run ends no sooner than the ORCID
// host's last request (details and names after the summaries). Request
// counts are the fewest the configuration allows: ceil(works ÷ batch
// size) per host.
func simBound(sh benchShape, registry []service.Spec, noBatching bool, scale int) time.Duration {
	latencies := netsim.Latencies()
	lat := func(host string, n int) time.Duration { return latencies[host].Of(n) / time.Duration(scale) }
	interval := map[string]time.Duration{}
	size := map[string]int{}
	m := &manifest.Manifest{Discover: true} // as the benchmark's manifest: its listings set Crossref's list pace
	for _, s := range registry {
		interval[s.Host] = hostInterval(s, m, noBatching, false)
		size[s.Host] = batchSize(noBatching)(s)
	}
	cost := func(host string, n int) time.Duration { return max(interval[host], lat(host, n)) }
	// Each ORCID record is its works summary, then its works' details in
	// bulk (100 a request) and its name; every summary goes first.
	var rest []int // identities per request of one record after its summary
	for left := sh.works; left > 0; left -= 100 {
		rest = append(rest, min(left, 100))
	}
	rest = append(rest, 1)
	summaries := time.Duration(sh.researchers-1)*cost("pub.orcid.org", sh.works) + lat("pub.orcid.org", sh.works)
	orcidChain := time.Duration(sh.researchers) * cost("pub.orcid.org", sh.works)
	for r := range sh.researchers {
		for k, n := range rest {
			if r == sh.researchers-1 && k == len(rest)-1 {
				orcidChain += lat("pub.orcid.org", n)
			} else {
				orcidChain += cost("pub.orcid.org", n)
			}
		}
	}
	first := lat("pub.orcid.org", sh.works) + lat("doi.org", min(netsim.Prefixes, providers.RABatchSize))
	works := sh.researchers * sh.works
	serial := func(host string, n int) time.Duration { // n identities in the fewest calls
		var d time.Duration
		for left := n; left > 0; left -= size[host] {
			k := min(left, size[host])
			if left > size[host] {
				d += cost(host, k)
			} else {
				d += lat(host, k)
			}
		}
		return d
	}
	misses := 0
	for i := range works {
		if netsim.OpenAlexMisses(i) {
			misses++
		}
	}
	bound := orcidChain
	for host, n := range map[string]int{"api.crossref.org": works, "api.openalex.org": works, "www.ebi.ac.uk": works, "api.semanticscholar.org": works} {
		bound = max(bound, first+serial(host, n), summaries+lat(host, 1))
	}
	if misses > 0 {
		bound = max(bound, first+lat("api.openalex.org", min(works, size["api.openalex.org"]))+serial("api.unpaywall.org", misses))
	}
	return bound
}

// TestSimulatedServicesAnswerEveryWork keeps the benchmark honest: a small
// run over the simulated services finds every work at every provider that
// holds it, with batching on and off, and writes the same snapshots.
func TestSimulatedServicesAnswerEveryWork(t *testing.T) {
	var want string
	for _, noBatching := range []bool{false, true} {
		m := newManifest(t, fmt.Sprintf("mailto = \"bench@example.org\"\n[[identity]]\norcid = %q\n", netsim.ORCID(0)))
		net := &netsim.RoundTripper{Net: &netsim.Net{Corpus: netsim.NewCorpus(), ORCIDs: map[string]int{netsim.ORCID(0): 0}, PerRecord: 60}, Scale: 1000}
		opts := testOptions(m, net, 8)
		opts.NoBatching = noBatching
		rep := runOK(t, opts)
		if rep.Incomplete() || len(rep.Works) != 60 {
			t.Fatalf("short: %v, %d works", rep.ShortJobs(), len(rep.Works))
		}
		found := map[string]int{}
		for _, o := range rep.Outcomes {
			if o.Status == "found" {
				found[o.Provider]++
			}
		}
		wantFound := map[string]int{"crossref": 60, "openalex": 57, "europepmc": 36, "semanticscholar": 60, "unpaywall": 3}
		for p, n := range wantFound {
			if found[p] != n {
				t.Errorf("no batching %v: %s found %d works, want %d (all found: %v)", noBatching, p, found[p], n, found)
			}
		}
		got := folderBytes(t, m.Snapshots)
		if want == "" {
			want = got
		} else if got != want {
			t.Error("simulated run wrote different snapshots with batching off")
		}
	}
}

// The other tests of this package build on the simulated services under
// the names they had before they moved to internal/netsim.

func simORCID(r int) string        { return netsim.ORCID(r) }
func simDOI(i int) string          { return netsim.DOI(i) }
func newSimCorpus() *netsim.Corpus { return netsim.NewCorpus() }

// simNet is a netsim.RoundTripper over the benchmark's corpus (no Mix).
type simNet struct {
	scale     int
	corpus    *netsim.Corpus
	orcids    map[string]int // ORCID iD → researcher number
	perRecord int
	once      sync.Once
	rt        *netsim.RoundTripper
}

func (n *simNet) RoundTrip(req *http.Request) (*http.Response, error) {
	n.once.Do(func() {
		n.rt = &netsim.RoundTripper{Net: &netsim.Net{Corpus: n.corpus, ORCIDs: n.orcids, PerRecord: n.perRecord}, Scale: n.scale, Latencies: netsim.Latencies()}
	})
	return n.rt.RoundTrip(req)
}

// hostCalls is the requests answered so far, by host.
func (n *simNet) hostCalls() map[string]int {
	if n.rt == nil {
		return map[string]int{}
	}
	return n.rt.Stats().HostCalls
}

package orchestrator

// Every request here goes to simNet, an in-process fake network; real host
// names only key its simulated services.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
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
// sampled every millisecond during the run), answer-bytes/work (answer
// bodies of every request ÷ works), crossref-requests/work and
// crossref-bytes/work (the same for Crossref alone, the run's busiest
// host when batching).

// simLatency is how long a simulated service takes to answer a request
// carrying n identities (before scaling): a fixed part plus a part per
// record, as list answers take longer to build and to send.
type simLatency struct{ base, per time.Duration }

func (l simLatency) of(n int) time.Duration { return l.base + time.Duration(n)*l.per }

// simLatencies are rough figures seen from Europe for each service.
var simLatencies = map[string]simLatency{
	"pub.orcid.org":           {300 * time.Millisecond, 100 * time.Microsecond},
	"doi.org":                 {150 * time.Millisecond, 2 * time.Millisecond},
	"api.crossref.org":        {200 * time.Millisecond, 15 * time.Millisecond},
	"api.openalex.org":        {150 * time.Millisecond, 5 * time.Millisecond},
	"www.ebi.ac.uk":           {300 * time.Millisecond, 10 * time.Millisecond},
	"api.semanticscholar.org": {400 * time.Millisecond, 2 * time.Millisecond},
	"api.unpaywall.org":       {150 * time.Millisecond, 0},
	"api.datacite.org":        {300 * time.Millisecond, 5 * time.Millisecond},
}

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
		id := simORCID(r)
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
	corpus := newSimCorpus()
	bound := simBound(sh, registry, noBatching, scale)
	var requests, wall time.Duration
	var answerBytes, crossrefCalls, crossrefBytes int
	var peak, rss uint64
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		m.Snapshots = benchDir(b)
		net := &simNet{scale: scale, corpus: corpus, orcids: orcids, perRecord: sh.works}
		b.StartTimer()
		stop := samplePeakHeap(&peak)
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
		requests += time.Duration(net.total())
		wall += net.lastAnswer().Sub(start)
		net.mu.Lock()
		answerBytes += net.bytes
		crossrefCalls += net.hostCalls["api.crossref.org"]
		crossrefBytes += net.hostBytes["api.crossref.org"]
		net.mu.Unlock()
	}
	perWork := func(v int) float64 { return float64(v) / float64(b.N) / float64(total) }
	b.ReportMetric(perWork(answerBytes), "answer-bytes/work")
	b.ReportMetric(perWork(crossrefCalls), "crossref-requests/work")
	b.ReportMetric(perWork(crossrefBytes), "crossref-bytes/work")
	b.ReportMetric(float64(requests)/float64(b.N)/float64(total), "requests/work")
	b.ReportMetric(float64(wall)/float64(b.N)/float64(bound), "wall/bound")
	b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
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

// samplePeakHeap records the largest heap in use until stop is called.
func samplePeakHeap(peak *uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			*peak = max(*peak, sample[0].Value.Uint64())
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
func simBound(sh benchShape, registry []providers.Spec, noBatching bool, scale int) time.Duration {
	lat := func(host string, n int) time.Duration { return simLatencies[host].of(n) / time.Duration(scale) }
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
	first := lat("pub.orcid.org", sh.works) + lat("doi.org", min(simPrefixes, providers.RABatchSize))
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
		if simOpenAlexMisses(i) {
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

// simNet answers as the real services would, after each request's
// simulated latency; it counts requests and notes the last answer.
type simNet struct {
	scale     int
	corpus    *simCorpus
	orcids    map[string]int // ORCID iD → researcher number
	perRecord int
	mu        sync.Mutex
	calls     int
	bytes     int            // answer bodies, all hosts
	hostCalls map[string]int // requests by host
	hostBytes map[string]int // answer body bytes by host
	last      time.Time
}

func (n *simNet) total() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.calls
}

func (n *simNet) lastAnswer() time.Time {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.last
}

func (n *simNet) RoundTrip(req *http.Request) (*http.Response, error) {
	// The answer is composed while the service time runs, as a real
	// service composes it on its own machine: only the latency counts.
	began := time.Now()
	status, items, body := n.answer(req)
	timer := time.NewTimer(simLatencies[req.URL.Host].of(items)/time.Duration(n.scale) - time.Since(began)) // simulated service time
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	n.mu.Lock()
	n.calls++
	n.bytes += len(body)
	if n.hostCalls == nil {
		n.hostCalls, n.hostBytes = map[string]int{}, map[string]int{}
	}
	n.hostCalls[req.URL.Host]++
	n.hostBytes[req.URL.Host] += len(body)
	n.last = time.Now()
	n.mu.Unlock()
	return &http.Response{
		StatusCode: status, Status: fmt.Sprintf("%d %s", status, http.StatusText(status)), Request: req,
		Header: http.Header{"Content-Type": []string{"application/json"}},
		Body:   io.NopCloser(bytes.NewReader(body)),
	}, nil
}

var (
	simDOIPattern  = regexp.MustCompile(`^10\.(\d+)/sim\.(\d+)$`)
	simEPMCPattern = regexp.MustCompile(`DOI:"([^"]*)"`)
)

// crossrefListItem writes work i as a Crossref list answer carries it:
// with select=, only the fields it names, as Crossref's list routes answer.
func (n *simNet) crossrefListItem(b *bytes.Buffer, i int, q url.Values) {
	if !q.Has("select") {
		n.corpus.crossrefWork(b, i)
		return
	}
	var whole bytes.Buffer
	n.corpus.crossrefWork(&whole, i)
	writeSelected(b, whole.Bytes(), strings.Split(q.Get("select"), ","))
}

// writeSelected writes the JSON object record with only the top-level
// fields named in selected, in the record's order.
func writeSelected(b *bytes.Buffer, record []byte, selected []string) {
	b.WriteByte('{')
	k := 0
	gjson.ParseBytes(record).ForEach(func(key, v gjson.Result) bool {
		if slices.Contains(selected, key.String()) {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(key.Raw + ":" + v.Raw)
			k++
		}
		return true
	})
	b.WriteByte('}')
}

// simWork is the work number a simulated DOI names, or -1.
func simWork(doi string) int {
	m := simDOIPattern.FindStringSubmatch(strings.ToLower(strings.TrimPrefix(doi, "https://doi.org/")))
	if m == nil {
		return -1
	}
	var i int
	fmt.Sscan(m[2], &i)
	return i
}

// answer builds the answer to req: its status, how many records it
// carries (for the latency) and the body.
func (n *simNet) answer(req *http.Request) (int, int, []byte) {
	host := map[string]func(*http.Request) (int, int, []byte){
		"pub.orcid.org":           n.orcidAnswer,
		"doi.org":                 n.agencyAnswer,
		"api.crossref.org":        n.crossrefAnswer,
		"api.openalex.org":        n.openAlexAnswer,
		"www.ebi.ac.uk":           n.epmcAnswer,
		"api.semanticscholar.org": n.s2Answer,
		"api.unpaywall.org":       n.unpaywallAnswer,
		"api.datacite.org":        n.dataCiteAnswer,
	}[req.URL.Host]
	if host == nil {
		return 404, 1, nil
	}
	return host(req)
}

// simList is a list answer of the works among dois: open, each item write
// gives (false: the service lacks it), close; count is what it listed.
func simList(dois []string, write func(b *bytes.Buffer, i int) bool, open, close func(b *bytes.Buffer, count int)) (int, int, []byte) {
	var items bytes.Buffer
	count := 0
	for _, d := range dois {
		i := simWork(d)
		if i < 0 {
			continue
		}
		mark := items.Len()
		if count > 0 {
			items.WriteByte(',')
		}
		if write(&items, i) {
			count++
		} else {
			items.Truncate(mark)
		}
	}
	var buf bytes.Buffer
	open(&buf, count)
	buf.Write(items.Bytes())
	close(&buf, count)
	return 200, len(dois), buf.Bytes()
}

// orcidAnswer: /v3.0/{iD}/works (the summary), /works/{put-codes}
// (details in bulk) and /person (the name).
func (n *simNet) orcidAnswer(req *http.Request) (int, int, []byte) {
	var buf bytes.Buffer
	rest := strings.TrimPrefix(req.URL.Path, "/v3.0/")
	id, what, _ := strings.Cut(rest, "/")
	r, ok := n.orcids[id]
	if !ok {
		return 404, 0, nil
	}
	switch {
	case what == "person":
		return 200, 1, []byte(`{"name":{"given-names":{"value":"Rosalind"},"family-name":{"value":"Simulated"},"credit-name":null},"other-names":{"other-name":[]}}`)
	case what == "works":
		buf.WriteString(`{"group":[`)
		for k := range n.perRecord {
			if k > 0 {
				buf.WriteByte(',')
			}
			n.corpus.orcidGroup(&buf, r*n.perRecord+k)
		}
		buf.WriteString(`]}`)
		return 200, n.perRecord, buf.Bytes()
	case strings.HasPrefix(what, "works/"):
		return n.orcidBulk(strings.Split(strings.TrimPrefix(what, "works/"), ","))
	}
	return 404, 1, nil
}

func (n *simNet) orcidBulk(codes []string) (int, int, []byte) {
	var buf bytes.Buffer
	buf.WriteString(`{"bulk":[`)
	for k, code := range codes {
		if k > 0 {
			buf.WriteByte(',')
		}
		i, err := strconv.Atoi(strings.TrimPrefix(code, "1")) // put-codes are 1 followed by the work's number
		if err != nil {
			return 400, 1, nil
		}
		buf.WriteString(`{"work":`)
		n.corpus.orcidWork(&buf, i)
		buf.WriteString(`}`)
	}
	buf.WriteString(`]}`)
	return 200, len(codes), buf.Bytes()
}

// agencyAnswer is doi.org's registration-agency lookup: all Crossref.
func (n *simNet) agencyAnswer(req *http.Request) (int, int, []byte) {
	if !strings.HasPrefix(req.URL.Path, "/doiRA/") {
		return 404, 1, nil
	}
	var buf bytes.Buffer
	names := strings.Split(strings.TrimPrefix(req.URL.Path, "/doiRA/"), ",")
	buf.WriteByte('[')
	for k, p := range names {
		if k > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `{"DOI":%q,"RA":"Crossref"}`, p)
	}
	buf.WriteByte(']')
	return 200, len(names), buf.Bytes()
}

func (n *simNet) crossrefAnswer(req *http.Request) (int, int, []byte) {
	q := req.URL.Query()
	if id, ok := strings.CutPrefix(q.Get("filter"), "orcid:"); ok {
		return n.crossrefListing(id, q)
	}
	if req.URL.Path == "/works" {
		var dois []string
		for _, f := range strings.Split(q.Get("filter"), ",") {
			dois = append(dois, strings.TrimPrefix(f, "doi:"))
		}
		return simList(dois, func(b *bytes.Buffer, i int) bool { n.crossrefListItem(b, i, q); return true },
			func(b *bytes.Buffer, c int) {
				fmt.Fprintf(b, `{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":[`, c)
			}, func(b *bytes.Buffer, _ int) { b.WriteString(`]}}`) })
	}
	i := simWork(strings.TrimPrefix(req.URL.Path, "/works/"))
	if i < 0 {
		return 404, 1, []byte("Resource not found.")
	}
	var buf bytes.Buffer
	buf.WriteString(`{"status":"ok","message-type":"work","message":`)
	n.corpus.crossrefWork(&buf, i)
	buf.WriteString(`}`)
	return 200, 1, buf.Bytes()
}

func (n *simNet) openAlexAnswer(req *http.Request) (int, int, []byte) {
	if id, ok := strings.CutPrefix(req.URL.Query().Get("filter"), "authorships.author.orcid:https://orcid.org/"); ok {
		return n.openAlexListing(id, req.URL.Query())
	}
	if req.URL.Path == "/works" {
		dois := strings.Split(strings.TrimPrefix(req.URL.Query().Get("filter"), "doi:"), "|")
		return simList(dois, func(b *bytes.Buffer, i int) bool {
			if simOpenAlexMisses(i) {
				return false
			}
			n.corpus.openAlexWork(b, i)
			return true
		}, func(b *bytes.Buffer, _ int) { b.WriteString(`{"results":[`) },
			func(b *bytes.Buffer, c int) { fmt.Fprintf(b, `],"meta":{"count":%d}}`, c) })
	}
	i := simWork(strings.TrimPrefix(req.URL.Path, "/works/doi:"))
	if i < 0 || simOpenAlexMisses(i) {
		return 404, 1, []byte(`{"error":"not found"}`)
	}
	var buf bytes.Buffer
	n.corpus.openAlexWork(&buf, i)
	return 200, 1, buf.Bytes()
}

func (n *simNet) epmcAnswer(req *http.Request) (int, int, []byte) {
	var dois []string
	for _, m := range simEPMCPattern.FindAllStringSubmatch(req.URL.Query().Get("query"), -1) {
		dois = append(dois, m[1])
	}
	return simList(dois, func(b *bytes.Buffer, i int) bool {
		if i%5 >= 3 { // two works in five are not in Europe PMC
			return false
		}
		n.corpus.epmcResult(b, i)
		return true
	}, func(b *bytes.Buffer, c int) { fmt.Fprintf(b, `{"hitCount":%d,"resultList":{"result":[`, c) },
		func(b *bytes.Buffer, _ int) { b.WriteString(`]}}`) })
}

func (n *simNet) s2Answer(req *http.Request) (int, int, []byte) {
	var in struct{ IDs []string }
	body, _ := io.ReadAll(req.Body)
	_ = json.Unmarshal(body, &in)
	var buf bytes.Buffer
	buf.WriteByte('[')
	for k, id := range in.IDs {
		if k > 0 {
			buf.WriteByte(',')
		}
		if i := simWork(strings.TrimPrefix(id, "DOI:")); i >= 0 {
			n.corpus.s2Paper(&buf, i)
		} else {
			buf.WriteString("null")
		}
	}
	buf.WriteByte(']')
	return 200, len(in.IDs), buf.Bytes()
}

func (n *simNet) unpaywallAnswer(req *http.Request) (int, int, []byte) {
	i := simWork(strings.TrimPrefix(req.URL.Path, "/v2/"))
	if i < 0 {
		return 404, 1, []byte(`{"error":true}`)
	}
	var buf bytes.Buffer
	n.corpus.unpaywall(&buf, i)
	return 200, 1, buf.Bytes()
}

// The synthetic works: work i has DOI 10.(5500+i%simPrefixes)/sim.i and a
// title, six authors, an abstract of about 1,000 characters and the other
// fields a real record has, the same in every service's answer. Records
// come from templates (one per i % the number of variants) with the DOI
// and number filled in: the real services compose their answers on their
// own machines, so the simulation must not spend the benchmark's CPU on it.

const (
	simPrefixes = 20
	simVariants = 35
)

func simORCID(r int) string {
	// A valid iD (ISO 7064 MOD 11-2 check digit) per researcher.
	base := fmt.Sprintf("00000002%07d", r)
	total := 0
	for _, c := range base {
		total = (total + int(c-'0')) * 2
	}
	check := (12 - total%11) % 11
	digit := "X"
	if check < 10 {
		digit = fmt.Sprint(check)
	}
	s := base + digit
	return s[0:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:16]
}

func simDOI(i int) string { return fmt.Sprintf("10.%d/sim.%d", 5500+i%simPrefixes, i) }

func simOpenAlexMisses(i int) bool { return i%20 == 7 } // one work in twenty is not in OpenAlex

// simTemplate is a record with {{D}} (the DOI) and {{I}} (the work's
// number) to fill in, split at those marks.
type simTemplate struct {
	parts []string // literal, then mark letter + literal, …
}

func newSimTemplate(s string) simTemplate {
	parts := strings.Split(s, "{{")
	for k := 1; k < len(parts); k++ {
		parts[k] = strings.Replace(parts[k], "}}", "", 1)
	}
	return simTemplate{parts: parts}
}

func (t simTemplate) write(b *bytes.Buffer, i int) {
	b.WriteString(t.parts[0])
	for _, p := range t.parts[1:] {
		switch p[0] {
		case 'D':
			b.WriteString(simDOI(i))
		case 'I':
			b.WriteString(strconv.Itoa(i))
		}
		b.WriteString(p[1:])
	}
}

// simCorpus holds the record templates of every simulated service.
type simCorpus struct {
	orcidT, crossrefT, openAlexT, epmcT, s2T, unpaywallT []simTemplate // by i % simVariants
}

func (c *simCorpus) orcidWork(b *bytes.Buffer, i int) { c.orcidT[i%simVariants].write(b, i) }

func (c *simCorpus) orcidGroup(b *bytes.Buffer, i int) {
	b.WriteString(`{"last-modified-date":{"value":1600000000000},"external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"`)
	b.WriteString(simDOI(i))
	b.WriteString(`","external-id-normalized":{"value":"`)
	b.WriteString(simDOI(i))
	b.WriteString(`"},"external-id-relationship":"self"}]},"work-summary":[`)
	c.orcidWork(b, i)
	b.WriteString(`]}`)
}
func (c *simCorpus) crossrefWork(b *bytes.Buffer, i int) { c.crossrefT[i%simVariants].write(b, i) }
func (c *simCorpus) openAlexWork(b *bytes.Buffer, i int) { c.openAlexT[i%simVariants].write(b, i) }
func (c *simCorpus) epmcResult(b *bytes.Buffer, i int)   { c.epmcT[i%simVariants].write(b, i) }
func (c *simCorpus) s2Paper(b *bytes.Buffer, i int)      { c.s2T[i%simVariants].write(b, i) }
func (c *simCorpus) unpaywall(b *bytes.Buffer, i int)    { c.unpaywallT[i%simVariants].write(b, i) }

const simWords = `the of a model data analysis results method study effect we show that these
	network learning protein cell climate quantum graph signal bound optimal new approach measured using
	across samples observed significant under conditions propose framework evaluate performance dataset`

func newSimCorpus() *simCorpus {
	words := strings.Fields(simWords)
	text := func(n, count int) string {
		parts := make([]string, count)
		for k := range parts {
			parts[k] = words[(n*7+k*k+k)%len(words)]
		}
		return strings.Join(parts, " ")
	}
	c := &simCorpus{}
	for n := range simVariants {
		title := "On " + text(n, 9) + " ({{I}})"
		abstract := text(n+3, 150) + "."
		journal := fmt.Sprintf("Journal of Simulated Results %d", n)
		y, mo, d := 1995+n%30, 1+n%12, 1+n%28
		type author struct{ given, family, orcid, affiliation string }
		authors := []author{{given: "Rosalind", family: "Simulated"}} // the record's owner, named as /person names her
		for k := range 5 {
			authors = append(authors, author{
				given:       []string{"Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald"}[k],
				family:      fmt.Sprintf("Author%d", n*13+k),
				orcid:       simORCID(1000 + n*6 + k),
				affiliation: fmt.Sprintf("Department %d, University of Simulation", n+k),
			})
		}
		each := func(f func(b *strings.Builder, a author)) string {
			var b strings.Builder
			for k, a := range authors {
				if k > 0 {
					b.WriteByte(',')
				}
				f(&b, a)
			}
			return b.String()
		}

		ext := `{"external-id":[{"external-id-type":"doi","external-id-value":"{{D}}","external-id-normalized":{"value":"{{D}}"},"external-id-relationship":"self"}]}`
		c.orcidT = append(c.orcidT, newSimTemplate(fmt.Sprintf(`{"put-code":1{{I}},"created-date":{"value":1500000000000},"source":{"source-client-id":{"path":"0000-0001-9884-1913"},"source-name":{"value":"Crossref"}},"title":{"title":{"value":%q}},"external-ids":%s,"url":{"value":"https://doi.org/{{D}}"},"type":"journal-article","publication-date":{"year":{"value":"%d"},"month":{"value":"%02d"},"day":{"value":"%02d"}},"journal-title":{"value":%q},"visibility":"public","path":"/0000/work/1{{I}}","display-index":"0"}`,
			title, ext, y, mo, d, journal)))

		var refs strings.Builder
		for k := range 30 { // read and dropped by the parser, as real reference lists are
			if k > 0 {
				refs.WriteByte(',')
			}
			fmt.Fprintf(&refs, `{"key":"ref%d","DOI":"10.9999/ref.{{I}}.%d","unstructured":"%s"}`, k, k, text(n+k, 14))
		}
		c.crossrefT = append(c.crossrefT, newSimTemplate(fmt.Sprintf(`{"DOI":"{{D}}","type":"journal-article","title":[%q],"container-title":[%q],"publisher":"Simulated Press","issued":{"date-parts":[[%d,%d,%d]]},"volume":"%d","issue":"%d","page":"%d-%d","abstract":"<jats:p>%s</jats:p>","ISSN":["1234-%04d"],"subject":["Computer Science","Applied Mathematics"],"is-referenced-by-count":%d,"references-count":30,"license":[{"URL":"http://creativecommons.org/licenses/by/4.0/","content-version":"vor"}],"resource":{"primary":{"URL":"https://journal.example.org/{{I}}"}},"author":[%s],"reference":[%s]}`,
			title, journal, y, mo, d, n, n%12, n*7, n*7+12, abstract, n, n*3,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"given":%q,"family":%q,"sequence":"additional","ORCID":"https://orcid.org/%s","affiliation":[{"name":%q}]}`, a.given, a.family, a.orcid, a.affiliation)
			}), refs.String())))

		oa := `"open_access":{"is_oa":false,"oa_status":"closed","oa_url":null},"best_oa_location":null`
		if n%3 == 0 {
			oa = `"open_access":{"is_oa":true,"oa_status":"gold","oa_url":"https://journal.example.org/{{I}}.pdf"},"best_oa_location":{"pdf_url":"https://journal.example.org/{{I}}.pdf","landing_page_url":"https://doi.org/{{D}}","license":"cc-by","version":"publishedVersion"}`
		}
		positions := map[string][]int{}
		var order []string
		for k, w := range strings.Fields(abstract) {
			if _, ok := positions[w]; !ok {
				order = append(order, w)
			}
			positions[w] = append(positions[w], k)
		}
		var inv strings.Builder
		for k, w := range order {
			if k > 0 {
				inv.WriteByte(',')
			}
			p, _ := json.Marshal(positions[w])
			fmt.Fprintf(&inv, "%q:%s", w, p)
		}
		c.openAlexT = append(c.openAlexT, newSimTemplate(fmt.Sprintf(`{"id":"https://openalex.org/W{{I}}","doi":"https://doi.org/{{D}}","title":%q,"publication_date":"%d-%02d-%02d","publication_year":%d,"type":"article","ids":{"openalex":"https://openalex.org/W{{I}}","doi":"https://doi.org/{{D}}","mag":"3{{I}}"},"primary_location":{"landing_page_url":"https://doi.org/{{D}}","source":{"display_name":%q,"host_organization_name":"Simulated Press","issn":["1234-%04d"]}},"biblio":{"volume":"%d","issue":"%d","first_page":"%d","last_page":"%d"},%s,"cited_by_count":%d,"referenced_works_count":30,"topics":[{"display_name":"Simulation Methods"},{"display_name":"Applied Statistics"}],"authorships":[%s],"abstract_inverted_index":{%s}}`,
			title, y, mo, d, y, journal, n, n, n%12, n*7, n*7+12, oa, n*3,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"author_position":"middle","author":{"display_name":"%s %s","orcid":"https://orcid.org/%s"},"institutions":[{"display_name":%q}],"raw_author_name":"%s %s"}`, a.given, a.family, a.orcid, a.affiliation, a.given, a.family)
			}), inv.String())))

		c.epmcT = append(c.epmcT, newSimTemplate(fmt.Sprintf(`{"id":"3{{I}}","source":"MED","pmid":"3{{I}}","doi":"{{D}}","title":%q,"pubYear":"%d","journalInfo":{"volume":"%d","issue":"%d","printPublicationDate":"%d-%02d-%02d","journal":{"title":%q,"issn":"1234-%04d"}},"pageInfo":"%d-%d","abstractText":%q,"isOpenAccess":"N","citedByCount":%d,"pubTypeList":{"pubType":["Journal Article"]},"firstPublicationDate":"%d-%02d-%02d","authorList":{"author":[%s]}}`,
			title, y, n, n%12, y, mo, d, journal, n, n*7, n*7+12, abstract, n*2, y, mo, d,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"fullName":"%s %c","firstName":%q,"lastName":%q,"authorId":{"type":"ORCID","value":%q},"authorAffiliationDetailsList":{"authorAffiliation":[{"affiliation":%q}]}}`, a.family, a.given[0], a.given, a.family, a.orcid, a.affiliation)
			}))))

		c.s2T = append(c.s2T, newSimTemplate(fmt.Sprintf(`{"paperId":"s2p{{I}}","externalIds":{"DOI":"{{D}}","MAG":"3{{I}}"},"title":%q,"abstract":%q,"venue":%q,"year":%d,"publicationDate":"%d-%02d-%02d","citationCount":%d,"influentialCitationCount":%d,"referenceCount":30,"fieldsOfStudy":["Computer Science"],"s2FieldsOfStudy":[{"category":"Computer Science","source":"external"},{"category":"Mathematics","source":"s2-fos-model"}],"tldr":{"model":"tldr@v2.0.0","text":%q},"isOpenAccess":false,"openAccessPdf":null,"publicationTypes":["JournalArticle"],"journal":{"name":%q,"volume":"%d","pages":"%d-%d"},"authors":[%s]}`,
			title, abstract, journal, y, y, mo, d, n*3, n%5, text(n, 25), journal, n, n*7, n*7+12,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"authorId":"%s","name":"%s %s"}`, a.family, a.given, a.family)
			}))))

		c.unpaywallT = append(c.unpaywallT, newSimTemplate(fmt.Sprintf(`{"doi":"{{D}}","title":%q,"journal_name":%q,"publisher":"Simulated Press","genre":"journal-article","published_date":"%d-%02d-%02d","year":%d,"journal_issns":"1234-%04d","is_oa":false,"oa_status":"closed","best_oa_location":null,"z_authors":[%s]}`,
			title, journal, y, mo, d, y, n,
			each(func(b *strings.Builder, a author) { fmt.Fprintf(b, `{"given":%q,"family":%q}`, a.given, a.family) }))))
	}
	return c
}

// TestSimulatedServicesAnswerEveryWork keeps the benchmark honest: a small
// run over the simulated services finds every work at every provider that
// holds it, with batching on and off, and writes the same snapshots.
func TestSimulatedServicesAnswerEveryWork(t *testing.T) {
	var want string
	for _, noBatching := range []bool{false, true} {
		m := newManifest(t, fmt.Sprintf("mailto = \"bench@example.org\"\n[[identity]]\norcid = %q\n", simORCID(0)))
		net := &simNet{scale: 1000, corpus: newSimCorpus(), orcids: map[string]int{simORCID(0): 0}, perRecord: 60}
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

// The discovery listings: Crossref and OpenAlex list every work of the
// researcher's record (all on the record, so nothing is suggested: the
// cost of discovery when it finds nothing), a page at a time by cursor;
// DataCite, which registered none of them, lists none.

// listingPage is the works of researcher id from cursor on ("*" starts,
// else the offset a previous page gave), at most size of them.
func (n *simNet) listingPage(id, cursor string, size int) (from int, works []int) {
	r, ok := n.orcids[id]
	if !ok {
		return 0, nil
	}
	if cursor != "*" {
		fmt.Sscan(cursor, &from)
	}
	for k := from; k < n.perRecord && len(works) < size; k++ {
		works = append(works, r*n.perRecord+k)
	}
	return from, works
}

func (n *simNet) crossrefListing(id string, q url.Values) (int, int, []byte) {
	from, works := n.listingPage(id, q.Get("cursor"), 1000)
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"status":"ok","message-type":"work-list","message":{"total-results":%d,"next-cursor":"%d","items":[`, n.perRecord, from+len(works))
	for k, i := range works {
		if k > 0 {
			b.WriteByte(',')
		}
		n.crossrefListItem(&b, i, q)
	}
	b.WriteString(`]}}`)
	return 200, len(works), b.Bytes()
}

func (n *simNet) openAlexListing(id string, q url.Values) (int, int, []byte) {
	from, works := n.listingPage(id, q.Get("cursor"), 100)
	next := "null"
	if from+len(works) < n.perRecord {
		next = fmt.Sprintf(`"%d"`, from+len(works))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"meta":{"count":%d,"per_page":100,"next_cursor":%s},"results":[`, n.perRecord, next)
	for k, i := range works {
		if k > 0 {
			b.WriteByte(',')
		}
		n.corpus.openAlexWork(&b, i)
	}
	b.WriteString(`]}`)
	return 200, len(works), b.Bytes()
}

func (n *simNet) dataCiteAnswer(req *http.Request) (int, int, []byte) {
	if req.URL.Path == "/dois" && req.URL.Query().Has("user-id") {
		return 200, 1, []byte(`{"data":[],"meta":{"total":0},"links":{"self":"https://api.datacite.org/dois"}}`)
	}
	return 404, 1, nil
}

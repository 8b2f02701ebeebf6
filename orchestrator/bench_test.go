package orchestrator

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
)

// simHost is a simulated service: fixed service time per request.
type simHost struct {
	name     string
	interval time.Duration // the provider's declared minimum interval
	latency  time.Duration // how long the service takes to answer
}

// latencyNet answers every request after its host's service time.
type latencyNet struct {
	latency  map[string]time.Duration // URL host → service time
	requests atomic.Int64
}

func (n *latencyNet) RoundTrip(req *http.Request) (*http.Response, error) {
	n.requests.Add(1)
	timer := time.NewTimer(n.latency[req.URL.Host]) // simulated service time
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	return &http.Response{
		StatusCode: 200, Status: "200 OK", Request: req,
		Header: http.Header{"Content-Type": []string{"application/json"}},
		Body:   io.NopCloser(bytes.NewReader([]byte(`{"title":"t"}`))),
	}, nil
}

// lowerBound is the busiest host's critical path: its requests are
// serial, each start at least the interval after the previous one and
// after the previous answer.
func lowerBound(hosts []simHost, requests int) time.Duration {
	var worst time.Duration
	for _, h := range hosts {
		d := time.Duration(requests-1)*max(h.interval, h.latency) + h.latency
		worst = max(worst, d)
	}
	return worst
}

// BenchmarkFetch120Works runs a 120-work manifest against four simulated
// hosts (intervals and latencies in the registry's proportions, scaled down
// 10× so a run takes seconds while timer granularity stays small beside them) and reports wall time ÷ the
// critical-path lower bound and requests per work.
//
//	go test ./orchestrator -run '^$' -bench Fetch120 -benchtime 3x
func BenchmarkFetch120Works(b *testing.B) {
	hosts := []simHost{
		{"crossref", 20 * time.Millisecond, 8 * time.Millisecond},
		{"openalex", 10 * time.Millisecond, 12 * time.Millisecond},
		{"unpaywall", 10 * time.Millisecond, 6 * time.Millisecond},
		{"europepmc", 10 * time.Millisecond, 4 * time.Millisecond},
	}
	const works = 120
	for _, workers := range []int{1, 4, 8} {
		b.Run(fmt.Sprintf("j%d", workers), func(b *testing.B) {
			net := &latencyNet{latency: map[string]time.Duration{}}
			var registry []providers.Spec
			bases := map[string]string{}
			for _, h := range hosts {
				registry = append(registry, simSpec(h.name, h.interval))
				bases[h.name] = "https://" + h.name + ".test"
				net.latency[h.name+".test"] = h.latency
			}
			var src strings.Builder
			for i := range works {
				fmt.Fprintf(&src, "[[identity]]\ndoi = \"10.1234/bench.%d\"\n", i)
			}
			m := newManifest(b, src.String())
			bound := lowerBound(hosts, works)
			var wall time.Duration
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				rep, err := Run(context.Background(), Options{Manifest: m, Workers: workers, Registry: registry, BaseURLs: bases, Base: net})
				wall += time.Since(start)
				if err != nil || rep.Short() {
					b.Fatalf("run failed: %v %v", err, rep.ShortJobs())
				}
			}
			b.ReportMetric(float64(wall)/float64(b.N)/float64(bound), "wall/bound")
			b.ReportMetric(float64(net.requests.Load())/float64(b.N)/works, "requests/work")
		})
	}
}

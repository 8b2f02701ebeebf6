package orchestrator

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
)

// BenchmarkSettle measures how long a large run takes to end after it is
// interrupted: the simulated network of BenchmarkFetch (scale 10),
// cancelled after ABOUT_SETTLE_AFTER (default 3s) of a run of
// ABOUT_SETTLE_WORKS works (default 10,000; 10,000 per ORCID record).
// ABOUT_SETTLE_PROFILE names a file for a CPU profile of the settle alone.
//
//	ABOUT_SETTLE_WORKS=50000 ABOUT_SETTLE_AFTER=60s go test ./orchestrator -run X -bench Settle -benchtime 1x
func BenchmarkSettle(b *testing.B) {
	works, _ := strconv.Atoi(os.Getenv("ABOUT_SETTLE_WORKS"))
	if works == 0 {
		works = 10000
	}
	after, err := time.ParseDuration(os.Getenv("ABOUT_SETTLE_AFTER"))
	if err != nil {
		after = 3 * time.Second
	}
	const scale = 10
	researchers := (works + 9999) / 10000
	var src strings.Builder
	src.WriteString("mailto = \"bench@example.org\"\n")
	orcids := map[string]int{}
	for r := range researchers {
		id := simORCID(r)
		orcids[id] = r
		fmt.Fprintf(&src, "[[identity]]\norcid = %q\n", id)
	}
	m := newManifest(b, src.String())
	registry := providers.All()
	for i := range registry {
		registry[i].MinInterval /= scale
		registry[i].BatchInterval /= scale
	}
	corpus := newSimCorpus()
	for range b.N {
		m.Snapshots = benchDir(b)
		net := &simNet{scale: scale, corpus: corpus, orcids: orcids, perRecord: works / researchers}
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled time.Time
		var cpuAtCancel time.Duration
		t := time.AfterFunc(after, func() {
			cancelled, cpuAtCancel = time.Now(), cpuTime()
			cancel()
			if f := os.Getenv("ABOUT_SETTLE_PROFILE"); f != "" {
				out, _ := os.Create(f)
				_ = pprof.StartCPUProfile(out)
			}
		})
		rep, err := Run(ctx, Options{Manifest: m, Workers: 8, Registry: registry, Base: net})
		t.Stop()
		cancel()
		pprof.StopCPUProfile()
		wall, cpu := time.Since(cancelled), cpuTime()-cpuAtCancel
		b.Logf("settled in %v (%v of CPU) after the interrupt; err %v; written %d", wall.Round(time.Millisecond), cpu.Round(time.Millisecond), err, len(rep.Written))
		b.ReportMetric(wall.Seconds(), "settle-s")
		b.ReportMetric(cpu.Seconds(), "settle-cpu-s")
	}
}

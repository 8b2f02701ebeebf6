package orchestrator

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
)

// BenchmarkWriteTail measures the tail of a run: from the start of the
// write phase (Progress.Writing) to Run's return (the link pass, writing
// every file, the index, pruning), on
// a first run into an empty folder and on a rerun over it with nothing
// changed. The folder is on the real disk (t.TempDir), not tmpfs, since
// the tail is mostly file system time. Services run at scale 1000 so the
// fetch itself takes seconds. ABOUT_BENCH_TAIL_WORKS sets the record's
// size (default 2,000):
//
//	ABOUT_BENCH_TAIL_WORKS=10000 go test ./orchestrator -run '^$' -bench WriteTail -benchtime 1x
func BenchmarkWriteTail(b *testing.B) {
	works := 2000
	if n, err := strconv.Atoi(os.Getenv("ABOUT_BENCH_TAIL_WORKS")); err == nil && n > 0 {
		works = n
	}
	const scale = 1000
	m := newManifest(b, fmt.Sprintf("mailto = \"bench@example.org\"\n[[identity]]\norcid = %q\n", simORCID(0)))
	registry := providers.All()
	for i := range registry {
		registry[i].MinInterval /= scale
		registry[i].BatchInterval /= scale
	}
	corpus := newSimCorpus()
	var first, rerun, firstCPU, rerunCPU time.Duration
	for range b.N {
		m.Snapshots = b.TempDir()
		for pass := range 2 {
			net := &simNet{scale: scale, corpus: corpus, orcids: map[string]int{simORCID(0): 0}, perRecord: works}
			var writing time.Time
			var cpuAtWriting time.Duration
			progress := Progress{Writing: func() { writing, cpuAtWriting = time.Now(), cpuTime() }}
			rep, err := Run(context.Background(), Options{Manifest: m, Workers: 8, Registry: registry, Base: net, Progress: progress})
			end, cpuAtEnd := time.Now(), cpuTime()
			if err != nil || rep.Incomplete() || len(rep.Works) != works {
				b.Fatalf("run failed: %v %v (%d works)", err, rep.ShortJobs(), len(rep.Works))
			}
			if pass == 1 && len(rep.Written) != 0 {
				b.Fatalf("a rerun with nothing changed wrote %d files", len(rep.Written))
			}
			tail, cpu := end.Sub(writing), cpuAtEnd-cpuAtWriting
			if pass == 0 {
				first, firstCPU = first+tail, firstCPU+cpu
			} else {
				rerun, rerunCPU = rerun+tail, rerunCPU+cpu
			}
		}
	}
	b.ReportMetric(first.Seconds()/float64(b.N), "first-tail-s")
	b.ReportMetric(rerun.Seconds()/float64(b.N), "rerun-tail-s")
	b.ReportMetric(firstCPU.Seconds()/float64(b.N), "first-tail-cpu-s")
	b.ReportMetric(rerunCPU.Seconds()/float64(b.N), "rerun-tail-cpu-s")
}

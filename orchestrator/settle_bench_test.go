package orchestrator

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
)

// BenchmarkSettle measures how long a large run takes to end after it is
// interrupted: the simulated network of BenchmarkFetch, cancelled after
// ABOUT_SETTLE_AFTER (default 3s) of a run of ABOUT_SETTLE_WORKS works.
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
		t := time.AfterFunc(after, func() { cancelled = time.Now(); cancel() })
		rep, err := Run(ctx, Options{Manifest: m, Workers: 8, Registry: registry, Base: net})
		t.Stop()
		cancel()
		b.Logf("settled in %v after the interrupt; err %v; written %d", time.Since(cancelled), err, len(rep.Written))
	}
}

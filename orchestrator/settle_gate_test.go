package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
)

// TestInterruptSkipsAGatedJobAsInterrupted: a job that waits on another's
// answer (Unpaywall's on OpenAlex's) is, when the interrupt skips that
// other job, skipped as not asked because of the interrupt, as its gate
// was, so the story groups it with the interrupt's skips. It was named a
// job whose gate "failed", one story line per job: 50,000 lines at 50,000
// works, seconds of an interrupted run's settle.
func TestInterruptSkipsAGatedJobAsInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	specs := []service.Spec{{Name: "openalex"}, {Name: "unpaywall"}}
	sched := newScheduler(ctx, &runner{tokens: make(chan struct{}, 1)}, func(service.Spec) int { return 50 }, specs)
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5500/sim.1"}
	gate := &job{id: id, to: newJobTarget(&specs[0], "api.openalex.org")}
	gated := &job{id: id, to: newJobTarget(&specs[1], "api.unpaywall.org"), after: gate}
	sched.add([]*job{gate, gated})
	sched.plannedAll()
	sched.finish()
	for _, j := range []*job{gate, gated} {
		if j.ans == nil {
			t.Fatalf("%s has no outcome", j.spec().Name)
		}
		if o := j.ans.Outcome; !report.SkippedByInterrupt(o) || o.Status != record.Skipped || !errors.Is(o.Err, report.ErrInterrupted) {
			t.Errorf("%s: %s, %v; want skipped: interrupted before asking %s", j.spec().Name, o.Status, o.Err, j.host())
		}
	}
	if want := "interrupted before asking api.unpaywall.org"; gated.ans.Err == nil || gated.ans.Err.Error() != want {
		t.Errorf("the gated job's reason is %v; want %q", gated.ans.Err, want)
	}
}

// TestInterruptSkipsShareTheirReplies: an interrupt skips every job left
// at once, a quarter of a million at 50,000 works; a reply each (288
// bytes) made the interrupted run's memory peak. Skipped jobs of one
// provider share a reply, and each outcome the report keeps still names
// its own job's identity and the interrupt.
func TestInterruptSkipsShareTheirReplies(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	specs := []service.Spec{{Name: "openalex"}, {Name: "unpaywall"}}
	sched := newScheduler(ctx, &runner{tokens: make(chan struct{}, 1)}, func(service.Spec) int { return 50 }, specs)
	targets := []jobTarget{*newJobTarget(&specs[0], "api.openalex.org"), *newJobTarget(&specs[1], "api.unpaywall.org")}
	const n = 5000
	for i := range n {
		id := manifest.Identity{Kind: manifest.KindDOI, Value: fmt.Sprintf("10.5500/sim.%d", i)}
		gate := &job{id: id, to: &targets[0]}
		sched.add([]*job{gate, {id: id, to: &targets[1], after: gate}})
	}
	sched.plannedAll()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	jobs := sched.finish()
	runtime.ReadMemStats(&after)
	if perJob := (after.TotalAlloc - before.TotalAlloc) / (2 * n); perJob > 100 {
		t.Errorf("skipping a job allocates %d bytes; want at most 100: each has a reply of its own", perJob)
	}
	rn := &run{}
	rn.notAsked = map[string]int{}
	rn.takeAnswers(jobs)
	if len(rn.outcomes) != 2*n {
		t.Fatalf("%d outcomes, want %d", len(rn.outcomes), 2*n)
	}
	for i, o := range rn.outcomes {
		want := fmt.Sprintf("doi:10.5500/sim.%d", i/2)
		if o.Identity.Key() != want || !report.SkippedByInterrupt(o) || o.Provider != specs[i%2].Name {
			t.Fatalf("outcome %d: %s %s %s %v; want %s's, skipped by the interrupt", i, o.Identity.Key(), o.Provider, o.Status, o.Err, want)
		}
	}
}

package orchestrator

import (
	"context"
	"errors"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
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
	specs := []providers.Spec{{Name: "openalex"}, {Name: "unpaywall"}}
	sched := newScheduler(ctx, &runner{tokens: make(chan struct{}, 1)}, func(providers.Spec) int { return 50 }, specs)
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5500/sim.1"}
	gate := &job{id: id, to: &jobTarget{spec: &specs[0], host: "api.openalex.org"}}
	gated := &job{id: id, to: &jobTarget{spec: &specs[1], host: "api.unpaywall.org"}, after: gate}
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

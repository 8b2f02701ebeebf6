package orchestrator

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// TestPlanCountsCallsAsTheLanesMakeThem: the progress plan's call count
// (and so the ETA) follows the lanes' batch-filling rule, so long DOIs
// that the URL budget splits into more list calls than BatchSize suggests
// are counted as the calls they will be.
func TestPlanCountsCallsAsTheLanesMakeThem(t *testing.T) {
	spec := providers.Crossref()
	size := func(s service.Spec) int { return s.BatchSize }
	for _, length := range []int{20, 25, 60, 120} {
		var jobs []*job
		l := newLane("api.crossref.org")
		for i := range spec.BatchSize {
			d := fmt.Sprintf("10.1000/%d-", i)
			j := &job{id: manifest.Identity{Kind: manifest.KindDOI, Value: d + strings.Repeat("x", length-len(d))},
				to: newJobTarget(&spec, "api.crossref.org"), work: int32(i), slot: int32(i)}
			jobs = append(jobs, j)
			l.push(j)
		}
		l.close()
		made := 0
		for {
			call, done := l.take(size, func() int { return len(jobs) })
			if done || call == nil {
				break
			}
			made++
		}
		var plans []LanePlan
		r := &runner{paced: true}
		r.tellPlanned(jobs, size, func(service.Spec) time.Duration { return time.Second }, func(lp LanePlan) { plans = append(plans, lp) })
		if len(plans) != 1 || plans[0].Calls != made || plans[0].Pace != time.Duration(made)*time.Second {
			t.Errorf("DOIs of %d characters: planned %+v, the lane made %d calls", length, plans, made)
		}
		if length == 60 && made != 2 { // 72 bytes each: 51 fit the budget, so 51 + 49
			t.Errorf("DOIs of 60 characters: the lane made %d calls, want 2", made)
		}
	}
}

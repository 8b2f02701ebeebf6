package orchestrator

import (
	"context"
	"slices"
	"sort"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// follow is the run's second round: it fetches the published versions
// the first round's preprints lead to (same providers, routing, lanes and
// transport as the first; not pipelined with it) and prepares them like
// any work, after the first round's.
func (rn *run) follow(ctx context.Context) error {
	w, plan := rn.w, rn.plan
	first, firstWorks := len(plan.order), len(w.works)
	linkWorks := make([]*works.Linkable, len(w.works))
	for i := range w.works {
		linkWorks[i] = &w.works[i].link
	}
	for _, f := range rn.core.FollowUps(linkWorks) { // an [[exclude]] is applied as the plan adds it
		plan.add(f.ID, snapshots.OriginLinked+f.Preprint)
	}
	added := plan.order[first:]
	if len(added) == 0 {
		return nil
	}
	for _, id := range added {
		sort.Strings(plan.origins[id.Key()])
	}
	sched := newScheduler(ctx, rn.r, rn.size, rn.specs)
	rn.schedule(ctx, sched, added, true)
	sched.plannedAll()
	unwritten := len(rn.w.unwritten)
	err := rn.assemble(ctx, sched, added, 0)
	rn.takeAnswers(sched.finish())
	if err != nil {
		return err
	}
	rn.dropFollowedWithNothing(first, firstWorks, unwritten)
	return nil
}

// dropFollowedWithNothing takes out of the works, the plan and the not
// written the published versions of the second round that have nothing
// to show (works.Prepared.KeepIfFollowed), so each is neither among the works nor
// among those not written, and tells the report the ones kept. prepare
// adds no prepared work for one it does not write, so each kept work's
// identity is its own, never the one at its position in the plan.
func (rn *run) dropFollowedWithNothing(first, firstWorks, firstUnwritten int) {
	w, plan := rn.w, rn.plan
	kept := w.works[:firstWorks]
	order := plan.order[:first]
	left := map[string]bool{} // the published versions not kept
	for _, id := range plan.order[first:] {
		left[id.Key()] = true
	}
	for _, pw := range w.works[firstWorks:] {
		if !pw.keepIfFollowed {
			continue
		}
		kept = append(kept, pw)
		id := pw.link.ID()
		delete(left, id.Key())
		order = append(order, id)
		for _, o := range plan.origins[id.Key()] {
			rn.followed = append(rn.followed, report.FollowedVersion{Published: id.Key(), Preprint: o[len(snapshots.OriginLinked):]})
		}
	}
	w.works, plan.order = kept, order
	w.unwritten = w.unwritten[:firstUnwritten]
	// A work left out is none of the user's: a warning about it ("not
	// found anywhere — check the DOI") would name a DOI they never wrote.
	about := func(wn record.Warning) bool { return left[wn.Identity] }
	w.warnings = slices.DeleteFunc(w.warnings, about)
	rn.jobWarnings = slices.DeleteFunc(rn.jobWarnings, about)
}

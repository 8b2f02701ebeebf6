package orchestrator

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// OriginLinked prefixes the origin of a work fetched only because a
// preprint of the run is a preprint of it: "linked:<preprint key>".
const OriginLinked = "linked:"

// followed is a published version the first round did not have, and the
// preprint that leads to it.
type followed struct {
	preprint string
	id       manifest.Identity
}

// publishedToFollow lists the published versions (preprint-of, one hop:
// only works of the first round lead anywhere) that are not among the
// works, in a fixed order: the preprints' plan order, then the published
// version's key. A [[link]] kind = "distinct" on the pair keeps it out;
// an [[exclude]] is applied when the work is added to the plan.
func publishedToFollow(works []preparedWork, m *manifest.Manifest) []followed {
	linkWorks := make([]linkWork, len(works))
	for i, pw := range works {
		linkWorks[i] = pw.link
	}
	decided := decideLinks(linkWorks, m)
	var out []followed
	seen := map[string]bool{}
	for _, lw := range linkWorks {
		k := lw.id.Key()
		d := decided.decisions[k]
		if d == nil {
			continue
		}
		for _, l := range d.Outside {
			if l.Kind != manifest.LinkPreprintOf || l.From != k || seen[l.To] || keptApart(m, l.From, l.To) {
				continue
			}
			id, err := manifest.ParseKey(l.To)
			if err != nil || id.Kind == manifest.KindORCID {
				continue
			}
			seen[l.To] = true
			out = append(out, followed{preprint: k, id: id})
		}
	}
	return out
}

// keptApart reports whether a [[link]] kind = "distinct" names the pair.
func keptApart(m *manifest.Manifest, a, b string) bool {
	if m == nil {
		return false
	}
	return slices.ContainsFunc(m.Links, func(l manifest.Link) bool {
		if l.Kind != manifest.LinkDistinct {
			return false
		}
		from, to := l.From.Key(), l.To.Key()
		return (from == a && to == b) || (from == b && to == a)
	})
}

// followPublished is the run's second round: it fetches the published
// versions the first round's preprints lead to (same providers, routing,
// lanes and transport as the first; not pipelined with it) and prepares
// them like any work, after the first round's. A published version that
// nothing answered for and that had no file before is left out (its
// preprint keeps the note that suggests listing it).
func (r *runner) followPublished(ctx context.Context, w *writer, specs []providers.Spec, rt *routing, routed bool, skipping bool, size func(providers.Spec) int, interval func(providers.Spec) time.Duration, planned func(LanePlan)) (outcomes []Outcome, notAsked map[string]int, err error) {
	plan, rep := w.plan, w.rep
	first := len(plan.order)
	firstWorks := len(w.works)
	for _, f := range publishedToFollow(w.works, w.m) {
		plan.add(f.id, OriginLinked+f.preprint)
	}
	added := plan.order[first:]
	if len(added) == 0 {
		return nil, nil, nil
	}
	for _, id := range added {
		sort.Strings(plan.origins[id.Key()])
	}
	if routed {
		if err := rt.learn(ctx, r, r.bases[providers.DOIOrg.Name], added, providers.RABatchSize); err != nil && ctx.Err() == nil {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%v; every agency's provider was asked about the published versions instead", err))
		}
	}
	sched := newScheduler(ctx, r, size, specs)
	if skipping {
		sched.skip = openAlexGaveOA
	}
	var all []*job
	for _, id := range added {
		jobs := workJobs(id, specs, rt, r.bases, skipping)
		sched.add(jobs)
		all = append(all, jobs...)
	}
	r.announce(all, size, interval, planned)
	sched.plannedAll()
	for k, id := range added {
		jobs := sched.await(k)
		var outs []Outcome
		for _, j := range jobs {
			if !j.notAsked {
				outs = append(outs, j.out)
			}
		}
		if err = w.prepare(id, outs); err != nil {
			sched.wrote(math.MaxInt32) // nothing more will be taken: let the lanes skip what is left
			break
		}
		for _, j := range jobs {
			j.out.record = nil
		}
		sched.wrote(k + 1)
	}
	outcomes, notAsked = sched.finish()
	if err != nil {
		return outcomes, notAsked, err
	}

	// Keep the published versions that have something to show.
	kept := w.works[:firstWorks]
	order := plan.order[:first]
	for i, pw := range w.works[firstWorks:] {
		if !pw.found && !pw.existed {
			continue
		}
		kept = append(kept, pw)
		order = append(order, added[i])
		origins := plan.origins[added[i].Key()]
		for _, o := range origins {
			rep.Followed = append(rep.Followed, fmt.Sprintf("%s, the published version of %s", added[i].Key(), o[len(OriginLinked):]))
		}
	}
	w.works, plan.order = kept, order
	return outcomes, notAsked, nil
}

// excluded reports whether an [[exclude]] names the work.
func excluded(m *manifest.Manifest, key string) bool {
	return m != nil && slices.ContainsFunc(m.Excludes, func(x manifest.Exclude) bool { return x.ID.Key() == key })
}

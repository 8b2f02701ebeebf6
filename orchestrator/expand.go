package orchestrator

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// How the first round reads ORCID records, and what always holds:
//
//   - One request at a time on the ORCID host: the expander is the only
//     sender there, and it sends serially, each request under a worker
//     token, as a lane would.
//   - Works are routed from the works summary: the expander reads every
//     record's summary first (one request each, in manifest order) and
//     hands each record's listed works to the planner, which plans and
//     routes them and hands their jobs to the lanes at once; only then
//     does it read each record's details (a request per 100 works) and
//     name, while the other hosts' lanes are already busy.
//   - A work is assembled once every record that lists it is read whole
//     (the writer's gate, records.ready): the ORCID entry, the same-name
//     check and the keep-previous rules read the whole answer, so the
//     bytes are those of a record read in one call.
//   - A record whose details could not be read is a failed expansion, as
//     in one call: it keeps its last good file, prunes nothing, and the
//     works its last file listed that the summary no longer lists are
//     planned after every listed work (they wait for every record), so
//     nothing is lost because a page failed.
//   - Nothing waits on the writer: both channels hold every record, so
//     the expander ends on its own, however early the writer stops.

// records is the first round's ORCID records as the expander reads them
// and the planner takes them.
type records struct {
	listed  <-chan []reply   // per record, in manifest order: each expanding provider's listing or failure
	whole   <-chan []reply   // per record, in manifest order: each provider's whole answer
	entries []manifest.Entry // the manifest's ORCID entries, in order
	taken   int              // entries whose whole answers the planner has taken
	left    map[string]int   // ORCID key → its entries not yet taken whole
	listedN int              // works planned from the listings (set before the writer starts); the works after them wait for every record
}

// done says every record has been taken whole.
func (rs *records) done() bool { return rs == nil || rs.taken == len(rs.entries) }

// next is the channel of whole answers while some are still to come; nil
// (never ready) once all are taken.
func (rs *records) next() <-chan []reply {
	if rs.done() {
		return nil
	}
	return rs.whole
}

// ready says work k of the plan may be assembled: every record listing
// it has been taken whole (and, for a work planned after the listings,
// every record).
func (rs *records) ready(p *workPlan, k int) bool {
	if rs.done() {
		return true
	}
	if k >= rs.listedN {
		return false
	}
	for _, o := range p.origins[p.order[k].Key()] {
		if rs.left[o] > 0 {
			return false
		}
	}
	return true
}

// expand starts reading the manifest's ORCID records, in manifest order,
// one request at a time on their own host: every record's listing first,
// then the rest of each record. Providers that cannot expand in steps
// answer whole in the listing pass.
func (r *runner) expand(ctx context.Context, m *manifest.Manifest, d snapshots.Dir, specs []service.Spec, bases map[string]string, interval func(service.Spec) time.Duration, planned func(LanePlan)) *records {
	rs := &records{left: map[string]int{}}
	var jobs [][]*job
	var all []*job
	for _, e := range m.Identities {
		if !manifest.IsPerson(e.Kind) {
			continue
		}
		rs.entries = append(rs.entries, e)
		rs.left[e.Key()]++
		var rec []*job
		for i, s := range specs {
			if s.AppliesTo(e.Identity) {
				rec = append(rec, &job{id: e.Identity, to: newJobTarget(&specs[i], hostOf(bases[s.Name]))})
			}
		}
		jobs = append(jobs, rec)
		all = append(all, rec...)
	}
	r.tellPlanned(all, func(service.Spec) int { return 1 }, interval, planned)
	listed, whole := make(chan []reply, len(jobs)), make(chan []reply, len(jobs))
	rs.listed, rs.whole = listed, whole
	go func() {
		defer close(whole)
		staged := make([][]*service.Staged, len(jobs))
		wholes := make([][]reply, len(jobs))
		for i, rec := range jobs {
			var out []reply
			staged[i], wholes[i] = make([]*service.Staged, len(rec)), make([]reply, len(rec))
			prev := previousRead(d, rs.entries[i])
			for n, j := range rec {
				o, st := r.listRecord(ctx, j, prev, interval, planned)
				staged[i][n], wholes[i][n] = st, o
				out = append(out, o)
			}
			listed <- out
		}
		close(listed)
		for i, rec := range jobs {
			for n, j := range rec {
				if st := staged[i][n]; st != nil {
					wholes[i][n] = r.readRest(ctx, j, st)
				}
				if r.done != nil {
					r.done(wholes[i][n].Outcome)
				}
			}
			whole <- wholes[i]
			// The planner has the record now: held here too, every record
			// read stayed in memory until the last one was.
			staged[i], wholes[i] = nil, nil
		}
	}()
	return rs
}

// listRecord asks for j's listing: a staged provider's first answer (the
// Staged when it came, with its steps told to the live view), or an
// unstaged provider's whole answer (no Staged). prev is what the last
// snapshot kept of the record.
func (r *runner) listRecord(ctx context.Context, j *job, prev service.Previous, interval func(service.Spec) time.Duration, planned func(LanePlan)) (reply, *service.Staged) {
	if j.spec().Expand == nil {
		return r.call(ctx, []*job{j})[0], nil
	}
	var st *service.Staged
	o := r.callOne(ctx, j, func(ctx context.Context, env service.Env) service.Result {
		var res service.Result
		st, res = j.spec().Expand(ctx, env, j.id, prev)
		return res
	})
	if o.Status != record.Found || st == nil {
		return o, nil
	}
	o.listed = st.Works // identities only: a Discovered each, mostly empty, was 240 bytes a work
	if planned != nil && len(st.Steps) > 0 {
		lp := LanePlan{Host: j.host(), Calls: len(st.Steps)}
		if r.paced {
			lp.Pace = time.Duration(len(st.Steps)) * interval(*j.spec())
		}
		planned(lp)
	}
	return o, st
}

// readRest makes a staged expansion's remaining requests, each a call of
// its own, and returns the whole answer. A step that could not be made
// (interrupted, the host stopped) ends the reading with its outcome.
func (r *runner) readRest(ctx context.Context, j *job, st *service.Staged) reply {
	for _, step := range st.Steps {
		ok := true
		o := r.callOne(ctx, j, func(ctx context.Context, env service.Env) service.Result {
			ok = step(ctx, env)
			return service.Result{Status: record.Found}
		})
		if o.Status != record.Found {
			return o
		}
		if !ok {
			break
		}
	}
	res := finish(st, j.spec().Name)
	o := reply{result: res}
	o.Outcome.Identity, o.Outcome.Asked = j.id, j.to.asked
	o.Status, o.Err = res.Status, res.Err
	if res.Status == record.Failed {
		o.Status = classify(ctx, res.Err)
	}
	return o
}

// finish is st's whole answer; a parser bug on odd data is a failed
// answer, as in a call (runner.call), never the end of the run.
func finish(st *service.Staged, provider string) (res service.Result) {
	defer func() {
		if p := recover(); p != nil {
			res = service.Result{Status: record.Failed, Err: fmt.Errorf("%s: internal error: %v", provider, p)}
		}
	}()
	res = st.Finish()
	service.Clean(&res) // as a call's results are (runner.call)
	return res
}

// callOne runs f as one call of j's provider, as r.call runs a Fetch: under
// a worker token, not once the host is stopped or the run interrupted, a
// panic caught.
func (r *runner) callOne(ctx context.Context, j *job, f func(context.Context, service.Env) service.Result) reply {
	spec := *j.spec()
	spec.Fetch = func(ctx context.Context, env service.Env, _ []manifest.Identity) ([]service.Result, error) {
		return []service.Result{f(ctx, env)}, nil
	}
	one := *j
	one.to = newJobTarget(&spec, j.host())
	return r.call(ctx, []*job{&one})[0]
}

// takeRecord takes the next record's whole answers: what the writer needs
// of them (its entries for the works, name, warnings, expansion file), and,
// for a record whose details failed, the works of its last file that the
// listing did not plan, routed and queued after the rest. Once the last
// record is in, the lanes may send their last partial batches.
func (rn *run) takeRecord(ctx context.Context, sched *scheduler, outcomes []reply) {
	rs := rn.records
	e := rs.entries[rs.taken]
	rs.taken++
	rs.left[e.Key()]--
	unknownORCID(e.Identity, outcomes)
	before := len(rn.plan.order)
	rn.plan.expand(e, outcomes, snapshots.Dir{Root: rn.dir}, true)
	for _, o := range outcomes { // planned: the works live on in the plan, encoded
		rn.expansions = append(rn.expansions, withFault(o.Outcome))
	}
	if added := rn.plan.order[before:]; len(added) > 0 {
		for _, id := range rn.plan.order[rs.listedN:] {
			sort.Strings(rn.plan.origins[id.Key()])
		}
		rn.schedule(ctx, sched, added, false)
	}
	if rs.done() {
		sched.plannedAll()
	}
}

// takeRecords takes every record still to come, waiting for each.
func (rn *run) takeRecords(ctx context.Context, sched *scheduler) {
	for !rn.records.done() {
		rn.takeRecord(ctx, sched, <-rn.records.whole)
	}
}

// await blocks until work k may be assembled (its records read whole, see
// records.ready) and its jobs are all done, and returns them, taking
// records as they come meanwhile. Once the run is cancelled it takes the
// records left (their requests end at once) and skips the scheduler's
// leftovers, after which every work is done: what was answered is still
// written.
func (rn *run) await(ctx context.Context, sched *scheduler, k int) []*job {
	for {
		if rn.records.ready(rn.plan, k) {
			if jobs, ok := sched.finished(k); ok {
				return jobs
			}
		}
		select {
		case <-sched.moved:
		case outcomes := <-rn.records.next():
			rn.takeRecord(ctx, sched, outcomes)
		case <-sched.ctx.Done():
			rn.takeRecords(ctx, sched)
			sched.skipLeftovers()
		}
	}
}

// finished returns work k's jobs when they are all done.
func (s *scheduler) finished(k int) ([]*job, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if k < int(s.frontier.Load()) {
		return s.works[k], true
	}
	return nil, false
}

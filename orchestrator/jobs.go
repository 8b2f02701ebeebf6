package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"sync"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/transport"
)

// job is one identity asked of one provider. Its index in the job list is
// its slot: the outcome lands there whatever order jobs finish in.
type job struct {
	id   manifest.Identity
	spec providers.Spec
	host string // lane key: the host the provider's requests go to
}

// Outcome is what became of one job.
type Outcome struct {
	Identity manifest.Identity
	Provider string
	Host     string
	Status   providers.Status
	Result   providers.Result
	Err      error // why it failed or was skipped
}

// lane is one host's queue, drained strictly in order by one worker.
type lane struct {
	host  string
	slots []int // job indexes, in job order
	cost  time.Duration
}

// buildLanes groups the job list by host, keeping job order within each
// lane. Lanes are ordered by their paced cost, longest first (then host),
// so with fewer workers than hosts the slowest host starts at once and the
// run's wall time stays close to its busiest host's.
func buildLanes(jobs []job, interval func(providers.Spec) time.Duration) []*lane {
	byHost := map[string]*lane{}
	var lanes []*lane
	for i, j := range jobs {
		l := byHost[j.host]
		if l == nil {
			l = &lane{host: j.host}
			byHost[j.host] = l
			lanes = append(lanes, l)
		}
		l.slots = append(l.slots, i)
	}
	for _, l := range lanes {
		for _, b := range batches(jobs, l.slots) {
			l.cost += interval(jobs[b[0]].spec)
		}
	}
	sort.SliceStable(lanes, func(a, b int) bool {
		if lanes[a].cost != lanes[b].cost {
			return lanes[a].cost > lanes[b].cost
		}
		return lanes[a].host < lanes[b].host
	})
	return lanes
}

// batches splits a lane's slots into calls: consecutive jobs of the same
// provider, at most its BatchSize each.
func batches(jobs []job, slots []int) [][]int {
	var out [][]int
	for _, s := range slots {
		if n := len(out); n > 0 {
			last := out[n-1]
			spec := jobs[last[0]].spec
			size := max(spec.BatchSize, 1)
			if jobs[s].spec.Name == spec.Name && len(last) < size {
				out[n-1] = append(last, s)
				continue
			}
		}
		out = append(out, []int{s})
	}
	return out
}

// runner executes jobs against the network.
type runner struct {
	client  *transport.Client
	bases   map[string]string // provider → base URL
	mailto  string
	workers int
	paced   bool              // requests keep their hosts' intervals (not a replay)
	started func(host string) // progress hooks; may be nil
	done    func(o Outcome)
}

// run executes every job with at most r.workers lanes at a time and
// returns one Outcome per job, in job order.
func (r *runner) run(ctx context.Context, jobs []job, lanes []*lane) []Outcome {
	out := make([]Outcome, len(jobs))
	queue := make(chan *lane)
	var wg sync.WaitGroup
	for range min(r.workers, len(lanes)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for l := range queue {
				r.drain(ctx, jobs, l, out)
			}
		}()
	}
	for _, l := range lanes {
		queue <- l
	}
	close(queue)
	wg.Wait()
	return out
}

// drain runs one lane's calls in order. Each outcome is written only to
// its own slot, so workers never share an element of out.
func (r *runner) drain(ctx context.Context, jobs []job, l *lane, out []Outcome) {
	if r.started != nil {
		r.started(l.host)
	}
	for _, call := range batches(jobs, l.slots) {
		outcomes := r.call(ctx, jobs, call)
		for i, slot := range call {
			out[slot] = outcomes[i]
			if r.done != nil {
				r.done(outcomes[i])
			}
		}
	}
}

// call asks one provider about a batch of identities and never panics or
// returns an error: every problem becomes the Outcome of its jobs.
func (r *runner) call(ctx context.Context, jobs []job, call []int) (outcomes []Outcome) {
	spec := jobs[call[0]].spec
	host := jobs[call[0]].host
	ids := make([]manifest.Identity, len(call))
	outcomes = make([]Outcome, len(call))
	for i, slot := range call {
		ids[i] = jobs[slot].id
		outcomes[i] = Outcome{Identity: ids[i], Provider: spec.Name, Host: host}
	}
	fail := func(status providers.Status, err error) []Outcome {
		for i := range outcomes {
			outcomes[i].Status, outcomes[i].Err = status, err
		}
		return outcomes
	}
	if err := ctx.Err(); err != nil {
		return fail(providers.Skipped, fmt.Errorf("interrupted before asking %s", host))
	}
	if err := r.client.Stopped(host); err != nil {
		return fail(providers.Skipped, err)
	}
	defer func() {
		if p := recover(); p != nil { // a parser bug on odd data must not end the run
			outcomes = fail(providers.Failed, fmt.Errorf("%s: internal error: %v", spec.Name, p))
		}
	}()
	env := providers.Env{Do: r.client.Do, Base: r.bases[spec.Name], Mailto: r.mailto}
	results, err := spec.Fetch(ctx, env, ids)
	if err == nil && len(results) != len(ids) {
		err = fmt.Errorf("%s: internal error: %d results for %d identities", spec.Name, len(results), len(ids))
	}
	if err != nil {
		return fail(classify(ctx, err), err)
	}
	for i, res := range results {
		outcomes[i].Result = res
		outcomes[i].Status = res.Status
		outcomes[i].Err = res.Err
		if res.Status == providers.Failed {
			outcomes[i].Status = classify(ctx, res.Err)
		}
		if res.Status == "" {
			outcomes[i].Status, outcomes[i].Err = providers.Failed, fmt.Errorf("%s: internal error: no status", spec.Name)
		}
	}
	return outcomes
}

// classify tells a skipped job (the host was stopped, the run was
// interrupted) from a failed one.
func classify(ctx context.Context, err error) providers.Status {
	if errors.Is(err, transport.ErrHostStopped) || (ctx.Err() != nil && errors.Is(err, ctx.Err())) {
		return providers.Skipped
	}
	return providers.Failed
}

// hostOf is the URL host of a base URL.
func hostOf(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	return u.Host
}

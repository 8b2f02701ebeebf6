package orchestrator

import (
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/aboutscholar/about/providers/service"
)

// The live view's ETA counts the calls the plan told it of (LanePlan), so
// the plan must add up to the requests the lanes make: batches counted as
// the lanes fill them across the planner's stretches (openBatches), and a
// call's requests beyond the one it was planned as (a list's works asked
// again alone, a batch split by its URL, ORCID's detail pages) told as
// soon as the provider knows of them (Env.More), or at the latest as each
// is sent (callPlan).

// openBatch is the call a provider's lane is still filling: the jobs in
// it and the URL bytes they use (see batchFill, whose rule it follows one
// job at a time).
type openBatch struct {
	n, used int
}

// openBatches follows, per host and provider, the batch the lane will
// fill next, so planning works in stretches (before and after each ORCID
// record) counts the calls the lane makes of them all, not one partial
// batch per stretch. One per scheduler: a round's lanes send their last
// partial batches when it ends.
type openBatches struct {
	mu   sync.Mutex
	open map[[2]string]*openBatch // {host, provider} → the batch being filled
}

// calls is how many new calls q's jobs (of one provider, in plan order)
// start, each batch taking at most size jobs and, where the provider
// bounds its list by URL, BatchURLBytes of escaped identities.
func (o *openBatches) calls(q []*job, size int) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open == nil {
		o.open = map[[2]string]*openBatch{}
	}
	k := [2]string{q[0].host(), q[0].spec().Name}
	b := o.open[k]
	if b == nil {
		b = &openBatch{}
		o.open[k] = b
	}
	budget := q[0].spec().BatchURLBytes
	calls := 0
	for _, j := range q {
		bytes := len(url.QueryEscape(j.id.Value)) + batchIDSlack
		fits := b.n > 0 && b.n < size && (budget <= 0 || b.used+bytes <= budget)
		if !fits {
			calls++
			b.n, b.used = 0, 0
		}
		b.n++
		b.used += bytes
	}
	return calls
}

// callPlan counts one call's requests against what the plan says of it:
// the one it was planned as, plus those its provider announced (More).
// A request beyond that is told to the plan as it is sent.
type callPlan struct {
	mu        sync.Mutex
	sent      int
	announced int
	tell      func(n int) // adds n calls to the call's host in the plan
}

// more adds n announced requests and tells the plan.
func (c *callPlan) more(n int) {
	if n <= 0 {
		return
	}
	c.mu.Lock()
	c.announced += n
	c.mu.Unlock()
	c.tell(n)
}

// do counts req and sends it with next; a request past those announced
// is told first.
func (c *callPlan) do(next service.Doer) service.Doer {
	return func(req *http.Request) (*http.Response, error) {
		c.mu.Lock()
		c.sent++
		extra := c.sent > c.announced
		if extra {
			c.announced++
		}
		c.mu.Unlock()
		if extra {
			c.tell(1)
		}
		return next(req)
	}
}

// env is the Env of one call of spec to host: without a plan to tell (no
// live view), the runner's own Doer; with one, a Doer and More that keep
// the plan equal to the requests the call sends.
func (r *runner) env(spec *service.Spec, host string) service.Env {
	env := service.Env{Do: r.do, Base: r.bases[spec.Name], Mailto: r.mailto, CV: r.cv}
	if r.more == nil {
		return env
	}
	c := &callPlan{announced: 1, tell: func(n int) { r.more(host, *spec, n) }}
	env.Do, env.More = c.do(r.do), c.more
	return env
}

// moreCalls is the runner's more: n calls added to host's plan, with the
// least time they take at spec's interval (none when unpaced).
func moreCalls(planned func(LanePlan), interval func(service.Spec) time.Duration, paced bool) func(host string, spec service.Spec, n int) {
	return func(host string, spec service.Spec, n int) {
		lp := LanePlan{Host: host, Calls: n}
		if paced {
			lp.Pace = time.Duration(n) * interval(spec)
		}
		planned(lp)
	}
}

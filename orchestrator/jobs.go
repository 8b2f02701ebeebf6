package orchestrator

// How a run's jobs are scheduled, and what always holds:
//
//   - One lane per host: a lane is the only goroutine that sends its host's
//     provider calls, one at a time, so a host never sees two of ours at
//     once and its interval is kept by construction.
//   - At most -j calls at once: every call (and every agency lookup) holds
//     one of the runner's -j tokens (a buffered channel of -j) while it
//     runs; lanes beyond that wait for a token, not for each other's hosts.
//     The bound is on calls, not lanes: a lane lives as long as the plan
//     can still give it jobs, so bounding lanes (errgroup's SetLimit) would
//     let lanes that wait for the planner hold every slot. Lanes are plain
//     goroutines joined by a WaitGroup (they return no error, so errgroup
//     would add nothing), and a token is taken in a select on the run's
//     context, which errgroup's Go under SetLimit cannot do.
//   - Output order is job order at any -j: each job's slot (its place in
//     the job list: works in plan order, a work's providers in registry
//     order) is fixed when it is planned, and its outcome lands there
//     whatever order calls finish in; the writer takes works in plan order.
//   - Memory is bounded: no call starts on a work more than window works
//     past the oldest work the writer has not taken (see scheduler).
//   - Every blocking wait selects on the run's context: a lane's wait for
//     jobs or a token, the writer's wait for a work (run.await). Once the
//     context is done, lanes stop at once and the writer has the
//     scheduler skip what is left (skipLeftovers): it joins the lanes,
//     whose last calls end quickly (every wait in the transport selects
//     on the context too), then skips each job left without a request. So answered works are still written
//     after Ctrl-C, and the only waits left are that join and the planner's
//     read of each ORCID record's outcomes, whose calls end the same way.
//   - A seeded run repeats its waits at any -j: each host draws retry
//     jitter from its own source (transport.Options.Seed), and a host's
//     calls are serial by construction, so no run needs a fixed order of
//     calls across hosts.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/aboutscholar/about/internal/whole"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// job is one identity asked of one provider. Its slot is its place in the
// run's job list (works in plan order, each work's providers in registry
// order): the outcome lands there whatever order jobs finish in.
type job struct {
	id   manifest.Identity
	to   *jobTarget
	slot int32
	work int32 // the work's place in plan order
	lane *lane
	ans  *reply // set once, by the lane that runs the job; nil until then, so a waiting job costs little
	// after is the job whose answer decides whether this one is asked at
	// all (Unpaywall's for a work waits for OpenAlex's); its lane sees the
	// job only once that answer is in.
	after      *job
	dependents *[]*job // the jobs waiting for this one's answer; nil for none (most jobs)
	notAsked   bool    // another source already answered: never sent, no outcome
	chained    bool    // a link of an unrouted DOI's agency chain: asked only when the link before did not find it (agencychain.go)
	// unrouted: the DOI's agency is unknown because the agency lookup
	// failed, so an agency's "not found" may only mean "not ours" and is
	// not written (see works.Answer.Unrouted).
	unrouted bool
	listing  bool // a discovery listing (discover.go): of no work, queued apart from the provider's works
}

// jobTarget is a provider as the run asks it: the run's own spec and the
// host its requests go to, shared by all its jobs. A run plans every job
// at once (a quarter of a million at 50,000 works), so a job holds one
// pointer for both and 32-bit places: 96 bytes, where it was 128.
type jobTarget struct {
	spec *service.Spec
	// asked is the provider's name and the lane's key, the host its
	// requests go to, as every outcome of its jobs shares them.
	asked *report.Asked
}

// newJobTarget is the target of spec's jobs at host.
func newJobTarget(spec *service.Spec, host string) *jobTarget {
	return &jobTarget{spec: spec, asked: &report.Asked{Provider: spec.Name, Host: host}}
}

// jobTargets are specs' targets, in the same order.
func jobTargets(specs []service.Spec, bases map[string]string) []jobTarget {
	out := make([]jobTarget, len(specs))
	for i := range specs {
		out[i] = *newJobTarget(&specs[i], hostOf(bases[specs[i].Name]))
	}
	return out
}

func (j *job) spec() *service.Spec { return j.to.spec }
func (j *job) host() string        { return j.to.asked.Host }

// addDependent makes d wait for j's answer.
func (j *job) addDependent(d *job) {
	if j.dependents == nil {
		j.dependents = new([]*job)
	}
	*j.dependents = append(*j.dependents, d)
}

// waiting is the jobs waiting for j's answer.
func (j *job) waiting() []*job {
	if j.dependents == nil {
		return nil
	}
	return *j.dependents
}

// queue is the lane queue the job waits in: a provider's works batch
// together, its discovery listings go one by one beside them.
func (j *job) queue() string {
	if j.listing {
		return j.spec().Name + " listing"
	}
	if j.unrouted && j.spec().FetchUnrouted != nil {
		return j.spec().Name + " unrouted" // asked with FetchUnrouted (see runner.call)
	}
	return j.spec().Name
}

// reply is a job's outcome with what the service said: held only until
// the writer has taken the job's work (see run.takeAnswers).
type reply struct {
	report.Outcome
	result   service.Result  // result.Record is nil once encoded: the record is kept as JSON
	record   json.RawMessage // the found record as the snapshot will hold it
	unrouted bool            // the job's (see job.unrouted)
	// listed is a staged expansion's listing: the works its first answer
	// names, before their details (see runner.listRecord).
	listed []manifest.Identity
}

// encodeRecord encodes a found record as soon as it arrives and lets go of the
// parsed one. Strings read from an answer share the memory of the whole
// answer (a batch of 50 works, reference lists included); the encoded copy
// holds only what the snapshot keeps, so memory grows with the records
// written, not with the answers read.
func (a *reply) encodeRecord() {
	if a.result.Record == nil {
		return
	}
	if raw, err := json.Marshal(a.result.Record); err == nil {
		a.record, a.result.Record = raw, nil
	}
}

// lane is one host's queue, served by one goroutine, one call at a time.
// Jobs arrive while it runs (as ORCID records are expanded, and as gating
// answers come in); it sends a batch as soon as it is full, and a partial
// one only when no more jobs can come, so pipelining costs no requests.
type lane struct {
	host    string
	ctx     context.Context // the run's: once done, the lane stops (see scheduler.skipLeftovers)
	mu      sync.Mutex
	queues  map[string][]*job // queue → queued jobs, in slot order
	names   []string          // queues in first-queued order (see job.queue)
	waiting int               // jobs that will come once the job they wait for has answered
	closed  bool              // the planner will add nothing more
	wake    chan struct{}     // a change happened; capacity 1, so no signal is lost
}

func newLane(host string) *lane {
	return &lane{host: host, ctx: context.Background(), queues: map[string][]*job{}, wake: make(chan struct{}, 1)}
}

func (l *lane) signal() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// push queues a job that can be asked now.
func (l *lane) push(j *job) {
	l.mu.Lock()
	if _, ok := l.queues[j.queue()]; !ok {
		l.names = append(l.names, j.queue())
	}
	l.queues[j.queue()] = append(l.queues[j.queue()], j)
	l.mu.Unlock()
	l.signal()
}

// expect announces a job that waits for another's answer.
func (l *lane) expect() {
	l.mu.Lock()
	l.waiting++
	l.mu.Unlock()
}

// arrive settles an expected job: queued when it is to be asked, nil when
// it turned out not to be needed.
func (l *lane) arrive(j *job) {
	l.mu.Lock()
	l.waiting--
	l.mu.Unlock()
	if j != nil {
		l.push(j)
		return
	}
	l.signal()
}

// close says the planner has added every job.
func (l *lane) close() {
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
	l.signal()
}

// next blocks until the lane has a call to make and returns its jobs (of
// one provider, at most size of them), or nil when the lane is done. Full
// batches go first, earliest slot first; a partial batch goes only when no
// more jobs can arrive. A call may not start on a work at or past limit()
// (see scheduler.window).
func (l *lane) next(size func(service.Spec) int, limit func() int) []*job {
	for {
		if l.ctx.Err() != nil {
			return nil // cancelled: the scheduler's sweep skips what is left (see skipLeftovers)
		}
		call, done := l.take(size, limit)
		if call != nil || done {
			return call
		}
		select {
		case <-l.wake:
		case <-l.ctx.Done():
		}
	}
}

// take removes and returns the call the lane can make now, or nil; done
// reports that the lane has nothing left.
func (l *lane) take(size func(service.Spec) int, limit func() int) (call []*job, done bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	final := l.closed && l.waiting == 0
	pick := ""
	empty := true
	for _, name := range l.names {
		q := l.queues[name]
		if len(q) > 0 {
			empty = false
		}
		if len(q) == 0 || int(q[0].work) >= limit() {
			continue
		}
		if _, full := batchFill(q, size(*q[0].spec())); !final && !full {
			continue
		}
		if pick == "" || q[0].slot < l.queues[pick][0].slot {
			pick = name
		}
	}
	if pick == "" {
		return nil, final && empty
	}
	q := l.queues[pick]
	n, _ := batchFill(q, size(*q[0].spec()))
	call = slices.Clone(q[:n])
	// The queue's array outlives the call (a run queues every job at
	// once): clearing what was taken lets written works' jobs go.
	clear(q[:n])
	l.queues[pick] = q[n:]
	return call, false
}

// scheduler owns the lanes of one run: the planner adds jobs as it learns
// of works, each lane drains its host's jobs as they come, and the writer
// takes each work once all its jobs are done.
//
// Lanes run at their hosts' paces, so a fast lane could answer for every
// work long before a slow one, and answers would wait in memory for the
// slow lane (or the writer) to finish each work. A lane therefore starts
// no call on a work more than window works past the oldest work the
// writer has not taken yet. The lane holding the oldest unfinished work is never held
// back, so the slowest host still sets the wall time, and memory stays
// flat whatever the number of works.
type scheduler struct {
	r                *runner
	ctx              context.Context
	size             func(service.Spec) int // identities per call
	window           int                    // see above; at least twice the largest batch
	lanes            map[string]*lane       // by host; only the planner adds
	slots            int                    // jobs added so far
	wg               sync.WaitGroup         // the lanes' goroutines
	leftoversSkipped sync.Once              // see skipLeftovers

	mu       sync.Mutex
	order    []*lane       // lanes in creation order
	works    [][]*job      // each work's jobs, in plan order; nil once released
	pending  []int         // each work's unfinished jobs
	frontier atomic.Int64  // oldest work with an unfinished job; len(works) when none
	moved    chan struct{} // the frontier moved (capacity 1)
	written  atomic.Int64  // works the writer has taken so far (a prefix of plan order)
	open     openBatches   // the batches the lanes are filling, as the plan counts them
}

// minWindow is the least window, in works. A work's answers are held
// encoded (records as JSON, tens of kilobytes), so a thousand of them are
// a few tens of megabytes at most, while a fast host is held back only by
// a slow host more than a thousand works behind it.
const minWindow = 1000

func newScheduler(ctx context.Context, r *runner, size func(service.Spec) int, specs []service.Spec) *scheduler {
	s := &scheduler{r: r, ctx: ctx, size: size, lanes: map[string]*lane{}, moved: make(chan struct{}, 1), window: minWindow}
	for _, spec := range specs {
		s.window = max(s.window, 2*size(spec))
	}
	return s
}

// add queues the jobs of one work (in registry order; none when no
// provider applies); a job with after set waits for that job's answer
// before its lane sees it.
func (s *scheduler) add(jobs []*job) {
	s.mu.Lock()
	work := len(s.works)
	s.works = append(s.works, jobs)
	s.pending = append(s.pending, len(jobs))
	for _, j := range jobs {
		j.slot, j.work = int32(s.slots), int32(work)
		s.slots++
		j.lane = s.laneFor(j.host())
		if j.after != nil {
			j.after.addDependent(j)
			j.lane.expect()
		}
	}
	s.advance()
	s.mu.Unlock()
	for _, j := range jobs {
		if j.after == nil {
			j.lane.push(j)
		}
	}
}

// addListings queues jobs that belong to no work (discovery listings):
// they take slots ahead of the works planned after them, so a lane asks
// them as soon as it is idle, and the writer never waits for them.
func (s *scheduler) addListings(jobs []*job) {
	s.mu.Lock()
	for _, j := range jobs {
		j.slot, j.work = int32(s.slots), -1
		s.slots++
		j.lane = s.laneFor(j.host())
	}
	s.mu.Unlock()
	for _, j := range jobs {
		j.lane.push(j)
	}
}

// laneFor is the host's lane, started on first use; s.mu is held.
func (s *scheduler) laneFor(host string) *lane {
	if l, ok := s.lanes[host]; ok {
		return l
	}
	l := newLane(host)
	l.ctx = s.ctx
	s.lanes[host] = l
	s.order = append(s.order, l)
	s.wg.Add(1)
	go s.drain(l)
	return l
}

// limit is the first work no call may start on yet.
func (s *scheduler) limit() int { return int(s.written.Load()) + s.window }

// wrote records that the writer has taken the first n works, letting lanes on.
func (s *scheduler) wrote(n int) {
	s.written.Store(int64(n))
	s.mu.Lock()
	lanes := slices.Clone(s.order)
	s.mu.Unlock()
	for _, l := range lanes {
		l.signal()
	}
}

// done records that j needs nothing more (answered, or not needed).
func (s *scheduler) done(j *job) {
	if j.work < 0 {
		return // a listing: no work waits for it (addListings)
	}
	s.mu.Lock()
	s.pending[j.work]--
	s.advance()
	s.mu.Unlock()
}

// advance moves the frontier past finished works and tells the writer;
// s.mu is held.
func (s *scheduler) advance() {
	f := int(s.frontier.Load())
	start := f
	for f < len(s.works) && s.pending[f] == 0 {
		f++
	}
	if f == start {
		return
	}
	s.frontier.Store(int64(f))
	select {
	case s.moved <- struct{}{}:
	default:
	}
}

// skipLeftovers joins the lanes, then skips every job they left behind (a
// cancelled lane stops at once; a gated job may arrive after its lane
// stopped), without a request, in slot order per lane, until no job is
// left: each job then has its outcome. Only after plannedAll; idempotent.
func (s *scheduler) skipLeftovers() {
	s.leftoversSkipped.Do(func() {
		s.wg.Wait()
		s.mu.Lock()
		lanes := slices.Clone(s.order)
		s.mu.Unlock()
		// As many jobs a call as a list allows: r.call skips them together,
		// and 350,000 jobs skipped one call each cost a second of CPU.
		all := func(service.Spec) int { return math.MaxInt32 }
		unlimited := func() int { return math.MaxInt32 }
		for left := true; left; {
			left = false
			for _, l := range lanes {
				for call, _ := l.take(all, unlimited); call != nil; call, _ = l.take(all, unlimited) {
					s.run(call) // the run is cancelled: r.call makes no request
					left = true
				}
			}
		}
	})
}

// plannedAll says the planner has added every job: lanes may now send their
// last, partial batches.
func (s *scheduler) plannedAll() {
	s.mu.Lock()
	lanes := slices.Clone(s.order)
	s.mu.Unlock()
	for _, l := range lanes {
		l.close()
	}
}

// release lets work k's jobs go once the writer has taken them and the
// report has what it keeps of them: the scheduler holds only the works in
// flight, not the whole run.
func (s *scheduler) release(k int) {
	s.mu.Lock()
	s.works[k] = nil
	s.mu.Unlock()
}

// finish waits for every lane (after plannedAll) and returns the jobs of
// the works not released (the writer stopped early), in slot order.
func (s *scheduler) finish() []*job {
	s.skipLeftovers()
	s.mu.Lock()
	defer s.mu.Unlock()
	var left []*job
	for _, jobs := range s.works {
		left = append(left, jobs...)
	}
	return left
}

// drain runs one lane's calls until it is done. Each outcome is written
// only to its own job, so lanes never share one.
func (s *scheduler) drain(l *lane) {
	defer s.wg.Done()
	for {
		call := l.next(s.size, s.limit)
		if call == nil {
			return
		}
		s.run(call)
	}
}

// run makes one call and hands each job its outcome.
func (s *scheduler) run(call []*job) {
	var answers []reply
	var skips interruptSkips // once the run is cancelled: nothing is asked (see interruptSkips)
	if s.ctx.Err() != nil {
		skips = interruptSkips{}
	} else {
		answers = s.r.call(s.ctx, call)
	}
	for i, j := range call {
		if skips != nil {
			j.ans = skips.of(j)
		} else {
			j.ans = &answers[i]
			j.ans.unrouted = j.unrouted
		}
		if s.r.done != nil && !j.listing { // listings are no work's jobs: the live view counts the works'
			s.r.done(j.ans.Outcome)
		}
		for _, d := range j.waiting() {
			switch {
			case covered(d, j.ans):
				d.notAsked = true
				if s.r.withdraw != nil {
					s.r.withdraw(d)
				}
			case skips != nil:
				d.ans = skips.of(d)
			case j.ans.Status == record.Failed || j.ans.Status == record.Skipped:
				d.ans = skippedAfterFailedGate(d, j)
				if s.r.done != nil {
					s.r.done(d.ans.Outcome)
				}
			default:
				d.lane.arrive(d)
				continue
			}
			d.lane.arrive(nil)
			s.done(d)
			s.passOn(d, j)
		}
		j.ans.encodeRecord()
		s.done(j)
	}
}

// skippedAfterFailedGate is the outcome of d, whose asking depends on j's answer, when
// j failed: whether d would have been asked is unknown, so it is not asked
// and its previous value stands (asking it would change the file only
// because another request failed).
func skippedAfterFailedGate(d, j *job) *reply {
	if report.SkippedByInterrupt(j.ans.Outcome) {
		return notAskedForInterrupt(d)
	}
	err := report.NotAskedAfterFailure(d.spec().Name, j.spec().Name)
	return &reply{Outcome: report.Outcome{Identity: d.id, Asked: d.to.asked, Status: record.Skipped, Err: err}}
}

// runner executes calls against the network.
type runner struct {
	client *transport.Client
	bases  map[string]string // provider → base URL
	mailto string
	cv     bool                   // ORCID records are read with their CV sections (manifest cv)
	tokens chan struct{}          // one per worker: at most this many calls at once
	paced  bool                   // requests keep their hosts' intervals (not a replay)
	done   func(o report.Outcome) // progress hook; may be nil
	// withdraw takes a job found not to be needed out of the progress
	// plan; may be nil.
	withdraw func(j *job)
	// more adds n calls a call of spec sends beyond its plan to host's
	// plan (planned_calls.go); nil without a live view.
	more func(host string, spec service.Spec, n int)
}

// call asks one provider about a batch of identities, holding a worker
// token, and never panics or returns an error: every problem becomes the
// outcome of its jobs.
func (r *runner) call(ctx context.Context, call []*job) (outcomes []reply) {
	spec := call[0].spec()
	host, asked := call[0].host(), call[0].to.asked
	ids := make([]manifest.Identity, len(call))
	outcomes = make([]reply, len(call))
	for i, j := range call {
		ids[i] = j.id
		outcomes[i].Outcome = report.Outcome{Identity: ids[i], Asked: asked}
	}
	fail := func(status record.Status, err error) []reply {
		for i := range outcomes {
			outcomes[i].Status, outcomes[i].Err = status, err
		}
		return outcomes
	}
	select {
	case r.tokens <- struct{}{}:
		defer func() { <-r.tokens }()
	case <-ctx.Done():
	}
	if err := ctx.Err(); err != nil {
		return fail(record.Skipped, report.InterruptedBefore(host))
	}
	if err := r.client.Stopped(host); err != nil {
		return fail(record.Skipped, err)
	}
	defer func() {
		if p := recover(); p != nil { // a parser bug on odd data must not end the run
			outcomes = fail(record.Failed, fmt.Errorf("%s: internal error: %v", spec.Name, p))
		}
	}()
	fetch := spec.Fetch
	if call[0].unrouted && spec.FetchUnrouted != nil { // a call is of one queue (see job.queue)
		fetch = spec.FetchUnrouted
	}
	results, err := fetch(ctx, r.env(spec, host), ids)
	if err == nil && len(results) != len(ids) {
		err = fmt.Errorf("%s: internal error: %d results for %d identities", spec.Name, len(results), len(ids))
	}
	if err != nil {
		return fail(classify(ctx, err), err)
	}
	for i, res := range results {
		service.Clean(&res) // before anything reads what the service sent
		outcomes[i].result = res
		outcomes[i].Status = res.Status
		outcomes[i].Err = res.Err
		if res.Status == record.Failed {
			outcomes[i].Status = classify(ctx, res.Err)
		}
		if res.Status == "" {
			outcomes[i].Status, outcomes[i].Err = record.Failed, fmt.Errorf("%s: internal error: no status", spec.Name)
		}
	}
	return outcomes
}

// do sends req, and asks once more when a JSON answer (2xx, where the
// request accepted JSON or the answer says it is JSON) is not well-formed
// JSON: a proxy's error page or an answer garbled on the way says nothing
// about the work, and the next attempt usually comes through. The
// transport hands over bodies read whole, so the check sees the answer
// the provider would parse; a well-formed but unexpected answer is the
// provider's to judge.
func (r *runner) do(req *http.Request) (*http.Response, error) {
	resp, err := r.client.Do(req)
	if err != nil || !wantsJSON(req, resp) {
		return resp, err
	}
	body, err := whole.Read(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = whole.New(body) // the provider reads it without another copy
	if json.Valid(body) || (req.Body != nil && req.GetBody == nil) {
		return resp, nil
	}
	again := req.Clone(req.Context())
	if req.GetBody != nil {
		if again.Body, err = req.GetBody(); err != nil {
			return resp, nil
		}
	}
	return r.client.Do(again)
}

// wantsJSON reports a successful answer that should be JSON.
func wantsJSON(req *http.Request, resp *http.Response) bool {
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return false
	}
	return strings.Contains(req.Header.Get("Accept"), "json") || strings.Contains(resp.Header.Get("Content-Type"), "json")
}

// classify tells a skipped job (the host was stopped, the run was
// interrupted) from a failed one.
func classify(ctx context.Context, err error) record.Status {
	if errors.Is(err, transport.ErrHostStopped) || (ctx.Err() != nil && errors.Is(err, ctx.Err())) {
		return record.Skipped
	}
	return record.Failed
}

// hostOf is the URL host of a base URL.
func hostOf(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	return u.Host
}

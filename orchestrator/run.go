// Package orchestrator is where providers and the transport meet: it
// expands ORCID records, builds the identity × provider job list, runs it
// host by host with a bounded pool of workers, and writes the snapshot
// folder. Failures are values in the Report; Run returns an error only
// when nothing trustworthy can be written.
package orchestrator

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// DefaultWorkers is the worker pool size when none is given.
const DefaultWorkers = 8

// Options configures one fetch run.
type Options struct {
	Manifest  *manifest.Manifest  // the validated manifest
	Only      []string            // provider names chosen on the command line; overrides the manifest's
	Workers   int                 // most hosts served at once; 0 means DefaultWorkers
	Snapshots string              // snapshot folder; "" means the manifest's
	UserAgent string              // sent with every request
	Getenv    func(string) string // where API keys are read from (os.Getenv in the CLI)

	Registry []providers.Spec                                  // providers to choose from; nil means providers.All()
	Base     http.RoundTripper                                 // the network; nil means Go's default transport (proxies, SSL_CERT_FILE)
	BaseURLs map[string]string                                 // provider → base URL, for fakes and replay
	NoPacing bool                                              // replay: answers are local, no interval to keep
	Clock    transport.Clock                                   // nil means the real clock
	Rand     *rand.Rand                                        // backoff jitter; nil means seeded from the clock
	Recorder func(transport.Exchange)                          // sees every final response (--record)
	Progress Progress                                          // live view hooks; zero value means none
	OnStart  func(host string, at time.Time)                   // sees each request start (after pacing)
	OnWait   func(host string, d time.Duration, reason string) // sees each wait before a retry (Retry-After, backoff)
	OnStop   func(host, reason string)                         // sees a host stopped for the rest of the run
	// NoBatching asks every provider about one identity per request, as
	// if no service had a batch form (the agency lookup, which is no
	// provider, still asks about 20 prefixes at once). For benchmarks and
	// tests (snapshots must not depend on it); not a CLI flag.
	NoBatching bool
}

// Progress receives run events; any field may be nil. Calls come from
// worker goroutines, so implementations must be safe for concurrent use.
type Progress struct {
	Planned func(LanePlan) // more work for a lane, as soon as it is planned
	Done    func(Outcome)  // a job finished
}

// LanePlan is work added to one host's lane: ORCID expansion at the
// start, then each stretch of works as ORCID records are read (the lanes
// are pipelined), so a host may get many plans; they add up.
type LanePlan struct {
	Host  string
	Jobs  int           // identity × provider jobs
	Calls int           // requests the jobs take when nothing is retried (jobs are batched)
	Pace  time.Duration // least time those calls take at the host's interval; 0 when unpaced (replay)
}

// Report is what a run did, for the summary and the exit code.
type Report struct {
	Expansions []Outcome           // one per ORCID identity × expanding provider
	Outcomes   []Outcome           // one per work × provider, in job order
	Works      []manifest.Identity // the works written, in output order
	Hosts      []transport.HostStats
	Warnings   []providers.Warning
	Written    []string // files that changed
	Removed    []string // files of works that left the manifest
	Kept       []string // identity keys whose files were kept because their source could not be read
	Excluded   []string // works [[exclude]] left out, with where and why
	Followed   []string // published versions fetched in the second round, and the preprint that led there
	Links      int      // links among works written to links.json
	PruneNote  string   // why nothing was pruned, when nothing was
	Elapsed    time.Duration
	Snapshots  string
	Specs      []providers.Spec
	Notes      []string // things the user should know that are not failures

	WorksAdded    []string        // identity keys of works whose file is new
	WorksChanged  []string        // identity keys of works whose work or counts file changed
	WorksRemoved  []string        // identity keys of works whose file was removed (they left the manifest)
	Interrupted   bool            // the run was cancelled; what was answered was written
	MissingMailto bool            // no contact e-mail was set
	APIKeys       map[string]bool // provider → whether its API key variable was set
}

// NeedsMailtoError is a provider asked for by name that cannot run without
// a contact e-mail.
type NeedsMailtoError struct{ Provider string }

func (e *NeedsMailtoError) Error() string {
	return fmt.Sprintf("provider %q needs a contact e-mail and none is set", e.Provider)
}

// withoutMailto leaves out providers that refuse requests without a
// contact e-mail when none is set: chosen by default they are dropped with
// a note; chosen by name it is an error, since the user asked for them.
func withoutMailto(specs []providers.Spec, mailto string, explicit bool) ([]providers.Spec, []string, error) {
	if mailto != "" {
		return specs, nil, nil
	}
	var kept []providers.Spec
	var notes []string
	for _, s := range specs {
		if !s.NeedsMailto {
			kept = append(kept, s)
			continue
		}
		if explicit {
			return nil, nil, &NeedsMailtoError{Provider: s.Name}
		}
		notes = append(notes, fmt.Sprintf("%s was not asked: it requires a contact e-mail (set mailto in the manifest or ABOUT_MAILTO)", s.Name))
	}
	return kept, notes, nil
}

// Short reports whether any job failed or was skipped.
func (r *Report) Short() bool {
	for _, o := range slices.Concat(r.Expansions, r.Outcomes) {
		if o.Status == providers.Failed || o.Status == providers.Skipped {
			return true
		}
	}
	return false
}

// Run fetches everything the manifest names and writes the snapshot
// folder. Cancelling ctx stops new requests; what was answered is still
// written (each file atomically) and nothing is pruned.
func Run(ctx context.Context, opts Options) (*Report, error) {
	m := opts.Manifest
	names := opts.Only
	if len(names) == 0 {
		names = m.Providers
	}
	registry := opts.Registry
	if registry == nil {
		registry = providers.All()
	}
	specs, err := providers.Select(registry, names)
	if err != nil {
		return nil, err
	}
	specs, notes, err := withoutMailto(specs, m.Mailto, len(names) > 0)
	if err != nil {
		return nil, err
	}
	clock := opts.Clock
	if clock == nil {
		clock = transport.SystemClock()
	}
	start := clock.Now()
	// The hosts this run may ask: the selected providers', and doi.org's
	// agency lookup when DOIs are routed by registration agency.
	hostSpecs := specs
	routed := needsRouting(specs)
	if routed && !slices.ContainsFunc(specs, func(s providers.Spec) bool { return s.Name == providers.DOIOrg.Name }) {
		hostSpecs = append(slices.Clone(specs), providers.DOIOrg)
	}
	bases := map[string]string{}
	for _, s := range hostSpecs {
		bases[s.Name] = s.BaseURL()
		if b, ok := opts.BaseURLs[s.Name]; ok {
			bases[s.Name] = strings.TrimRight(b, "/")
		}
	}
	interval := func(s providers.Spec) time.Duration { return hostInterval(s, m, opts.NoBatching) }
	client := transport.New(transportOptions(opts, hostSpecs, bases, interval, clock))
	dir := opts.Snapshots
	if dir == "" {
		dir = m.Snapshots
	}
	rep := &Report{Snapshots: dir, Specs: specs, Notes: notes, MissingMailto: m.Mailto == ""}
	r := &runner{client: client, bases: bases, mailto: m.Mailto, done: opts.Progress.Done, paced: !opts.NoPacing}
	workers := opts.Workers
	if workers <= 0 {
		workers = DefaultWorkers
	}
	r.tokens = make(chan struct{}, workers)
	for _, s := range specs {
		if s.APIKey != nil {
			if rep.APIKeys == nil {
				rep.APIKeys = map[string]bool{}
			}
			rep.APIKeys[s.Name] = opts.Getenv != nil && strings.TrimSpace(opts.Getenv(s.APIKey.Env)) != ""
		}
	}

	// Four stages joined as a pipeline, so provider lanes start on a
	// record's works as soon as it is expanded: the expander reads ORCID
	// records in manifest order on their own host; the planner (here) adds
	// works in plan order, routes them, and hands their jobs to the lanes;
	// each lane serves one host; the writer (here, once planning is done)
	// takes each work as soon as its jobs are done. A failed snapshot write
	// stops the run's requests too.
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	expansions := r.expand(runCtx, m, specs, bases, interval, opts.Progress.Planned)
	size := batchSize(opts.NoBatching)
	sched := newScheduler(runCtx, r, size, specs)
	skipping := redundantUnpaywall(specs, len(names) > 0)
	if skipping {
		sched.skip = openAlexGaveOA
	}
	rt := newRouting(specs, len(names) > 0)
	plan := newWorkPlan(m)
	d := snapshots.Dir{Root: dir}
	queued := 0 // works of plan.order already handed to the lanes
	lookupFailed := false
	flush := func() {
		works := plan.order[queued:]
		queued = len(plan.order)
		if routed {
			// An interrupted run says so once in its verdict; a lookup cut
			// short by it is no news.
			if err := rt.learn(runCtx, r, bases[providers.DOIOrg.Name], works, providers.RABatchSize); err != nil && !lookupFailed && runCtx.Err() == nil {
				lookupFailed = true
				rep.Notes = append(rep.Notes, fmt.Sprintf("%v; every agency's provider was asked instead", err))
			}
		}
		var added []*job
		for _, id := range works {
			jobs := workJobs(id, specs, rt, bases, skipping)
			sched.add(jobs)
			added = append(added, jobs...)
		}
		r.announce(added, size, interval, opts.Progress.Planned)
	}
	for _, e := range m.Identities {
		if e.Kind != manifest.KindORCID {
			plan.add(e.Identity, OriginManifest)
			continue
		}
		flush() // the works before this record need not wait for it
		outcomes := <-expansions
		plan.expand(e, outcomes, d)
		for i := range outcomes { // planned: the works live on in the plan, encoded
			outcomes[i].Result.Discovered, outcomes[i].Result.Record = nil, nil
		}
		rep.Expansions = append(rep.Expansions, outcomes...)
	}
	flush()
	sched.plannedAll()
	plan.finish()

	// The writer takes each work as soon as its jobs are done, in plan
	// order, and lets its records go.
	w := newWriter(dir, m, specs, plan, rep)
	var writeErr error
	for k, id := range plan.order {
		jobs := sched.await(k)
		var outcomes []Outcome
		for _, j := range jobs {
			if !j.notAsked {
				outcomes = append(outcomes, j.out)
			}
		}
		if writeErr = w.prepare(id, outcomes); writeErr != nil {
			stop()
			sched.wrote(math.MaxInt32) // nothing more will be taken: let the lanes skip what is left
			break
		}
		for _, j := range jobs {
			j.out.record = nil
		}
		sched.wrote(k + 1)
	}
	var notAsked map[string]int
	rep.Outcomes, notAsked = sched.finish()
	if writeErr == nil && m.FollowPublished {
		// Second round: the published versions of the run's preprints
		// that are not among its works.
		outcomes, more, err := r.followPublished(runCtx, w, specs, rt, routed, skipping, size, interval, opts.Progress.Planned)
		rep.Outcomes = append(rep.Outcomes, outcomes...)
		for p, n := range more {
			notAsked[p] += n
		}
		if writeErr = err; err != nil {
			stop()
		}
	}
	rep.Works = plan.order
	rep.Warnings = append(plan.warnings, plan.unmatchedExcludes()...)
	rep.Excluded = plan.excluded
	if n := notAsked[providers.Unpaywall.Name]; n > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("unpaywall was not asked about %d %s whose open-access status OpenAlex gave (built on the same data); name unpaywall in the manifest's providers or --only to ask it anyway", n, plural(n, "work", "works")))
	}
	for _, o := range rep.Outcomes {
		rep.Warnings = append(rep.Warnings, o.Result.Warnings...)
	}
	rep.Hosts = client.Stats()
	if writeErr != nil {
		return rep, writeErr
	}

	rep.Interrupted = ctx.Err() != nil
	if err := w.finish(rep.Interrupted); err != nil {
		return rep, err
	}
	rep.Elapsed = clock.Now().Sub(start)
	return rep, nil
}

// expand reads the manifest's ORCID records, in manifest order, one call
// at a time on their own host, and sends each record's outcomes (one per
// expanding provider) as soon as it has them.
func (r *runner) expand(ctx context.Context, m *manifest.Manifest, specs []providers.Spec, bases map[string]string, interval func(providers.Spec) time.Duration, planned func(LanePlan)) <-chan []Outcome {
	var jobs [][]*job
	var all []*job
	for _, e := range m.Identities {
		if e.Kind != manifest.KindORCID {
			continue
		}
		var record []*job
		for _, s := range specs {
			if s.AppliesTo(e.Identity) {
				record = append(record, &job{id: e.Identity, spec: s, host: hostOf(bases[s.Name])})
			}
		}
		jobs = append(jobs, record)
		all = append(all, record...)
	}
	r.announce(all, func(providers.Spec) int { return 1 }, interval, planned)
	out := make(chan []Outcome, len(jobs))
	go func() {
		defer close(out)
		for _, record := range jobs {
			outcomes := []Outcome{}
			for _, j := range record {
				o := r.call(ctx, []*job{j})[0]
				if r.done != nil {
					r.done(o)
				}
				outcomes = append(outcomes, o)
			}
			out <- outcomes
		}
	}()
	return out
}

// announce tells the live view about newly planned jobs, per host in
// first-seen order: how many, the calls they take (batched per provider)
// and the least time those take at the host's interval (0 in a replay).
func (r *runner) announce(jobs []*job, size func(providers.Spec) int, interval func(providers.Spec) time.Duration, planned func(LanePlan)) {
	if planned == nil || len(jobs) == 0 {
		return
	}
	type key struct{ host, provider string }
	var hosts []string
	perProvider := map[key]int{}
	specOf := map[key]providers.Spec{}
	var keys []key
	for _, j := range jobs {
		k := key{j.host, j.spec.Name}
		if _, ok := perProvider[k]; !ok {
			keys = append(keys, k)
			specOf[k] = j.spec
			if !slices.Contains(hosts, j.host) {
				hosts = append(hosts, j.host)
			}
		}
		perProvider[k]++
	}
	for _, h := range hosts {
		lp := LanePlan{Host: h}
		for _, k := range keys {
			if k.host != h {
				continue
			}
			n, s := perProvider[k], specOf[k]
			calls := (n + size(s) - 1) / size(s)
			lp.Jobs += n
			lp.Calls += calls
			if r.paced {
				lp.Pace += time.Duration(calls) * interval(s)
			}
		}
		planned(lp)
	}
}

// workJobs is one work's jobs, in registry order: every selected provider
// that applies to it after agency routing. Unpaywall's job waits for
// OpenAlex's when redundant answers are skipped.
func workJobs(id manifest.Identity, specs []providers.Spec, rt *routing, bases map[string]string, skipping bool) []*job {
	var jobs []*job
	var openAlex *job
	for _, s := range specs {
		if !rt.applies(s, id) {
			continue
		}
		j := &job{id: id, spec: s, host: hostOf(bases[s.Name])}
		switch {
		case s.Name == providers.OpenAlex.Name:
			openAlex = j
		case s.Name == providers.Unpaywall.Name && skipping:
			j.after = openAlex // nil (asked at once) when OpenAlex does not apply
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// batchSize is the identities per call: the provider's batch size, or one
// when batching is off.
func batchSize(off bool) func(providers.Spec) int {
	return func(s providers.Spec) int {
		if off {
			return 1
		}
		return max(s.BatchSize, 1)
	}
}

// hostInterval is the least gap between requests of provider s: its
// declared interval, the stricter one its service sets for list queries
// while batching, or the manifest's, whichever is longest.
func hostInterval(s providers.Spec, m *manifest.Manifest, noBatching bool) time.Duration {
	d := s.MinInterval
	if !noBatching && s.BatchSize > 1 {
		d = max(d, s.BatchInterval)
	}
	if o, ok := m.Intervals[s.Name]; ok && o > d {
		return o
	}
	return d
}

// transportOptions turns provider declarations into per-host policy.
func transportOptions(opts Options, specs []providers.Spec, bases map[string]string, interval func(providers.Spec) time.Duration, clock transport.Clock) transport.Options {
	hosts := map[string]transport.HostPolicy{}
	for _, s := range specs {
		h := hostOf(bases[s.Name])
		p := transport.HostPolicy{MinInterval: interval(s), Timeout: s.Timeout, SlowDown: s.SlowDown}
		if opts.NoPacing {
			p.MinInterval = 0
		}
		if s.APIKey != nil && opts.Getenv != nil {
			if v := strings.TrimSpace(opts.Getenv(s.APIKey.Env)); v != "" {
				p.Credential = &transport.Credential{Header: s.APIKey.Header, Query: s.APIKey.Query, Value: v}
			}
		}
		if old, ok := hosts[h]; ok { // providers sharing a host share its strictest pace
			p.MinInterval = max(p.MinInterval, old.MinInterval)
		}
		hosts[h] = p
	}
	o := transport.Options{
		Base:      opts.Base,
		UserAgent: opts.UserAgent,
		Hosts:     hosts,
		Clock:     clock,
		Rand:      opts.Rand,
		Recorder:  opts.Recorder,
		OnStart:   opts.OnStart,
		OnWait:    opts.OnWait,
		OnStop:    opts.OnStop,
	}
	if opts.NoPacing {
		o.Default.MinInterval = time.Nanosecond
	}
	// A host reached only by redirect has no declaration of its own; it
	// gets the longest declared timeout, so a silent one cannot hold a
	// lane (and the run) forever.
	for _, s := range specs {
		o.Default.Timeout = max(o.Default.Timeout, s.Timeout)
	}
	return o
}

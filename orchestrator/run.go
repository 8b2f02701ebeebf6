// Package orchestrator is where providers and the transport meet: it
// expands ORCID records, builds the identity × provider job list, runs it
// host by host with a bounded pool of workers, and writes the snapshot
// folder. Failures are values in the Report; Run returns an error only
// when nothing trustworthy can be written.
package orchestrator

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
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
}

// Progress receives run events; any field may be nil. Calls come from
// worker goroutines, so implementations must be safe for concurrent use.
type Progress struct {
	Planned func(LanePlan) // a lane's size, before it starts
	Done    func(Outcome)  // a job finished
}

// LanePlan is one host's share of a phase of the run (ORCID expansion,
// then the works), announced before the phase starts. A host may get one
// plan per phase.
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
	interval := func(s providers.Spec) time.Duration {
		if d, ok := m.Intervals[s.Name]; ok && d > s.MinInterval {
			return d
		}
		return s.MinInterval
	}
	client := transport.New(transportOptions(opts, hostSpecs, bases, interval, clock))
	dir := opts.Snapshots
	if dir == "" {
		dir = m.Snapshots
	}
	rep := &Report{Snapshots: dir, Specs: specs, Notes: notes, MissingMailto: m.Mailto == ""}
	r := &runner{client: client, bases: bases, mailto: m.Mailto, workers: opts.Workers}
	if r.workers <= 0 {
		r.workers = DefaultWorkers
	}
	r.done = opts.Progress.Done
	r.paced = !opts.NoPacing
	for _, s := range specs {
		if s.APIKey != nil {
			if rep.APIKeys == nil {
				rep.APIKeys = map[string]bool{}
			}
			rep.APIKeys[s.Name] = opts.Getenv != nil && strings.TrimSpace(opts.Getenv(s.APIKey.Env)) != ""
		}
	}

	// Expansion first: ORCID records name the works everything else is
	// asked about. It runs on the ORCID host's own lane.
	var expJobs []job
	for _, e := range m.Identities {
		for _, s := range specs {
			if e.Kind == manifest.KindORCID && s.AppliesTo(e.Identity) {
				expJobs = append(expJobs, job{id: e.Identity, spec: s, host: hostOf(bases[s.Name])})
			}
		}
	}
	rep.Expansions = r.runPlanned(ctx, expJobs, interval, opts.Progress)

	plan := planWorks(m, dir, rep.Expansions)
	rep.Works = plan.order
	rep.Warnings = plan.warnings
	rep.Excluded = plan.excluded
	rt := newRouting(specs, len(names) > 0)
	if routed {
		agency, err := r.lookupAgencies(ctx, bases[providers.DOIOrg.Name], plan.order)
		if err != nil {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%v; every agency's provider was asked instead", err))
		} else {
			rt.agency = agency
		}
	}
	var jobs []job
	for _, id := range plan.order {
		for _, s := range specs {
			if rt.applies(s, id) {
				jobs = append(jobs, job{id: id, spec: s, host: hostOf(bases[s.Name])})
			}
		}
	}
	rep.Outcomes = r.runPlanned(ctx, jobs, interval, opts.Progress)
	for _, o := range rep.Outcomes {
		rep.Warnings = append(rep.Warnings, o.Result.Warnings...)
	}
	rep.Hosts = client.Stats()

	rep.Interrupted = ctx.Err() != nil
	if err := write(dir, m, specs, plan, rep, rep.Interrupted); err != nil {
		return rep, err
	}
	rep.Elapsed = clock.Now().Sub(start)
	return rep, nil
}

func (r *runner) runPlanned(ctx context.Context, jobs []job, interval func(providers.Spec) time.Duration, p Progress) []Outcome {
	lanes := buildLanes(jobs, interval)
	if p.Planned != nil {
		for _, l := range lanes {
			lp := LanePlan{Host: l.host, Jobs: len(l.slots), Calls: len(batches(jobs, l.slots))}
			if r.paced {
				lp.Pace = l.cost
			}
			p.Planned(lp)
		}
	}
	return r.run(ctx, jobs, lanes)
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

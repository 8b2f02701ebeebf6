// Package orchestrator is where providers and the transport meet: it
// expands ORCID records, builds the identity × provider job list, routes
// and runs it host by host with a bounded pool of workers, follows
// preprints to their published versions, and hands each work's documents
// to the folder's writer (snapshots.Writer) in order.
// What a work's document says (merge, keep-previous, identity) is the
// core's (works); the run's story is report's, told from the facts the
// run hands it once it ends (facts.go). Failures are values in the
// Report; Run returns an error only when nothing trustworthy can be
// written.
package orchestrator

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
	"github.com/aboutscholar/about/works"
)

// DefaultWorkers is the worker pool size when none is given.
const DefaultWorkers = 8

// Options configures one fetch run.
type Options struct {
	Manifest  *manifest.Manifest // the validated manifest
	Only      []string           // provider names chosen on the command line; overrides the manifest's
	Workers   int                // most hosts served at once; 0 means DefaultWorkers
	Snapshots string             // snapshot folder; "" means the manifest's
	UserAgent string             // sent with every request to a provider's own host; carries the mailto
	// ForeignUserAgent is sent instead to every other host (a publisher a
	// DOI redirects to): the UserAgent without the mailto, which is given
	// to the services, not to whoever they send us on to.
	ForeignUserAgent string
	Getenv           func(string) string // where API keys are read from (os.Getenv in the CLI)

	Registry []service.Spec                                    // providers to choose from; nil means providers.All()
	Base     http.RoundTripper                                 // the network; nil means Go's default transport (proxies, SSL_CERT_FILE)
	BaseURLs map[string]string                                 // provider → base URL, for fakes and replay
	NoPacing bool                                              // replay: answers are local, no interval to keep
	Replay   bool                                              // every answer comes from a recording: no request reaches a service
	Clock    transport.Clock                                   // nil means the real clock
	Seed     uint64                                            // seeds each host's backoff jitter (see transport.Options.Seed); 0 means from the clock
	Recorder func(transport.Exchange)                          // sees every final response (--record)
	Progress Progress                                          // live view hooks; zero value means none
	OnStart  func(host string, at time.Time)                   // sees each request start (after pacing)
	OnWait   func(host string, d time.Duration, reason string) // sees each wait before a retry (Retry-After, backoff)
	OnStop   func(host, reason string)                         // sees a host stopped for the rest of the run
	// WriteTail is called as the write tail begins, and what it returns as
	// it ends: the tail holds the run's largest heap while it reads back
	// and writes every work's files, and it is the one stretch bound by the
	// CPU, so main collects garbage more often there; nil means nothing.
	WriteTail func() (done func())
	// WriteSnapshot writes each snapshot file; nil means snapshots.Write.
	// For tests that make the disk fail part-way; not a CLI flag.
	WriteSnapshot WriteSnapshotFunc
	// Abort, once done, stops an interrupted run's writing at once rather
	// than after SettleBudget (a second Ctrl-C); nil means never.
	Abort context.Context
	// NoBatching asks every provider about one identity per request, as
	// if no service had a batch form (the agency lookup, which is no
	// provider, still asks about 20 prefixes at once). For benchmarks and
	// tests (snapshots must not depend on it); not a CLI flag.
	NoBatching bool
	// AcceptRemovals lets an ORCID record lose all or most of its works
	// at once (--accept-removals): without it their files are kept and the
	// run says so (works.Run.HeldRemovals).
	AcceptRemovals bool
}

// Progress receives run events; any field may be nil. Calls come from
// worker goroutines, so implementations must be safe for concurrent use.
type Progress struct {
	Planned func(LanePlan)       // more work for a lane, as soon as it is planned
	Done    func(report.Outcome) // a job finished
	Writing func()               // every work is prepared: the link pass and the files' writing begin
}

// LanePlan is work added to one host's lane: ORCID expansion at the
// start, then each stretch of works as ORCID records are read (the lanes
// are pipelined), so a host may get many plans; they add up. A plan with
// negative counts withdraws a job another's answer made unnecessary, so
// the planned jobs end equal to the jobs the summary counts.
type LanePlan struct {
	Host  string
	Jobs  int           // identity × provider jobs
	Calls int           // requests the jobs take when nothing is retried (jobs are batched)
	Pace  time.Duration // least time those calls take at the host's interval; 0 when unpaced (replay)
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
func withoutMailto(specs []service.Spec, mailto string, explicit bool) (kept []service.Spec, dropped []string, err error) {
	if mailto != "" {
		return specs, nil, nil
	}
	for _, s := range specs {
		if !s.NeedsMailto {
			kept = append(kept, s)
			continue
		}
		if explicit {
			return nil, nil, &NeedsMailtoError{Provider: s.Name}
		}
		dropped = append(dropped, s.Name)
	}
	return kept, dropped, nil
}

// Run fetches everything the manifest names and writes the snapshot
// folder. Cancelling ctx stops new requests and settles the run at once:
// before the write phase nothing is written, during it writing stops
// within SettleBudget; every file is whole and nothing is pruned (see
// settle.go).
//
// A run goes through its phases in order, each a method of run below:
// plan (providers, hosts, transport), fetch (expand ORCID records, plan
// works and hand their jobs to the lanes), assemble (prepare each work as
// its jobs finish; pipelined with fetch), follow (the second round, for
// published versions of preprints), write (links, index and pruning, in
// the writer's finish), and the story (facts.go), handed over last.
func Run(ctx context.Context, opts Options) (*report.Report, error) {
	rn, err := plan(opts)
	if err != nil {
		return nil, err
	}
	// A failed snapshot write stops the run's requests too.
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	rn.stop = stop
	// The writer's finish closes it too, but a run can end before: a
	// failed write, a failed second round, or no network.
	defer rn.closeScratch()
	err = rn.fetch(runCtx)
	if err == nil && rn.m.FollowPublished && ctx.Err() == nil {
		err = rn.follow(runCtx)
	}
	rn.findUnclaimed()
	// The lanes are done: what the transport spent is what the story tells.
	rn.hosts = hostFigures(rn.client.Stats())
	if err != nil {
		rn.failWrite(err)
		return rn.story(), err
	}
	if err := offlineError(rn.hosts); err != nil {
		// Nothing was learned, so the folder is left as it was; the
		// report still says which host stopped and why (--report).
		rn.end.offline = true
		return rn.story(), err
	}
	if ctx.Err() != nil {
		rn.writeNothing()
		return rn.story(), nil
	}
	settle, settled := settleContext(ctx, opts.Abort, rn.clock)
	defer settled()
	if err := rn.write(ctx, settle); err != nil {
		rn.failWrite(err)
		return rn.story(), err
	}
	return rn.story(), nil
}

// failWrite notes that the folder could not be written and which works'
// files the failure kept from being written: every work of the run but
// those the second pass wrote (or found unchanged) before it stopped, and
// those not written on purpose (no answer, no file yet).
func (rn *run) failWrite(err error) {
	saved := map[string]bool{}
	if rn.w != nil {
		for _, k := range rn.w.unwritten {
			saved[k] = true
		}
		for _, id := range rn.w.savedWorks() {
			saved[id.Key()] = true
		}
	}
	var unsaved []string
	for _, id := range rn.plan.order {
		if k := id.Key(); !saved[k] {
			unsaved = append(unsaved, k)
		}
	}
	rn.end.writeErr, rn.end.unsaved = err, unsaved
}

// closeScratch lets the writer's and the plan's temporary files go
// (closing twice is fine).
func (rn *run) closeScratch() {
	if rn.w != nil {
		_ = rn.w.prepared.close()
	}
	if rn.plan != nil {
		_ = rn.plan.held.close()
	}
}

// OfflineError is a run in which no service answered at all and some
// host could not be reached: the network (or the proxy in between) is
// down, so nothing is written.
type OfflineError struct {
	Host   string // the first host found unreachable
	Reason string // why, as the transport said
}

func (e *OfflineError) Error() string {
	what := "the network"
	if strings.Contains(e.Reason, "proxyconnect") {
		what = "the proxy"
	}
	return fmt.Sprintf("cannot reach %s (%s: %s); no service answered, nothing was changed", what, e.Host, e.Reason)
}

// offlineError is the run's OfflineError when no host answered anything and
// one could not be reached (each such host is stopped after one attempt,
// so the run ends within a request per host); nil otherwise.
func offlineError(hosts []report.HostFigures) error {
	var first *OfflineError
	for _, h := range hosts {
		if h.Answers > 0 {
			return nil
		}
		if h.Unreachable && first == nil {
			first = &OfflineError{Host: h.Host, Reason: strings.TrimPrefix(h.StopReason, "cannot reach it: ")}
		}
	}
	if first == nil {
		return nil
	}
	return first
}

// run is one fetch run: what plan settles, and what later phases hand on.
type run struct {
	runChoice
	runNet
	runState
}

// runChoice is what the run was asked to do, settled before any request.
type runChoice struct {
	opts       Options
	m          *manifest.Manifest
	dir        string                         // the snapshot folder
	needMailto []string                       // providers not asked: they require a contact e-mail and none was set
	explicit   bool                           // providers were named (--only or the manifest): each is asked
	registry   []service.Spec                 // the providers chosen from, in their order
	specs      []service.Spec                 // the selected providers, in registry order
	leftOut    []string                       // providers the manifest chooses that this run does not ask (--only, no e-mail)
	lookup     *service.Spec                  // the agency lookup's provider, when DOIs are routed by agency; else nil
	bases      map[string]string              // provider → scheme://host it is asked at
	size       func(service.Spec) int         // identities per call
	gates      map[string]*service.Redundancy // provider → when another's answer makes it redundant
	targets    []jobTarget                    // the providers as its jobs ask them, in specs' order
	core       *works.Run                     // the works core: what the run learns in, documents out
}

// runNet is how the run reaches the services.
type runNet struct {
	clock  transport.Clock
	start  time.Time
	client *transport.Client
	r      *runner
	rt     *routing
}

// runState is what the run has learned so far. What the story tells is
// kept here (and in the writer's reportFacts) in the run's own terms, and
// handed to the report once, as the run ends (story, facts.go).
type runState struct {
	plan              *workPlan
	w                 *writer
	expansions        []report.Outcome         // one per ORCID identity × expanding provider
	outcomes          []report.Outcome         // one per work × provider asked, in job order
	notAsked          map[string]int           // provider → jobs another's answer made redundant
	jobWarnings       []record.Warning         // the works' jobs', in job order
	stop              context.CancelFunc       // ends the run's requests (a write failed)
	lookupFailureTold bool                     // the first round noted a failed agency lookup (once is enough)
	lookupFailures    []report.LookupFailure   // agency lookups that failed
	held              []report.HeldRemoval     // ORCID records whose removals were held back
	followed          []report.FollowedVersion // published versions the second round kept
	hosts             []report.HostFigures     // what the transport spent, once the lanes are done
	end               runEnd

	records *records // the first round's ORCID records (expand.go)

	// Discovery (discover.go).
	listings      []*job               // per ORCID identity × listing provider
	listed        []report.Listing     // their outcomes, as the story tells them
	unclaimed     *snapshots.Unclaimed // what the listings found, for unclaimed.json; nil: the file is left as it is
	unclaimedFile unclaimedChange      // what writing unclaimed.json did
	// notOnRecordKept: ORCID iD → its not_on_record is last run's (its
	// record or a paired listing was not read), for the story.
	notOnRecordKept map[string]bool
	// profiles are the dblp persons and INSPIRE authors the ORCID records
	// link that the manifest does not name, for the story.
	profiles []report.ProfileLink
}

// runEnd is how the run ended, for the story.
type runEnd struct {
	elapsed        time.Duration // set once the run has written (or chosen to write nothing)
	interrupted    bool          // the run was cancelled
	nothingWritten bool          // interrupted before the write phase: no file was touched
	offline        bool          // no service answered: nothing was changed
	writeErr       error         // why writing the snapshot folder stopped; nil when it did not
	unsaved        []string      // identity keys of works whose files writeErr kept from being written
}

// leftOut is the providers the manifest's list (or the defaults) chooses
// that are not among specs: --only left them out, or they need a contact
// e-mail. Their previous values stand, as a failed job's do: not asking is
// no news about a work. A provider the manifest no longer lists is not
// among them: leaving it out is the user's choice, and its data goes.
func leftOut(registry []service.Spec, manifestNames []string, specs []service.Spec) []string {
	intended, err := providers.Select(registry, manifestNames)
	if err != nil { // the manifest names an unknown provider, yet --only runs: nothing to keep
		return nil
	}
	var out []string
	for _, s := range intended {
		if !slices.ContainsFunc(specs, func(t service.Spec) bool { return t.Name == s.Name }) {
			out = append(out, s.Name)
		}
	}
	return out
}

// selectProviders is the providers a run (or doctor) asks: --only, else
// the manifest's list, else the registry's defaults.
func selectProviders(opts Options) (registry []service.Spec, names []string, specs []service.Spec, err error) {
	names = opts.Only
	if len(names) == 0 {
		names = opts.Manifest.Providers
	}
	registry = opts.Registry
	if registry == nil {
		registry = providers.All()
	}
	specs, err = providers.Select(registry, names)
	return registry, names, specs, err
}

// Services is what a fetch with opts would ask and how it would reach
// them, settled as plan settles it but without a run: the providers
// (those that need a contact e-mail included, for about doctor to tell
// they are skipped), the agency lookup whenever DOIs would be routed,
// their base URLs, and the transport with the fetch's pacing, User-Agent
// and API keys. about doctor probes them; Snapshots, Workers and
// Progress are unused.
type Services struct {
	Specs  []service.Spec    // in registry order, the agency lookup last when added
	Bases  map[string]string // provider → scheme://host it is asked at
	Client *transport.Client // one per call: its hosts' pacing is this run's
}

// ServicesOf is the Services a fetch with opts would ask.
func ServicesOf(opts Options) (Services, error) {
	m := opts.Manifest
	registry, _, specs, err := selectProviders(opts)
	if err != nil {
		return Services{}, err
	}
	if needsRouting(specs) {
		specs = withSpec(specs, agencyLookup(registry))
	}
	bases := baseURLs(specs, opts.BaseURLs)
	clock := opts.Clock
	if clock == nil {
		clock = transport.SystemClock()
	}
	client := transport.New(transportOptions(opts, specs, bases,
		func(s service.Spec) time.Duration { return hostInterval(s, m, false, keySet(s, opts.Getenv)) }, clock))
	return Services{Specs: specs, Bases: bases, Client: client}, nil
}

// withSpec is specs with extra added unless one of that name is there.
func withSpec(specs []service.Spec, extra service.Spec) []service.Spec {
	if slices.ContainsFunc(specs, func(s service.Spec) bool { return s.Name == extra.Name }) {
		return specs
	}
	return append(slices.Clone(specs), extra)
}

// baseURLs is each provider's scheme://host, or the override a test gives.
func baseURLs(specs []service.Spec, overrides map[string]string) map[string]string {
	bases := map[string]string{}
	for _, s := range specs {
		bases[s.Name] = s.BaseURL()
		if b, ok := overrides[s.Name]; ok {
			bases[s.Name] = strings.TrimRight(b, "/")
		}
	}
	return bases
}

// plan settles everything the run needs before its first request: the
// providers, their hosts and base URLs, the transport's policy per host,
// the routing of DOIs, and the snapshot folder.
func plan(opts Options) (*run, error) {
	m := opts.Manifest
	registry, names, specs, err := selectProviders(opts)
	if err != nil {
		return nil, err
	}
	specs, needMailto, err := withoutMailto(specs, m.Mailto, len(names) > 0)
	if err != nil {
		return nil, err
	}
	rn := &run{
		runChoice: runChoice{opts: opts, m: m, needMailto: needMailto, explicit: len(names) > 0, specs: specs, leftOut: leftOut(registry, m.Providers, specs), registry: registry},
		runNet:    runNet{clock: opts.Clock},
		runState:  runState{notAsked: map[string]int{}},
	}
	if rn.clock == nil {
		rn.clock = transport.SystemClock()
	}
	rn.start = rn.clock.Now()
	hostSpecs := specs
	if needsRouting(specs) {
		lookup := agencyLookup(registry)
		rn.lookup = &lookup
		hostSpecs = withSpec(specs, lookup)
	}
	rn.bases = baseURLs(hostSpecs, opts.BaseURLs)
	rn.client = transport.New(transportOptions(opts, hostSpecs, rn.bases, rn.interval, rn.clock))
	workers := opts.Workers
	if workers <= 0 {
		workers = DefaultWorkers
	}
	rn.r = &runner{client: rn.client, bases: rn.bases, mailto: m.Mailto, cv: m.CV, done: opts.Progress.Done, paced: !opts.NoPacing, tokens: make(chan struct{}, workers)}
	if planned := opts.Progress.Planned; planned != nil {
		rn.r.withdraw = func(j *job) { rn.r.tellPlanned([]*job{j}, rn.size, rn.interval, negatedPlans(planned)) }
		rn.r.more = moreCalls(planned, rn.interval, !opts.NoPacing)
	}
	rn.size = batchSize(opts.NoBatching)
	rn.gates = redundancies(specs, rn.explicit)
	rn.targets = jobTargets(rn.specs, rn.bases)
	rn.rt = newRouting(specs, rn.explicit)
	rn.core = newCore(m, specs, rn.leftOut)
	rn.plan = newWorkPlan(m, rn.core)
	rn.plan.acceptRemovals = opts.AcceptRemovals
	rn.dir = opts.Snapshots
	if rn.dir == "" {
		rn.dir = m.Snapshots
	}
	return rn, nil
}

// negatedPlans passes plans on with their counts negated.
func negatedPlans(planned func(LanePlan)) func(LanePlan) {
	return func(lp LanePlan) { planned(LanePlan{Host: lp.Host, Jobs: -lp.Jobs, Calls: -lp.Calls, Pace: -lp.Pace}) }
}

// agencyLookup is the provider whose host says which agency registered a
// DOI: the registry's, or the built-in one when a test registry has none.
func agencyLookup(registry []service.Spec) service.Spec {
	for _, s := range slices.Concat(registry, providers.All()) {
		if s.AgencyLookup {
			return s
		}
	}
	panic("orchestrator: no provider declares the agency lookup") // the registry test rules this out
}

// apiKeys says, per selected provider that takes an API key, whether its
// variable was set; nil when none takes one.
func apiKeys(specs []service.Spec, getenv func(string) string) map[string]bool {
	var keys map[string]bool
	for _, s := range specs {
		if s.APIKey != nil {
			if keys == nil {
				keys = map[string]bool{}
			}
			keys[s.Name] = keySet(s, getenv)
		}
	}
	return keys
}

// keySet says whether s takes an API key and its variable is set.
func keySet(s service.Spec, getenv func(string) string) bool {
	return s.APIKey != nil && getenv != nil && strings.TrimSpace(getenv(s.APIKey.Env)) != ""
}

// interval is the least gap between requests of provider s in this run.
func (rn *run) interval(s service.Spec) time.Duration {
	return hostInterval(s, rn.m, rn.opts.NoBatching, keySet(s, rn.opts.Getenv))
}

// fetch is the first round, four stages joined as a pipeline so provider
// lanes start on a record's works as soon as it is expanded: the expander
// reads ORCID records in manifest order on their own host; the planner
// (here) adds works in plan order, routes them and hands their jobs to the
// lanes; each lane serves one host; assemble takes each work as soon as
// its jobs are done.
func (rn *run) fetch(ctx context.Context) error {
	rn.records = rn.r.expand(ctx, rn.m, snapshots.Dir{Root: rn.dir}, rn.specs, rn.bases, rn.interval, rn.opts.Progress.Planned)
	sched := newScheduler(ctx, rn.r, rn.size, rn.specs)
	rn.queueListings(sched)
	d := snapshots.Dir{Root: rn.dir}
	queued := 0 // works of plan.order already handed to the lanes
	flush := func() {
		rn.schedule(ctx, sched, rn.plan.order[queued:], false)
		queued = len(rn.plan.order)
	}
	for _, e := range rn.m.Identities {
		if !manifest.IsPerson(e.Kind) {
			rn.plan.add(e.Identity, snapshots.OriginManifest)
			continue
		}
		flush() // the works before this record need not wait for it
		listed := <-rn.records.listed
		unknownORCID(e.Identity, listed)
		rn.plan.list(e, listed, d)
	}
	flush()
	rn.plan.finish()
	rn.records.listedN = len(rn.plan.order)
	if rn.records.done() {
		sched.plannedAll()
	}
	rn.w = newWriter(rn.dir, rn.m, rn.specs, rn.plan, rn.opts.WriteSnapshot)
	rn.w.leftOut, rn.w.registry, rn.w.tail = rn.leftOut, rn.registry, rn.opts.WriteTail
	err := rn.assemble(ctx, sched, rn.plan.order[:rn.records.listedN], 0)
	if err == nil { // the works of records whose details failed come last (see records)
		rn.takeRecords(ctx, sched)
		err = rn.assemble(ctx, sched, rn.plan.order[rn.records.listedN:], rn.records.listedN)
	}
	rn.takeRecords(ctx, sched) // a failed write: the report still tells each record
	rn.held = rn.plan.heldRemovals()
	rn.takeAnswers(sched.finish())
	return err
}

// unknownORCID makes an ORCID iD of the manifest that every expanding
// provider answered "not found" about a failure naming the iD: a typo
// there would otherwise quietly give no works.
func unknownORCID(id manifest.Identity, outcomes []reply) {
	if len(outcomes) == 0 {
		return
	}
	for _, o := range outcomes {
		if o.Status != record.NotFound {
			return
		}
	}
	for i := range outcomes {
		outcomes[i].Status = record.Failed
		outcomes[i].Err = report.UnknownORCID(outcomes[i].Provider, id.Value)
		switch id.Kind {
		case manifest.KindDBLP:
			outcomes[i].Err = report.UnknownDBLP(outcomes[i].Provider, id.Value)
		case manifest.KindINSPIRE:
			outcomes[i].Err = report.UnknownINSPIRE(outcomes[i].Provider, id.Value)
		}
	}
}

// schedule routes newly planned works (learning their DOIs' agencies) and
// hands their jobs to the lanes; followed says they are the second
// round's published versions, whose failed agency lookup is told apart.
func (rn *run) schedule(ctx context.Context, sched *scheduler, works []manifest.Identity, followed bool) {
	if rn.lookup != nil {
		// An interrupted run says so once in its verdict; a lookup cut
		// short by it is no news.
		err := rn.rt.lookupAgencies(ctx, rn.r, rn.bases[rn.lookup.Name], works, providers.RABatchSize)
		if err != nil && ctx.Err() == nil && (followed || !rn.lookupFailureTold) { // the second round notes its own works
			rn.lookupFailureTold = rn.lookupFailureTold || !followed
			rn.lookupFailures = append(rn.lookupFailures, report.LookupFailure{Err: err, Followed: followed})
		}
		rn.rememberUnrouted(works)
	}
	var added []*job
	for _, id := range works {
		jobs := workJobs(id, rn.targets, rn.rt, rn.gates)
		sched.add(jobs)
		added = append(added, jobs...)
	}
	rn.r.tellCounted(added, rn.size, rn.interval, rn.opts.Progress.Planned, sched.open.calls)
}

// rememberUnrouted reads the last snapshot of each work whose agency
// lookup failed, so the agency that answered then is asked again.
func (rn *run) rememberUnrouted(works []manifest.Identity) {
	d := snapshots.Dir{Root: rn.dir}
	for _, id := range works {
		if !rn.rt.unrouted(id) {
			continue
		}
		var prev snapshots.Work
		if snapshots.Read(d.WorkPath(id), &prev) == nil {
			rn.rt.rememberPrevious(id, prev, rn.specs)
		}
	}
}

// assemble prepares each of works (in plan order, the scheduler's work
// order from first on) as soon as its jobs are done, and lets its records
// go. A failed write stops the run's requests and lets the lanes finish at
// once.
func (rn *run) assemble(ctx context.Context, sched *scheduler, works []manifest.Identity, first int) error {
	for i, id := range works {
		k := first + i
		if sched.ctx.Err() != nil { // interrupted: nothing will be written (settle.go)
			sched.wrote(math.MaxInt32)
			return nil
		}
		answers := rn.takeAnswers(rn.await(ctx, sched, k))
		if err := rn.w.prepare(id, answers); err != nil {
			sched.release(k) // accounted for above: finish must not hand its jobs back
			rn.stop()
			sched.wrote(math.MaxInt32) // nothing more will be taken: let the lanes skip what is left
			return err
		}
		sched.release(k)
		sched.wrote(k + 1)
	}
	return nil
}

// takeAnswers keeps what the report needs of jobs (their outcomes, warnings,
// and which were not asked), and returns the answers of those asked, in
// job order. The jobs themselves are then let go.
func (rn *run) takeAnswers(jobs []*job) []*reply {
	var answers []*reply
	// Grown once: an interrupt hands over every job left at once (250,000).
	rn.outcomes = slices.Grow(rn.outcomes, len(jobs))
	for _, j := range jobs {
		if j.notAsked {
			rn.notAsked[j.spec().Name]++
			continue
		}
		answers = append(answers, j.ans)
		o := j.ans.Outcome
		o.Identity = j.id // an interrupt's skips share a reply (interruptSkips)
		rn.outcomes = append(rn.outcomes, withFault(o))
		rn.jobWarnings = append(rn.jobWarnings, j.ans.result.Warnings...)
	}
	return answers
}

// write links the works, writes the index and prunes what left the
// manifest (not when interrupted, ctx; settle ends the writing of an
// interrupted run), then times the run.
func (rn *run) write(ctx, settle context.Context) error {
	if writing := rn.opts.Progress.Writing; writing != nil {
		writing()
	}
	defer func() {
		rn.end.interrupted = ctx.Err() != nil
		rn.end.elapsed = rn.clock.Now().Sub(rn.start)
	}()
	if err := rn.w.finish(ctx, settle); err != nil || rn.w.cut != nil {
		return err
	}
	rn.addNotOnRecord()
	return rn.writeUnclaimed()
}

// tellPlanned tells the live view about newly planned jobs, per host in
// first-seen order: how many, the calls they take (batched per provider as
// the lanes will batch them: batchCalls) and the least time those take at
// the host's interval (0 in a replay).
func (r *runner) tellPlanned(jobs []*job, size func(service.Spec) int, interval func(service.Spec) time.Duration, planned func(LanePlan)) {
	r.tellCounted(jobs, size, interval, planned, batchCalls)
}

// tellCounted is tellPlanned with calls counting each provider's jobs'
// calls (the scheduler's open batches, for works planned in stretches).
func (r *runner) tellCounted(jobs []*job, size func(service.Spec) int, interval func(service.Spec) time.Duration, planned func(LanePlan), calls func(q []*job, size int) int) {
	if planned == nil || len(jobs) == 0 {
		return
	}
	type key struct{ host, provider string }
	var hosts []string
	perProvider := map[key][]*job{}
	var keys []key
	for _, j := range jobs {
		k := key{j.host(), j.spec().Name}
		if _, ok := perProvider[k]; !ok {
			keys = append(keys, k)
			if !slices.Contains(hosts, j.host()) {
				hosts = append(hosts, j.host())
			}
		}
		perProvider[k] = append(perProvider[k], j)
	}
	for _, h := range hosts {
		lp := LanePlan{Host: h}
		for _, k := range keys {
			if k.host != h {
				continue
			}
			q := perProvider[k]
			s := *q[0].spec()
			calls := calls(q, size(s))
			lp.Jobs += len(q)
			lp.Calls += calls
			if r.paced {
				lp.Pace += time.Duration(calls) * interval(s)
			}
		}
		planned(lp)
	}
}

// workJobs is one work's jobs, in registry order: every selected provider
// that applies to it after agency routing. A job of a provider in gates
// waits for the job of the provider it is redundant after (asked at once
// when that one does not apply to the work).
func workJobs(id manifest.Identity, targets []jobTarget, rt *routing, gates map[string]*service.Redundancy) []*job {
	var jobs []*job
	byName := map[string]*job{}
	for i := range targets {
		s := targets[i].spec
		if !rt.applies(*s, id) {
			continue
		}
		j := &job{id: id, to: &targets[i], unrouted: (s.Agency != "" || s.AgencyFallback) && rt.unrouted(id)}
		byName[s.Name] = j
		jobs = append(jobs, j)
	}
	for _, j := range jobs {
		if g := gates[j.spec().Name]; g != nil {
			j.after = byName[g.After]
		}
	}
	rt.chain(id, jobs)
	return jobs
}

// batchSize is the identities per call: the provider's batch size, or one
// when batching is off.
func batchSize(off bool) func(service.Spec) int {
	return func(s service.Spec) int {
		if off {
			return 1
		}
		return max(s.BatchSize, 1)
	}
}

// hostInterval is the least gap between requests of provider s: its
// declared interval (the keyed one when keyed, its API key set, and the
// service documents one), the stricter one its service sets for list
// queries while batching or listing works for discovery, or the
// manifest's, whichever is longest.
func hostInterval(s service.Spec, m *manifest.Manifest, noBatching, keyed bool) time.Duration {
	d := s.MinInterval
	if keyed && s.APIKey != nil && s.APIKey.MinInterval > 0 {
		d = s.APIKey.MinInterval
	}
	if (!noBatching && s.BatchSize > 1) || (m.Discover && s.Discover != nil) { // discovery listings are list requests
		d = max(d, s.BatchInterval)
	}
	if o, ok := m.Intervals[s.Name]; ok && o > d {
		return o
	}
	return d
}

// contact is the manifest's mailto, which the transport keeps to the
// declared hosts and out of recordings and errors.
func contact(m *manifest.Manifest) string {
	if m == nil {
		return ""
	}
	return m.Mailto
}

// transportOptions turns provider declarations into per-host policy.
func transportOptions(opts Options, specs []service.Spec, bases map[string]string, interval func(service.Spec) time.Duration, clock transport.Clock) transport.Options {
	hosts := map[string]transport.HostPolicy{}
	for _, s := range specs {
		h := hostOf(bases[s.Name])
		p := transport.HostPolicy{MinInterval: interval(s), Timeout: s.Timeout, SlowDown: s.SlowDown}
		if problem := s.RequestProblem; problem != nil {
			p.Classify = func(code int, _ http.Header, body []byte) transport.Class {
				if problem(code, body) {
					return transport.ClassRequestProblem
				}
				return transport.ClassDefault
			}
		}
		if least := s.SlowDownWait; least > 0 {
			p.Backoff = func(attempt int) time.Duration { return least << min(attempt-1, 16) }
		}
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
		Base:             opts.Base,
		UserAgent:        opts.UserAgent,
		ForeignUserAgent: opts.ForeignUserAgent,
		Contact:          contact(opts.Manifest),
		Hosts:            hosts,
		Clock:            clock,
		Seed:             opts.Seed,
		Recorder:         opts.Recorder,
		OnStart:          opts.OnStart,
		OnWait:           opts.OnWait,
		OnStop:           opts.OnStop,
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

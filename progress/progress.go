// Package progress shows how a run is going while it runs. On a terminal
// it is a live view redrawn in place: one line per host (jobs done of
// planned, current request rate, a wait on Retry-After, a stop) and an
// overall bar with an ETA. Anywhere else (a CI log, a pipe) it writes one
// plain line every so often and a last one at the end, with no control
// characters.
//
// A host's name and a wait's or stop's reason can come from outside (a
// redirect's host, an error quoting a server's certificate): the view
// shows them through termtext, so its lines carry no control character
// but its own.
//
// It knows nothing of providers, identities or snapshots: the caller
// reports plans, requests, waits, stops and finished jobs per host, from
// any goroutine, and calls Finish once the run is over. A nil *View does
// nothing, so a quiet run needs no special cases.
package progress

import (
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/internal/termtext"
	"github.com/vbauerster/mpb/v8"
)

// DefaultEvery is how often the plain form writes a line.
const DefaultEvery = 15 * time.Second

// recentStarts is how many request starts per host the rate and the
// observed pace are measured over.
const recentStarts = 8

// Options configures a View.
type Options struct {
	Out    io.Writer         // where to draw; the CLI's standard error
	Live   bool              // redraw in place (Out is a terminal); false writes plain lines
	Labels map[string]string // host → what to call it (e.g. "crossref"); default the host itself
	Width  int               // live view width in columns; 0 means the terminal's
	Every  time.Duration     // plain form: a line this often; default DefaultEvery
	Ticks  <-chan time.Time  // plain form: a line on each tick instead of Every (tests)
	Now    func() time.Time  // default time.Now (tests fix it)
}

// View is the progress of one run. Its methods are safe for concurrent use.
type View struct {
	opts  Options
	start time.Time

	endMu sync.Mutex
	end   time.Time // when Finish was called; the run's length is start to end

	mu          sync.Mutex // guards hosts, every host's fields and interrupted
	hosts       []*host    // in the order they first appeared
	interrupted bool       // FinishInterrupted ended the run

	// barMu serialises calls into mpb. It is never held with mu taken
	// first, and mpb's decorators take only mu: a decorator runs on mpb's
	// goroutine, and one waiting on mu while we hold it and wait on mpb
	// would deadlock.
	barMu sync.Mutex
	bars  *mpb.Progress
	total *mpb.Bar

	quit     chan struct{} // plain form: closed by Finish
	stopped  chan struct{} // plain form: closed when the ticker goroutine returns
	finished bool          // guarded by barMu
}

// host is one host's share of the run.
type host struct {
	name  string
	label string
	jobs  int           // planned jobs
	calls int           // planned calls (jobs are batched)
	pace  time.Duration // least time the planned calls take at the host's interval
	done  int           // jobs finished, answered or not
	short int           // jobs that failed or were skipped

	lastDone time.Time // when a job last finished

	requests int
	recent   []time.Time // the last request starts, oldest first

	waitUntil   time.Time
	waitWhy     string
	stopWhy     string
	interrupted bool // the run was interrupted: its counts are the jobs answered

	bar *mpb.Bar // live view only; guarded by barMu
}

// Start begins showing progress on o.Out.
func Start(o Options) *View {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Every <= 0 {
		o.Every = DefaultEvery
	}
	v := &View{opts: o, start: o.Now()}
	if o.Live {
		v.startLive()
		return v
	}
	v.quit, v.stopped = make(chan struct{}), make(chan struct{})
	ticks := o.Ticks
	var ticker *time.Ticker
	if ticks == nil {
		ticker = time.NewTicker(o.Every)
		ticks = ticker.C
	}
	go func() {
		defer close(v.stopped)
		if ticker != nil {
			defer ticker.Stop()
		}
		for {
			select {
			case <-ticks:
				if line, ok := v.plainLine(false); ok {
					fmt.Fprintln(v.opts.Out, line)
				}
			case <-v.quit:
				return
			}
		}
	}()
	return v
}

// Plan adds jobs to a host: calls is how many requests they take, pace
// the least time those take at the host's interval (0 when unpaced).
func (v *View) Plan(name string, jobs, calls int, pace time.Duration) {
	if v == nil {
		return
	}
	v.mu.Lock()
	h := v.hostLocked(name)
	h.jobs += jobs
	h.calls += calls
	h.pace += pace
	total := h.jobs
	v.mu.Unlock()
	v.setTotal(h, total)
}

// Request notes that a request to the host started.
func (v *View) Request(name string) {
	if v == nil {
		return
	}
	now := v.opts.Now()
	v.mu.Lock()
	h := v.hostLocked(name)
	h.requests++
	h.recent = append(h.recent, now)
	if len(h.recent) > recentStarts {
		h.recent = h.recent[1:]
	}
	h.waitUntil, h.waitWhy = time.Time{}, ""
	v.mu.Unlock()
	v.ensureBar(h)
}

// Done notes that one of the host's jobs finished; answered is false when
// it failed or was skipped.
func (v *View) Done(name string, answered bool) {
	if v == nil {
		return
	}
	v.mu.Lock()
	h := v.hostLocked(name)
	h.done++
	h.lastDone = v.opts.Now()
	if !answered {
		h.short++
	}
	v.mu.Unlock()
	v.increment(h)
}

// Wait notes that the host's next request waits d, and why (e.g.
// "Retry-After").
func (v *View) Wait(name string, d time.Duration, why string) {
	if v == nil {
		return
	}
	now := v.opts.Now()
	v.mu.Lock()
	h := v.hostLocked(name)
	h.waitUntil, h.waitWhy = now.Add(d), termtext.Field(why)
	v.mu.Unlock()
	v.ensureBar(h)
}

// Stop notes that the host was stopped for the rest of the run.
func (v *View) Stop(name, why string) {
	if v == nil {
		return
	}
	v.mu.Lock()
	h := v.hostLocked(name)
	h.stopWhy = termtext.Field(why)
	h.waitUntil, h.waitWhy = time.Time{}, ""
	v.mu.Unlock()
	v.ensureBar(h)
}

// Finish ends the view: the live view draws its last frame and lets go of
// the terminal; the plain form writes its last line. Call it once the run
// is over and before writing anything else to Out. Later calls (of Finish
// or FinishInterrupted) do nothing.
func (v *View) Finish() { v.finish(false) }

// FinishInterrupted is Finish for a run a signal ended: the jobs it
// skipped count as done to the hosts, so the last line says instead that
// the run was interrupted and how many jobs of the plan were answered.
func (v *View) FinishInterrupted() { v.finish(true) }

func (v *View) finish(interrupted bool) {
	if v == nil {
		return
	}
	v.barMu.Lock()
	if v.finished {
		v.barMu.Unlock()
		return
	}
	v.finished = true
	v.barMu.Unlock()
	v.endMu.Lock()
	v.end = v.opts.Now()
	v.endMu.Unlock()
	if interrupted {
		v.mu.Lock()
		v.interrupted = true
		for _, h := range v.hosts {
			h.interrupted = true
		}
		v.mu.Unlock()
	}
	if v.opts.Live {
		v.finishLive()
		return
	}
	close(v.quit)
	<-v.stopped
	line, _ := v.plainLine(true)
	fmt.Fprintln(v.opts.Out, line)
}

// hostLocked returns the host's state, adding it on first sight.
func (v *View) hostLocked(name string) *host {
	for _, h := range v.hosts {
		if h.name == name {
			return h
		}
	}
	label := v.opts.Labels[name]
	if label == "" {
		label = name
	}
	h := &host{name: name, label: termtext.Field(label)}
	v.hosts = append(v.hosts, h)
	return h
}

// counts is "done/planned" ("answered/planned" once the run was
// interrupted), or the requests of a host that has no plan (one reached
// by redirect, or asked on the side, such as doi.org's registration
// agency lookup).
func (h *host) counts() string {
	switch {
	case h.jobs == 0:
		return fmt.Sprintf("%d %s", h.requests, english.Plural(h.requests, "request", "requests"))
	case h.interrupted:
		return fmt.Sprintf("%d/%d", h.answered(), h.jobs)
	}
	return fmt.Sprintf("%d/%d", h.done, h.jobs)
}

// answered is the host's jobs that finished with an answer.
func (h *host) answered() int { return h.done - h.short }

// state says what the host is doing, in a few words: stopped (and why,
// unless whyElsewhere: the line says it once for several hosts), done
// (when sayDone), waiting, or its current request rate; with the jobs that
// came back short.
func (h *host) state(now time.Time, sayDone, whyElsewhere bool) string {
	var parts []string
	switch {
	case h.stopWhy != "" && whyElsewhere:
		parts = append(parts, "stopped")
	case h.stopWhy != "":
		parts = append(parts, "stopped: "+h.stopWhy)
	case h.interrupted && h.answered() < h.jobs:
		parts = append(parts, "interrupted")
	case h.jobs > 0 && h.done >= h.jobs:
		if sayDone {
			parts = append(parts, "done")
		}
	case h.waitUntil.After(now):
		parts = append(parts, fmt.Sprintf("waiting %s: %s", ceilSecond(h.waitUntil.Sub(now)), h.waitWhy))
	default:
		if r, ok := h.rate(now); ok {
			parts = append(parts, fmt.Sprintf("%.1f req/s", r))
		}
	}
	if h.short > 0 && !h.interrupted { // an interrupted run's counts say it
		parts = append(parts, fmt.Sprintf("%d failed or skipped", h.short))
	}
	return strings.Join(parts, ", ")
}

// rate is requests per second over the recent starts, while they are
// recent (a host idle for a while has no current rate).
func (h *host) rate(now time.Time) (float64, bool) {
	n := len(h.recent)
	if n < 2 {
		return 0, false
	}
	first, last := h.recent[0], h.recent[n-1]
	span := last.Sub(first)
	if span <= 0 || now.Sub(last) > 10*span/time.Duration(n-1)+time.Second {
		return 0, false
	}
	return float64(n-1) / span.Seconds(), true
}

// remaining is how long the host still needs at best: its remaining calls
// at its declared interval (or the pace it has been keeping, when slower,
// or the age of a call still outstanding, when longer: a host that has not
// answered for minutes does not take "1s" more), plus a wait it is
// serving (a pending retry's call is the call of its job, still counted
// as left). A stopped or finished host needs nothing.
func (h *host) remaining(now time.Time) (time.Duration, bool) {
	left := h.jobs - h.done
	if h.stopWhy != "" || h.jobs == 0 || left <= 0 {
		return 0, false
	}
	calls := int(math.Ceil(float64(left) * float64(h.calls) / float64(h.jobs)))
	var per time.Duration
	if h.calls > 0 {
		per = h.pace / time.Duration(h.calls)
	}
	if n := len(h.recent); n >= 2 {
		per = max(per, h.recent[n-1].Sub(h.recent[0])/time.Duration(n-1))
	}
	if n := len(h.recent); n > 0 && h.lastDone.Before(h.recent[n-1]) && h.waitWhy == "" {
		per = max(per, now.Sub(h.recent[n-1])) // a call outstanding since then
	}
	d := time.Duration(calls) * per
	if h.waitUntil.After(now) {
		d += h.waitUntil.Sub(now)
	}
	return d, true
}

// answeredLocked is the jobs of the run that finished with an answer.
func (v *View) answeredLocked() int {
	n := 0
	for _, h := range v.hosts {
		n += h.answered()
	}
	return n
}

// totalsLocked sums the plan; eta is the longest host's remaining time,
// since hosts are served side by side.
func (v *View) totalsLocked(now time.Time) (done, jobs int, eta time.Duration, etaKnown bool) {
	for _, h := range v.hosts {
		done += h.done
		jobs += h.jobs
		if d, ok := h.remaining(now); ok {
			eta, etaKnown = max(eta, d), true
		}
	}
	return done, jobs, eta, etaKnown
}

// plainLine is one line of the plain form, e.g.
//
//	about: 412/840 jobs · crossref 120/120 · openalex 80/120 (waiting 30s: Retry-After) · ETA 2m10s
//
// A reason several hosts were stopped for (no network: every host's) is
// said once, after the hosts; a run in which no job was answered ends
// with one short line; an interrupted run's last line says so, and counts
// the jobs answered. ok is false while there is nothing to say yet.
func (v *View) plainLine(final bool) (line string, ok bool) {
	now := v.opts.Now()
	v.mu.Lock()
	defer v.mu.Unlock()
	done, jobs, eta, etaKnown := v.totalsLocked(now)
	groups := v.stopGroupsLocked()
	var b strings.Builder
	switch {
	case final && v.interrupted:
		fmt.Fprintf(&b, "about: interrupted after %s: %d of %d %s answered", v.elapsed(), v.answeredLocked(), jobs, english.Plural(jobs, "job", "jobs"))
	case final && v.noneAnsweredLocked():
		fmt.Fprintf(&b, "about: finished in %s, no service answered: %d/%d jobs failed or skipped", v.elapsed(), done, jobs)
		writeStops(&b, groups, 1)
		return b.String(), true
	case final:
		fmt.Fprintf(&b, "about: finished %d/%d jobs in %s", done, jobs, v.elapsed())
	case len(v.hosts) == 0:
		return "", false
	default:
		fmt.Fprintf(&b, "about: %d/%d jobs", done, jobs)
	}
	shared := map[string]bool{}
	for _, g := range groups {
		shared[g.why] = len(g.labels) > 1
	}
	for _, h := range v.hosts {
		fmt.Fprintf(&b, " · %s %s", h.label, h.counts())
		if s := h.state(now, false, shared[h.stopWhy]); s != "" && (!final || h.stopWhy != "" || (h.short > 0 && !h.interrupted)) {
			fmt.Fprintf(&b, " (%s)", s)
		}
	}
	writeStops(&b, groups, 2)
	if !final && etaKnown {
		fmt.Fprintf(&b, " · ETA %s", ceilSecond(eta))
	}
	return b.String(), true
}

// stopGroup is the hosts stopped for one reason.
type stopGroup struct {
	why    string
	labels []string
}

// stopGroupsLocked gathers the stopped hosts by reason, in the order the
// hosts first appeared.
func (v *View) stopGroupsLocked() []stopGroup {
	var groups []stopGroup
	at := map[string]int{}
	for _, h := range v.hosts {
		if h.stopWhy == "" {
			continue
		}
		i, ok := at[h.stopWhy]
		if !ok {
			i = len(groups)
			at[h.stopWhy] = i
			groups = append(groups, stopGroup{why: h.stopWhy})
		}
		groups[i].labels = append(groups[i].labels, h.label)
	}
	return groups
}

// writeStops says each reason shared by at least least hosts once, with
// the hosts it stopped.
func writeStops(b *strings.Builder, groups []stopGroup, least int) {
	for _, g := range groups {
		if len(g.labels) >= least {
			fmt.Fprintf(b, " · stopped: %s (%s)", g.why, strings.Join(g.labels, ", "))
		}
	}
}

// noneAnsweredLocked reports a run in which some host was stopped and
// every job that finished came back short: the hosts' own counts would
// only repeat that.
func (v *View) noneAnsweredLocked() bool {
	stopped, finished := false, 0
	for _, h := range v.hosts {
		stopped = stopped || h.stopWhy != ""
		finished += h.done
		if h.done > h.short {
			return false
		}
	}
	return stopped && finished > 0
}

// elapsed is how long the run took, once Finish was called.
func (v *View) elapsed() time.Duration {
	v.endMu.Lock()
	defer v.endMu.Unlock()
	return roundSecond(v.end.Sub(v.start))
}

// ceilSecond rounds up to whole seconds, so a wait of 0.4s reads "1s",
// never "0s".
func ceilSecond(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return ((d + time.Second - 1) / time.Second) * time.Second
}

func roundSecond(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Second)
}

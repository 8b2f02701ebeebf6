package orchestrator

import (
	"context"
	"time"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// How an interrupted run settles (Ctrl-C, SIGTERM: the run's context is
// cancelled):
//
//   - Before the write phase, the run writes nothing: no work is
//     prepared after the interrupt and no file is touched, so the folder
//     is exactly as the last run left it (a first run leaves none). A
//     part of a run's answers is worth nothing to the next run, which asks
//     every job again, while a folder with some works new and its index,
//     links and ORCID lists old (or, on a first run, missing) is one that
//     check rejects. Settling is then only the lanes' last calls ending,
//     which every wait lets happen at once.
//   - During the write phase, writing goes on for SettleBudget past the
//     interrupt; a write still going then stops between two files. Each
//     file is whole (written atomically), the works not reached keep
//     their previous files, and the index, links and ORCID lists are left
//     as they were; the story says how many works were written.
//   - A second interrupt (Options.Abort) stops writing at once, between
//     two files, the same way.

// SettleBudget is how long an interrupted run may go on writing files.
// With the lanes' joins and the process's exit it keeps an interrupt
// settled within 2 s at any size.
const SettleBudget = 1500 * time.Millisecond

// settleContext is done SettleBudget (on clock) after ctx is done, or as
// soon as abort is done (nil: never).
func settleContext(ctx, abort context.Context, clock transport.Clock) (context.Context, context.CancelFunc) {
	if abort == nil {
		abort = context.Background()
	}
	settle, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stopAbort := context.AfterFunc(abort, cancel)
	// Once armed, the budget's timer is left to fire: cancelling twice is
	// harmless, and it holds nothing but cancel.
	stopBudget := context.AfterFunc(ctx, func() { afterFunc(clock, SettleBudget, cancel) })
	return settle, func() {
		stopAbort()
		stopBudget()
		cancel()
	}
}

// afterFunc runs f once d has passed on clock, on the clock's own timers
// when it has them (see transport.Clock).
func afterFunc(clock transport.Clock, d time.Duration, f func()) (stop func() bool) {
	if tc, ok := clock.(interface {
		AfterFunc(time.Duration, func()) func() bool
	}); ok {
		return tc.AfterFunc(d, f)
	}
	return time.AfterFunc(d, f).Stop
}

// writeNothing is the end of a run interrupted before its write phase:
// no file is written and nothing pruned, and the story says so.
func (rn *run) writeNothing() {
	rn.end.interrupted, rn.end.nothingWritten = true, true
	rn.end.elapsed = rn.clock.Now().Sub(rn.start)
}

// interruptSkips are the replies of one call's jobs once the run is
// cancelled: one per provider, shared by its jobs, whose identities
// takeAnswers gives their outcomes. An interrupt at 50,000 works skips a
// quarter of a million jobs at once, and a reply each (288 bytes) was
// 72 MB, the interrupted run's peak. A discovery listing's reply is its
// own (its outcome is read whole, see discover.go).
type interruptSkips map[*jobTarget]*reply

func (k interruptSkips) of(j *job) *reply {
	if j.listing {
		return notAskedForInterrupt(j)
	}
	r := k[j.to]
	if r == nil {
		r = &reply{Outcome: report.Outcome{Asked: j.to.asked, Status: record.Skipped, Err: report.InterruptedBefore(j.host())}}
		k[j.to] = r
	}
	return r
}

// notAskedForInterrupt is the outcome of d, whose asking waited on a job
// the interrupt skipped: d was not asked for the same reason, not because
// a request failed, so the story counts it with the interrupt's (it named
// each of 50,000 Unpaywall jobs "depends on openalex's answer, which
// failed").
func notAskedForInterrupt(d *job) *reply {
	return &reply{Outcome: report.Outcome{Identity: d.id, Asked: d.to.asked, Status: record.Skipped, Err: report.InterruptedBefore(d.host())}}
}

package orchestrator

import (
	"errors"
	"net/url"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// The run hands the story facts in report's own types; this file is
// where the adapters' types are read into them, so report needs to know
// neither the transport nor the providers, and where the run's facts are
// handed over (story): no other file of the orchestrator fills a report.

// story is the run's story: the facts the run gathered as it went, handed
// to the report once, as the run ends. The long lists (one outcome per
// job: 250,000 in an interrupted large run) are handed over, not copied,
// and the folder's writer hands over its own tally: call it once.
func (rn *run) story() *report.Report {
	m, w, plan, end := rn.m, rn.w, rn.plan, rn.end
	rep := &report.Report{
		Manifest: m.Path, Snapshots: rn.dir, Providers: providerFacts(rn.specs),
		NeedMailto: rn.needMailto, MissingMailto: m.Mailto == "", APIKeys: apiKeys(rn.specs, rn.opts.Getenv), Replayed: rn.opts.Replay,
		Expansions: rn.expansions, Outcomes: rn.outcomes, Hosts: rn.hosts, LookupFailures: rn.lookupFailures, NotAsked: rn.notAsked,
		Works: plan.order, Excluded: plan.excluded, Held: rn.held, Followed: rn.followed, Listings: rn.listed,
		Interrupted: end.interrupted, Elapsed: end.elapsed,
	}
	if rn.unclaimed != nil {
		rep.Unclaimed = reportUnclaimed(rn.unclaimed)
	}
	// The warnings in the order the run met them: the plan's, the
	// manifest's entries that matched nothing, the jobs', the first
	// pass's, then the second's and the folder's.
	rep.Warnings = plan.warnings
	rep.WarnUnmatchedExcludes(plan.unmatchedExcludes())
	rep.WarnUnmatchedOverrides(plan.unmatchedOverrides())
	rep.Warnings = append(rep.Warnings, rn.warnings...)
	if w != nil {
		rep.Warnings = append(rep.Warnings, w.warnings...)
		rep.WarnAuthorless(w.authorless)
		rep.LeftOut, rep.WorksKeptLeftOut, rep.KeptWhole, rep.Dropped = w.leftOut, w.worksKeptLeftOut, w.worksKeptWhole, w.dropped
		rn.folderStory(rep)
	}
	rn.unclaimedStory(rep)
	switch {
	case end.offline:
		rep.NotPruned = report.PruneOffline
	case end.nothingWritten:
		rep.NotPruned = report.PruneInterrupted
		rep.Cut = &report.WriteCut{Works: len(plan.order)}
		rep.Unwritten = nil // no work was judged: not "no service answered"
	}
	if end.writeErr != nil {
		rep.FailWrite(end.writeErr, end.unsaved, w != nil && w.pruned)
	}
	return rep
}

// folderStory hands over what the writer and the folder's own writer did.
func (rn *run) folderStory(rep *report.Report) {
	w := rn.w
	told := w.out.Told()
	rep.Warnings = append(rep.Warnings, w.writeWarnings...)
	rep.Warnings = append(rep.Warnings, told.Warnings...)
	rep.Written, rep.LineEndings, rep.Repaired, rep.Damaged = told.Written, told.LineEndings, told.Repaired, told.Damaged
	rep.Kept, rep.Unwritten, rep.Links, rep.LinkNotes = w.kept, w.unwritten, w.links, w.linkNotes
	rep.WorksAdded, rep.WorksChanged, rep.Cut, rep.NotPruned = w.added, w.changed, w.cut, w.notPruned
	rep.Removed, rep.StraysRemoved, rep.WorksRemoved = w.removals.Paths, w.removals.Strays, w.removals.Works
}

// unclaimedStory tells what writing unclaimed.json did, after the
// folder's files.
func (rn *run) unclaimedStory(rep *report.Report) {
	f := rn.unclaimedFile
	switch {
	case f.removed:
		rep.Removed = append(rep.Removed, f.path)
	case f.change != snapshots.Unchanged:
		rep.Written = append(rep.Written, f.path)
		if f.change == snapshots.LineEndings {
			rep.LineEndings = append(rep.LineEndings, f.path)
		}
	}
}

// providerFacts is what the story tells of the run's providers, in
// registry order.
func providerFacts(specs []providers.Spec) []report.Provider {
	out := make([]report.Provider, len(specs))
	for i, s := range specs {
		p := report.Provider{Name: s.Name, Title: s.Title, Host: s.Host, MailtoBenefit: s.MailtoBenefit}
		if s.APIKey != nil {
			p.KeyEnv, p.KeyBenefit = s.APIKey.Env, s.APIKey.Benefit
		}
		if r := s.Redundant; r != nil {
			p.Redundant = &report.Redundancy{What: r.What, After: r.After, Why: r.Why}
		}
		out[i] = p
	}
	return out
}

// hostFigures is what the transport spent on each host.
func hostFigures(stats []transport.HostStats) []report.HostFigures {
	out := make([]report.HostFigures, len(stats))
	for i, h := range stats {
		out[i] = report.HostFigures(h)
	}
	return out
}

// withFault is o with what its error says beyond its words.
func withFault(o report.Outcome) report.Outcome {
	if o.Err != nil {
		o.Fault = faultOf(o.Err)
	}
	return o
}

// faultOf names the facts the story reads of a job's error: the status
// behind it, a missing contact e-mail, a stopped host, and the one fact
// its reason is told from. nil when it carries none (an interrupt's
// skips, a quarter of a million in a large run, allocate nothing).
func faultOf(err error) *report.Fault {
	var (
		te *transport.StatusError
		pe *providers.StatusError
		se *transport.StoppedError
		to *transport.TimeoutError
	)
	f := report.Fault{
		NeedsMailto: errors.Is(err, providers.ErrNeedsMailto),
		HostStopped: errors.Is(err, transport.ErrHostStopped),
	}
	switch {
	case errors.As(err, &te):
		f.Code = te.Code
	case errors.As(err, &pe):
		f.Code = pe.Code
	case errors.As(err, &se):
		f.Code = se.Code
	}
	// The reason is told from the error a *url.Error wraps, as far down
	// as they go: its own words repeat the request's URL.
	inner := err
	for {
		ue, ok := inner.(*url.Error)
		if !ok {
			break
		}
		inner = ue.Err
	}
	switch {
	case errors.As(err, &to):
		f.Told, f.Words = report.ToldTimedOut, to.Error()
	case errors.As(err, &te):
		f.Told, f.Status, f.Attempts = report.ToldGaveUp, te.Code, te.Attempts
	case errors.As(err, &se):
		f.Told, f.Words = report.ToldStopped, se.Reason
	case errors.As(inner, &pe) && inner == error(pe):
		f.Told, f.Status = report.ToldAnswered, pe.Code
	}
	if f == (report.Fault{}) {
		return nil
	}
	return &f
}

package orchestrator

import (
	"errors"
	"net/url"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// The run hands the story facts in report's own types; this file is
// where the adapters' types are read into them, so report needs to know
// neither the transport nor the providers, and where the run's facts are
// handed over (story): no other file of the orchestrator fills a report.

// story is the run's story: the facts the run gathered as it went, handed
// to the report once, as the run ends, group by group. The long lists
// (one outcome per job: 250,000 in an interrupted large run) are handed
// over, not copied, and the folder's writer hands over its own tally:
// call it once.
func (rn *run) story() *report.Report {
	var told snapshots.Tally
	if rn.w != nil {
		told = rn.w.out.Told()
	}
	rep := &report.Report{RunFacts: rn.runFacts(), FolderFacts: rn.folderFacts(told), NoteFacts: rn.noteFacts(), DiscoveryFacts: rn.discoveryFacts()}
	rn.warnings(rep, told.Warnings)
	if end := rn.end; end.writeErr != nil {
		rep.FailWrite(end.writeErr, end.unsaved, rn.w != nil && rn.w.pruned)
	}
	return rep
}

// runFacts is what the run was asked and how it went.
func (rn *run) runFacts() report.RunFacts {
	return report.RunFacts{
		Manifest: rn.m.Path, Snapshots: rn.dir, Providers: providerFacts(rn.specs),
		Expansions: rn.expansions, Outcomes: rn.outcomes, Hosts: rn.hosts,
		Elapsed: rn.end.elapsed, Interrupted: rn.end.interrupted,
		MissingMailto: rn.m.Mailto == "", APIKeys: apiKeys(rn.specs, rn.opts.Getenv), Replayed: rn.opts.Replay,
	}
}

// folderFacts is what became of the folder: the writer's facts, what the
// folder's writer did (told), then unclaimed.json, which is written last.
func (rn *run) folderFacts(told snapshots.Tally) report.FolderFacts {
	f := report.FolderFacts{
		Works: rn.plan.order, Excluded: rn.plan.excluded, Held: rn.held, Followed: rn.followed,
		Written: told.Written, LineEndings: told.LineEndings, Repaired: told.Repaired, Damaged: told.Damaged,
	}
	if w := rn.w; w != nil {
		f.Kept, f.Unwritten, f.Links = w.kept, w.unwritten, w.links
		f.WorksAdded, f.WorksChanged, f.Cut, f.NotPruned = w.added, w.changed, w.cut, w.notPruned
		f.Removed, f.StraysRemoved, f.WorksRemoved = w.removals.Paths, w.removals.Strays, w.removals.Works
	}
	switch u := rn.unclaimedFile; {
	case u.removed:
		f.Removed = append(f.Removed, u.path)
	case u.change != snapshots.Unchanged:
		f.Written = append(f.Written, u.path)
		if u.change == snapshots.LineEndings {
			f.LineEndings = append(f.LineEndings, u.path)
		}
	}
	switch {
	case rn.end.offline:
		f.NotPruned = report.PruneOffline
	case rn.end.nothingWritten:
		f.NotPruned = report.PruneInterrupted
		f.Cut = &report.WriteCut{Works: len(rn.plan.order)}
		f.Unwritten = nil // no work was judged: not "no service answered"
	}
	return f
}

// noteFacts is what the notes are told from.
func (rn *run) noteFacts() report.NoteFacts {
	n := report.NoteFacts{NeedMailto: rn.needMailto, LookupFailures: rn.lookupFailures, NotAsked: rn.notAsked}
	if w := rn.w; w != nil {
		n.LeftOut, n.WorksKeptLeftOut, n.KeptWhole, n.Dropped, n.LinkNotes = w.leftOut, w.worksKeptLeftOut, w.worksKeptWhole, w.dropped, w.linkNotes
	}
	return n
}

// discoveryFacts is what the discovery listings found.
func (rn *run) discoveryFacts() report.DiscoveryFacts {
	d := report.DiscoveryFacts{Listings: rn.listed, Profiles: rn.profiles}
	if rn.unclaimed != nil {
		d.Unclaimed = reportUnclaimed(rn.unclaimed)
		d.NotOnRecord = rn.reportNotOnRecord(rn.unclaimed)
	}
	return d
}

// warnings hands over the warnings in the order the run met them: the
// plan's, the manifest's entries that matched nothing, the jobs', the
// first pass's, then the second's and the folder's writer's (folder).
func (rn *run) warnings(rep *report.Report, folder []record.Warning) {
	plan, w := rn.plan, rn.w
	rep.Warnings = plan.warnings
	rep.WarnUnmatchedExcludes(plan.unmatchedExcludes())
	rep.WarnUnmatchedOverrides(plan.unmatchedOverrides())
	rep.Warnings = append(rep.Warnings, rn.jobWarnings...)
	if w != nil {
		rep.Warnings = append(rep.Warnings, w.warnings...)
		rep.WarnAuthorless(w.authorless)
		rep.WarnTypedNotKept(w.typedNotKept)
		rep.Warnings = append(rep.Warnings, w.writeWarnings...)
	}
	rep.Warnings = append(rep.Warnings, folder...)
}

// providerFacts is what the story tells of the run's providers, in
// registry order.
func providerFacts(specs []service.Spec) []report.Provider {
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
		pe *service.StatusError
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

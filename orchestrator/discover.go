package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// Discovery (manifest discover, default true): publishers put a
// researcher's ORCID iD in the metadata they send Crossref and DataCite,
// but the work reaches the ORCID record only once its owner lets those
// services update it (ORCID's auto-update), so records are incomplete.
// For each ORCID identity, each selected service that lists works by iD
// (service.Spec.Discover: Crossref, DataCite, OpenAlex) is asked once,
// a few list requests, on its host's lane like every other job: the
// listing needs only the iD, so it is queued before the ORCID record is
// read and goes as soon as its lane is free. What a listing names that is
// neither on the page nor excluded is reported, never added: a stranger
// given the iD by a typo is possible, so the name written beside the iD is
// compared with the researcher's and a mismatch is told apart.

// queueListings puts one listing job per ORCID identity of the manifest
// and selected listing provider on the lanes, in manifest then registry
// order.
func (rn *run) queueListings(sched *scheduler) {
	if !rn.m.Discover {
		return
	}
	var specs []service.Spec
	for _, s := range rn.specs {
		if s.Discover != nil {
			specs = append(specs, listingSpec(s))
		}
	}
	for _, e := range rn.m.Identities {
		if e.Kind != manifest.KindORCID {
			continue
		}
		for i := range specs {
			rn.listings = append(rn.listings, &job{id: e.Identity, to: newJobTarget(&specs[i], hostOf(rn.bases[specs[i].Name])), listing: true})
		}
	}
	if len(rn.listings) == 0 {
		return
	}
	sched.addListings(rn.listings)
	// The live view counts the works' jobs, as the summary does, so a
	// listing is told as a request and no job; told now, in this order,
	// its host takes its place in the view before its first request.
	if planned := rn.opts.Progress.Planned; planned != nil {
		for _, j := range rn.listings {
			lp := LanePlan{Host: j.host(), Calls: 1}
			if rn.r.paced {
				lp.Pace = rn.interval(*j.spec())
			}
			planned(lp)
		}
	}
}

// listingSpec is s asking its listing instead of its records: one iD a
// call, at the pace of its list requests. Its name stays s's, so the
// interval the manifest sets for s applies, and its outcome is s's.
func listingSpec(s service.Spec) service.Spec {
	l := s
	l.BatchSize, l.BatchURLBytes, l.Redundant = 1, 0, nil
	l.MinInterval = max(s.MinInterval, s.BatchInterval)
	list := s.Discover
	l.Fetch = func(ctx context.Context, env service.Env, ids []manifest.Identity) ([]service.Result, error) {
		listing, err := list(ctx, env, ids[0].Value)
		if err != nil {
			return nil, err
		}
		return []service.Result{{Status: record.Found, Listing: listing}}, nil
	}
	return l
}

// findUnclaimed compares the listings with the works of the run, once
// every round is in, and tells the report. A researcher whose listings
// are not all in (a listing failed, a listing provider was left out by
// --only, or the ORCID record could not be read) keeps the previous
// file's suggestions beside this run's.
func (rn *run) findUnclaimed() {
	if !rn.m.Discover {
		return
	}
	known := rn.knownDOIs()
	var prev snapshots.Unclaimed
	_ = snapshots.Read(snapshots.Dir{Root: rn.dir}.UnclaimedPath(), &prev) // none yet, or unreadable: nothing to keep
	out := &snapshots.Unclaimed{FixRecord: fixRecord, Researchers: []snapshots.UnclaimedResearcher{}}
	for _, e := range rn.m.Identities {
		if e.Kind != manifest.KindORCID {
			continue
		}
		jobs := rn.listingsOf(e.Identity)
		complete := !rn.plan.unread[e.Key()] && !rn.leavesOutListing()
		for _, j := range jobs {
			rn.listed = append(rn.listed, listingOutcome(j))
			complete = complete && j.ans != nil && j.ans.Status == record.Found
		}
		orcid := e.Key()
		nameCheck := func(a record.Author) string { return rn.core.NameCheck(orcid, a) }
		r := unclaimedOf(e.Value, jobs, nameCheck, known)
		if !complete {
			r = withPrevious(r, prev, known)
		}
		if len(r.Suggested)+len(r.NameDiffers) > 0 {
			out.Researchers = append(out.Researchers, r)
		}
	}
	sort.Slice(out.Researchers, func(i, j int) bool { return out.Researchers[i].ORCID < out.Researchers[j].ORCID })
	rn.matchExcludes()
	rn.unclaimed = out
	rn.profiles = rn.unnamedProfiles()
}

// matchExcludes counts an [[exclude]] that dismisses a listed work as
// matched: pasted to silence a suggestion, it is doing its job, and the
// run must not warn that it matches nothing.
func (rn *run) matchExcludes() {
	for _, j := range rn.listings {
		if j.ans == nil || j.ans.result.Listing == nil {
			continue
		}
		for _, c := range j.ans.result.Listing.Claims {
			k := manifest.Identity{Kind: manifest.KindDOI, Value: c.DOI}.Key()
			if _, ok := rn.plan.excludes[k]; ok {
				rn.plan.matched[k] = true
			}
		}
	}
}

// fixRecord is unclaimed.json's word on fixing the ORCID record itself.
const fixRecord = "pasting a DOI fixes the page, not the ORCID record: to have such works added to the record, let Crossref and DataCite update it (ORCID's auto-update): " + report.ORCIDAutoUpdate

// listingsOf is the listing jobs of one ORCID identity, in registry order.
func (rn *run) listingsOf(id manifest.Identity) []*job {
	var out []*job
	for _, j := range rn.listings {
		if j.id == id {
			out = append(out, j)
		}
	}
	return out
}

// leavesOutListing reports a listing provider the manifest chooses that
// this run does not ask (--only): its earlier evidence is no news.
func (rn *run) leavesOutListing() bool {
	for _, name := range rn.leftOut {
		if s, ok := providers.ByName(name); ok && s.Discover != nil {
			return true
		}
	}
	return false
}

// listingOutcome is a listing's outcome for the report, with what it listed.
func listingOutcome(j *job) report.Listing {
	l := report.Listing{Outcome: report.Outcome{Identity: j.id, Asked: j.to.asked, Status: record.Skipped}}
	if j.ans == nil {
		return l
	}
	l.Outcome = withFault(j.ans.Outcome)
	if got := j.ans.result.Listing; got != nil {
		l.Works, l.Total, l.Pages, l.Cut = len(got.Claims), got.Total, got.Pages, got.Cut
	}
	return l
}

// knownDOIs is every DOI the page has (the works of every round, by key
// and by the DOI their records carry) and every DOI an [[exclude]]
// dismisses: none of them is a suggestion.
func (rn *run) knownDOIs() map[string]bool {
	known := map[string]bool{}
	for _, id := range rn.plan.order {
		if id.Kind == manifest.KindDOI {
			known[id.Value] = true
		}
	}
	if rn.w != nil {
		for _, pw := range rn.w.works {
			if doi := pw.link.DOI(); doi != "" {
				known[strings.ToLower(doi)] = true
			}
		}
	}
	for _, x := range rn.m.Excludes {
		if x.ID.Kind == manifest.KindDOI {
			known[x.ID.Value] = true
		}
	}
	return known
}

// unclaimedOf gathers what one researcher's listings name beyond known,
// each work with every service's evidence, and sorts the works into
// those whose names agree and those where a name differs (nameCheck:
// whether an author has one of the researcher's names, works.Run.NameCheck).
func unclaimedOf(orcid string, jobs []*job, nameCheck func(record.Author) string, known map[string]bool) snapshots.UnclaimedResearcher {
	byDOI := map[string]*snapshots.UnclaimedWork{}
	var dois []string
	for _, j := range jobs {
		if j.ans == nil || j.ans.result.Listing == nil {
			continue
		}
		for _, c := range j.ans.result.Listing.Claims {
			if known[c.DOI] {
				continue
			}
			w, ok := byDOI[c.DOI]
			if !ok {
				w = &snapshots.UnclaimedWork{DOI: c.DOI, Add: addLines(c.DOI)}
				byDOI[c.DOI], dois = w, append(dois, c.DOI)
			}
			if w.Title == "" {
				w.Title, w.Year = c.Title, c.Year
			}
			w.Evidence = append(w.Evidence, evidenceOf(j.spec().Name, c, nameCheck))
		}
	}
	sort.Strings(dois)
	r := snapshots.UnclaimedResearcher{ORCID: orcid}
	for _, doi := range dois {
		w := byDOI[doi]
		sort.SliceStable(w.Evidence, func(a, b int) bool { return w.Evidence[a].Provider < w.Evidence[b].Provider })
		w.Dismiss = dismissLines(doi, w.Evidence)
		if namesDiffer(w.Evidence) {
			r.NameDiffers = append(r.NameDiffers, *w)
		} else {
			r.Suggested = append(r.Suggested, *w)
		}
	}
	return r
}

// evidenceOf is one service's evidence for a claim.
func evidenceOf(provider string, c service.Claim, nameCheck func(record.Author) string) snapshots.Evidence {
	ev := snapshots.Evidence{Provider: provider, Role: c.Role, Position: c.Position, Name: c.Author.Display(), NameCheck: works.NameUnchecked}
	if c.Position > 0 {
		ev.NameCheck = nameCheck(c.Author)
	}
	return ev
}

// namesDiffer: one service's name beside the iD is not the researcher's.
// One is enough to hold a work back from the plain suggestions: services
// copy iDs from one another, so agreement elsewhere proves little.
func namesDiffer(evidence []snapshots.Evidence) bool {
	return slices.ContainsFunc(evidence, func(e snapshots.Evidence) bool { return e.NameCheck == works.NameDiffers })
}

// addLines are the manifest lines that add a work to the page.
func addLines(doi string) string { return fmt.Sprintf("[[identity]]\ndoi = %q", doi) }

// dismissLines are the manifest lines that dismiss a work for good, with
// a reason the user may keep or reword.
func dismissLines(doi string, evidence []snapshots.Evidence) string {
	reason := "not mine, though listed with my ORCID iD"
	for _, e := range evidence {
		if e.NameCheck == works.NameDiffers {
			reason = fmt.Sprintf("not mine: %s lists my ORCID iD beside %s", e.Provider, e.Name)
			break
		}
	}
	return fmt.Sprintf("[[exclude]]\nid = %q\nreason = %q", "doi:"+doi, reason)
}

// withPrevious adds to r the previous file's works for the same iD that
// r lacks and the page still lacks: what an unanswered listing said last
// time stands until it answers.
func withPrevious(r snapshots.UnclaimedResearcher, prev snapshots.Unclaimed, known map[string]bool) snapshots.UnclaimedResearcher {
	has := map[string]bool{}
	for _, w := range slices.Concat(r.Suggested, r.NameDiffers) {
		has[w.DOI] = true
	}
	for _, p := range prev.Researchers {
		if p.ORCID != r.ORCID {
			continue
		}
		for _, w := range p.Suggested {
			if !has[w.DOI] && !known[w.DOI] {
				r.Suggested = append(r.Suggested, w)
			}
		}
		for _, w := range p.NameDiffers {
			if !has[w.DOI] && !known[w.DOI] {
				r.NameDiffers = append(r.NameDiffers, w)
			}
		}
	}
	byDOI := func(list []snapshots.UnclaimedWork) {
		sort.Slice(list, func(i, j int) bool { return list[i].DOI < list[j].DOI })
	}
	byDOI(r.Suggested)
	byDOI(r.NameDiffers)
	return r
}

// unclaimedChange is what writing unclaimed.json did, for the story.
type unclaimedChange struct {
	path    string
	change  snapshots.Change // Unchanged when not written
	removed bool
}

// writeUnclaimed writes unclaimed.json when there is something to
// suggest, and removes it when a run with discovery on (or turned off)
// finds nothing: the file is about's, and a stale suggestion misleads.
func (rn *run) writeUnclaimed() error {
	d := snapshots.Dir{Root: rn.dir}
	path := d.UnclaimedPath()
	if rn.unclaimed == nil || len(rn.unclaimed.Researchers) == 0 {
		err := os.Remove(path)
		switch {
		case err == nil:
			rn.unclaimedFile = unclaimedChange{path: path, removed: true}
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("remove %s: %w", path, err)
		}
		return nil
	}
	c, err := snapshots.Rewrite(path, rn.unclaimed)
	if err != nil {
		return err
	}
	rn.unclaimedFile = unclaimedChange{path: path, change: c}
	return nil
}

// reportUnclaimed is the file's content as the report tells it.
func reportUnclaimed(u *snapshots.Unclaimed) []report.Unclaimed {
	var out []report.Unclaimed
	for _, r := range u.Researchers {
		for _, group := range []struct {
			works   []snapshots.UnclaimedWork
			differs bool
		}{{r.Suggested, false}, {r.NameDiffers, true}} {
			for _, w := range group.works {
				ru := report.Unclaimed{ORCID: r.ORCID, DOI: w.DOI, Title: w.Title, Year: w.Year, NameDiffers: group.differs, Add: w.Add, Dismiss: w.Dismiss}
				for _, e := range w.Evidence {
					ru.Evidence = append(ru.Evidence, report.Evidence{Provider: e.Provider, Role: e.Role, Position: e.Position, Name: e.Name, NameCheck: nameCheck(e.NameCheck)})
				}
				out = append(out, ru)
			}
		}
	}
	return out
}

// nameCheck is the core's name check (unclaimed.json's word) as the story
// takes it.
func nameCheck(check string) report.NameCheck {
	switch check {
	case works.NameAgrees:
		return report.NameAgrees
	case works.NameDiffers:
		return report.NameDiffers
	case works.NameUnchecked:
		return report.NameUnchecked
	}
	return report.NameUnknown
}

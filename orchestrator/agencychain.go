package orchestrator

import (
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// When doi.org's Which RA? lookup fails, a DOI's agency is unknown. Asking
// every agency at once would send each DataCite list every Crossref DOI,
// and DataCite's list then misses nearly all of them. So such a DOI is
// asked:
//
//  1. of the providers its last snapshot found it at, only;
//  2. else of the provider a last snapshot of another DOI of its prefix
//     was found at, only (a prefix is registered with one agency: the
//     lookup is per prefix for the same reason, see routing.lookupAgencies);
//  3. else of the agencies' providers one after another, in registry
//     order (Crossref, then DataCite), each only when the one before did
//     not know the work (its chain). Crossref goes first: its list answers
//     for up to a hundred DOIs a request, and its REST API holds
//     Crossref's DOIs only ("it will not work with DOIs from other DOI
//     registration agencies, such as DataCite, mEDRA": Crossref's Geoffrey
//     Bilder, https://github.com/CrossRef/rest-api-doc/issues/72), so a
//     DOI found there is settled. Crossref's own agency route,
//     /works/{doi}/agency, is one request per DOI and is served from the
//     same handle data as doi.org's ("api.crossref.org depends on other
//     backend service to provide this data":
//     https://github.com/CrossRef/rest-api-doc/issues/319), so it is no
//     way round a doi.org outage. The doi.org content-negotiation fallback
//     is not in the chain: it shares its host with the lookup that just
//     failed, and asked about every DOI neither agency knows (typos among
//     them) it would turn one outage into a failed job per such DOI.
//
// The order is the same for every work, so a lane never waits for a lane
// that waits for it (a lane sends its last, partial batch only when no
// job can still arrive). A link found settles the rest (not asked, as a
// redundant provider is); a link that failed or was skipped skips the
// rest, whose previous values stand (as for any gate, see
// skippedAfterFailedGate): the run says which failed, and a healthy rerun
// asks them. Every link's "not found" is unrouted (not written), since it
// may only mean "not ours".

// chain links the agency jobs of one unrouted work, in registry order,
// each to the one before it; jobs of other providers, and a fallback the
// user named (asked about every DOI), are left as they are.
func (rt *routing) chain(id manifest.Identity, jobs []*job) {
	if !rt.unrouted(id) {
		return
	}
	var before *job
	for _, j := range jobs {
		if j.spec().Agency == "" {
			continue
		}
		if before != nil {
			j.after, j.chained = before, true
		}
		before = j
	}
}

// first is the providers an unrouted work is asked of instead of every
// agency's: those its last snapshot found it at, else the one a last
// snapshot of another DOI of its prefix was found at.
func (rt *routing) first(id manifest.Identity) map[string]bool {
	if prev := rt.previous[id.Key()]; len(prev) > 0 {
		return prev
	}
	if p := rt.byPrefix[doiPrefix(id)]; p != "" {
		return map[string]bool{p: true}
	}
	return nil
}

// chainCovered reports whether d, a link of an agency chain, is settled by
// the answer of the link before it: that one found the work.
func chainCovered(d *job, gate *reply) bool {
	return d.chained && gate.Status == record.Found
}

// passOn settles the jobs waiting for d, which will not be asked (another
// link found the work) or was skipped because failed, the link that
// failed, did: a chain's later links go as d went.
func (s *scheduler) passOn(d, failed *job) {
	for _, dd := range d.waiting() {
		if d.notAsked {
			dd.notAsked = true
			if s.r.withdraw != nil {
				s.r.withdraw(dd)
			}
		} else {
			dd.ans = skippedAfterFailedGate(dd, failed)
			if s.r.done != nil {
				s.r.done(dd.ans.Outcome)
			}
		}
		dd.lane.arrive(nil)
		s.done(dd)
		s.passOn(dd, failed)
	}
}

package netsim

import (
	"slices"
	"time"

	"github.com/aboutscholar/about/providers/service"
)

// Paces are the least gaps between two requests to a host that the
// registry declares, by kind: Single for one-record requests (MinInterval)
// and List for list or batch requests (BatchInterval when the service
// paces its lists more strictly, as Crossref does).
type Paces struct {
	Single, List time.Duration
	// Sent is the gap about keeps between any two requests to the host
	// today: the list pace for the whole host when it batches or lists
	// works for discovery (orchestrator's hostInterval), else Single.
	Sent time.Duration
}

// RegistryPaces are the paces of every host of registry; providers that
// share a host share the strictest.
func RegistryPaces(registry []service.Spec) map[string]Paces {
	out := map[string]Paces{}
	for _, s := range registry {
		p := out[s.Host]
		p.Single = max(p.Single, s.MinInterval)
		p.List = max(p.List, s.MinInterval, s.BatchInterval)
		sent := s.MinInterval
		if s.BatchSize > 1 || s.Discover != nil {
			sent = max(sent, s.BatchInterval)
		}
		p.Sent = max(p.Sent, sent)
		out[s.Host] = p
	}
	return out
}

// Bound is a run's lower bound as issue #23 defines it: the first ORCID
// answer plus the busiest host's paced floor. The first ORCID answer is
// the service time of the first request to pub.orcid.org (the works
// summary: nothing can start before it). A host's floor is the sum, over
// every other request the log holds for it, of the longer of the
// request's service time and the pace the registry declares for its kind
// (list or single), but only the service time of its last request: one
// host serves one request at a time, and no request may start sooner
// than its pace after the one before. busiest names the host whose floor
// it is.
func Bound(log []Entry, paces map[string]Paces) (bound time.Duration, busiest string) {
	return bound1(log, paces, func(p Paces, e Entry) time.Duration {
		if e.List {
			return p.List
		}
		return p.Single
	})
}

// BoundAsSent is Bound with every request counted at the pace about keeps
// for its host today (Paces.Sent): the bracketed figure, which
// counts Crossref's singles at its 1 s list pace, as about sends them.
func BoundAsSent(log []Entry, paces map[string]Paces) (bound time.Duration, busiest string) {
	return bound1(log, paces, func(p Paces, _ Entry) time.Duration { return p.Sent })
}

// bound1 is Bound with each request's pace from pace.
func bound1(log []Entry, paces map[string]Paces, pace func(Paces, Entry) time.Duration) (bound time.Duration, busiest string) {
	log = slices.Clone(log)
	slices.SortStableFunc(log, func(a, b Entry) int { return a.Start.Compare(b.Start) })
	var first time.Duration
	floor := map[string]time.Duration{}
	paced := map[string]time.Duration{} // what the host's latest request added beyond its service time
	seenORCID := false
	for _, e := range log {
		if e.Host == "pub.orcid.org" && !seenORCID {
			seenORCID, first = true, e.Service
			continue
		}
		cost := max(e.Service, pace(paces[e.Host], e))
		floor[e.Host] += cost
		paced[e.Host] = cost - e.Service
	}
	for h := range floor { // no gap follows a host's last request: only its answer is waited for
		floor[h] -= paced[h]
	}
	var hosts []string
	for h := range floor {
		hosts = append(hosts, h)
	}
	slices.Sort(hosts) // a tie goes to the first host by name, the same every time
	var top time.Duration
	for _, h := range hosts {
		if floor[h] > top {
			top, busiest = floor[h], h
		}
	}
	return first + top, busiest
}

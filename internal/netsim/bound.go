package netsim

import (
	"slices"
	"time"

	"github.com/aboutscholar/about/providers"
)

// Paces are the least gaps between two requests to a host that the
// registry declares, by kind: Single for one-record requests (MinInterval)
// and List for list or batch requests (BatchInterval when the service
// paces its lists more strictly, as Crossref does).
type Paces struct{ Single, List time.Duration }

// RegistryPaces are the paces of every host of registry; providers that
// share a host share the strictest.
func RegistryPaces(registry []providers.Spec) map[string]Paces {
	out := map[string]Paces{}
	for _, s := range registry {
		p := out[s.Host]
		p.Single = max(p.Single, s.MinInterval)
		p.List = max(p.List, s.MinInterval, s.BatchInterval)
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
// (list or single): one host serves one request at a time, and no
// request may start sooner than its pace after the one before. busiest
// names the host whose floor it is.
func Bound(log []Entry, paces map[string]Paces) (bound time.Duration, busiest string) {
	log = slices.Clone(log)
	slices.SortStableFunc(log, func(a, b Entry) int { return a.Start.Compare(b.Start) })
	var first time.Duration
	floor := map[string]time.Duration{}
	seenORCID := false
	for _, e := range log {
		if e.Host == "pub.orcid.org" && !seenORCID {
			seenORCID, first = true, e.Service
			continue
		}
		pace := paces[e.Host].Single
		if e.List {
			pace = paces[e.Host].List
		}
		floor[e.Host] += max(e.Service, pace)
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

package orchestrator

import (
	"context"
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// routing says which registration agency registered each DOI prefix, so a
// DataCite DOI is never asked of Crossref (and the reverse), and DOIs of
// agencies with no provider of their own go to the fallback (doi.org).
type routing struct {
	agency   map[string]string // DOI prefix → agency; missing when unknown
	asked    map[string]bool   // DOI prefixes already looked up
	explicit map[string]bool   // providers the user named
	served   map[string]bool   // agencies some selected provider serves
	failed   map[string]bool   // DOI prefixes whose lookup failed in this run
	// down is the lookup's failure, once one failed: later works are not
	// looked up again in this run (each try costs its attempts' backoff
	// while the planner waits), they are routed as its works were.
	down error
	// previous is, per work whose prefix's lookup failed, the agencies'
	// providers its last snapshot found it at: they are asked instead of
	// every agency's (see agencychain.go).
	previous map[string]map[string]bool
	// byPrefix is, per DOI prefix whose lookup failed, the agency's
	// provider a last snapshot of one of its DOIs was found at: asked
	// about its DOIs that have no such snapshot of their own.
	byPrefix map[string]string
}

// needsRouting reports whether any selected provider serves one agency.
func needsRouting(specs []service.Spec) bool {
	for _, s := range specs {
		if s.Agency != "" || s.AgencyFallback {
			return true
		}
	}
	return false
}

// lookupAgencies asks doi.org which agency registered the DOI prefixes of works
// that it has not asked about yet: one lookup per prefix (prefixes belong
// to one agency), perRequest prefixes a request, holding a worker token.
// The documented Which RA? service takes DOI names, not prefixes, so each
// prefix is asked through the first of its works' DOIs: the same number of
// requests. It is called for each stretch of newly planned works, so
// prefixes are asked as ORCID records are expanded, each once. A failed
// lookup is not fatal: its prefixes stay unknown and are routed without
// it (see agencychain.go), as are the rest of the run's; prefixes whose
// DOI the service does not know are asked of every agency's provider.
func (rt *routing) lookupAgencies(ctx context.Context, r *runner, base string, works []manifest.Identity, perRequest int) error {
	var prefixes, dois []string
	for _, id := range works {
		if p := doiPrefix(id); p != "" && !rt.asked[p] {
			rt.asked[p] = true
			prefixes = append(prefixes, p)
			dois = append(dois, id.Value)
		}
	}
	if len(prefixes) == 0 {
		return nil
	}
	if rt.down != nil {
		for _, p := range prefixes {
			rt.failed[p] = true
		}
		return rt.down
	}
	select {
	case r.tokens <- struct{}{}:
		defer func() { <-r.tokens }()
	case <-ctx.Done():
		return fmt.Errorf("registration agency lookup: %w", ctx.Err())
	}
	env := service.Env{Do: r.do, Base: base, Mailto: r.mailto}
	for start := 0; start < len(prefixes); start += perRequest {
		end := min(start+perRequest, len(prefixes))
		answers, err := providers.RegistrationAgencies(ctx, env, dois[start:end])
		if err != nil {
			for _, p := range prefixes[start:] {
				rt.failed[p] = true
			}
			rt.down = fmt.Errorf("registration agency lookup: %w", err)
			return rt.down
		}
		for i, p := range prefixes[start:end] {
			if answers[i] != "" {
				rt.agency[p] = answers[i]
			}
		}
	}
	return nil
}

func doiPrefix(id manifest.Identity) string {
	if id.Kind != manifest.KindDOI {
		return ""
	}
	p, _, _ := strings.Cut(id.Value, "/")
	return p
}

// unrouted reports a DOI whose agency is unknown because its lookup
// failed in this run (not because doi.org does not know it).
func (rt *routing) unrouted(id manifest.Identity) bool {
	p := doiPrefix(id)
	_, known := rt.agency[p]
	return p != "" && !known && rt.failed[p]
}

// rememberPrevious notes, for a work whose lookup failed, which agencies'
// providers its last snapshot (prev, when there is one) found it at, for
// it and for the other DOIs of its prefix: what the services said decides
// who is asked, not that the lookup failed this time. A "not found"
// source says who not to ask, so only found ones count.
func (rt *routing) rememberPrevious(id manifest.Identity, prev snapshots.Work, specs []service.Spec) {
	asked := map[string]bool{}
	for _, src := range prev.Sources {
		for _, s := range specs {
			if s.Name == src.Provider && src.Status == string(record.Found) && (s.Agency != "" || s.AgencyFallback) {
				asked[s.Name] = true
				if p := doiPrefix(id); rt.byPrefix[p] == "" {
					rt.byPrefix[p] = s.Name
				}
			}
		}
	}
	if len(asked) > 0 {
		rt.previous[id.Key()] = asked
	}
}

// applies is AppliesTo narrowed by the agency of a DOI. With no routing,
// or an unknown agency, every agency's provider is asked (nothing is lost;
// a wasted request is cheaper than a missing record); for a work whose
// lookup failed, the agency its last snapshot or prefix names, else each
// agency, one after another (see agencychain.go).
func (rt *routing) applies(s service.Spec, id manifest.Identity) bool {
	if !s.AppliesTo(id) {
		return false
	}
	if id.Kind != manifest.KindDOI || (s.Agency == "" && !s.AgencyFallback) {
		return true
	}
	if rt.unrouted(id) { // see agencychain.go
		if first := rt.first(id); len(first) > 0 {
			return first[s.Name] || (s.AgencyFallback && rt.explicit[s.Name])
		}
		return s.Agency != "" || rt.explicit[s.Name]
	}
	agency, known := rt.agency[doiPrefix(id)]
	switch {
	case s.Agency != "":
		return !known || strings.EqualFold(agency, s.Agency)
	case rt.explicit[s.Name]:
		return true
	default: // fallback: only agencies nobody else serves
		return known && !rt.served[strings.ToLower(agency)]
	}
}

// newRouting records who serves which agency; agency is filled by a lookup.
func newRouting(specs []service.Spec, explicit bool) *routing {
	rt := &routing{agency: map[string]string{}, asked: map[string]bool{}, explicit: map[string]bool{}, served: map[string]bool{},
		failed: map[string]bool{}, previous: map[string]map[string]bool{}, byPrefix: map[string]string{}}
	for _, s := range specs {
		rt.explicit[s.Name] = explicit
		if s.Agency != "" {
			rt.served[strings.ToLower(s.Agency)] = true
		}
	}
	return rt
}

package orchestrator

import (
	"context"
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// routing says which registration agency registered each DOI prefix, so a
// DataCite DOI is never asked of Crossref (and the reverse), and DOIs of
// agencies with no provider of their own go to the fallback (doi.org).
type routing struct {
	agency   map[string]string // DOI prefix → agency; missing when unknown
	explicit map[string]bool   // providers the user named
	served   map[string]bool   // agencies some selected provider serves
}

// needsRouting reports whether any selected provider serves one agency.
func needsRouting(specs []providers.Spec) bool {
	for _, s := range specs {
		if s.Agency != "" || s.AgencyFallback {
			return true
		}
	}
	return false
}

// lookupAgencies asks doi.org which agency registered each DOI prefix of
// the works: one lookup per prefix (prefixes belong to one agency), up to
// providers.RABatchSize prefixes a request. A failed lookup is not fatal:
// every agency's provider is then asked, as if there were no routing.
func (r *runner) lookupAgencies(ctx context.Context, base string, works []manifest.Identity) (map[string]string, error) {
	var prefixes []string
	seen := map[string]bool{}
	for _, id := range works {
		if p := doiPrefix(id); p != "" && !seen[p] {
			seen[p] = true
			prefixes = append(prefixes, p)
		}
	}
	agency := map[string]string{}
	if len(prefixes) == 0 {
		return agency, nil
	}
	env := providers.Env{Do: r.client.Do, Base: base, Mailto: r.mailto}
	answers, err := providers.RegistrationAgencies(ctx, env, prefixes)
	if err != nil {
		return nil, fmt.Errorf("registration agency lookup: %w", err)
	}
	for i, p := range prefixes {
		if answers[i] != "" {
			agency[p] = answers[i]
		}
	}
	return agency, nil
}

func doiPrefix(id manifest.Identity) string {
	if id.Kind != manifest.KindDOI {
		return ""
	}
	p, _, _ := strings.Cut(id.Value, "/")
	return p
}

// applies is AppliesTo narrowed by the agency of a DOI. With no routing,
// or an unknown agency, every agency's provider is asked (nothing is lost;
// a wasted request is cheaper than a missing record).
func (rt *routing) applies(s providers.Spec, id manifest.Identity) bool {
	if !s.AppliesTo(id) {
		return false
	}
	if id.Kind != manifest.KindDOI || (s.Agency == "" && !s.AgencyFallback) {
		return true
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
func newRouting(specs []providers.Spec, explicit bool) *routing {
	rt := &routing{agency: map[string]string{}, explicit: map[string]bool{}, served: map[string]bool{}}
	for _, s := range specs {
		rt.explicit[s.Name] = explicit
		if s.Agency != "" {
			rt.served[strings.ToLower(s.Agency)] = true
		}
	}
	return rt
}

package orchestrator

import (
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// unroutedWorks is check's rule that each DOI work has the answer of the
// registrar its DOI routes to (snapshots.UnroutedWorks), over the works
// recheckWorks read, with the registrars as the registry declares them.
func unroutedWorks(found []rechecked, index snapshots.Index) []snapshots.Problem {
	reg := snapshots.Registrars{Agency: map[string]string{}}
	for _, s := range providers.All() {
		if s.Agency != "" {
			reg.Agency[s.Name] = s.Agency
		}
		if s.AgencyFallback {
			reg.Fallback = append(reg.Fallback, s.Name)
		}
	}
	var works []snapshots.RoutedWork
	for _, r := range found {
		if r.read {
			works = append(works, r.route)
		}
	}
	indexed := make([]string, len(index.Providers))
	for i, p := range index.Providers {
		indexed[i] = p.Name
	}
	return snapshots.UnroutedWorks(works, indexed, reg)
}

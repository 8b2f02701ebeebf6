package providers

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// All returns the registry: every provider, sorted by name. It is built on
// each call so no caller can change another's view of it.
func All() []Spec {
	specs := []Spec{ArXiv, Crossref, DataCite, DOIOrg, EuropePMC, OpenAlex, OpenCitations, ORCID, PubMed, SemanticScholar, Unpaywall}
	sort.Slice(specs, func(i, j int) bool { return specs[i].Name < specs[j].Name })
	return specs
}

// Names lists the registry's provider names, sorted.
func Names() []string {
	var names []string
	for _, s := range All() {
		names = append(names, s.Name)
	}
	return names
}

// Select returns the providers named, in registry order, or every
// non-optional provider when names is empty. An unknown name is an
// *UnknownProviderError listing the known ones.
func Select(registry []Spec, names []string) ([]Spec, error) {
	var known []string
	for _, s := range registry {
		known = append(known, s.Name)
	}
	want := map[string]bool{}
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if !slices.Contains(known, n) {
			return nil, &UnknownProviderError{Name: n, Known: known}
		}
		want[n] = true
	}
	var out []Spec
	for _, s := range registry {
		if (len(want) == 0 && !s.Optional) || want[s.Name] {
			out = append(out, s)
		}
	}
	return out, nil
}

// UnknownProviderError is a provider name that is not in the registry.
type UnknownProviderError struct {
	Name  string
	Known []string
}

func (e *UnknownProviderError) Error() string {
	return fmt.Sprintf("unknown provider %q (known: %s)", e.Name, strings.Join(e.Known, ", "))
}

package providers

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// All returns the registry: every provider, sorted by name. Each call
// builds fresh declarations (their slices and API key included), so no
// caller can change another's view of a provider.
func All() []Spec {
	specs := []Spec{ArXiv(), Crossref(), DataCite(), DOIOrg(), EuropePMC(), OpenAlex(), OpenCitations(), ORCID(), PubMed(), SemanticScholar(), Unpaywall()}
	sort.Slice(specs, func(i, j int) bool { return specs[i].Name < specs[j].Name })
	return specs
}

// ByName is the registry's provider of that name.
func ByName(name string) (Spec, bool) {
	for _, s := range All() {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// ranked lists the registry's provider names by a rank of theirs.
func ranked(rank func(Spec) int) []string {
	specs := All()
	sort.SliceStable(specs, func(i, j int) bool { return rank(specs[i]) < rank(specs[j]) })
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return names
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

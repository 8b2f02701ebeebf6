package providers

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/providers/dblp"
	"github.com/aboutscholar/about/providers/inspire"
	"github.com/aboutscholar/about/providers/service"
)

// All returns the registry: every provider, sorted by name. Each call
// builds fresh declarations (their slices and API key included), so no
// caller can change another's view of a provider.
//
// Adding a provider is its file (its Spec), its line here and in the two
// precedence lists below, and its test data: recorded answers in
// testdata/<name>/ (TestConformance and FuzzProviders find them there)
// and its probe's answer under testdata/doctor/ok/<host>/. The
// docs/providers.md row is held to the registry on purpose, and
// `go test ./internal/cli -update` rewrites the `about providers` goldens.
func All() []service.Spec {
	specs := []service.Spec{ArXiv(), Crossref(), DataCite(), dblp.Spec(), DOIOrg(), EuropePMC(), inspire.Spec(), OpenAlex(), OpenCitations(), ORCID(), PubMed(), SemanticScholar(), Unpaywall()}
	sort.Slice(specs, func(i, j int) bool { return specs[i].Name < specs[j].Name })
	return specs
}

// ByName is the registry's provider of that name.
func ByName(name string) (service.Spec, bool) {
	for _, s := range All() {
		if s.Name == name {
			return s, true
		}
	}
	return service.Spec{}, false
}

// Precedence is the order in which providers' fields win when records
// are merged (first wins): the registration agency's own record first
// (Crossref, DataCite), then doi.org's content negotiation (also the
// agency's data), then the indexes, then the ORCID record (the
// researcher's own entry, least curated). dblp's record, curated by hand,
// comes before arXiv's: a paper dblp lists with its proceedings is cited
// as the proceedings paper, not as the e-print arXiv describes; so does
// INSPIRE's, curated for its field (its journal and conference venues). Every provider is placed once
// (TestEveryProviderIsPlaced), so adding one is one line here.
func Precedence() []string {
	return names(Crossref(), DataCite(), DOIOrg(), PubMed(), EuropePMC(), dblp.Spec(), inspire.Spec(), ArXiv(), OpenAlex(), SemanticScholar(), Unpaywall(), OpenCitations(), ORCID())
}

// FundingPrecedence is the same for a work's funder list, kept whole from
// one service: the registration agencies' deposits (Funder Registry and
// ROR ids), then OpenAlex's (ROR ids), then Europe PMC's grant list
// (MEDLINE's agency names, NIH's grants as NLM indexes them, and names
// mined from acknowledgements, none with an id).
func FundingPrecedence() []string {
	return names(Crossref(), DataCite(), DOIOrg(), OpenAlex(), EuropePMC(), PubMed(), dblp.Spec(), inspire.Spec(), ArXiv(), SemanticScholar(), Unpaywall(), OpenCitations(), ORCID())
}

// OAPrecedence is the same for open-access locations: Unpaywall is the
// reference, OpenAlex is built on the same data, the agencies give only a
// licence.
func OAPrecedence() []string {
	return names(Unpaywall(), OpenAlex(), EuropePMC(), ArXiv(), Crossref(), DataCite(), DOIOrg(), SemanticScholar(), PubMed(), dblp.Spec(), inspire.Spec(), ORCID(), OpenCitations())
}

func names(specs ...service.Spec) []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.Name
	}
	return out
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
func Select(registry []service.Spec, names []string) ([]service.Spec, error) {
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
	var out []service.Spec
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

// DefaultCountsSource is the provider whose counts a page shows when the
// manifest names no counts_source (Spec.DefaultCounts).
func DefaultCountsSource() string {
	for _, s := range All() {
		if s.DefaultCounts {
			return s.Name
		}
	}
	return ""
}

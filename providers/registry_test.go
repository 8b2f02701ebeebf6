package providers_test

import (
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// TestRegistry enforces what every declaration must say.
func TestRegistry(t *testing.T) {
	names := providers.Names()
	if !sort.StringsAreSorted(names) {
		t.Errorf("registry not sorted: %v", names)
	}
	seen := map[string]bool{}
	for _, s := range providers.All() {
		if seen[s.Name] {
			t.Errorf("%q: names must be unique", s.Name)
		}
		seen[s.Name] = true
		for _, problem := range declarationProblems(s) {
			t.Errorf("%s: %s", s.Name, problem)
		}
	}
}

// declarationProblems is what one declaration fails to say.
func declarationProblems(s service.Spec) []string {
	var out []string
	check := func(ok bool, problem string, args ...any) {
		if !ok {
			out = append(out, fmt.Sprintf(problem, args...))
		}
	}
	check(s.Name != "" && s.Name == strings.ToLower(s.Name), "names must be lower case")
	check(s.Host != "" && !strings.ContainsAny(s.Host, "/:"), "host %q must be a bare host", s.Host)
	check(s.MinInterval > 0 && s.Timeout > 0, "interval %v and timeout %v must be positive", s.MinInterval, s.Timeout)
	check(len(s.Accepts) > 0 && s.Fetch != nil && s.BatchSize >= 1, "needs Accepts, Fetch and BatchSize ≥ 1")
	for _, link := range []string{s.Terms, s.RateSource} {
		u, err := url.Parse(link)
		check(err == nil && u.Scheme == "https", "%q must be an https link to the service's own documentation", link)
	}
	check(s.Attribution != "", "no attribution")
	if c := s.Citing; c != nil {
		check(c.ID != nil && strings.HasPrefix(c.Prefix, "https://") && s.Counts, "a citing-works list needs an https prefix, an id and counts to link from")
	}
	if k := s.APIKey; k != nil {
		check(k.Env != "" && (k.Header != "" || k.Query != ""), "API key declared without a variable or a way to send it")
	}
	return out
}

func TestSelect(t *testing.T) {
	got, err := providers.Select(providers.All(), []string{" OpenAlex", "crossref"})
	if err != nil || len(got) != 2 || got[0].Name != "crossref" || got[1].Name != "openalex" {
		t.Errorf("Select = %v, %v", got, err)
	}
	if _, err := providers.Select(providers.All(), []string{"scopus"}); err == nil || !strings.Contains(err.Error(), "known: ") {
		t.Errorf("unknown provider error = %v", err)
	}
}

// TestEveryProviderIsPlaced: each merge order places every provider of
// the registry exactly once, and a provider's asked-only-when rule must
// name a provider that exists.
func TestEveryProviderIsPlaced(t *testing.T) {
	all := providers.All()
	for name, order := range map[string][]string{"Precedence": providers.Precedence(), "OAPrecedence": providers.OAPrecedence(), "FundingPrecedence": providers.FundingPrecedence()} {
		got := slices.Sorted(slices.Values(order))
		if !slices.Equal(got, providers.Names()) {
			t.Errorf("%s = %v: want every provider of the registry exactly once", name, order)
		}
	}
	lookups := 0
	for _, s := range all {
		if s.AgencyLookup {
			lookups++
		}
		if r := s.Redundant; r != nil {
			if _, ok := providers.ByName(r.After); !ok || r.After == s.Name || r.Covered == nil || r.What == "" || r.Why == "" {
				t.Errorf("%s: redundancy %+v must name another provider, a test and what it covers", s.Name, *r)
			}
		}
	}
	if lookups != 1 {
		t.Errorf("%d providers declare the agency lookup, want exactly one", lookups)
	}
}

// TestRegistryIsImmutable: what a caller does to All()'s result stays
// with that caller.
func TestRegistryIsImmutable(t *testing.T) {
	got := providers.All()
	for i := range got {
		got[i].Name += "-changed"
		got[i].Accepts[0] = "changed"
		if len(got[i].SlowDown) > 0 {
			got[i].SlowDown[0] = 999
		}
		if got[i].APIKey != nil {
			got[i].APIKey.Env = "CHANGED"
		}
		if len(got[i].Probe.Fields) > 0 {
			got[i].Probe.Fields[0] = "changed"
		}
		if got[i].Probe.Rate != nil {
			got[i].Probe.Rate.Limit = "Changed"
		}
	}
	if k := providers.OpenAlex().APIKey; k == nil || k.Env != "OPENALEX_API_KEY" {
		t.Errorf("OpenAlex's key became %+v", k)
	}
	for _, s := range providers.All() {
		if strings.HasSuffix(s.Name, "-changed") || s.Accepts[0] == "changed" || slices.Contains(s.SlowDown, 999) || (s.APIKey != nil && s.APIKey.Env == "CHANGED") ||
			slices.Contains(s.Probe.Fields, "changed") || (s.Probe.Rate != nil && s.Probe.Rate.Limit == "Changed") {
			t.Errorf("%s: a change to an earlier All() leaked into this one", s.Name)
		}
	}
}

// TestAcceptedKindsAreDeclared: every identity kind a provider accepts is
// a row of manifest's table of kinds that names a work or a person, so a
// provider for a new kind comes with its row (manifest/kinds.go).
func TestAcceptedKindsAreDeclared(t *testing.T) {
	for _, s := range providers.All() {
		for _, k := range s.Accepts {
			if row, ok := manifest.LookupKind(k); !ok || row.Role == manifest.RoleRecord {
				t.Errorf("%s accepts kind %q, which manifest/kinds.go declares no work or person kind: add its row there", s.Name, k)
			}
		}
	}
}

// TestOneProviderGivesThePagesDefaultCounts: a page without counts_source
// shows one service's counts, so exactly one provider declares it, and it
// gives counts.
func TestOneProviderGivesThePagesDefaultCounts(t *testing.T) {
	var named []string
	for _, s := range providers.All() {
		if s.DefaultCounts {
			named = append(named, s.Name)
			if !s.Counts {
				t.Errorf("%s is the default counts source but gives no counts", s.Name)
			}
		}
	}
	if len(named) != 1 {
		t.Fatalf("default counts sources: %v, want exactly one", named)
	}
	if got := providers.DefaultCountsSource(); got != named[0] {
		t.Errorf("providers.DefaultCountsSource() = %q, want %q", got, named[0])
	}
}

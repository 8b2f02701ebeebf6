package providers_test

import (
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
)

// TestRegistry enforces what every declaration must say.
func TestRegistry(t *testing.T) {
	all := providers.All()
	names := providers.Names()
	if !sort.StringsAreSorted(names) {
		t.Errorf("registry not sorted: %v", names)
	}
	seen := map[string]bool{}
	for _, s := range all {
		if seen[s.Name] || s.Name != strings.ToLower(s.Name) || s.Name == "" {
			t.Errorf("%q: names must be unique and lower case", s.Name)
		}
		seen[s.Name] = true
		if s.Host == "" || strings.Contains(s.Host, "/") || strings.Contains(s.Host, ":") {
			t.Errorf("%s: host %q must be a bare host", s.Name, s.Host)
		}
		if s.MinInterval <= 0 || s.Timeout <= 0 {
			t.Errorf("%s: interval %v and timeout %v must be positive", s.Name, s.MinInterval, s.Timeout)
		}
		if len(s.Accepts) == 0 || s.Fetch == nil || s.BatchSize < 1 {
			t.Errorf("%s: needs Accepts, Fetch and BatchSize ≥ 1", s.Name)
		}
		for _, link := range []string{s.Terms, s.RateSource} {
			if u, err := url.Parse(link); err != nil || u.Scheme != "https" {
				t.Errorf("%s: %q must be an https link to the service's own documentation", s.Name, link)
			}
		}
		if s.Attribution == "" {
			t.Errorf("%s: no attribution", s.Name)
		}
		if s.APIKey != nil && (s.APIKey.Env == "" || (s.APIKey.Header == "" && s.APIKey.Query == "")) {
			t.Errorf("%s: API key declared without a variable or a way to send it", s.Name)
		}
	}
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

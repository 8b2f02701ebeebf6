package providers_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
)

// about doctor must ask Crossref what a run asks — the list form with the
// same select= — or it cannot see a selected field go away.
func TestCrossrefProbeSelectsWhatTheRunSelects(t *testing.T) {
	probe := providers.Crossref().Probe
	u, err := url.Parse(probe.Path)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := u.Query().Get("select"), strings.Join(providers.CrossrefSelect, ","); got != want {
		t.Errorf("probe select = %q, want the run's %q", got, want)
	}
	if !strings.HasPrefix(u.Query().Get("filter"), "doi:") {
		t.Errorf("probe %q does not ask the list form the run batches with", probe.Path)
	}
	for _, f := range providers.CrossrefSelect {
		if !slices.Contains(probe.Fields, "message.items[]."+f) && !slices.Contains(providers.CrossrefProbeLacks, f) {
			t.Errorf("selected field %q is neither checked by the probe nor declared absent from its work", f)
		}
	}
	for _, f := range providers.CrossrefProbeLacks {
		if !slices.Contains(providers.CrossrefSelect, f) {
			t.Errorf("crossrefProbeLacks names %q, which the run does not select", f)
		}
	}
}

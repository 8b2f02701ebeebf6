package providers_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
)

// about doctor must ask Crossref what a run asks — the list form, whole
// records — and check every field the parser reads, or it cannot see one
// go away.
func TestCrossrefProbeAsksWhatTheRunAsks(t *testing.T) {
	probe := providers.Crossref().Probe
	u, err := url.Parse(probe.Path)
	if err != nil {
		t.Fatal(err)
	}
	if u.Query().Has("select") {
		t.Errorf("probe %q asks select=, which the run no longer sends", probe.Path)
	}
	if !strings.HasPrefix(u.Query().Get("filter"), "doi:") {
		t.Errorf("probe %q does not ask the list form the run batches with", probe.Path)
	}
	for _, f := range providers.CrossrefFields {
		if !slices.Contains(probe.Fields, "message.items[]."+f) && !slices.Contains(providers.CrossrefProbeLacks, f) {
			t.Errorf("field %q the parser reads is neither checked by the probe nor declared absent from its work", f)
		}
	}
	for _, f := range providers.CrossrefProbeLacks {
		if !slices.Contains(providers.CrossrefFields, f) {
			t.Errorf("crossrefProbeLacks names %q, which the parser does not read", f)
		}
	}
}

package report

import (
	"strings"
	"testing"
)

// TestAuthorlessWarningSaysWhatFixesIt is B13: the warning names the fix,
// which is upstream, in the grammar of one work as of many.
func TestAuthorlessWarningSaysWhatFixesIt(t *testing.T) {
	r := &Report{}
	r.WarnAuthorless(map[string][]string{
		"orcid:0000-0002-1825-0097": {"doi:10.5555/one"},
		"orcid:0000-0002-9341-7985": {"doi:10.5555/a", "doi:10.5555/b"},
	})
	var got []string
	for _, wn := range r.Warnings {
		got = append(got, wn.Identity+": "+wn.Message)
	}
	want := []string{
		"orcid:0000-0002-1825-0097: 1 work has no authors at any service: doi:10.5555/one (it renders without an author line; add contributors to it on the ORCID record or at the registrar: about never invents an author list)",
		"orcid:0000-0002-9341-7985: 2 works have no authors at any service: doi:10.5555/a, doi:10.5555/b (they render without an author line; add contributors to them on the ORCID record or at the registrar: about never invents an author list)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

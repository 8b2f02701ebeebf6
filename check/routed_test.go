package check

import (
	"strings"
	"testing"
)

// TestUnroutedWorks: a DOI work lacking the registrar its prefix routes
// to, or with no registrar's answer at all where a fallback is asked, is
// named with its file, its work and the registrar; what fetch rightly
// leaves without one is not.
func TestUnroutedWorks(t *testing.T) {
	reg := Registrars{Agency: map[string]string{"crossref": "Crossref", "datacite": "DataCite"}, Fallback: []string{"doi"}}
	work := func(id string, found []string, notFound ...string) RoutedWork {
		return RoutedWork{Path: "works/" + id + ".json", ID: id, Found: found, Sources: append(append([]string{}, found...), notFound...)}
	}
	zenodo1 := work("doi:10.5281/zenodo.1", []string{"datacite", "openalex"})
	cases := []struct {
		name    string
		works   []RoutedWork
		indexed []string
		want    []string // each problem's path and a fragment of it
	}{
		{"a prefix DataCite found, one work without it",
			[]RoutedWork{zenodo1, work("doi:10.5281/zenodo.2", []string{"openalex"})},
			[]string{"crossref", "datacite", "openalex"},
			[]string{"works/doi:10.5281/zenodo.2.json: no datacite source: DOIs of prefix 10.5281 are DataCite's (1 other work of the folder has its record), but datacite never answered about doi:10.5281/zenodo.2"}},
		{"a not found is an answer",
			[]RoutedWork{zenodo1, work("doi:10.5281/zenodo.2", []string{"openalex"}, "datacite")},
			[]string{"crossref", "datacite", "openalex"}, nil},
		{"a registrar not indexed was not asked",
			[]RoutedWork{zenodo1, work("doi:10.5281/zenodo.2", []string{"openalex"})},
			[]string{"crossref", "openalex"}, nil},
		{"a prefix two registrars found tells nothing",
			[]RoutedWork{zenodo1, work("doi:10.5281/zenodo.3", []string{"crossref"}), work("doi:10.5281/zenodo.2", []string{"openalex"})},
			[]string{"crossref", "datacite", "openalex"}, nil},
		{"no registrar at all, the fallback asked",
			[]RoutedWork{work("doi:10.1234/medra.1", []string{"openalex"})},
			[]string{"crossref", "datacite", "doi", "openalex"},
			[]string{"works/doi:10.1234/medra.1.json: no registration agency answered about doi:10.1234/medra.1: it has no source from crossref, datacite or doi"}},
		{"an agency no provider serves, no fallback asked",
			[]RoutedWork{work("doi:10.1234/medra.1", []string{"openalex"})},
			[]string{"crossref", "datacite", "openalex"}, nil},
		{"the fallback's answer is the registrar's",
			[]RoutedWork{work("doi:10.1234/medra.1", []string{"doi", "openalex"})},
			[]string{"crossref", "datacite", "doi", "openalex"}, nil},
		{"works without a DOI route nowhere",
			[]RoutedWork{work("arxiv:2101.00001", []string{"arxiv"})},
			[]string{"arxiv", "crossref", "datacite", "doi"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := UnroutedWorks(c.works, c.indexed, reg)
			if len(got) != len(c.want) {
				t.Fatalf("got %d problems %v, want %d", len(got), got, len(c.want))
			}
			for i, w := range c.want {
				if !strings.HasPrefix(got[i].String(), w) || !strings.HasSuffix(got[i].What, "run about fetch") {
					t.Errorf("problem %q, want it to begin %q and say what to run", got[i], w)
				}
			}
		})
	}
}

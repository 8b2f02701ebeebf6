package render

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// testServices are the provider facts the command line gives a render
// (from the registry's declarations), as the fixture's goldens show them.
func testServices() []Service {
	return []Service{
		{Name: "arxiv", Title: "arXiv"},
		{Name: "crossref", Title: "Crossref"},
		{Name: "datacite", Title: "DataCite"},
		{Name: "doi", Title: "doi.org content negotiation"},
		{Name: "europepmc", Title: "Europe PMC"},
		{Name: "openalex", Title: "OpenAlex", CitingPrefix: "https://openalex.org/works?filter=cites:", CitingID: func(ids record.IDs) string { return ids.OpenAlex }},
		{Name: "opencitations", Title: "OpenCitations Index"},
		{Name: "orcid", Title: "ORCID"},
		{Name: "pubmed", Title: "PubMed"},
		{Name: "semanticscholar", Title: "Semantic Scholar", CitingPrefix: "https://www.semanticscholar.org/paper/", CitingID: func(ids record.IDs) string { return ids.S2 }},
		{Name: "unpaywall", Title: "Unpaywall"},
	}
}

// TestServicesAreData: a page names a provider by the title it is given
// and links a count to the citing-works list it is given; a provider it
// is told nothing of keeps its name and an unlinked count.
func TestServicesAreData(t *testing.T) {
	p := buildPage(&Folder{}, Options{Services: []Service{{Name: "x", Title: "Service X", CitingPrefix: "https://x.example/citing/", CitingID: func(ids record.IDs) string { return ids.S2 }}}})
	if got := p.providerTitle("x"); got != "Service X" {
		t.Errorf("title %q, want Service X", got)
	}
	if got := p.citingURL("x", record.IDs{S2: "a/b"}); got != "https://x.example/citing/a%2Fb" {
		t.Errorf("citing URL %q", got)
	}
	if got := p.providerTitle("y") + p.citingURL("y", record.IDs{S2: "1"}) + p.citingURL("x", record.IDs{}); got != "y" {
		t.Errorf("unknown provider or missing id: %q, want just the name", got)
	}
}

package render

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// testServices are the provider facts the command line gives a render,
// built from the registry's declarations the same way (internal/cli's
// renderServices), so the goldens show what a real render shows. Only
// render's tests import providers; render itself never does.
func testServices() []Service {
	var out []Service
	for _, s := range providers.All() {
		r := Service{Name: s.Name, Title: s.Title, DefaultCounts: s.DefaultCounts}
		if s.Citing != nil {
			r.CitingPrefix, r.CitingID = s.Citing.Prefix, s.Citing.ID
		}
		out = append(out, r)
	}
	return out
}

// TestServicesAreData: a page names a provider by the title it is given
// and links a count to the citing-works list it is given; a provider it
// is told nothing of keeps its name and an unlinked count.
func TestServicesAreData(t *testing.T) {
	p := buildPage(&folder.Folder{}, Options{Services: []Service{{Name: "x", Title: "Service X", CitingPrefix: "https://x.example/citing/", CitingID: func(ids record.IDs) string { return ids.S2 }}}})
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

// TestIdentifiersAreData: a page links the identifiers manifest's table
// of kinds shows as chips, as the table says, in record.IDs field order,
// whatever services it is given; the DOI and the ids only a record keeps
// (OpenAlex's) are no chips.
func TestIdentifiersAreData(t *testing.T) {
	ids := record.IDs{DOI: "10.1/x", ArXiv: "1/2", PMCID: "PMC1", PMID: "9", OpenAlex: "W1"}
	want := []idLink{
		{Field: "arxiv", Text: "arXiv:1/2", URL: "https://arxiv.org/abs/1/2"},
		{Field: "pmid", Text: "PubMed 9", URL: "https://pubmed.ncbi.nlm.nih.gov/9/"},
		{Field: "pmcid", Text: "PMC1", URL: "https://pmc.ncbi.nlm.nih.gov/articles/PMC1/"},
	}
	for _, opts := range []Options{{Services: testServices()}, {}} {
		if got := buildPage(&folder.Folder{}, opts).idLinks(ids); !reflect.DeepEqual(got, want) {
			t.Errorf("with %d services: links %+v\nwant %+v", len(opts.Services), got, want)
		}
	}
}

package render

import (
	"reflect"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
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
		for _, id := range s.Identifiers {
			r.Identifiers = append(r.Identifiers, Identifier(id))
		}
		out = append(out, r)
	}
	return out
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

// TestIdentifiersAreData: a page links the identifiers its services are
// the home of, as they declare them, in record.IDs field order whatever
// the services' order; one no service declares is not shown.
func TestIdentifiersAreData(t *testing.T) {
	p := buildPage(&Folder{}, Options{Services: []Service{
		{Name: "b", Identifiers: []Identifier{{Field: "pmcid", URLPrefix: "https://b.example/"}}},
		{Name: "a", Identifiers: []Identifier{{Field: "arxiv", Label: "A ", URLPrefix: "https://a.example/", URLSuffix: "/x"}, {Field: "no-such-field"}}},
	}})
	got := p.idLinks(record.IDs{ArXiv: "1/2", PMCID: "PMC1", PMID: "9"})
	want := []idLink{{Field: "arxiv", Text: "A 1/2", URL: "https://a.example/1/2/x"}, {Field: "pmcid", Text: "PMC1", URL: "https://b.example/PMC1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links %+v\nwant %+v", got, want)
	}
	if got := buildPage(&Folder{}, Options{}).idLinks(record.IDs{ArXiv: "1"}); got != nil {
		t.Errorf("with no services: %+v, want none", got)
	}
}

// TestEveryIDFieldHasARank: idField knows every string field of
// record.IDs, in the struct's order, so a field a provider may declare
// is placed where record puts it.
func TestEveryIDFieldHasARank(t *testing.T) {
	ids := reflect.TypeFor[record.IDs]()
	rank := -1
	for i := range ids.NumField() {
		f := ids.Field(i)
		if f.Type.Kind() != reflect.String {
			continue
		}
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		_, r := idField(record.IDs{}, name)
		if r <= rank {
			t.Errorf("record.IDs.%s (%q): rank %d after %d", f.Name, name, r, rank)
		}
		rank = r
	}
}

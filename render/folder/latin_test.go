package folder

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// TestFirstAuthorForms: another record's Latin name for the first author
// is the same person's when it has their ORCID iD, else when it is first
// in a list as long as the merged one; none is sought for a Latin name.
func TestFirstAuthorForms(t *testing.T) {
	const id = "0000-0002-1825-0097"
	merged := record.Record{Authors: []record.Author{{Family: "宮地", Given: "元彦"}, {Family: "山元", Given: "健太"}}}
	found := func(provider string, authors ...record.Author) snapshots.Source {
		return snapshots.Source{Provider: provider, Status: string(record.Found), Record: &record.Record{Authors: authors}}
	}
	sources := []snapshots.Source{
		found("crossref", merged.Authors...),
		found("europepmc", record.Author{Family: "Miyachi", Given: "M"}),                                        // a shorter list: whose first?
		found("pubmed", record.Author{Family: "Miyachi", Given: "Motohiko"}, record.Author{Family: "Yamamoto"}), // same length
		{Provider: "openalex", Status: string(record.NotFound)},
	}
	want := []record.Author{{Family: "Miyachi", Given: "Motohiko"}}
	if got := firstAuthorForms(merged, sources); !reflect.DeepEqual(got, want) {
		t.Errorf("by position: %v, want %v", got, want)
	}
	merged.Authors[0].ORCID = id
	sources[1] = found("openalex", record.Author{Name: "Kenta Yamamoto"}, record.Author{Name: "Motohiko Miyachi", ORCID: id}, record.Author{Name: "X"})
	want = []record.Author{{Name: "Motohiko Miyachi", ORCID: id}, {Family: "Miyachi", Given: "Motohiko"}}
	if got := firstAuthorForms(merged, sources); !reflect.DeepEqual(got, want) {
		t.Errorf("by iD: %v, want %v", got, want)
	}
	if got := firstAuthorForms(record.Record{Authors: []record.Author{{Family: "Lovelace"}}}, sources); got != nil {
		t.Errorf("a Latin name: %v, want none", got)
	}
}

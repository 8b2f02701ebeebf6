package works_test

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// Per-year counts are counts like the others: a provider that fails keeps
// last run's years with its total, and an answer replaces both, so the
// chart never loses its years because OpenAlex was down.
func TestByYearIsKeptWithTheCountsWhenTheProviderFails(t *testing.T) {
	years := &[]record.YearCount{{Year: 2024, CitedBy: 2}, {Year: 2025, CitedBy: 5}}
	prev := works.Previous{Counts: snapshots.Counts{Sources: []snapshots.SourceCounts{
		{Provider: "openalex", Counts: record.Counts{CitedBy: record.Int(7), ByYear: years}},
	}}}
	failed := works.NewSources(nil, prev)
	failed.Add([]works.Answer{{Provider: "openalex", Status: record.Failed}})
	if got := failed.Counts["openalex"].ByYear; !reflect.DeepEqual(got, years) {
		t.Errorf("after a failed fetch by_year is %v, want the previous %v", got, *years)
	}
	fresh := &[]record.YearCount{{Year: 2025, CitedBy: 6}}
	answered := works.NewSources(nil, prev)
	answered.Add([]works.Answer{{Provider: "openalex", Status: record.Found, Record: &record.Record{},
		Counts: record.Counts{CitedBy: record.Int(8), ByYear: fresh}}})
	if got := answered.Counts["openalex"].ByYear; !reflect.DeepEqual(got, fresh) {
		t.Errorf("after an answer by_year is %v, want this run's %v", got, *fresh)
	}
}

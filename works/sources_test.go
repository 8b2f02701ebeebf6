package works_test

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// TestSourcesKeepThePreviousValueUnlessAnswered: an answer replaces a
// provider's previous source; a failed, skipped or unrouted "not found"
// answer is no news, so the previous source and counts stand; a clean
// "not found" replaces it.
func TestSourcesKeepThePreviousValueUnlessAnswered(t *testing.T) {
	old := func(p string) snapshots.Source {
		return snapshots.Source{Provider: p, Status: string(record.Found), Record: &record.Record{Title: "old " + p}}
	}
	prev := works.Previous{
		Work:   snapshots.Work{Sources: []snapshots.Source{old("crossref"), old("openalex"), old("pubmed"), old("datacite"), old("unpaywall")}},
		Counts: snapshots.Counts{Sources: []snapshots.SourceCounts{{Provider: "openalex", Counts: record.Counts{CitedBy: record.Int(7)}}}},
	}
	src := works.NewSources(map[string]string{"crossref": "Metadata from Crossref"}, prev)
	src.Add([]works.Answer{
		{Provider: "crossref", Status: record.Found, Record: &record.Record{Title: "new"}},
		{Provider: "openalex", Status: record.Failed},
		{Provider: "pubmed", Status: record.NotFound},
		{Provider: "datacite", Status: record.NotFound, Unrouted: true},
	})
	if got := src.BySource["crossref"]; got.Record.Title != "new" || got.Attribution != "Metadata from Crossref" {
		t.Errorf("crossref %+v, want this run's record with its attribution", got)
	}
	if got := src.BySource["openalex"]; got.Record == nil || got.Record.Title != "old openalex" || src.Counts["openalex"].CitedBy == nil {
		t.Errorf("failed openalex %+v, counts %+v: want the previous source and counts", got, src.Counts)
	}
	if got := src.BySource["pubmed"]; got.Status != string(record.NotFound) || got.Record != nil {
		t.Errorf("pubmed %+v, want a clean not found", got)
	}
	if got := src.BySource["datacite"]; got.Record == nil {
		t.Errorf("unrouted datacite %+v, want the previous source", got)
	}
	if !src.Stale {
		t.Error("previous values stand in, but the set is not stale")
	}
	if kept := src.KeepUnanswered(src.PreviousProviders()); len(kept) != 1 || kept[0] != "unpaywall" {
		t.Errorf("kept %v, want only the unanswered unpaywall", kept)
	}
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.1/x"}
	if msg := works.NewSources(nil, works.Previous{}).NotFoundAnywhere(id, []works.Answer{{Provider: "crossref", Status: record.NotFound}}); msg == "" {
		t.Error("no warning for a DOI every service asked did not find")
	}
}

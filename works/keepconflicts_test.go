package works_test

import (
	"slices"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// TestKeepConflictsOfUnreadProviders: Crossref's title, kept through an
// outage while every other service corrected it, raises no conflict the
// previous file did not have, and the file says so (conflicts_kept), so
// the re-merge of check --offline agrees; a provider read this run, a
// field the manifest overrides and a merged value that changed are
// compared afresh.
func TestKeepConflictsOfUnreadProviders(t *testing.T) {
	order := works.Precedence{Fields: []string{"crossref", "openalex", "orcid"}}
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/kept"}
	found := func(p, title string) snapshots.Source {
		return snapshots.Source{Provider: p, Status: string(record.Found), Record: &record.Record{Title: title}}
	}
	doc := func(overrides []manifest.Override, sources ...snapshots.Source) snapshots.Work {
		by := map[string]snapshots.Source{}
		for _, s := range sources {
			by[s.Provider] = s
		}
		d, _ := order.Document(id, []string{"manifest"}, by, overrides)
		return d
	}
	prev := doc(nil, found("crossref", "Old title"), found("openalex", "Old title"), found("orcid", "Old title"))

	now := doc(nil, found("crossref", "Old title"), found("openalex", "New title"), found("orcid", "New title"))
	if len(now.Conflicts) != 1 {
		t.Fatalf("the fresh merge has conflicts %+v; want the title's", now.Conflicts)
	}
	read := now
	order.KeepConflicts(&read, prev, nil)
	if len(read.Conflicts) != 1 || read.ConflictsKept != nil {
		t.Errorf("every provider read: conflicts %+v, kept %v; want the fresh comparison", read.Conflicts, read.ConflictsKept)
	}
	order.KeepConflicts(&now, prev, []string{"crossref"})
	if len(now.Conflicts) != 0 || !slices.Equal(now.ConflictsKept, []string{"title"}) {
		t.Errorf("crossref unread: conflicts %+v, kept %v; want none, as before, and title named", now.Conflicts, now.ConflictsKept)
	}
	if got := order.Differences(id, now, nil); len(got) > 0 {
		t.Errorf("the re-merge disagrees with the kept conflicts: %v", got)
	}
	hand := now
	hand.ConflictsKept = nil
	if got := order.Differences(id, hand, nil); len(got) != 1 {
		t.Errorf("without conflicts_kept the re-merge finds %v; want the title's conflict missing", got)
	}

	over := []manifest.Override{{ID: id, Title: "Mine"}}
	overridden := doc(over, found("crossref", "Old title"), found("openalex", "New title"), found("orcid", "New title"))
	want := slices.Clone(overridden.Conflicts)
	order.KeepConflicts(&overridden, prev, []string{"crossref"})
	if !slices.EqualFunc(overridden.Conflicts, want, func(a, b record.Conflict) bool { return a.Field == b.Field }) || overridden.ConflictsKept != nil {
		t.Errorf("overridden title: conflicts %+v, kept %v; want the override's comparison", overridden.Conflicts, overridden.ConflictsKept)
	}

	// ORCID's old title kept while Crossref's changed: the merged title is
	// new, and compared with the titles read this run only, which agree;
	// a provider read this run that disagrees is a conflict.
	moved := doc(nil, found("crossref", "New title"), found("openalex", "New title"), found("orcid", "Old title"))
	order.KeepConflicts(&moved, prev, []string{"orcid"})
	if len(moved.Conflicts) != 0 || !slices.Equal(moved.ConflictsKept, []string{"title"}) {
		t.Errorf("merged title changed: conflicts %+v, kept %v; want none among the titles read", moved.Conflicts, moved.ConflictsKept)
	}
	split := doc(nil, found("crossref", "New title"), found("openalex", "Other title"), found("orcid", "Old title"))
	order.KeepConflicts(&split, prev, []string{"orcid"})
	if len(split.Conflicts) != 1 || len(split.Conflicts[0].NotKept) != 1 || !slices.Equal(split.Conflicts[0].NotKept[0].Providers, []string{"openalex"}) {
		t.Errorf("read providers disagree: conflicts %+v; want OpenAlex's title not kept, ORCID's left out", split.Conflicts)
	}
}

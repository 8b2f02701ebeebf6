package works_test

import (
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// TestMergePreprintByDOI: ORCID's hand-entered journal-article for a
// Nature Precedings DOI (the example's doi:10.1038/npre.2009.2801) is a
// preprint, its server the publisher; the type ORCID gave is a conflict.
func TestMergePreprintByDOI(t *testing.T) {
	got, from, conflicts := order.Merge([]works.Named{{Provider: "orcid", Record: record.Record{
		Type: "article-journal", IDs: record.IDs{DOI: "10.1038/npre.2009.2801"},
	}}})
	if got.Type != "article" || got.Genre != "Preprint" || got.Publisher != "Nature Precedings" {
		t.Errorf("type %q genre %q publisher %q, want article, Preprint, Nature Precedings", got.Type, got.Genre, got.Publisher)
	}
	if from["type"] != works.DOIPrefixSource || from["publisher"] != works.DOIPrefixSource {
		t.Errorf("provenance %v: want type and publisher from %q", from, works.DOIPrefixSource)
	}
	if len(conflicts) != 1 || conflicts[0].Field != "type" || conflicts[0].NotKept[0].Value != "article-journal" ||
		len(conflicts[0].Kept.Providers) != 1 || conflicts[0].Kept.Providers[0] != works.DOIPrefixSource {
		t.Errorf("conflicts %+v, want ORCID's article-journal not kept", conflicts)
	}
	// a journal DOI of the same publisher keeps its type
	got, _, _ = order.Merge([]works.Named{{Provider: "crossref", Record: record.Record{
		Type: "article-journal", IDs: record.IDs{DOI: "10.1038/nature12373"},
	}}})
	if got.Type != "article-journal" || got.Genre != "" || got.Publisher != "" {
		t.Errorf("Nature article: type %q genre %q publisher %q, want it untouched", got.Type, got.Genre, got.Publisher)
	}
}

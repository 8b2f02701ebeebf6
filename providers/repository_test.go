package providers_test

import (
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// TestDOIRepositoryBySuffix: Nature Precedings shares Nature's prefix
// 10.1038 and is known by its suffix npre.… (T#6); Nature's journals are
// no repository.
func TestDOIRepositoryBySuffix(t *testing.T) {
	for doi, want := range map[string]string{
		"10.1038/npre.2009.2801":    "Nature Precedings",
		"10.1038/npre.2011.6048.1":  "Nature Precedings",
		"10.1038/nature12373":       "",
		"10.1038/s41586-020-2649-2": "",
		"10.1101/2020.12.01.406702": "bioRxiv/medRxiv",
		"10.1101/gad.1234":          "",
	} {
		r, ok := providers.DOIRepository(doi)
		if r.Name != want || ok != (want != "") {
			t.Errorf("DOIRepository(%q) = %+v, %v; want %q", doi, r, ok, want)
		}
	}
}

// TestMergePreprintByDOI: ORCID's hand-entered journal-article for a
// Nature Precedings DOI (the example's doi:10.1038/npre.2009.2801) is a
// preprint, its server the publisher; the type ORCID gave is a conflict.
func TestMergePreprintByDOI(t *testing.T) {
	got, from, conflicts := providers.Merge([]providers.Named{{Provider: "orcid", Record: record.Record{
		Type: "article-journal", IDs: record.IDs{DOI: "10.1038/npre.2009.2801"},
	}}})
	if got.Type != "article" || got.Genre != "Preprint" || got.Publisher != "Nature Precedings" {
		t.Errorf("type %q genre %q publisher %q, want article, Preprint, Nature Precedings", got.Type, got.Genre, got.Publisher)
	}
	if from["type"] != providers.DOIPrefixSource || from["publisher"] != providers.DOIPrefixSource {
		t.Errorf("provenance %v: want type and publisher from %q", from, providers.DOIPrefixSource)
	}
	if len(conflicts) != 1 || conflicts[0].Field != "type" || conflicts[0].NotKept[0].Value != "article-journal" ||
		len(conflicts[0].Kept.Providers) != 1 || conflicts[0].Kept.Providers[0] != providers.DOIPrefixSource {
		t.Errorf("conflicts %+v, want ORCID's article-journal not kept", conflicts)
	}
	// a journal DOI of the same publisher keeps its type
	got, _, _ = providers.Merge([]providers.Named{{Provider: "crossref", Record: record.Record{
		Type: "article-journal", IDs: record.IDs{DOI: "10.1038/nature12373"},
	}}})
	if got.Type != "article-journal" || got.Genre != "" || got.Publisher != "" {
		t.Errorf("Nature article: type %q genre %q publisher %q, want it untouched", got.Type, got.Genre, got.Publisher)
	}
}

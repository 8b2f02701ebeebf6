package record_test

import (
	"testing"

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
		r, ok := record.DOIRepository(doi)
		if r.Name != want || ok != (want != "") {
			t.Errorf("DOIRepository(%q) = %+v, %v; want %q", doi, r, ok, want)
		}
	}
}

func TestArXivDOI(t *testing.T) {
	for id, want := range map[string]string{
		"2101.00001": "10.48550/arxiv.2101.00001", "2101.00001v12": "10.48550/arxiv.2101.00001",
		"2101.00001V2": "10.48550/arxiv.2101.00001", "math/0309136v1": "", "v1": "",
	} {
		if got := record.ArXivDOI(id); got != want {
			t.Errorf("ArXivDOI(%q) = %q, want %q", id, got, want)
		}
	}
}

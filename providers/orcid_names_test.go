package providers

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestSplitCreditNames: ORCID contributors' credit names become given and
// family names; the owner's own split decides where it applies, particles
// stay with the family name, a name already split is left alone, and a
// one-word name ("Plato") stays literal: where its family name ends is not
// ours to guess (keys and matching still read it as a family name). A
// Chinese name of two characters is family first, one character each
// (wire.SplitName): "李明" is Li Ming.
func TestSplitCreditNames(t *testing.T) {
	owner := &record.Owner{Given: "Maria José", Family: "van der Berg"}
	authors := []record.Author{
		{Name: "Maria José van der Berg"},
		{Name: "M. J. van der Berg", ORCID: "0000-0002-1825-0097"},
		{Name: "Michael Jensen"},
		{Name: "Jean de la Fontaine"},
		{Name: "Jensen, Michael"},
		{Given: "Ada", Family: "Lovelace"},
		{Name: "Plato"},
		{Name: "李明"},
	}
	splitCreditNames(authors, owner)
	want := []record.Author{
		{Given: "Maria José", Family: "van der Berg"},
		{Given: "M. J.", Family: "van der Berg", ORCID: "0000-0002-1825-0097"},
		{Given: "Michael", Family: "Jensen"},
		{Given: "Jean", Family: "de la Fontaine"},
		{Given: "Michael", Family: "Jensen"},
		{Given: "Ada", Family: "Lovelace"},
		{Name: "Plato"},
		{Given: "明", Family: "李"},
	}
	for i := range want {
		if authors[i].Given != want[i].Given || authors[i].Family != want[i].Family || authors[i].Name != want[i].Name || authors[i].ORCID != want[i].ORCID {
			t.Errorf("author %d = %+v, want %+v", i, authors[i], want[i])
		}
	}
	splitCreditNames(nil, nil) // no owner, no authors: nothing to do, no panic
}

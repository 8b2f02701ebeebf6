package works_test

import (
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// The #20 merge rules on values copied by hand from the recordings in
// testdata (the file is named beside each).

// TestLoneNewYearsDayIsAYear: a 1 January that is the only date is a
// year. openalex-works-sample-5.json dates three of its five works
// 2015-01-01, 1982-01-01 and 2009-01-01 with no other source; before
// this rule each was written "January 1, <year>" (3 wrong dates of 5),
// after it none. Its 2013-06-10 and 2004-12-12 stay days.
func TestLoneNewYearsDayIsAYear(t *testing.T) {
	cases := []struct{ in, want record.Date }{
		{record.NewDate(2015, 1, 1), record.NewDate(2015, 0, 0)},
		{record.NewDate(1982, 1, 1), record.NewDate(1982, 0, 0)},
		{record.NewDate(2009, 1, 1), record.NewDate(2009, 0, 0)},
		{record.NewDate(2013, 6, 10), record.NewDate(2013, 6, 10)},
		{record.NewDate(2004, 12, 12), record.NewDate(2004, 12, 12)},
		// DataCite's Issued 2020-01-01 beside publicationYear 2020: a year
		{record.NewDate(2020, 1, 1), record.NewDate(2020, 0, 0)},
		// a January month alone is what the source said
		{record.NewDate(2020, 1, 0), record.NewDate(2020, 1, 0)},
	}
	for _, c := range cases {
		got, _, _ := order.Merge([]works.Named{{Provider: "openalex", Record: record.Record{Issued: c.in}}})
		if got.Issued != c.want {
			t.Errorf("%v alone: issued %v, want %v", c.in, got.Issued, c.want)
		}
	}
	// a later provider's real day still refines the year
	got, from, _ := order.Merge([]works.Named{
		{Provider: "datacite", Record: record.Record{Issued: record.NewDate(2020, 1, 1)}},
		{Provider: "openalex", Record: record.Record{Issued: record.NewDate(2020, 3, 4)}},
	})
	if got.Issued != record.NewDate(2020, 3, 4) || from["issued"] != "openalex" {
		t.Errorf("issued %v from %s, want 2020-03-04 from openalex", got.Issued, from["issued"])
	}
}

// TestLanguageRegistrarFirst: the registrar's language wins over an
// index's detected one and an index's is kept with its provenance only
// when no registrar gave one (datacite-dois-list-page-size-5.json's
// zenodo.3520062 says "pl"; OpenAlex detects from the metadata, which
// may be an English abstract).
func TestLanguageRegistrarFirst(t *testing.T) {
	got, from, _ := order.Merge([]works.Named{
		{Provider: "openalex", Record: record.Record{Language: "en"}},
		{Provider: "datacite", Record: record.Record{Language: "pl"}},
	})
	if got.Language != "pl" || from["language"] != "datacite" {
		t.Errorf("language %q from %q, want pl from datacite", got.Language, from["language"])
	}
	got, from, _ = order.Merge([]works.Named{
		{Provider: "crossref", Record: record.Record{Title: "A"}},
		{Provider: "openalex", Record: record.Record{Language: "pt"}},
	})
	if got.Language != "pt" || from["language"] != "openalex" {
		t.Errorf("language %q from %q, want pt from openalex", got.Language, from["language"])
	}
}

// TestLicenceStartTravelsWithItsLicence: an embargoed Crossref licence
// (the recorded 10.5555/2013test_conflict_three: CC BY from 2025-12-01)
// keeps its start; a start never moves to another provider's licence.
func TestLicenceStartTravelsWithItsLicence(t *testing.T) {
	start := record.NewDate(2025, 12, 1)
	got, from, _ := order.Merge([]works.Named{
		{Provider: "crossref", Record: record.Record{OA: &record.OpenAccess{License: "https://creativecommons.org/licenses/by/4.0/", LicenseStart: start}}},
		{Provider: "openalex", Record: record.Record{OA: &record.OpenAccess{License: "cc-by"}}},
	})
	if got.OA == nil || got.OA.LicenseStart != start || from["open_access.license_start"] != "crossref" {
		t.Errorf("open access %+v from %q, want the licence from 2025-12-01", got.OA, from["open_access.license_start"])
	}
	got, _, _ = order.Merge([]works.Named{
		{Provider: "unpaywall", Record: record.Record{OA: &record.OpenAccess{License: "cc-by-nc"}}},
		{Provider: "crossref", Record: record.Record{OA: &record.OpenAccess{License: "https://creativecommons.org/licenses/by/4.0/", LicenseStart: start}}},
	})
	if got.OA != nil && got.OA.License == "cc-by-nc" && !got.OA.LicenseStart.IsZero() {
		t.Errorf("Crossref's start went to Unpaywall's licence: %+v", got.OA)
	}
}

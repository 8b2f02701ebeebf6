package works

import "github.com/aboutscholar/about/record"

// asDated is a provider's date as the merge reads it: 1 January of a
// year is that year only, wherever it stands — beside a registrar's
// year, where it would refine nothing, and alone, where it would print
// "January 2009" or month = jan for a work whose day nobody knows.
// Services write 1 January for "some day that year". OpenAlex's
// publication_date does so: the recorded Springer chapter, which
// Crossref dates 2015 only, comes back from OpenAlex as 2015-01-01, as do
// three of the five works of the recorded sample
// (testdata/openalex/openalex-works-sample-5.json); consumers do the same
// to a year on purpose ("Approximate year based publication dates with
// the first of January", https://github.com/sciety/sciety/issues/2999),
// and scholarly indexes show a year as a 1 January day
// (https://github.com/WDscholia/scholia/issues/518). DataCite requires
// only publicationYear, a year (schema 4.5, property 5,
// https://datacite-metadata-schema.readthedocs.io/en/4.5/properties/publicationyear/),
// so an Issued date of YYYY-01-01 beside publicationYear YYYY is that
// year written as a day. A real 1 January issue loses only a day and a
// month a reader cannot tell from the placeholder either; a day is never
// made up.
func asDated(d record.Date) record.Date {
	if d.Month == 1 && d.Day == 1 {
		return record.Date{Year: d.Year}
	}
	return d
}

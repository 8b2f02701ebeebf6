package cv

import (
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// TestResumeKeepsEveryLink: a publication's DOI link is in the JSON
// Resume even when the DOI holds characters a URI may not (Wiley's SICI
// DOIs have '<' and '>'), percent-encoded as the schema's "uri" format
// asks; so is an address with a space or a non-ASCII letter.
func TestResumeKeepsEveryLink(t *testing.T) {
	const sici = "10.1002/(SICI)1097-4636(199706)35:4<463::AID-JBM6>3.0.CO;2-O"
	d := Document{Name: "Josiah Carberry", Groups: []Group{{Title: "Articles", Works: []Work{
		{Title: "Biocompatibility", DOI: sici, URL: "https://doi.org/" + sici},
		{Title: "A talk", URL: "https://example.org/talks/my talk/Zürich?q=\"x\"#part"},
	}}}}
	out := written(t, WriteJSONResume, d)
	want := map[string]string{
		"publications.0.url": "https://doi.org/10.1002/(SICI)1097-4636(199706)35:4%3C463::AID-JBM6%3E3.0.CO;2-O",
		"publications.1.url": "https://example.org/talks/my%20talk/Z%C3%BCrich?q=%22x%22#part",
	}
	for path, w := range want {
		if got := gjson.Get(out, path).String(); got != w {
			t.Errorf("%s = %q, want %q", path, got, w)
		}
	}
}

// TestResumeFieldsWhereTheSchemaHasThem: an employment's place is the
// work entry's location (not run into its summary with the
// department), an education's link its url, and a distinction ORCID
// dates only by its end (the form's "end date") keeps that date.
func TestResumeFieldsWhereTheSchemaHasThem(t *testing.T) {
	d := Document{Name: "Josiah Carberry"}
	d.Sections.Employments = []record.Affiliation{{Organization: "Brown University", Department: "Psychoceramics", Role: "Professor",
		City: "Providence", Region: "RI", Country: "US", Start: record.Date{Year: 1929}}}
	d.Sections.Educations = []record.Affiliation{{Organization: "Brown University", Role: "PhD", URL: "https://example.org/phd"}}
	d.Sections.Distinctions = []record.Affiliation{{Organization: "Psychoceramics Society", Role: "Medal", End: record.Date{Year: 1975, Month: 5}}}
	out := written(t, WriteJSONResume, d)
	want := map[string]string{
		"work.0.location": "Providence, RI, US", "work.0.summary": "Psychoceramics",
		"education.0.url": "https://example.org/phd", "awards.0.date": "1975-05",
	}
	for path, w := range want {
		if got := gjson.Get(out, path).String(); got != w {
			t.Errorf("%s = %q, want %q", path, got, w)
		}
	}
}

package nih

import (
	"bufio"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestFunderKnownByAnIDAlone: a funder a service names by an id alone
// (DataCite's fundingReferences may give a ROR id and no name; Crossref a
// Funder Registry DOI) is written by that id in both the Markdown report
// and the CSV, never as an empty "doi:".
func TestFunderKnownByAnIDAlone(t *testing.T) {
	r := Classify([]Work{{Title: "T", Type: "article-journal", Issued: record.NewDate(2020, 1, 1), FundingFrom: "datacite",
		Funding: []record.Funding{{ROR: NIHROR, Awards: []string{"U01 CA999999"}}, {DOI: "10.13039/100000057"}}}})
	for name, write := range map[string]func(*bufio.Writer, Report) error{
		"markdown": func(b *bufio.Writer, r Report) error { return WriteMarkdown(b, r, Heading{}) },
		"csv":      WriteCSV,
	} {
		var out strings.Builder
		b := bufio.NewWriter(&out)
		if err := write(b, r); err != nil {
			t.Fatal(err)
		}
		b.Flush()
		s := out.String()
		if !strings.Contains(s, "ror:01cwqze88 U01 CA999999; doi:10.13039/100000057") || strings.Contains(s, "doi: ") {
			t.Errorf("%s: the funders are not written by their ids:\n%s", name, s)
		}
	}
}

// TestRecognisedByTheStrongestMatch: a work whose list names NIH by name
// ("NIH", as a deposit without ids writes it) and also by NIH's Funder
// Registry DOI is NIH by its DOI: the CSV's recognised_by and the
// report's "NIH by its name alone" tell a research office how sure the
// row is, and an id makes it sure whatever order the funders come in.
func TestRecognisedByTheStrongestMatch(t *testing.T) {
	r := Classify([]Work{{Title: "T", Type: "article-journal", Issued: record.NewDate(2020, 1, 1),
		Funding: []record.Funding{{Funder: "NIH", Awards: []string{"R01 GM1"}}, {Funder: "National Institute of General Medical Sciences", DOI: "10.13039/100000057"}}}})
	if len(r.Funded) != 1 || r.Funded[0].Match != ByDOI {
		t.Fatalf("rows %+v, want one recognised by %q", r.Funded, ByDOI)
	}
	if s := fundingText(r.Funded[0]); strings.Contains(s, "name alone") {
		t.Errorf("funding cell %q says NIH by its name alone", s)
	}
}

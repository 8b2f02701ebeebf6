package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// TestNIHFilterReadsTheListsTheReportReads: --award and --funder narrow
// the NIH report to one grant's works, the list a progress report asks
// for; the report counts a work as NIH's when only OpenAlex's list names
// NIH (TestNIHNamedByAnIndexOnly), so the filter reads that list too, or
// --award R01GM123456 would drop the very work the unfiltered report
// lists under R01GM123456. The page keeps to the merged list, whose
// Funding: line it shows.
func TestNIHFilterReadsTheListsTheReportReads(t *testing.T) {
	const id = "doi:10.5555/nih.index-only"
	nsf := []record.Funding{{Funder: "National Science Foundation", DOI: "10.13039/100000001", Awards: []string{"DBI-1661529"}}}
	nihByIndex := []record.Funding{{Funder: "National Institutes of Health", ROR: "01cwqze88", Awards: []string{"R01GM123456"}}}
	f := &folder.Folder{Root: "nih", Works: []folder.Work{{ID: id, FundingFrom: "crossref",
		FundingElsewhere: []folder.SourceFunding{{Provider: "openalex", Funding: nihByIndex}},
		Record: record.Record{Title: "Funded twice, told once", Type: "article-journal", Issued: record.NewDate(2021, 3, 0),
			IDs: record.IDs{DOI: "10.5555/nih.index-only"}, Funding: nsf}}}}
	for _, o := range []Options{{Format: NIH, Award: "R01GM123456"}, {Format: NIHCSV, Award: "5R01GM123456-03"},
		{Format: NIH, Funder: "NIH"}, {Format: NIHCSV, Funder: "01cwqze88", Award: "GM123456"}} {
		if out := renderString(t, f, o); !strings.Contains(out, "Funded twice, told once") {
			t.Errorf("%s --award %q --funder %q drops the work the report counts as NIH's:\n%s", o.Format, o.Award, o.Funder, out)
		}
	}
	if out := renderString(t, f, Options{Format: NIH, Award: "R01GM999999"}); strings.Contains(out, "Funded twice") {
		t.Errorf("another grant's report lists the work:\n%s", out)
	}
	if out := renderString(t, f, Options{Format: Markdown, Award: "R01GM123456"}); strings.Contains(out, "Funded twice") {
		t.Errorf("the page, whose Funding: line is crossref's, lists the work under an award only openalex names:\n%s", out)
	}
}

package nih

import (
	"bufio"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestIsNIH: NIH is recognised by its Funder Registry DOI or an
// institute's, by its ROR id, and by name only when no id is given; the
// national institutes of other countries, whose names look alike, are
// not NIH, and an id that is another funder's decides against a name.
func TestIsNIH(t *testing.T) {
	for _, c := range []struct {
		f    record.Funding
		want Match
	}{
		{record.Funding{Funder: "National Institutes of Health", DOI: "10.13039/100000002"}, ByDOI},
		{record.Funding{Funder: "National Cancer Institute (NCI)", DOI: "10.13039/100000054"}, ByDOI}, // bolognese's GTEx record
		{record.Funding{DOI: "10.13039/100000057"}, ByDOI},                                            // NIGMS, an id alone
		{record.Funding{Funder: "National Institutes of Health", ROR: "01cwqze88"}, ByROR},            // OpenAlex's shape
		{record.Funding{Funder: "NCI NIH HHS"}, ByName},                                               // PubMed's and Europe PMC's agency
		{record.Funding{Funder: "National Cancer Institute of the National Institutes of Health, Grant/Award Number"}, ByName},
		{record.Funding{Funder: "NIH/NIGMS"}, ByName},
		{record.Funding{Funder: "US National Cancer Institute"}, ByName},
		{record.Funding{Funder: "National Heart, Lung and Blood Institute (NHLBI)"}, ByName}, // punctuation aside
		{record.Funding{Funder: "National Heart, Lung, and Blood Institute (NHLBI)"}, ByName},
		{record.Funding{Funder: "Eunice Kennedy Shriver National Institute of Child Health and Human Development"}, ByName},

		// other countries' national institutes
		{record.Funding{Funder: "National Institute of Health"}, ""},           // Pakistan's, Italy's (ISS) in English, …: singular
		{record.Funding{Funder: "Korea National Institute of Health"}, ""},     // KNIH
		{record.Funding{Funder: "National Institute for Health Research"}, ""}, // NIHR, England
		{record.Funding{Funder: "NIHR Biomedical Research Centre"}, ""},        // the word NIHR is not NIH
		{record.Funding{Funder: "National Cancer Institute of Canada"}, ""},
		{record.Funding{Funder: "Instituto Nacional de Cancerología"}, ""},
		{record.Funding{Funder: "National Institute of Infectious Diseases"}, ""},             // Japan's NIID, not NIAID
		{record.Funding{Funder: "National Institute of Mental Health and Neurosciences"}, ""}, // India's NIMHANS
		{record.Funding{Funder: "Canadian Institutes of Health Research"}, ""},
		{record.Funding{Funder: "International Institutes of Health"}, ""},
		{record.Funding{Funder: "National Cancer Institute", DOI: "10.13039/501100005489"}, ""}, // a DOI that is not NIH's decides
		{record.Funding{Funder: "National Science Foundation", DOI: "10.13039/100000001"}, ""},
		{record.Funding{}, ""},
	} {
		if got := IsNIH(c.f); got != c.want {
			t.Errorf("IsNIH(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestPolicyOf: the status and the policy a work's type and publication
// date point to, at the boundaries NIH's pages give (7 April 2008, 1 July
// 2025), each date at its precision.
func TestPolicyOf(t *testing.T) {
	article := func(d record.Date, pmcid string) Work {
		return Work{Type: "article-journal", Issued: d, PMCID: pmcid}
	}
	const (
		p2008   = "2008 policy"
		p2008If = "2008 policy if accepted on or after 7 April 2008"
		p2024If = "2024 policy if accepted on or after 1 July 2025, else 2008 policy"
		none    = "none"
		undated = "2008 or 2024 policy, by its acceptance date"
	)
	for _, c := range []struct {
		name    string
		w       Work
		status  Status
		applies string
	}{
		{"the day before 2008", article(record.NewDate(2008, 4, 6), ""), NotApplicable, none},
		{"the day 2008 began", article(record.NewDate(2008, 4, 7), ""), NotInPMC, p2008},
		{"March 2008", article(record.NewDate(2008, 3, 0), ""), NotApplicable, none},
		{"April 2008", article(record.NewDate(2008, 4, 0), ""), NotInPMC, p2008If},
		{"2008", article(record.NewDate(2008, 0, 0), "PMC1"), InPMC, p2008If},
		{"2007", article(record.NewDate(2007, 0, 0), "PMC1"), NotApplicable, none},
		{"the day before 2024's", article(record.NewDate(2025, 6, 30), ""), NotInPMC, p2008},
		{"June 2025", article(record.NewDate(2025, 6, 0), "PMC2"), InPMC, p2008},
		{"the day 2024's began", article(record.NewDate(2025, 7, 1), ""), NotInPMC, p2024If},
		{"2025", article(record.NewDate(2025, 0, 0), ""), NotInPMC, p2024If},
		{"undated", article(record.Date{}, ""), NotInPMC, undated},
		{"no type", Work{Issued: record.NewDate(2020, 1, 1)}, NotInPMC, p2008},
		{"preprint", Work{Type: "article", Genre: "Preprint", Issued: record.NewDate(2020, 1, 1)}, NotApplicable, none},
		{"dataset", Work{Type: "dataset", Issued: record.NewDate(2020, 1, 1), PMCID: "PMC3"}, NotApplicable, none},
		{"conference paper", Work{Type: "paper-conference", Issued: record.NewDate(2020, 1, 1)}, NotApplicable, none},
	} {
		p := PolicyOf(c.w)
		if p.Status != c.status || p.Applies != c.applies {
			t.Errorf("%s: %q, %q; want %q, %q", c.name, p.Status, p.Applies, c.status, c.applies)
		}
		if p.Action == "" || p.Basis == "" {
			t.Errorf("%s: no action or basis: %+v", c.name, p)
		}
	}
}

// TestCSVLinesEndInCRLF: the CSV is RFC 4180's, as docs/render.md says and
// as coa's is: every record ends in CRLF, a line break inside a value
// (none reaches it: cells are one line) aside.
func TestCSVLinesEndInCRLF(t *testing.T) {
	var out strings.Builder
	b := bufio.NewWriter(&out)
	r := Classify([]Work{{Title: "A, \"quoted\" title", Type: "article-journal", Issued: record.NewDate(2020, 1, 1),
		Funding: []record.Funding{{Funder: "NIH", DOI: NIHDOI}}}})
	if err := WriteCSV(b, r); err != nil {
		t.Fatal(err)
	}
	b.Flush()
	s := out.String()
	if n, crlf := strings.Count(s, "\n"), strings.Count(s, "\r\n"); n != 2 || crlf != n {
		t.Errorf("%d line ends, %d of them CRLF, want 2 and 2:\n%q", n, crlf, s)
	}
}

package funding

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestAwardAsDeposited: an award number is found as deposits write it.
// NIH's full number carries a type prefix and a year suffix
// ("5R01GM123456-03", "1R01GM123456-01A1"), which answer the core number
// asked, as the help says; numbers a space or a slash apart are two
// numbers; a number is not the tail or the head of a longer one.
func TestAwardAsDeposited(t *testing.T) {
	for _, c := range []struct {
		award, ask string
		want       bool
	}{
		{"5R01GM123456-03", "R01GM123456", true},
		{"1R01GM123456-01A1", "R01GM123456", true},
		{"5 P30 CA076292-23", "P30 CA076292", true},
		{"R01 GM123456", "R01GM123456", true},
		{"CCF-1617618 1439084", "1617618", true},
		{"CCF-1617618/1439084", "1617618", true},
		{"CCF-1617618/1439084", "1439084", true},
		{"R01GM1234567", "R01GM123456", false},
		{"11617618", "1617618", false},
		{"CNS 1938709", "193870", false},
	} {
		if got := Award([]string{c.award}, c.ask); got != c.want {
			t.Errorf("award %q, --award %q: %v, want %v", c.award, c.ask, got, c.want)
		}
	}
}

// TestFunderByWords: --funder NAME matches whole words of a funder's name,
// so NIH is not the UK's NIHR, nor NSF the Swiss SNSF or a "Knowledge
// Transfer" programme.
func TestFunderByWords(t *testing.T) {
	for _, c := range []struct {
		funder, ask string
		want        bool
	}{
		{"NSF (National Science Foundation)", "National Science Foundation", true},
		{"Swiss National Science Foundation", "national science foundation", true},
		{"NIH/NIGMS", "NIH", true},
		{"EMBO longterm post-doctoral fellowships", "embo", true},
		{"Martí Foundation", "marti", true},
		{"NIHR Biomedical Research Centre", "NIH", false},
		{"SNSF", "NSF", false},
		{"Knowledge Transfer Partnerships", "NSF", false},
	} {
		if got := Funder(record.Funding{Funder: c.funder}, c.ask); got != c.want {
			t.Errorf("funder %q, --funder %q: %v, want %v", c.funder, c.ask, got, c.want)
		}
	}
}

// TestAwardNIHCore: an NIH grant asked by its activity code, institute
// and serial number (R01GM123456) is also found where a deposit gives the
// institute and serial alone, as acknowledgements often do ("NIH grant
// GM123456", "NIGMS GM-123456", PubMed's "CA08748" for CA008748), but not
// under another activity code: R21GM123456 is another grant.
func TestAwardNIHCore(t *testing.T) {
	for _, c := range []struct {
		award, ask string
		want       bool
	}{
		{"GM123456", "R01GM123456", true},
		{"NIGMS GM-123456", "R01 GM123456", true},
		{"NIH grant GM123456 and CA000001", "5R01GM123456-03", true},
		{"P30 CA08748", "P30CA008748", true},
		{"R21GM123456", "R01GM123456", false},
		{"5 R21 GM123456-02", "R01GM123456", false},
		{"GM1234567", "R01GM123456", false},
		{"HL123456", "R01GM123456", false},
		{"CCF1617618", "CCF-1617618", true},
	} {
		if got := Award([]string{c.award}, c.ask); got != c.want {
			t.Errorf("award %q, --award %q: %v, want %v", c.award, c.ask, got, c.want)
		}
	}
}

// TestFunderNIHIsEveryNIHFunder: NIH asked by its acronym, its name, its
// Funder Registry DOI or its ROR id is every funder the NIH report counts
// as NIH, however the service names it: Crossref's "National Institutes
// of Health" with its DOI, a deposit's bare "NIH", OpenAlex's ROR id with
// no DOI, an institute by its DOI, PubMed's "NCI NIH HHS". A progress
// report asks for NIH's works, and --funder NIH found none of those but
// the ones with the word NIH in their names. The UK's NIHR stays out.
func TestFunderNIHIsEveryNIHFunder(t *testing.T) {
	nihFunders := []record.Funding{
		{Funder: "National Institutes of Health", DOI: "10.13039/100000002"},
		{Funder: "NIH"},
		{Funder: "National Institutes of Health", ROR: "01cwqze88"},
		{Funder: "National Institute of General Medical Sciences", DOI: "10.13039/100000057"},
		{Funder: "NCI NIH HHS"},
	}
	others := []record.Funding{
		{Funder: "National Institute for Health Research", DOI: "10.13039/501100000272"},
		{Funder: "NIHR Biomedical Research Centre"},
		{Funder: "National Science Foundation", DOI: "10.13039/100000001"},
	}
	for _, ask := range []string{"NIH", "National Institutes of Health", "national institutes of health", "10.13039/100000002",
		"https://doi.org/10.13039/100000002", "https://ror.org/01cwqze88", "01cwqze88"} {
		for _, f := range nihFunders {
			if !Funder(f, ask) {
				t.Errorf("--funder %q does not find %+v", ask, f)
			}
		}
		for _, f := range others {
			if Funder(f, ask) {
				t.Errorf("--funder %q finds %+v", ask, f)
			}
		}
	}
}

// TestNIHAskIsReadOnce: an NIH grant asked (--award R01GM123456) is
// compiled once per list, not once per award number: OpenAlex lists a
// work's awards by the dozen, and a lab's page of thousands of works read
// it for each (1.3 ms a work before, from two regexps compiled for each
// of 48 awards). Allocations stand in for the time, which a test cannot
// hold to a bound on a shared machine.
func TestNIHAskIsReadOnce(t *testing.T) {
	var list []record.Funding
	for range 6 {
		list = append(list, record.Funding{Funder: "National Science Foundation",
			Awards: []string{"1637458", "1716252", "CNS-1938709", "1617618", "1247726", "1715777", "DE-AC02-05CH11231", "IIS 1247726"}})
	}
	if n := testing.AllocsPerRun(10, func() { FundedBy(list, "R01GM123456", "") }); n > 1000 {
		t.Errorf("an NIH ask over 48 awards: %.0f allocations, want at most 1000", n)
	}
}

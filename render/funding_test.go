package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// exampleFolder is examples/snapshots: the replay of real answers, where
// two works carry funders (Crossref's funder[] of eLife 10.7554/elife.01567
// and of ACM 10.1145/3448016.3452841).
func exampleFolder(t *testing.T) *folder.Folder {
	t.Helper()
	f, err := folder.Load("../examples/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestAwardAndFunderFilters: render --award and --funder keep the works
// that acknowledge them, read against the two real funder lists. ACM's
// deposit joins twenty NSF numbers in one string ("…, CNS 1938709, …,
// CNS-1938709,CCF-1750472,…"), so each is found in it, spaces and hyphens
// aside; a number inside a longer one is not. eLife's funders are found by
// Funder Registry DOI in any form and by words of a name.
func TestAwardAndFunderFilters(t *testing.T) {
	f := exampleFolder(t)
	const acm, elife = "doi:10.1145/3448016.3452841", "doi:10.7554/elife.01567"
	for _, c := range []struct {
		award, funder string
		want          []string
	}{
		{award: "CNS-1938709", want: []string{acm}},
		{award: "cns 1938709", want: []string{acm}},
		{award: "CCF1750472", want: []string{acm}},
		{award: "DE-AC02-05CH11231", want: []string{acm}},
		{award: "193870", want: nil},
		{award: "R01GM123456", want: nil},
		{funder: "10.13039/100000001", want: []string{acm}},
		{funder: "National Science Foundation", want: []string{acm, elife}}, // NSF's name, and the Swiss NSF's
		{funder: "https://doi.org/10.13039/501100001711", want: []string{elife}},
		{funder: "embo", want: []string{elife}},
		{funder: "10.13039/100000002", want: nil},                       // NIH funded neither
		{award: "CNS-1938709", funder: "10.13039/100000015", want: nil}, // an NSF award, asked of the DOE
	} {
		d := dataOf(buildPage(f, Options{Format: JSON, Award: c.award, Funder: c.funder}), true)
		var got []string
		for _, g := range d.Groups {
			for _, w := range g.Works {
				got = append(got, w.ID)
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("--award %q --funder %q: %v, want %v", c.award, c.funder, got, c.want)
		}
	}
}

// TestFundingLineOnThePage: the page and the page data show each funder
// with its awards as the deposit wrote them, and a hostile funder name is
// inert text, escaped as every service value is.
func TestFundingLineOnThePage(t *testing.T) {
	f := exampleFolder(t)
	html := renderString(t, f, Options{Format: HTML})
	want := `<p class="funding">Funding: NSF (National Science Foundation) CCF 805476, CCF 822388, CCF 1724745,CCF 1715777, CCF 1637458, IIS 1541613, CRII 1947789, CNS 1408695, CNS 1755615, CCF 1439084, CCF 1725543, CSR 1763680, CCF 1716252, CCF 1617618, CNS 1938709, IIS 1247726, CNS-1938709,CCF-1750472,CCF-1452904,CNS-1763680; DOE U.S. Department of Energy DE-AC02-05CH11231,17-SC-20-SC</p>`
	if !strings.Contains(html, want) {
		t.Errorf("the page has no line\n%s", want)
	}
	if n := strings.Count(html, `<p class="funding">`); n != 2 {
		t.Errorf("%d funding lines, want 2 (the two works with funders)", n)
	}
	for i := range f.Works {
		if f.Works[i].ID == "doi:10.7554/elife.01567" {
			f.Works[i].Record.Funding = []record.Funding{{Funder: `<script>alert(1)</script>`, Awards: []string{`"><img src=x>`}}}
		}
	}
	html = renderString(t, f, Options{Format: HTML})
	if strings.Contains(html, "<script>alert") || strings.Contains(html, "<img src=x>") {
		t.Error("a funder's name or award reached the page as markup")
	}
	if !strings.Contains(html, "Funding: &lt;script&gt;alert(1)&lt;/script&gt; &#34;&gt;&lt;img src=x&gt;") {
		t.Error("the hostile funder is not shown as text")
	}
}

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
		if got := matchAward([]string{c.award}, c.ask); got != c.want {
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
		if got := matchFunder(record.Funding{Funder: c.funder}, c.ask); got != c.want {
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
		if got := matchAward([]string{c.award}, c.ask); got != c.want {
			t.Errorf("award %q, --award %q: %v, want %v", c.award, c.ask, got, c.want)
		}
	}
}

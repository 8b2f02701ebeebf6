package render

import (
	"strings"
	"testing"

	"github.com/tidwall/gjson"

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

// TestFundingInCSLJSON: CSL has no funding variable, so CSL-JSON carries
// each work's funders under custom.funding (the schema's place for
// key-value data no variable holds), in the page data's shape, and a work
// without funders carries none.
func TestFundingInCSLJSON(t *testing.T) {
	items := gjson.Parse(renderString(t, exampleFolder(t), Options{Format: CSLJSON})).Array()
	with := 0
	for _, it := range items {
		funding := it.Get("custom.funding")
		if !funding.Exists() {
			continue
		}
		with++
		if it.Get("DOI").String() == "10.1145/3448016.3452841" {
			first := funding.Array()[0]
			if first.Get("funder").String() != "NSF (National Science Foundation)" || len(first.Get("awards").Array()) == 0 {
				t.Errorf("the ACM paper's first funder %s", first.Raw)
			}
		}
	}
	if with != 2 {
		t.Errorf("%d CSL items with custom.funding, want 2 (the two works with funders)", with)
	}
	if p := cslSchemaProblems(gjson.Parse(renderString(t, exampleFolder(t), Options{Format: CSLJSON})).Value()); len(p) > 0 {
		t.Errorf("CSL-JSON with funding fails the schema: %v", p)
	}
}

package providers_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// TestCrossrefFunders reads funder[] of two real Crossref records. eLife's
// names "SystemsX" and the University of Lausanne twice each (once per
// acknowledgement): one funder each, in the order first named. ACM's SIGMOD
// paper deposits its NSF and DOE awards as one comma-joined string each:
// kept as written, since splitting would guess where the member meant a
// list. Funder DOIs come in lower case with no resolver. commonmeta-py's
// maintainers read eLife's record (tests/fixtures/crossref.json, the same
// answer) into the same six funders in the same order
// (tests/test-crossref_reader.py, front-matter/commonmeta-py 8cfcdf3).
func TestCrossrefFunders(t *testing.T) {
	cases := []struct {
		doi  string
		want []record.Funding
	}{
		{"10.7554/elife.01567", []record.Funding{
			{Funder: "SystemsX"},
			{Funder: "EMBO longterm post-doctoral fellowships"},
			{Funder: "Marie Heim-Voegtlin"},
			{Funder: "University of Lausanne", DOI: "10.13039/501100006390"},
			{Funder: "EMBO", DOI: "10.13039/501100003043"},
			{Funder: "Swiss National Science Foundation", DOI: "10.13039/501100001711"},
		}},
		{"10.1145/3448016.3452841", []record.Funding{
			{Funder: "NSF (National Science Foundation)", DOI: "10.13039/100000001", Awards: []string{"CCF 805476, CCF 822388, CCF 1724745,CCF 1715777, CCF 1637458, IIS 1541613, CRII 1947789, CNS 1408695, CNS 1755615, CCF 1439084, CCF 1725543, CSR 1763680, CCF 1716252, CCF 1617618, CNS 1938709, IIS 1247726, CNS-1938709,CCF-1750472,CCF-1452904,CNS-1763680"}},
			{Funder: "DOE U.S. Department of Energy", DOI: "10.13039/100000015", Awards: []string{"DE-AC02-05CH11231,17-SC-20-SC"}},
		}},
	}
	for _, c := range cases {
		s := newStub(t)
		s.file("/works/"+c.doi+"?mailto=ada%40example.org", 200, "crossref/crossref-work-"+dashed(c.doi)+".json")
		rec := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, c.doi).Record
		if rec == nil || !reflect.DeepEqual(rec.Funding, c.want) {
			t.Errorf("%s: funding %+v,\nwant %+v", c.doi, rec, c.want)
		}
	}
}

// TestOpenAlexFunders reads funders[] and awards[] (which replaced grants[]
// in 2025) of OpenAlex's real PLOS ONE work: four funders with their ROR
// ids, one award (the Austrian Science Fund's S9302-B05) joined to its
// funder by OpenAlex id.
func TestOpenAlexFunders(t *testing.T) {
	const doi = "10.1371/journal.pone.0000030"
	s := newStub(t)
	s.file("/works/doi:"+doi, 200, "openalex/openalex-work-doi-10.1371-journal.pone.0000030.json")
	rec := fetchOne(t, providers.OpenAlex(), s.env(), manifest.KindDOI, doi).Record
	want := []record.Funding{
		{Funder: "Wayne State University", ROR: "01070mq45"},
		{Funder: "University of New South Wales", ROR: "03r8z3t63"},
		{Funder: "Austrian Science Fund", ROR: "013tf3c58", Awards: []string{"S9302-B05"}},
		{Funder: "Max-Planck-Gesellschaft", ROR: "01hhn8329"},
	}
	if rec == nil || !reflect.DeepEqual(rec.Funding, want) {
		t.Errorf("funding %+v,\nwant %+v", rec.Funding, want)
	}
}

func dashed(doi string) string { return strings.ReplaceAll(doi, "/", "-") }

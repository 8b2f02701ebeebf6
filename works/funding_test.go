package works_test

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// TestFundingTheRegistrarsListWhole: the funders come whole from the first
// provider in precedence that lists any (the registrar's deposit before an
// index's), never mixed, and provenance names it. The lists are the real
// ones of 10.1145/3448016.3452841 (Crossref: NSF and DOE by Funder
// Registry DOI; OpenAlex: the NSF by ROR id with its awards one by one).
func TestFundingTheRegistrarsListWhole(t *testing.T) {
	order := works.Precedence{Fields: []string{"crossref", "openalex"}}
	crossref := []record.Funding{
		{Funder: "NSF (National Science Foundation)", DOI: "10.13039/100000001", Awards: []string{"CCF 805476, CCF 822388"}},
		{Funder: "DOE U.S. Department of Energy", DOI: "10.13039/100000015", Awards: []string{"DE-AC02-05CH11231,17-SC-20-SC"}},
	}
	openalex := []record.Funding{{Funder: "National Science Foundation", ROR: "021nxhr62", Awards: []string{"1637458", "1716252"}}}
	both := []works.Named{
		{Provider: "openalex", Record: record.Record{Funding: openalex}},
		{Provider: "crossref", Record: record.Record{Funding: crossref}},
	}
	got, from, conflicts := order.Merge(both)
	if !reflect.DeepEqual(got.Funding, crossref) || from["funding"] != "crossref" {
		t.Errorf("funding %+v from %q, want Crossref's list whole", got.Funding, from["funding"])
	}
	if len(conflicts) != 0 {
		t.Errorf("conflicts %+v: funder lists are not compared (as topics)", conflicts)
	}
	got, from, _ = order.Merge([]works.Named{{Provider: "crossref", Record: record.Record{Title: "T"}}, both[0]})
	if !reflect.DeepEqual(got.Funding, openalex) || from["funding"] != "openalex" {
		t.Errorf("funding %+v from %q, want OpenAlex's when Crossref lists none", got.Funding, from["funding"])
	}
}

// TestFundingOrderIsItsOwn: a funder list follows Precedence.Funding, not
// Fields: Europe PMC ranks above OpenAlex for the record's fields, but its
// grant list names agencies alone (the Lancet paper's "NCI NIH HHS",
// P30 CA008748, in the recorded core search), so OpenAlex's, with ROR
// ids, is kept when no deposit names funders; Europe PMC's is kept only
// when it alone names any.
func TestFundingOrderIsItsOwn(t *testing.T) {
	order := works.Precedence{Fields: []string{"crossref", "europepmc", "openalex"}, Funding: []string{"crossref", "openalex", "europepmc"}}
	epmc := []record.Funding{{Funder: "NCI NIH HHS", Awards: []string{"P30 CA008748"}}}
	openalex := []record.Funding{{Funder: "National Cancer Institute", ROR: "040gcmg81", Awards: []string{"P30CA008748"}}}
	got, from, _ := order.Merge([]works.Named{
		{Provider: "crossref", Record: record.Record{Title: "T"}},
		{Provider: "europepmc", Record: record.Record{Funding: epmc}},
		{Provider: "openalex", Record: record.Record{Funding: openalex}},
	})
	if !reflect.DeepEqual(got.Funding, openalex) || from["funding"] != "openalex" {
		t.Errorf("funding %+v from %q, want OpenAlex's list over Europe PMC's names", got.Funding, from["funding"])
	}
	got, from, _ = order.Merge([]works.Named{{Provider: "europepmc", Record: record.Record{Funding: epmc}}})
	if !reflect.DeepEqual(got.Funding, epmc) || from["funding"] != "europepmc" {
		t.Errorf("funding %+v from %q, want Europe PMC's when it alone names funders", got.Funding, from["funding"])
	}
}

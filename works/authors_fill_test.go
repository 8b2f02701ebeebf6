package works_test

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// TestMergeAuthorsByInitials: the registrar's author and an index's short
// form of the same name. The first pair is from the real recordings of
// doi:10.1007/978-3-662-46370-3_13 (testdata/crossref: "Ronald L."
// Diercks; testdata/openalex: display_name "Ron L. Diercks" with an ORCID
// iD); the others are written by hand.
func TestMergeAuthorsByInitials(t *testing.T) {
	in := []works.Named{
		{Provider: "crossref", Record: record.Record{Authors: []record.Author{
			{Given: "Ronald L.", Family: "Diercks"},
			{Given: "Alex", Family: "Conway"},
			{Given: "Anne", Family: "Lovelace"},
			{Given: "Jon", Family: "Smith"},
			{Given: "Jan", Family: "Berg"},
			{Given: "Jane", Family: "Berg"},
			{Given: "P.", Family: "Ng", ORCID: "0000-0001-0000-0001"},
		}}},
		{Provider: "openalex", Record: record.Record{Authors: []record.Author{
			{Given: "Ron L.", Family: "Diercks", ORCID: "0000-0001-9873-208X"},                                        // shorter: iD taken, given kept
			{Given: "Alexander J.", Family: "Conway", ORCID: "0000-0003-4890-7413", Affiliations: []string{"VMware"}}, // fuller: all taken
			{Given: "Ada", Family: "Lovelace", ORCID: "0000-0002-1825-0097"},                                          // same initial, other name: nothing
			{Given: "John", Family: "Smith", ORCID: "0000-0002-0000-0002"},                                            // not a start of "Jon": nothing
			{Given: "Janet", Family: "Berg", ORCID: "0000-0002-0000-0003"},                                            // two Bergs at the registrar: nothing
			{Given: "Pat", Family: "Ng", ORCID: "0000-0009-9999-9999"},                                                // another iD: nothing
		}}},
	}
	got, from, _ := order.Merge(in)
	want := []record.Author{
		{Given: "Ronald L.", Family: "Diercks", ORCID: "0000-0001-9873-208X"},
		{Given: "Alexander J.", Family: "Conway", ORCID: "0000-0003-4890-7413", Affiliations: []string{"VMware"}},
		{Given: "Anne", Family: "Lovelace"},
		{Given: "Jon", Family: "Smith"},
		{Given: "Jan", Family: "Berg"},
		{Given: "Jane", Family: "Berg"},
		{Given: "P.", Family: "Ng", ORCID: "0000-0001-0000-0001"},
	}
	for i := range want {
		if i >= len(got.Authors) || !reflect.DeepEqual(got.Authors[i], want[i]) {
			t.Errorf("author %d = %+v, want %+v", i, got.Authors[i], want[i])
		}
	}
	for k, v := range map[string]string{"authors.orcid": "openalex", "authors.given": "openalex",
		"authors.affiliations": "openalex", "authors.by_initials": "openalex"} {
		if from[k] != v {
			t.Errorf("provenance[%q] = %q, want %q", k, from[k], v)
		}
	}
}

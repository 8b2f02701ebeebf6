package works_test

import (
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// TestPublishedVersionKnownByItsEPrint: a paper known by its arXiv id
// that dblp describes as published in proceedings (dblp gives ICLR's
// early papers their e-print as their only edition) is that paper: what
// arXiv alone says of the e-print, arXiv as its publisher and the day it
// was posted, is not said of it. A work every service calls the e-print
// keeps them.
func TestPublishedVersionKnownByItsEPrint(t *testing.T) {
	order := works.Precedence{Fields: []string{"dblp", "arxiv"}}
	eprint := works.Named{Provider: "arxiv", Record: record.Record{Type: "article", Publisher: "arXiv", Issued: record.NewDate(2017, 6, 12)}}
	paper := works.Named{Provider: "dblp", Record: record.Record{Type: "paper-conference", Container: "NIPS", Issued: record.NewDate(2017, 0, 0)}}
	got, from, conflicts := order.Merge([]works.Named{eprint, paper})
	if got.Type != "paper-conference" || got.Publisher != "" || got.Issued != record.NewDate(2017, 0, 0) || from["publisher"] != "" || from["issued"] != "dblp" || len(conflicts) != 1 {
		t.Errorf("the proceedings paper: type %q publisher %q issued %v, from %v, conflicts %+v", got.Type, got.Publisher, got.Issued, from, conflicts)
	}
	corr := works.Named{Provider: "dblp", Record: record.Record{Type: "article", Genre: "Preprint", Container: "CoRR", Issued: record.NewDate(2017, 0, 0)}}
	got, _, _ = order.Merge([]works.Named{eprint, corr})
	if got.Publisher != "arXiv" || got.Issued != record.NewDate(2017, 6, 12) {
		t.Errorf("the e-print: publisher %q issued %v, want arXiv's", got.Publisher, got.Issued)
	}
}

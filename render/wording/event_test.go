package wording

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestEventTitle: a conference paper's event is named by its venue's
// short name (dblp's booktitle, the conference's acronym) without dblp's
// mark of a volume or track, and the year: "CPAIOR (2)" of 2024 is
// CPAIOR 2024. A paper with no short name, a short name that is its
// venue's whole title, or a work of another type has none.
func TestEventTitle(t *testing.T) {
	paper := func(container, short string, year int) record.Record {
		return record.Record{Type: "paper-conference", Container: container, ContainerShort: short, Issued: record.NewDate(year, 0, 0)}
	}
	for _, c := range []struct {
		r    record.Record
		want string
	}{
		{paper("Integration of Constraint Programming, … CPAIOR 2024, Proceedings, Part II", "CPAIOR (2)", 2024), "CPAIOR 2024"},
		{paper("Advances in Neural Information Processing Systems 30", "NIPS", 2017), "NIPS 2017"},
		{paper("3rd International Conference on Learning Representations, ICLR 2015", "ICLR (Poster)", 2015), "ICLR 2015"},
		{paper("Proceedings of the 61st Annual Meeting of the ACL", "ACL (1)", 0), "ACL"},
		{paper("ICCE", "", 2012), ""},
		{paper("NIPS", "NIPS", 2017), ""},
		{record.Record{Type: "article-journal", Container: "IEEE Transactions on Visualization and Computer Graphics", ContainerShort: "IEEE Trans. Vis. Comput. Graph.", Issued: record.NewDate(2011, 0, 0)}, ""},
	} {
		if got := EventTitle(c.r); got != c.want {
			t.Errorf("%q (%s): %q, want %q", c.r.ContainerShort, c.r.Type, got, c.want)
		}
	}
}

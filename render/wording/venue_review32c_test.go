package wording

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestVenueEditorsReview: the editors 2b0d372 puts on the venue line.
// A paper or a chapter known only by its publisher (no proceedings or
// book title) read "In Ann Lee (ed.), ACM": "In" before a publisher says
// the work is inside a book called ACM. The editors stay, in the detail.
func TestVenueEditorsReview(t *testing.T) {
	lee := []record.Author{{Given: "Ann", Family: "Lee"}}
	bo := []record.Author{{Given: "Bo", Family: "Ek"}}
	for _, c := range []struct {
		r                     record.Record
		in, container, detail string
	}{
		{record.Record{Type: "paper-conference", Publisher: "ACM", Authors: bo, Editors: lee}, "", "ACM", "Ann Lee (ed.)"},
		{record.Record{Type: "chapter", Publisher: "Springer", Authors: bo, Editors: lee, Pages: "1-9"}, "", "Springer", "Ann Lee (ed.), pp. 1–9"},
		{record.Record{Type: "paper-conference", Container: "Proc. X", Publisher: "ACM", Authors: bo, Editors: lee}, "In Ann Lee (ed.),", "Proc. X", ""},
	} {
		in, container, detail := Venue(c.r)
		if in != c.in || container != c.container || detail != c.detail {
			t.Errorf("Venue(%s, container %q, publisher %q) = %q / %q / %q, want %q / %q / %q",
				c.r.Type, c.r.Container, c.r.Publisher, in, container, detail, c.in, c.container, c.detail)
		}
	}
}

// TestVenueBookEditorOrder: an authored book's editors (a scholarly
// edition, a volume of a series) are written between the series and its
// volume number: "Lecture Notes in Computer Science, Ann Lee (ed.), 1234,
// Springer" reads as if 1234 were Ann Lee's, and "CUP, Ann Lee (ed.)" as
// if she edited the press. A citation names the editor before the
// series and the publisher ("Edited by Ann Lee."). Left for the lead:
// the order is the page's to choose.
func TestVenueBookEditorOrder(t *testing.T) {
	r := record.Record{Type: "book", Container: "Lecture Notes in Computer Science", Volume: "1234", Publisher: "Springer",
		Authors: []record.Author{{Given: "Bo", Family: "Ek"}}, Editors: []record.Author{{Given: "Ann", Family: "Lee"}}}
	if in, container, detail := Venue(r); in != "Ann Lee (ed.)," || container != "Lecture Notes in Computer Science" || detail != "1234, Springer" {
		t.Errorf("venue %q %q %q: want the editor before the series, then its volume and publisher", in, container, detail)
	}
}

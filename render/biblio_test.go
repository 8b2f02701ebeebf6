package render

import (
	"testing"
)

// A lab's feed is the lab's: its id a tag: URI of the lab's name, its
// author the lab at the lab's site, and no member's ORCID record in
// either, for that member's own feed (--member) has that iD as its id and
// RFC 4287 §4.2.6 makes a feed's id its own ("universally unique").
func TestAtomFeedOfALabIsTheLabs(t *testing.T) {
	f, opts := labFixture(t)
	opts.Format = Atom
	lab := parseAtom(t, renderString(t, f, opts))
	if lab.ID != "tag:aboutscholar.github.io,2026:feed/holt-lab" || lab.Author.Name != "Holt Lab" ||
		lab.Author.URI != "https://holtlab.example.org" ||
		len(lab.Links) != 1 || lab.Links[0].Href != "https://holtlab.example.org" {
		t.Errorf("the lab's feed: id %q, author %+v, links %+v", lab.ID, lab.Author, lab.Links)
	}
	opts.Member = "Maren Holt"
	holt := parseAtom(t, renderString(t, f, opts))
	if holt.ID != "https://orcid.org/0000-0002-1111-2222" || holt.Author.Name != "Maren Holt" ||
		holt.Author.URI != "https://orcid.org/0000-0002-1111-2222" || holt.ID == lab.ID {
		t.Errorf("Maren Holt's feed: id %q, author %+v (the lab's id %q)", holt.ID, holt.Author, lab.ID)
	}
	opts.Member = "Dana Ferreira" // no iD: a tag: URI of her name
	if dana := parseAtom(t, renderString(t, f, opts)); dana.ID != "tag:aboutscholar.github.io,2026:feed/dana-ferreira" || dana.Author.URI != "" || len(dana.Links) != 0 {
		t.Errorf("Dana Ferreira's feed: id %q, author %+v, links %+v", dana.ID, dana.Author, dana.Links)
	}
}

package providers_test

import (
	"slices"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// TestORCIDPersonLinks: the addresses a record links other profiles by
// come with its name, from the request that reads it anyway: /record's
// person when the CV is asked (Carberry's recorded record: two researcher
// URLs, then his Scopus Author ID's address), /person otherwise (Binfield's
// recorded /person: no researcher URL, his Scopus Author ID's address).
// The values are the recorded answers', in their order.
func TestORCIDPersonLinks(t *testing.T) {
	s := carberryStub(t, "/record", "orcid/orcid-record-"+carberry+".json")
	env := s.env()
	env.CV = true
	res := fetchOne(t, providers.ORCID(), env, manifest.KindORCID, carberry)
	want := []string{
		"http://library.brown.edu/about/hay/carberry.php",
		"http://en.wikipedia.org/wiki/Josiah_Carberry",
		"http://www.scopus.com/inward/authorDetails.url?authorID=7007156898&partnerID=MN8TOARS",
	}
	if res.Person == nil || !slices.Equal(res.Person.Links, want) {
		t.Errorf("Carberry's /record: person %+v\nwant links %q", res.Person, want)
	}

	b := newStub(t)
	b.file("/v3.0/0000-0002-9341-7985/works", 200, "orcid/orcid-works-0000-0002-9341-7985.json")
	b.file("/v3.0/0000-0002-9341-7985/works/15536015,5011717,15536016,15536014,15536013,15536017,15536018,15536019", 200, "orcid/constructed-orcid-works-bulk-0000-0002-9341-7985.json")
	b.file("/v3.0/0000-0002-9341-7985/person", 200, "orcid/orcid-person-0000-0002-9341-7985.json")
	res = fetchOne(t, providers.ORCID(), b.env(), manifest.KindORCID, "0000-0002-9341-7985")
	want = []string{"http://www.scopus.com/inward/authorDetails.url?authorID=55224382400&partnerID=MN8TOARS"}
	if res.Person == nil || !slices.Equal(res.Person.Links, want) {
		t.Errorf("Binfield's /person: person %+v\nwant links %q", res.Person, want)
	}
}

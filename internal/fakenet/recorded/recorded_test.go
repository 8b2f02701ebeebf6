package recorded

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
)

func TestStatusOf(t *testing.T) {
	for name, want := range map[string]int{
		"crossref-work-10.1145-3448016.3452841.json":              200,
		"crossref-work-not-found-10.1371-notarealdoi.txt":         404,
		"datacite-error-422-bad-query.json":                       422,
		"openalex-work-doi-10.1017-9781108348843.json":            200,
		"europepmc-search-pmcid-PMC12120539-410-gone.json":        410,
		"semanticscholar-batch-400-too-many-ids.json":             400,
		"constructed-crossref-work-10.5555-thesis.2019.json":      200,
		"pubmed-efetch-pmid-11748933-and-29106400-not-found.xml":  404,
		"unpaywall-10.1145-3448016.3452841-404-not-in-index.json": 404,
	} {
		if got := StatusOf(name); got != want {
			t.Errorf("StatusOf(%s) = %d, want %d", name, got, want)
		}
	}
}

// TestPickByIdentityThenStatusThenWords: the recording named for the
// identity asked wins; among those, a 200; among equals, the one sharing
// the request path's words.
func TestPickByIdentityThenStatusThenWords(t *testing.T) {
	answers := []Answer{
		{Name: "crossref-work-not-found-10.1371-x.txt", Status: 404},
		{Name: "crossref-work-10.1145-3448016.3452841.json", Status: 200},
		{Name: "orcid-works-0000-0002-9341-7985.json", Status: 200},
		{Name: "orcid-person-0000-0002-9341-7985.json", Status: 200},
		{Name: "crossref-work-10.7554-elife.01567.json", Status: 200},
	}
	ids := []manifest.Identity{{Kind: manifest.KindDOI, Value: "10.1145/3448016.3452841"}, {Kind: manifest.KindDOI, Value: "10.1371/x"}, {Kind: manifest.KindORCID, Value: "0000-0002-9341-7985"}}
	for asked, want := range map[string]string{
		"/works/10.1145/3448016.3452841?mailto=a ": "crossref-work-10.1145-3448016.3452841.json",
		"/v3.0/0000-0002-9341-7985/person ":        "orcid-person-0000-0002-9341-7985.json",
		"/v3.0/0000-0002-9341-7985/works ":         "orcid-works-0000-0002-9341-7985.json",
		"/works/10.1371/x ":                        "crossref-work-not-found-10.1371-x.txt",
		"/works/10.9999/unknown ":                  "orcid-works-0000-0002-9341-7985.json",
	} {
		if got := Pick(answers, ids, asked).Name; got != want {
			t.Errorf("Pick(%q) = %s, want %s", asked, got, want)
		}
	}
}

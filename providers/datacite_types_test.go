package providers_test

import (
	"fmt"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// DataCite's types say a preprint, a poster or a presentation in two
// places, resourceTypeGeneral and the free-text resourceType; each lands
// as Crossref's and ORCID's do: an article with genre "Preprint", a
// speech with genre "Poster", a speech.
func TestDataCiteTypesCarryTheGenre(t *testing.T) {
	cases := []struct{ general, kind, wantType, wantGenre string }{
		{"Preprint", "Article", "article", "Preprint"}, // arXiv's own DataCite records
		{"Preprint", "", "article", "Preprint"},
		{"Text", "Preprint", "article", "Preprint"}, // ResearchGate (10.13140) sends these
		{"Text", "Poster", "speech", "Poster"},      // Zenodo
		{"Text", "Conference poster", "speech", "Poster"},
		{"Event", "Poster", "speech", "Poster"},
		{"Text", "Presentation", "speech", ""},
		{"Event", "Presentation", "speech", ""},
		{"Event", "Workshop", "event", ""}, // the occasion itself stays an event
		{"Text", "Journal article", "article-journal", ""},
		{"Dataset", "Poster data", "dataset", ""}, // only a text or an event is the poster
	}
	for i, c := range cases {
		doi := fmt.Sprintf("10.5555/type%d", i)
		body := fmt.Sprintf(`{"data":{"id":%q,"type":"dois","attributes":{"doi":%q,"titles":[{"title":"T"}],`+
			`"publicationYear":2020,"types":{"resourceTypeGeneral":%q,"resourceType":%q}}}}`, doi, doi, c.general, c.kind)
		s := newStub(t)
		s.text("/dois/"+doi, 200, body)
		res := fetchOne(t, providers.DataCite(), s.envAs(""), manifest.KindDOI, doi)
		if res.Record == nil {
			t.Fatalf("%s/%s: %s (%v)", c.general, c.kind, res.Status, res.Err)
		}
		if res.Record.Type != c.wantType || res.Record.Genre != c.wantGenre {
			t.Errorf("%s/%q: type %q genre %q, want %q %q", c.general, c.kind, res.Record.Type, res.Record.Genre, c.wantType, c.wantGenre)
		}
	}
}

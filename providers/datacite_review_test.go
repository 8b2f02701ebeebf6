package providers_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// dataCiteText fetches one DataCite Text record whose attributes hold
// extra (JSON members after the types) through the stub.
func dataCiteText(t *testing.T, i int, kind, extra string) *record.Record {
	t.Helper()
	doi := fmt.Sprintf("10.5555/review%d", i)
	body := fmt.Sprintf(`{"data":{"id":%q,"type":"dois","attributes":{"doi":%q,"titles":[{"title":"T"}],`+
		`"publicationYear":2018,"types":{"resourceTypeGeneral":"Text","resourceType":%q}%s}}}`, doi, doi, kind, extra)
	s := newStub(t)
	s.text("/dois/"+doi, 200, body)
	res := fetchOne(t, providers.DataCite(), s.envAs(""), manifest.KindDOI, doi)
	if res.Record == nil {
		t.Fatalf("%q: %s (%v)", kind, res.Status, res.Err)
	}
	return res.Record
}

// TestDataCiteResourceTypeWordsNotTheirLetters: a resourceType is read by
// its words, not by the letters a longer word happens to contain. Before
// the #32 review "Notebook", "Logbook", "Codebook", "Facebook post" and
// "Bookmark" were books (the phrase "book" inside them), and
// "Hypothesis" a thesis; they say nothing CSL names, so the generic
// article stays. The compounds whose last word is the kind still are
// ("Handbook", "Masterthesis", "Forschungsbericht").
func TestDataCiteResourceTypeWordsNotTheirLetters(t *testing.T) {
	for i, c := range []struct{ kind, want string }{
		{"Notebook", "article"}, {"Lab notebook", "article"}, {"Logbook", "article"}, {"Codebook", "article"},
		{"Facebook post", "article"}, {"Bookmark", "article"}, {"Hypothesis", "article"},
		{"Handbook", "book"}, {"Textbook", "book"}, {"Yearbook", "book"}, {"Book", "book"}, {"E-Book", "book"},
		{"Masterthesis (unpublished)", "thesis"}, {"Doctoral thesis (PhD)", "thesis"},
		{"Forschungsbericht Nr. 12", "report"}, {"MonographieMonograph", "book"}, {"Book chapter", "chapter"},
		{"Conference poster", "speech"}, {"Preprint article", "article"},
	} {
		if got := dataCiteText(t, i, c.kind, "").Type; got != c.want {
			t.Errorf("resourceType %q: type %q, want %q", c.kind, got, c.want)
		}
	}
}

// TestDataCiteArticleInABookIsAChapter: a bare "Article" whose container
// DataCite gives as a Book (a related item IsPublishedIn of
// relatedItemType Book, schema 4.4) is a chapter of that book, not a
// journal article with the book's title as the journal (before the #32
// review: article-journal).
func TestDataCiteArticleInABookIsAChapter(t *testing.T) {
	related := `,"relatedItems":[{"relationType":"IsPublishedIn","relatedItemType":"Book","titles":[{"title":"Collected essays"}],"firstPage":"12","lastPage":"30"}]`
	container := `,"container":{"type":"Book","title":"Collected essays","firstPage":"12","lastPage":"30"}`
	for i, extra := range []string{related, container} {
		r := dataCiteText(t, 100+i, "Article", extra)
		if r.Type != "chapter" || r.Container != "Collected essays" || r.Pages != "12-30" {
			t.Errorf("%s: type %q container %q pages %q, want a chapter of \"Collected essays\", 12-30", extra, r.Type, r.Container, r.Pages)
		}
	}
}

// TestDataCiteYearIsNoPage: DataCite's API splits a SeriesInformation
// "Journal of X, 5, 2018" at its commas and calls the last part the pages
// (bolognese's get_series_information), so the year arrives as
// container.firstPage. A first page equal to the work's year with no last
// page is the year, and no page is written.
func TestDataCiteYearIsNoPage(t *testing.T) {
	r := dataCiteText(t, 200, "Journal article", `,"container":{"type":"Series","title":"Journal of X","volume":"5","firstPage":"2018"}`)
	if r.Pages != "" || r.Volume != "5" {
		t.Errorf("volume %q pages %q, want volume 5 and no pages", r.Volume, r.Pages)
	}
}

// TestDataCiteThaiYearIsCommonEra: a Thai repository's record
// (10.14457/kmitl.res.2006.17, testdata/corpus) gives publicationYear
// 2549, the Buddhist Era year (2549 BE = 2006 CE, as the DOI itself
// says); every citation format reads the year as the common era, so a
// user publishes a work dated 2549. Its title ends in the catalogue's
// ISBD " /" before a statement of responsibility, and its publisher in
// a comma, both copied from a MARC record; a cataloguer writes neither.
func TestDataCiteThaiYearIsCommonEra(t *testing.T) {
	const doi = "10.14457/kmitl.res.2006.17"
	body, err := os.ReadFile("../testdata/corpus/datacite/datacite-doi-10.14457-kmitl.res.2006.17.json")
	if err != nil {
		t.Fatal(err)
	}
	s := newStub(t)
	s.answer("/dois/"+doi, 200, body)
	res := fetchOne(t, providers.DataCite(), s.envAs(""), manifest.KindDOI, doi)
	if res.Record == nil {
		t.Fatalf("%s (%v)", res.Status, res.Err)
	}
	r := res.Record
	if r.Issued.Year != 2006 || strings.HasSuffix(r.Title, "/") || strings.HasSuffix(r.Publisher, ",") {
		t.Errorf("year %d, title %q, publisher %q: want 2006 and no ISBD punctuation", r.Issued.Year, r.Title, r.Publisher)
	}
}

// TestDataCiteMorePlaceholdersAreNobody: creator names that stand for
// nobody beyond DataCite's own codes and the English words the #32 rule
// reads: "N.N." (nomen nescio, as German library records write an unknown
// person), the bracketed "[Unknown]" of a cataloguer's supplied value, the
// German, French and other words for unknown and anonymous, a code
// written with spaces, "et al." as a creator of its own. Each is printed
// as the work's author, sorted and keyed as a person.
func TestDataCiteMorePlaceholdersAreNobody(t *testing.T) {
	for i, name := range []string{"N.N.", "[Unknown]", "Unbekannt", "Anonym", "Inconnu", "Desconocido", "Unknown Unknown", "( :unav )", "et al.", "Not available", "-", "none", "n.a."} {
		r := dataCiteText(t, 400+i, "Journal article", fmt.Sprintf(`,"creators":[{"name":%q}]`, name))
		if len(r.Authors) != 0 {
			t.Errorf("creator %q: authors %+v, want none", name, r.Authors)
		}
	}
}

// TestDataCiteVolumeWithItsIssue: a container volume that carries its
// issue ("12(3)", "Vol. 12, No. 3", as a repository deposits a related
// item's volume) still names the volume; before the #32 review's fix the
// whole value was read as no volume and the volume was lost.
func TestDataCiteVolumeWithItsIssue(t *testing.T) {
	for i, v := range []string{"12(3)", "12 (3)", "Vol. 12, No. 3", "Bd. 12 Nr. 3"} {
		r := dataCiteText(t, 500+i, "Journal article", fmt.Sprintf(`,"container":{"type":"Journal","title":"Journal of X","volume":%q}`, v))
		if r.Volume != "12" {
			t.Errorf("volume %q: read %q, want 12", v, r.Volume)
		}
	}
	for i, v := range []string{"June 5-9, 2016", "IPAC2016", "Diss."} {
		if r := dataCiteText(t, 510+i, "Journal article", fmt.Sprintf(`,"container":{"type":"Journal","title":"Journal of X","volume":%q}`, v)); r.Volume != "" {
			t.Errorf("volume %q: read %q, want none", v, r.Volume)
		}
	}
}

// TestDataCitePreprintOfAnArticleIsAPreprint: a resourceType that says
// the record is the preprint of a journal article ("Journal article
// (preprint)", "Preprint of a journal article") is a preprint, CSL's
// article with genre Preprint, as a bare "Preprint" is; before the #32
// review's fix it was a journal article with genre Preprint, an entry
// that says both (BibTeX's @article in the journal it has not yet
// appeared in).
func TestDataCitePreprintOfAnArticleIsAPreprint(t *testing.T) {
	for i, kind := range []string{"Journal article (preprint)", "Preprint of a journal article", "Preprint"} {
		if r := dataCiteText(t, 600+i, kind, ""); r.Type != "article" || r.Genre != "Preprint" {
			t.Errorf("resourceType %q: type %q genre %q, want article, Preprint", kind, r.Type, r.Genre)
		}
	}
}

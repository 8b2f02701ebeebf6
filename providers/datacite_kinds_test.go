package providers_test

import (
	"fmt"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// #32: DataCite's resource type, related items and container fields,
// read as a bibliographer reads them. The real answers are in the corpus
// (testdata/corpus, classes "type from resource type", "related items",
// "container sanity"); these cases are the rest of the table, each a
// record cut to the fields that decide.

// dataCiteWith fetches a DataCite record whose attributes are a title, a
// year and extra (a JSON object's members).
func dataCiteWith(t *testing.T, i int, extra string) *record.Record {
	t.Helper()
	doi := fmt.Sprintf("10.5555/kind%d", i)
	body := fmt.Sprintf(`{"data":{"id":%q,"type":"dois","attributes":{"doi":%q,"titles":[{"title":"T"}],"publicationYear":2020,%s}}}`, doi, doi, extra)
	s := newStub(t)
	s.text("/dois/"+doi, 200, body)
	res := fetchOne(t, providers.DataCite(), s.envAs(""), manifest.KindDOI, doi)
	if res.Record == nil {
		t.Fatalf("%s: %s (%v)", extra, res.Status, res.Err)
	}
	return res.Record
}

func TestDataCiteTypeFromResourceType(t *testing.T) {
	journal := `"container":{"type":"Series","title":"Journal für Medienlinguistik"}`
	conference := `"container":{"type":"Series","title":"23rd European Photovoltaic Solar Energy Conference and Exhibition"}`
	inJournal := `"relatedItems":[{"relationType":"IsPublishedIn","relatedItemType":"Journal","titles":[{"title":"J"}],"volume":"4","issue":"2"}]`
	cases := []struct{ general, kind, extra, want string }{
		{"Text", "BlogPosting", "", "post-weblog"},
		{"Text", "Blog post", "", "post-weblog"},
		{"Text", "Monographie", "", "book"},
		{"Text", "MonographieMonograph", "", "book"},
		{"Text", "Buch", "", "book"},
		{"Text", "Zeitschriftenartikel", "", "article-journal"},
		{"Text", "Buchkapitel", "", "chapter"},
		{"Text", "Book chapter", "", "chapter"},
		{"Text", "Konferenzbeitrag", "", "paper-conference"},
		{"Text", "ConferencePaper", "", "paper-conference"},
		{"Text", "Hochschulschrift", "", "thesis"},
		{"Text", "Dissertation", "", "thesis"},
		{"Text", "Doctoral thesis", "", "thesis"},
		{"Text", "Bericht", "", "report"},
		{"Text", "Working Paper", "", "report"},
		{"Text", "Presentation", "", "speech"},
		{"Text", "Lecture", "", "speech"},
		{"Text", "Vortrag", "", "speech"},
		{"Text", "Preprint", "", "article"},
		{"Other", "Book", "", "book"},
		// a bare article is what its container says it is
		{"Text", "Article", "", "article"},
		{"Text", "Article", journal, "article-journal"},
		{"Text", "Article", conference, "paper-conference"},
		{"Text", "ScholarlyArticle", inJournal, "article-journal"},
		// nothing more said: the generic type, unless published in a journal
		{"Text", "", "", "article"},
		{"Text", "Skala", "", "article"},
		{"Text", "", inJournal, "article-journal"},
		{"Text", "", journal, "article"}, // a titled series alone may be a book series
		{"Text", "", `"container":{"type":"Series","title":"J","volume":"3","issue":"1"}`, "article-journal"},
		{"Text", "", `"container":{"type":"Journal","title":"J"}`, "article-journal"},
		// resourceTypeGeneral stays the first word where it is precise
		{"Dataset", "Article", "", "dataset"},
		{"Event", "Lecture", "", "speech"},
		{"Event", "Workshop", "", "event"},
	}
	for i, c := range cases {
		extra := fmt.Sprintf(`"types":{"resourceTypeGeneral":%q,"resourceType":%q}`, c.general, c.kind)
		if c.extra != "" {
			extra += "," + c.extra
		}
		if got := dataCiteWith(t, i, extra).Type; got != c.want {
			t.Errorf("%s/%q %s: type %q, want %q", c.general, c.kind, c.extra, got, c.want)
		}
	}
}

// A related item's title comes in every shape lupo stores as deposited
// (schema 4.4 relatedItems: titles is a list of {title, titleType}).
func TestDataCiteRelatedItemTitleInEveryShape(t *testing.T) {
	for i, titles := range []string{
		`"titles":[{"title":"The Book"}]`,
		`"titles":[{"title":"The Book","titleType":null},{"title":"Das Buch","titleType":"TranslatedTitle"}]`,
		`"titles":{"title":"The Book"}`,
		`"titles":["The Book"]`,
		`"title":"The Book"`,
		`"titles":{"title":{"__content__":"The Book","lang":"en"}}`,
	} {
		extra := `"types":{"resourceTypeGeneral":"BookChapter"},"relatedItems":[{"relationType":"IsPublishedIn","relatedItemType":"Book",` +
			titles + `,"firstPage":"179","lastPage":"196"}]`
		rec := dataCiteWith(t, i, extra)
		if rec.Container != "The Book" || rec.Pages != "179-196" {
			t.Errorf("%s: container %q pages %q, want the book and 179-196", titles, rec.Container, rec.Pages)
		}
	}
}

// Container fields that are not what they say are read for what they are,
// or left out: never a label, a place or a date as a page or a volume.
func TestDataCiteContainerFieldsReadForWhatTheyAre(t *testing.T) {
	type want struct{ container, volume, issue, pages, publisher string }
	cases := []struct {
		kind, extra string
		want        want
	}{
		{"Article", `"container":{"type":"Series","title":"J","volume":"12","issue":"3","firstPage":"5","lastPage":"9"}`,
			want{"J", "12", "3", "5-9", "P"}},
		{"Article", `"container":{"type":"Series","title":"J","firstPage":"Bd. 1 Nr. 1 (2018)"},"sizes":["42-79 Seiten"]`,
			want{"J", "1", "1", "42-79", "P"}},
		{"Article", `"container":{"type":"Series","title":"J","firstPage":"No 1","lastPage":"2 (2018)"},"sizes":["33–52 Pages"]`,
			want{"J", "", "1-2", "33-52", "P"}},
		{"Article", `"container":{"type":"Series","title":"J","firstPage":"Vol. 4, Heft 2"}`,
			want{"J", "4", "2", "", "P"}},
		{"Article", `"container":{"type":"Series","title":"C Conference","volume":"1-5 September 2008","firstPage":"Spain; 3353","lastPage":"3356"}`,
			want{"C Conference", "", "", "3353-3356", "P"}},
		{"ConferencePaper", `"container":{"type":"Series","title":"Proc.","volume":"IPAC2016","firstPage":"Korea"},"sizes":["4 pages"]`,
			want{"Proc.", "", "", "", "P"}},
		{"Article", `"container":{"type":"Series","title":"J","volume":"Bd. 7","firstPage":"J"}`,
			want{"J", "7", "", "", "P"}},
		{"Article", `"container":{"type":"Series","title":"J","volume":"IV","firstPage":"xii","lastPage":"xx"}`,
			want{"J", "IV", "", "xii-xx", "P"}},
		{"Article", `"container":{"type":"Series","title":"J","volume":"S1","issue":"2","firstPage":"e1234"}`,
			want{"J", "S1", "2", "e1234", "P"}},
		{"Journal Article", `"container":{"type":"Series","title":"GMS Journal for Medical Education; 34(2):Doc25"}`,
			want{"GMS Journal for Medical Education", "34", "2", "Doc25", "P"}},
		{"Journal Article", `"container":{"type":"Series","title":"№1(24) (2019)"}`,
			want{"", "", "1", "", "P"}},
		{"Article", `"sizes":["pp. 12-30"]`, want{"", "", "", "12-30", "P"}},
		{"Monographie", `"sizes":["39.79 MB","402 pages"]`, want{"", "", "", "", "P"}},
		{"Dissertation", `"container":{"type":"Series","title":"University of Hamburg","volume":"Diss.","firstPage":"2014"},"sizes":["pages 152"]`,
			want{"", "", "", "", "University of Hamburg"}},
		{"Thesis", `"container":{"type":"Series","title":"Dissertations in Forestry","volume":"12"}`,
			want{"", "", "", "", "P"}},
		{"Chapter", `"relatedItems":[{"relationType":"IsPublishedIn","relatedItemType":"Book","titles":{"title":"B"},"volume":"Studien zur Professionsforschung","firstPage":"179","lastPage":"196"}]`,
			want{"B", "", "", "179-196", "P"}},
	}
	for i, c := range cases {
		extra := fmt.Sprintf(`"publisher":"P","types":{"resourceTypeGeneral":"Text","resourceType":%q},%s`, c.kind, c.extra)
		rec := dataCiteWith(t, i, extra)
		got := want{rec.Container, rec.Volume, rec.Issue, rec.Pages, rec.Publisher}
		if got != c.want {
			t.Errorf("%s %s:\n got %+v\nwant %+v", c.kind, c.extra, got, c.want)
		}
	}
}

// A thesis's or a report's resourceType that names the degree or the kind
// of paper is the genre, which BibTeX reads for @mastersthesis and the type
// field; the bare word adds nothing to the type.
func TestDataCiteGenreNamesTheDegree(t *testing.T) {
	cases := []struct{ general, kind, wantType, wantGenre string }{
		{"Text", "Masterarbeit", "thesis", "Masterarbeit"},
		{"Text", "Master thesis", "thesis", "Master thesis"},
		{"Text", "Doctoral thesis", "thesis", "Doctoral thesis"},
		{"Dissertation", "Bachelor thesis", "thesis", "Bachelor thesis"},
		{"Text", "Working Paper", "report", "Working Paper"},
		{"Report", "Discussion paper", "report", "Discussion paper"},
		{"Text", "Thesis", "thesis", ""},
		{"Text", "Dissertation", "thesis", ""},
		{"Text", "Report", "report", ""},
		{"Dataset", "Master data", "dataset", ""},
	}
	for i, c := range cases {
		rec := dataCiteWith(t, i, fmt.Sprintf(`"types":{"resourceTypeGeneral":%q,"resourceType":%q}`, c.general, c.kind))
		if rec.Type != c.wantType || rec.Genre != c.wantGenre {
			t.Errorf("%s/%q: type %q genre %q, want %q %q", c.general, c.kind, rec.Type, rec.Genre, c.wantType, c.wantGenre)
		}
	}
}

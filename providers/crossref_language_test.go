package providers_test

import (
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// TestCrossrefLanguageFromTheRecord: Crossref's "language" (the code the
// member deposited) is the record's language, from a single record and
// from the items of a list answer; a record without one has none. Each
// expectation is the recorded answer's own "language" value.
func TestCrossrefLanguageFromTheRecord(t *testing.T) {
	singles := map[string]string{
		"10.7554/elife.01567":          "en", // crossref-work-10.7554-elife.01567.json: "language":"en"
		"10.1371/journal.pone.0033693": "en",
		"10.1038/srep16696":            "en",
		"10.1007/978-3-662-46370-3_13": "en",
		"10.1017/9781108348843":        "", // the monograph's record has no language
		"10.1101/2020.12.01.406702":    "", // nor the bioRxiv preprint's
	}
	for doi, want := range singles {
		s := newStub(t)
		s.file("/works/"+doi+"?mailto=ada%40example.org", 200, "crossref/crossref-work-"+strings.ReplaceAll(doi, "/", "-")+".json")
		if got := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, doi).Record.Language; got != want {
			t.Errorf("%s: language %q, want %q", doi, got, want)
		}
	}
	lists := map[string]map[string]string{
		"crossref/crossref-works-filter-has-full-text-true-rows-3.json": {
			"10.1111/j.1651-2227.1964.tb07256.x": "en", "10.1111/j.1471-4159.1984.tb12735.x": "en", "10.1177/089484538501200201": "en",
		},
		"crossref/crossref-works-filter-prefix-10.5555-type-journal-article-rows-20.json": {
			"10.5555/pubdate2": "en", "10.5555/buttons2345": "en", "10.5555/jcen.21.4.572.882": "en", "10.5555/6vs5en6": "aa",
		},
	}
	for file, want := range lists {
		seen := 0
		gjson.GetBytes(fixture(t, file), "message.items").ForEach(func(_, item gjson.Result) bool {
			res, err := providers.CrossrefItem(item)
			if err != nil {
				t.Fatal(err)
			}
			doi := item.Get("DOI").String()
			if got := res.Record.Language; got != want[doi] {
				t.Errorf("%s item %s: language %q, want %q", file, doi, got, want[doi])
			}
			if want[doi] != "" {
				seen++
			}
			return true
		})
		if seen != len(want) {
			t.Errorf("%s: %d items with a language, want %d", file, seen, len(want))
		}
	}
}

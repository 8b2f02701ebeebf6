package providers_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

func TestOpenAlexRecorded(t *testing.T) {
	cases := []struct{ name, doi string }{
		{"JournalArticle", "10.1371/journal.pone.0000030"},
		{"ConferencePaper", "10.1145/3448016.3452841"},
		{"Preprint", "10.1101/097196"},
		{"BookChapter", "10.1007/978-3-662-46370-3_13"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStub(t)
			s.file("/works/doi:"+c.doi, 200, "openalex/openalex-work-doi-"+strings.ReplaceAll(c.doi, "/", "-")+".json")
			res := fetchOne(t, providers.OpenAlex(), s.env(), manifest.KindDOI, c.doi)
			if res.Status != record.Found || res.Record.IDs.DOI != c.doi || res.Counts.CitedBy == nil {
				t.Fatalf("result %+v", res)
			}
			assertGolden(t, res)
		})
	}
}

func TestOpenAlexSendsNoMailtoAndNoKeyItself(t *testing.T) {
	s := newStub(t)
	s.text("/works/doi:10.1/x", 404, `{"error":"not found"}`)
	res := fetchOne(t, providers.OpenAlex(), s.env(), manifest.KindDOI, "10.1/x")
	if res.Status != record.NotFound {
		t.Errorf("status %s", res.Status)
	}
	if providers.OpenAlex().APIKey == nil || providers.OpenAlex().APIKey.Env != "OPENALEX_API_KEY" || providers.OpenAlex().APIKey.Query != "api_key" {
		t.Errorf("OpenAlex must declare its key as OPENALEX_API_KEY sent as api_key, got %+v", providers.OpenAlex().APIKey)
	}
}

func TestOpenAlexAbstractFromInvertedIndex(t *testing.T) {
	s := newStub(t)
	s.text("/works/doi:10.1/x", 200, `{"id":"https://openalex.org/W1","abstract_inverted_index":{"world":[1,3],"hello":[0],"again":[2]}}`)
	res := fetchOne(t, providers.OpenAlex(), s.env(), manifest.KindDOI, "10.1/x")
	if got := res.Record.Abstract; got != "hello world again world" {
		t.Errorf("abstract = %q", got)
	}
}

// A work known only by a PubMed id is asked by it on the singleton
// endpoint (never in a DOI list), and the recorded work's PMID comes back.
func TestOpenAlexByPubMedIDs(t *testing.T) {
	s := newStub(t)
	s.file("/works/pmid:17183658", 200, "openalex/openalex-work-doi-10.1371-journal.pone.0000030.json")
	s.text("/works/pmcid:PMC1762313", 404, `{"error":"not found"}`)
	res := fetchAll(t, providers.OpenAlex(), s.env(),
		manifest.Identity{Kind: manifest.KindPMID, Value: "17183658"},
		manifest.Identity{Kind: manifest.KindPMCID, Value: "PMC1762313"})
	if res[0].Status != record.Found || res[0].Record.IDs.PMID != "17183658" || res[0].Record.IDs.DOI != "10.1371/journal.pone.0000030" {
		t.Errorf("pmid result %+v", res[0])
	}
	if res[1].Status != record.NotFound {
		t.Errorf("pmcid result %s, want not found", res[1].Status)
	}
}

// withAuthors is an OpenAlex work answer with n made-up authorships and,
// when cut, the flag OpenAlex sets on list items it shortened.
func withAuthors(t *testing.T, file string, n int, cut bool) string {
	t.Helper()
	var w map[string]any
	if err := json.Unmarshal(fixture(t, file), &w); err != nil {
		t.Fatal(err)
	}
	authorships := make([]any, n)
	for i := range authorships {
		authorships[i] = map[string]any{
			"author_position":  "middle",
			"author":           map[string]any{"display_name": fmt.Sprintf("Author %03d", i+1)},
			"raw_author_name":  fmt.Sprintf("Author %03d", i+1),
			"institutions":     []any{},
			"raw_affiliations": []any{},
		}
	}
	w["authorships"] = authorships
	if cut {
		w["is_authors_truncated"] = true
	}
	out, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestOpenAlexListCutAuthorsAskedSingly: a list item whose authorships
// OpenAlex cut at 100 is asked again of the singleton, which has them all.
func TestOpenAlexListCutAuthorsAskedSingly(t *testing.T) {
	const big, small = "10.1145/3448016.3452841", "10.1371/journal.pone.0000030"
	cutItem := withAuthors(t, "openalex/openalex-work-doi-10.1145-3448016.3452841.json", 100, true)
	whole := withAuthors(t, "openalex/openalex-work-doi-10.1145-3448016.3452841.json", 150, false)
	other := string(fixture(t, "openalex/openalex-work-doi-10.1371-journal.pone.0000030.json"))
	s := newStub(t)
	s.text("/works?filter=doi%3Ahttps%3A%2F%2Fdoi.org%2F10.1145%2F3448016.3452841%7Chttps%3A%2F%2Fdoi.org%2F10.1371%2Fjournal.pone.0000030&per_page=4",
		200, `{"meta":{"count":2},"results":[`+cutItem+`,`+other+`]}`)
	s.text("/works/doi:"+big, 200, whole)
	got := fetchAll(t, providers.OpenAlex(), s.env(), dois(big, small)...)
	if got[0].Record == nil || len(got[0].Record.Authors) != 150 {
		t.Fatalf("cut work: %+v, want the singleton's 150 authors", got[0])
	}
	if got[1].Record == nil || len(got[1].Record.Authors) == 0 {
		t.Errorf("uncut work: %+v, want its list record", got[1])
	}
	if n := len(s.requests()); n != 2 {
		t.Errorf("%d requests (%v), want the list and one singleton", n, s.requests())
	}
}

// TestOpenAlexOddDOIAskedSinglyEscaped: a DOI holding OpenAlex's separators
// ('|' and ',' in a filter, '&' between parameters) is never put in a list
// filter, and its singleton path carries them escaped.
func TestOpenAlexOddDOIAskedSinglyEscaped(t *testing.T) {
	s := newStub(t)
	s.text("/works?filter=doi%3Ahttps%3A%2F%2Fdoi.org%2F10.1%2Fa%7Chttps%3A%2F%2Fdoi.org%2F10.1%2Fb&per_page=4", 200, `{"meta":{"count":0},"results":[]}`)
	s.text("/works/doi:10.1/x%26y%2Cz", 404, `{"error":"not found"}`)
	for _, r := range fetchAll(t, providers.OpenAlex(), s.env(), dois("10.1/a", "10.1/x&y,z", "10.1/b")...) {
		if r.Status != record.NotFound {
			t.Errorf("%+v, want not found", r)
		}
	}
}

package providers_test

// Requests in these tests go to fakes (httptest servers or an Env.Do
// that answers in process); a real host name only keys them.

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

func TestCrossrefRecorded(t *testing.T) {
	cases := []struct{ name, doi string }{
		{"JournalArticle", "10.7554/elife.01567"},
		{"ConferencePaper", "10.1145/3448016.3452841"},
		{"BookChapter", "10.1007/978-3-662-46370-3_13"},
		{"Book", "10.1017/9781108348843"},
		{"Preprint", "10.1101/2020.12.01.406702"},
		{"IEEEConference", "10.1109/iccv.2007.4408927"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStub(t)
			s.file("/works/"+c.doi+"?mailto=ada%40example.org", 200, "crossref/crossref-work-"+strings.ReplaceAll(c.doi, "/", "-")+".json")
			res := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, c.doi)
			if res.Status != record.Found || res.Record.IDs.DOI != c.doi {
				t.Fatalf("result %+v", res)
			}
			assertGolden(t, res)
		})
	}
}

func TestCrossrefNotFoundIsNotAFailure(t *testing.T) {
	s := newStub(t)
	s.file("/works/10.1371/notarealdoi?mailto=ada%40example.org", 404, "crossref/crossref-work-not-found-10.1371-notarealdoi.txt")
	res := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, "10.1371/notarealdoi")
	if res.Status != record.NotFound || res.Err != nil {
		t.Errorf("result %+v, want not found without error", res)
	}
}

func TestCrossrefOddDOIIsEscaped(t *testing.T) {
	s := newStub(t)
	// '(' ')' ':' are legal in a path; '<' '>' ';' '#' must be escaped, and
	// the prefix/suffix slash stays a slash.
	s.text("/works/10.1002/%28sici%291097-4636%28199812%2942:3%3C444::aid-jbm16%3E3.0.co%3B2-%23", 200,
		`{"status":"ok","message-type":"work","message":{"DOI":"10.1002/(SICI)1097-4636(199812)42:3<444::AID-JBM16>3.0.CO;2-#","title":["Ödön &amp; &lt;Söhne&gt; <i>in vivo</i>"]}}`)
	env := s.env()
	env.Mailto = ""
	res := fetchOne(t, providers.Crossref(), env, manifest.KindDOI, "10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#")
	if res.Status != record.Found || res.Record.Title != "Ödön & <Söhne> in vivo" {
		t.Errorf("result %+v", res.Record)
	}
	if res.Record.IDs.DOI != "10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#" {
		t.Errorf("DOI = %q, want it normalised", res.Record.IDs.DOI)
	}
}

func TestCrossrefBadAnswers(t *testing.T) {
	cases := []struct {
		name   string
		status int
		body   string
		check  func(error) bool
	}{
		{"malformed JSON", 200, `{"status":"ok","message":{`, func(err error) bool { return errors.Is(err, service.ErrMalformed) }},
		{"error envelope", 200, `{"status":"failed","message":[]}`, func(err error) bool { return errors.Is(err, service.ErrMalformed) }},
		{"bad request", 400, `bad`, func(err error) bool {
			var se *service.StatusError
			return errors.As(err, &se) && se.Code == 400
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStub(t)
			s.text("/works/10.1/x?mailto=ada%40example.org", c.status, c.body)
			res := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, "10.1/x")
			if res.Status != record.Failed || !c.check(res.Err) {
				t.Errorf("result %+v (err %v)", res.Status, res.Err)
			}
		})
	}
}

// crossrefValidSelects is the list Crossref's /works route names in its
// validation failure for an unknown select ("Valid selects for this route
// are: …"; https://github.com/CrossRef/rest-api-doc/issues/302 for the
// answer's form, the list as the API sent it in 2026 including "published",
// "resource" and "contributor"). A select outside it fails every list query.
var crossrefValidSelects = strings.Fields(`abstract URL resource member posted score created degree
	update-policy short-title license ISSN container-title issued update-to issue prefix approved indexed
	article-number clinical-trial-number accepted author group-title DOI is-referenced-by-count updated-by
	event chair standards-body original-title funder translator published archive published-print
	alternative-id subject subtitle published-online publisher-location content-domain reference title
	link type publisher volume references-count ISBN issn-type assertion deposited page contributor
	content-created short-container-title relation editor`)

// TestCrossrefListsAskWholeRecords: the fields the parser reads that no
// select= can ask for (language above all, which every work needs) are
// why a list query asks for whole records; should Crossref ever offer
// them all, select could come back.
func TestCrossrefListsAskWholeRecords(t *testing.T) {
	var unselectable []string
	for _, f := range providers.CrossrefFields {
		if !slices.Contains(crossrefValidSelects, f) {
			unselectable = append(unselectable, f)
		}
	}
	if !slices.Contains(unselectable, "language") {
		t.Errorf("fields no select can ask for: %v; without language among them, select= would do", unselectable)
	}
	if q := crossrefListQuery(t); q.Has("select") {
		t.Errorf("a list query asks select=%s, which cuts %v", q.Get("select"), unselectable)
	}
}

// crossrefListQuery is the query of the list request a batch of two sends.
func crossrefListQuery(t *testing.T) url.Values {
	t.Helper()
	var asked url.Values
	env := service.Env{Base: "http://crossref.test", Do: func(r *http.Request) (*http.Response, error) {
		asked = r.URL.Query()
		return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader(fmt.Sprintf(crossrefEnvelope, 0, ""))), Header: http.Header{}}, nil
	}}
	if _, err := providers.Crossref().Fetch(t.Context(), env, dois("10.1/a", "10.1/b")); err != nil {
		t.Fatal(err)
	}
	return asked
}

// TestCrossrefFieldsAreWhatTheParserReads: each recorded work, cut to
// crossrefFields (what the doctor's probe checks), parses exactly as the
// whole record. Reading a new field without naming it there fails here.
func TestCrossrefFieldsAreWhatTheParserReads(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "crossref", "*crossref-work-10.*.json"))
	if err != nil || len(files) < 5 {
		t.Fatalf("recorded works: %v %v", files, err)
	}
	for _, f := range files {
		full := gjson.GetBytes(fixture(t, "crossref/"+filepath.Base(f)), "message")
		var kept []string
		full.ForEach(func(k, v gjson.Result) bool { // in the record's own order, as the parser sees it
			if slices.Contains(providers.CrossrefFields, k.String()) {
				kept = append(kept, k.Raw+":"+v.Raw)
			}
			return true
		})
		want, _ := providers.CrossrefItem(full)
		got, _ := providers.CrossrefItem(gjson.Parse("{" + strings.Join(kept, ",") + "}"))
		if resultJSON(t, got) != resultJSON(t, want) {
			t.Errorf("%s: crossrefFields parse as\n%s\nthe whole record as\n%s", filepath.Base(f), resultJSON(t, got), resultJSON(t, want))
		}
	}
}

// TestCrossrefAbstractHasNoHeading: the recorded preprint's abstract opens
// with <jats:title>Abstract</jats:title>, which is not part of its text.
func TestCrossrefAbstractHasNoHeading(t *testing.T) {
	const doi = "10.1101/2020.12.01.406702"
	s := newStub(t)
	s.file("/works/"+doi+"?mailto=ada%40example.org", 200, "crossref/crossref-work-10.1101-2020.12.01.406702.json")
	res := fetchOne(t, providers.Crossref(), s.env(), manifest.KindDOI, doi)
	if a := res.Record.Abstract; !strings.HasPrefix(a, "Bacterial membrane lipids are critical") {
		t.Errorf("abstract starts %q, want the text without its heading", a[:min(len(a), 40)])
	}
}

package providers_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// s2WantURI is the exact request line every batch must use: the fields are
// a query parameter, not part of the body, with literal commas as in the
// Graph API docs' examples.
const s2WantURI = "/graph/v1/paper/batch?fields=paperId,externalIds,title,abstract,venue,year," +
	"publicationDate,authors,citationCount,influentialCitationCount,referenceCount,fieldsOfStudy," +
	"s2FieldsOfStudy,tldr,isOpenAccess,openAccessPdf,publicationTypes,journal"

// s2Stub answers one POST of a batch whose JSON body is wantBody with
// status and answer.
func s2Stub(t *testing.T, wantBody string, status int, answer []byte) *stub {
	t.Helper()
	s := newStub(t)
	s.answer(s2WantURI, status, answer).method(http.MethodPost).
		check(requestHeader("Content-Type", "application/json")).
		check(func(t *testing.T, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			switch {
			case r.Header.Get("x-api-key") != "":
				t.Errorf("Fetch set x-api-key itself; the key is the transport's to add")
			case r.URL.Query().Has("mailto") || r.URL.Query().Has("email"):
				t.Errorf("Semantic Scholar takes no contact parameter, got %s", r.URL.RawQuery)
			case string(body) != wantBody:
				t.Errorf("request body =\n  %s\nwant\n  %s", body, wantBody)
			}
		})
	return s
}

func s2WantStatuses(t *testing.T, res []service.Result, want ...record.Status) {
	t.Helper()
	for i, r := range res {
		if r.Status != want[i] {
			t.Errorf("result %d: status %s (err %v), want %s", i, r.Status, r.Err, want[i])
		}
	}
}

// TestSemanticScholarBatch parses a real batch answer (authors only). The
// recording asked for CorpusId:470667, DOI 10.2139/ssrn.2250500 and a bare
// paperId; about only ever sends DOI/ARXIV/PMID ids, so the first and third
// positions are asked for here by stand-in DOIs under the 10.5555 test
// prefix. Answers are matched by position, so only the order matters.
func TestSemanticScholarBatch(t *testing.T) {
	ids := []manifest.Identity{
		doi("10.5555/recorded-as-corpusid-470667"),
		doi("10.2139/ssrn.2250500"),
		doi("10.5555/recorded-as-paperid-0f40b1f0"),
	}
	stub := s2Stub(t,
		`{"ids":["DOI:10.5555/recorded-as-corpusid-470667","DOI:10.2139/ssrn.2250500","DOI:10.5555/recorded-as-paperid-0f40b1f0"]}`,
		http.StatusOK, fixture(t, "semanticscholar/s2-paper-batch-fields-authors.json"))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), ids...)
	s2WantStatuses(t, res, record.Found, record.Found, record.Found)
	assertBatchGolden(t, ids, res)
}

// TestSemanticScholarSinglePaper: a batch answer built from a recorded
// single-paper answer plus a null for an unknown DOI.
func TestSemanticScholarSinglePaper(t *testing.T) {
	ids := []manifest.Identity{doi("10.1093/mind/lix.236.433"), doi("10.5555/no-such-paper")}
	stub := s2Stub(t, `{"ids":["DOI:10.1093/mind/lix.236.433","DOI:10.5555/no-such-paper"]}`,
		http.StatusOK, fixture(t, "semanticscholar/constructed-s2-batch-mind-title-and-null.json"))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), ids...)
	s2WantStatuses(t, res, record.Found, record.NotFound)
	if res[1].Record != nil || !res[1].Counts.IsZero() {
		t.Errorf("a null entry must carry no record or counts, got %+v", res[1])
	}
	assertBatchGolden(t, ids, res)
}

// TestSemanticScholarAllFields maps every requested field, from a batch
// built with the documented schema's shapes and example values: a full
// paper, a sparse one (year only, closed, nulls, non-ASCII), and a null.
func TestSemanticScholarAllFields(t *testing.T) {
	ids := []manifest.Identity{
		doi("10.18653/v1/2020.acl-main.447"),
		doi("10.5555/12345678"),
		{Kind: manifest.KindPMID, Value: "29106400"},
	}
	stub := s2Stub(t, `{"ids":["DOI:10.18653/v1/2020.acl-main.447","DOI:10.5555/12345678","PMID:29106400"]}`,
		http.StatusOK, fixture(t, "semanticscholar/constructed-s2-batch-all-fields.json"))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), ids...)
	s2WantStatuses(t, res, record.Found, record.Found, record.NotFound)
	if got := res[1].Record.Title; got != "Über die Zählung — eine Übung in Präzision" {
		t.Errorf("non-ASCII title changed: %q", got)
	}
	if got := res[1].Record.Issued; got != (record.Date{Year: 1950}) {
		t.Errorf("year-only paper issued = %+v, want year 1950 only", got)
	}
	if res[1].Record.OA != nil {
		t.Errorf("a closed paper (openAccessPdf.url \"\") got OA %+v", res[1].Record.OA)
	}
	if c := res[1].Counts; c.CitedBy == nil || *c.CitedBy != 0 || c.References != nil {
		t.Errorf("counts = %+v, want cited_by 0 and references absent (null)", c)
	}
	assertBatchGolden(t, ids, res)
}

// TestSemanticScholarRequestBody: identifiers travel in the JSON body, so
// an odd DOI needs no URL escaping but must be JSON-escaped correctly, and
// the request line stays the same whatever the ids.
func TestSemanticScholarRequestBody(t *testing.T) {
	ids := []manifest.Identity{
		doi("10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"),
		doi(`10.1000/a"b\c&d`),
		{Kind: manifest.KindArXiv, Value: "2106.15928v2"},     // S2 knows papers, not versions
		{Kind: manifest.KindArXiv, Value: "solv-int/9901001"}, // the archive's own 'v' stays
		{Kind: manifest.KindPMID, Value: "19872477"},
	}
	want := `{"ids":["DOI:10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#",` +
		`"DOI:10.1000/a\"b\\c&d","ARXIV:2106.15928","ARXIV:solv-int/9901001","PMID:19872477"]}`
	stub := s2Stub(t, want, http.StatusOK, []byte(`[null, null, null, null, null]`))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), ids...)
	s2WantStatuses(t, res, record.NotFound, record.NotFound, record.NotFound, record.NotFound, record.NotFound)

	var decoded struct{ IDs []string }
	if err := json.Unmarshal([]byte(want), &decoded); err != nil || decoded.IDs[0] != "DOI:"+ids[0].Value || decoded.IDs[1] != "DOI:"+ids[1].Value {
		t.Errorf("the body does not decode back to the DOIs: %v %q", err, decoded.IDs)
	}
}

// TestSemanticScholarNoValidIDs: a batch none of whose ids Semantic Scholar
// knows is answered 400 "No valid paper ids given", not a list of nulls.
func TestSemanticScholarNoValidIDs(t *testing.T) {
	stub := s2Stub(t, `{"ids":["DOI:10.5555/a","DOI:10.5555/b"]}`, http.StatusBadRequest,
		fixture(t, "semanticscholar/constructed-s2-error-400-no-valid-ids.json"))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), doi("10.5555/a"), doi("10.5555/b"))
	s2WantStatuses(t, res, record.NotFound, record.NotFound)
}

// TestSemanticScholarBadRequest: any other 400 is a failure of every id,
// and the service's message is kept for the user.
func TestSemanticScholarBadRequest(t *testing.T) {
	stub := s2Stub(t, `{"ids":["DOI:10.5555/a","DOI:10.5555/b"]}`, http.StatusBadRequest,
		fixture(t, "semanticscholar/constructed-s2-error-400-unsupported-fields.json"))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), doi("10.5555/a"), doi("10.5555/b"))
	s2WantStatuses(t, res, record.Failed, record.Failed)
	for _, r := range res {
		var se *service.StatusError
		if !errors.As(r.Err, &se) || se.Code != http.StatusBadRequest {
			t.Errorf("err = %v, want a StatusError 400", r.Err)
		}
		if r.Err == nil || !strings.Contains(r.Err.Error(), "Unrecognized or unsupported fields") {
			t.Errorf("err = %v, want the service's message in it", r.Err)
		}
	}
}

// TestSemanticScholarMessageLosesControls: the service's message is quoted
// in the error the story, the report and the terminal show, without the
// control characters a hostile answer puts in it (here a screen clear and
// an OSC 52 clipboard write).
func TestSemanticScholarMessageLosesControls(t *testing.T) {
	stub := s2Stub(t, `{"ids":["DOI:10.5555/a"]}`, http.StatusBadRequest,
		[]byte(`{"error":"Bad\u001b[2J request\u001b]52;c;ZXZpbA==\u0007 here\u0085"}`))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), doi("10.5555/a"))
	if res[0].Err == nil || !strings.Contains(res[0].Err.Error(), "Bad[2J request]52;c;ZXZpbA== here: ") {
		t.Errorf("err = %q, want the message without its control characters", res[0].Err)
	}
}

func TestSemanticScholarFailures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		status    int
		answer    string
		want      record.Status
		malformed bool
		code      int
	}{
		{"404", http.StatusNotFound, `{"error":"Paper/Author/Object not found"}`, record.NotFound, false, 0},
		{"500", http.StatusInternalServerError, `{"message":"Internal server error"}`, record.Failed, false, 500},
		{"not JSON", http.StatusOK, `[{"paperId": "x"`, record.Failed, true, 0},
		{"not a list", http.StatusOK, `{"data": []}`, record.Failed, true, 0},
		{"more papers than ids", http.StatusOK, `[null, null, null]`, record.Failed, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stub := s2Stub(t, `{"ids":["DOI:10.5555/a","DOI:10.5555/b"]}`, tc.status, []byte(tc.answer))
			res := fetchAll(t, providers.SemanticScholar(), stub.env(), doi("10.5555/a"), doi("10.5555/b"))
			s2WantStatuses(t, res, tc.want, tc.want)
			for _, r := range res {
				assertErrorKind(t, r.Err, tc.malformed, tc.code)
			}
		})
	}
}

// TestSemanticScholarOddEntries: a bad entry fails only its own id, and a
// short answer marks the ids it did not reach NotFound.
func TestSemanticScholarOddEntries(t *testing.T) {
	paper := strings.TrimSpace(string(fixture(t, "semanticscholar/s2-paper-10.1093-mind-lix.236.433-fields-title.json")))
	stub := s2Stub(t, `{"ids":["DOI:10.5555/a","DOI:10.5555/b","DOI:10.5555/c","DOI:10.5555/d"]}`,
		http.StatusOK, []byte(`[42, {"title": "no id"}, `+paper+`]`))
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), doi("10.5555/a"), doi("10.5555/b"), doi("10.5555/c"), doi("10.5555/d"))
	s2WantStatuses(t, res, record.Failed, record.Failed, record.Found, record.NotFound)
	for _, r := range res[:2] {
		if !errors.Is(r.Err, service.ErrMalformed) {
			t.Errorf("err = %v, want ErrMalformed", r.Err)
		}
	}
	if res[2].Record == nil || res[2].Record.Title != "Computing Machinery and Intelligence" {
		t.Errorf("third entry = %+v", res[2].Record)
	}
}

// TestSemanticScholarUnaskable: an identity of a kind it cannot ask about
// fails alone and is left out of the request; none at all sends nothing.
func TestSemanticScholarUnaskable(t *testing.T) {
	stub := s2Stub(t, `{"ids":["DOI:10.5555/a"]}`, http.StatusOK, []byte(`[null]`))
	orcid := manifest.Identity{Kind: manifest.KindORCID, Value: "0000-0002-1825-0097"}
	res := fetchAll(t, providers.SemanticScholar(), stub.env(), orcid, doi("10.5555/a"))
	s2WantStatuses(t, res, record.Failed, record.NotFound)

	idle := newStub(t)
	res = fetchAll(t, providers.SemanticScholar(), idle.env(), orcid)
	s2WantStatuses(t, res, record.Failed)
	if n := len(idle.requests()); n != 0 {
		t.Errorf("a batch with nothing to ask sent %d requests", n)
	}
}

func TestSemanticScholarDeclaration(t *testing.T) {
	s := providers.SemanticScholar()
	if s.Name != "semanticscholar" || s.Host != "api.semanticscholar.org" {
		t.Errorf("name/host = %q/%q", s.Name, s.Host)
	}
	if s.BatchSize != 100 {
		t.Errorf("BatchSize = %d, want 100: the documented 500 has timed out with heavy fields", s.BatchSize)
	}
	if s.RequestProblem == nil || !s.RequestProblem(504, nil) {
		t.Error("a 504 must go back to the provider to split the batch, not be retried whole")
	}
	if s.MinInterval != time.Second {
		t.Errorf("MinInterval = %v, want 1s (the keyed rate)", s.MinInterval)
	}
	if s.APIKey == nil || *s.APIKey != (service.APIKey{Env: "S2_API_KEY", Header: "x-api-key", MinInterval: time.Second, RateSource: s.RateSource}) {
		t.Errorf("APIKey = %+v, want S2_API_KEY in header x-api-key, paced at the key's 1 request/s", s.APIKey)
	}
	for _, k := range []manifest.Kind{manifest.KindDOI, manifest.KindArXiv, manifest.KindPMID} {
		if !s.AppliesTo(manifest.Identity{Kind: k, Value: "x"}) {
			t.Errorf("does not apply to %s", k)
		}
	}
	if s.AppliesTo(manifest.Identity{Kind: manifest.KindORCID, Value: "0000-0002-1825-0097"}) {
		t.Error("applies to ORCID iDs")
	}
	if s.Terms == "" || s.Attribution == "" || s.RateSource == "" || s.Timeout <= 0 {
		t.Errorf("incomplete declaration: %+v", s)
	}
}

// TestSemanticScholarSplitsBatchThatTimesOut: a gateway that answers 504
// to batches of more than two ids still answers every work, by halves.
func TestSemanticScholarSplitsBatchThatTimesOut(t *testing.T) {
	var mu sync.Mutex
	var sizes []int
	net := fakenet.New(t)
	net.Register(fakenet.Host(s2Host), func(r *http.Request) (*http.Response, error) {
		var req struct{ IDs []string }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("request body: %v", err)
		}
		mu.Lock()
		sizes = append(sizes, len(req.IDs))
		mu.Unlock()
		if len(req.IDs) > 2 {
			return fakenet.Response(r, http.StatusGatewayTimeout, []byte(`{"message": "Endpoint request timed out"}`), nil), nil
		}
		papers := make([]map[string]any, len(req.IDs))
		for i, id := range req.IDs {
			papers[i] = map[string]any{"paperId": "p-" + id, "title": id}
		}
		body, err := json.Marshal(papers)
		return fakenet.Response(r, http.StatusOK, body, nil), err
	})
	env := service.Env{Do: net.Client().Do, Base: "http://" + s2Host}
	asked := dois("10.1/a", "10.1/b", "10.1/c", "10.1/d", "10.1/e")
	got, err := providers.SemanticScholar().Fetch(context.Background(), env, asked)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range got {
		if r.Status != record.Found || r.Record.Title != "DOI:"+asked[i].Value {
			t.Errorf("%s: %s %v %+v, want its own paper", asked[i].Value, r.Status, r.Err, r.Record)
		}
	}
	if want := []int{5, 2, 3, 1, 2}; !slices.Equal(sizes, want) {
		t.Errorf("batch sizes %v, want %v (5 times out, then halves)", sizes, want)
	}
}

// s2ByPlace is a Semantic Scholar batch endpoint whose answer to a batch
// of several ids is batch (papers by name, "" for null), and to a single id
// that id's own paper from papers; it counts requests.
func s2ByPlace(t *testing.T, papers map[string]string, batch []string) (service.Env, *int) {
	t.Helper()
	var mu sync.Mutex
	requests := 0
	net := fakenet.New(t)
	net.Register(fakenet.Host(s2Host), func(r *http.Request) (*http.Response, error) {
		var req struct{ IDs []string }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("request body: %v", err)
		}
		mu.Lock()
		requests++
		mu.Unlock()
		names := batch
		if len(req.IDs) == 1 {
			names = []string{req.IDs[0]}
		}
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = "null"
			if p, ok := papers[n]; ok {
				out[i] = p
			}
		}
		return fakenet.Response(r, http.StatusOK, []byte("["+strings.Join(out, ",")+"]"), nil), nil
	})
	return service.Env{Do: net.Client().Do, Base: "http://" + s2Host}, &requests
}

// s2Host is the host the Semantic Scholar fakes answer as.
const s2Host = "s2.test"

// TestSemanticScholarPaperMustCarryItsPlacesID: the batch answers in the
// order of the posted ids, but a paper whose externalIds name another DOI
// than the id at its place is no evidence for that place (issue #30): that
// id, and any the batch answered null, are asked alone, and a different
// answer there is told in a warning. A paper Semantic Scholar files under
// another DOI (the merged versions of a preprint) comes back the same when
// asked alone, and is kept without a warning.
func TestSemanticScholarPaperMustCarryItsPlacesID(t *testing.T) {
	paper := func(id, doi, title string) string {
		return `{"paperId":"` + id + `","externalIds":{"DOI":"` + doi + `"},"title":"` + title + `"}`
	}
	papers := map[string]string{
		"DOI:10.1/a":                    paper("pa", "10.1/A", "Paper A"),
		"DOI:10.1/b":                    paper("pb", "10.1/b", "Paper B"),
		"DOI:10.48550/arxiv.2311.16162": paper("px", "10.1/journal-version", "Paper X"),
	}
	cases := []struct {
		name     string
		asked    []string
		batch    []string // the batch answer, by the paper each place holds
		want     []string // each id's title
		requests int
		warned   []bool
	}{
		{"places swapped", []string{"10.1/a", "10.1/b"}, []string{"DOI:10.1/b", "DOI:10.1/a"},
			[]string{"Paper A", "Paper B"}, 3, []bool{true, true}},
		{"A's paper at B's place, A null", []string{"10.1/a", "10.1/b"}, []string{"", "DOI:10.1/a"},
			[]string{"Paper A", "Paper B"}, 3, []bool{true, true}},
		{"a paper filed under another DOI", []string{"10.48550/arxiv.2311.16162", "10.1/b"}, []string{"DOI:10.48550/arxiv.2311.16162", "DOI:10.1/b"},
			[]string{"Paper X", "Paper B"}, 2, []bool{false, false}},
		{"all agree", []string{"10.1/a", "10.1/b"}, []string{"DOI:10.1/a", "DOI:10.1/b"},
			[]string{"Paper A", "Paper B"}, 1, []bool{false, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env, requests := s2ByPlace(t, papers, c.batch)
			got, err := providers.SemanticScholar().Fetch(context.Background(), env, dois(c.asked...))
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range got {
				if r.Status != record.Found || r.Record.Title != c.want[i] {
					t.Errorf("%s: %s %v %+v, want %q", c.asked[i], r.Status, r.Err, r.Record, c.want[i])
					continue
				}
				if warned := len(r.Warnings) > 0; warned != c.warned[i] {
					t.Errorf("%s: warnings %v, want a warning: %v", c.asked[i], r.Warnings, c.warned[i])
				}
				for _, w := range r.Warnings {
					if w.Identity != "doi:"+c.asked[i] || !strings.Contains(w.Message, "semanticscholar") || !w.Transient {
						t.Errorf("%s: warning %+v, want a transient one about the work, naming the provider", c.asked[i], w)
					}
				}
			}
			if *requests != c.requests {
				t.Errorf("%d requests, want %d", *requests, c.requests)
			}
		})
	}
}

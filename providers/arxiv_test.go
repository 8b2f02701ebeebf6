package providers_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
)

// xmlRoute is one canned answer of an xmlStub, keyed by the exact
// RequestURI the provider must send.
type xmlRoute struct {
	status int
	file   string // fixture path under ../testdata, or ""
	body   string // literal body when file is ""
}

// xmlStub serves canned answers by exact RequestURI, fails the test on any
// other request and, at cleanup, on any route never asked for.
func xmlStub(t *testing.T, routes map[string]xmlRoute) providers.Env {
	t.Helper()
	var mu sync.Mutex
	used := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route, ok := routes[r.RequestURI]
		if !ok {
			t.Errorf("unexpected request %s %s", r.Method, r.RequestURI)
			http.Error(w, "unexpected", http.StatusInternalServerError)
			return
		}
		if r.Method != http.MethodGet {
			t.Errorf("method %s, want GET", r.Method)
		}
		mu.Lock()
		used[r.RequestURI]++
		mu.Unlock()
		body := []byte(route.body)
		if route.file != "" {
			var err error
			if body, err = os.ReadFile("../testdata/" + route.file); err != nil {
				t.Errorf("fixture: %v", err)
			}
		}
		w.Header().Set("Content-Type", "application/xml; charset=utf-8")
		w.WriteHeader(route.status)
		w.Write(body)
	}))
	t.Cleanup(func() {
		srv.Close()
		for uri := range routes {
			if used[uri] == 0 {
				t.Errorf("route %s was never requested", uri)
			}
		}
	})
	return providers.Env{Do: srv.Client().Do, Base: srv.URL, Mailto: "ada@example.org"}
}

// xmlGoldenResult is what a golden file holds for one identity.
type xmlGoldenResult struct {
	ID       string              `json:"id"`
	Status   providers.Status    `json:"status"`
	Record   *providers.Record   `json:"record,omitempty"`
	Counts   providers.Counts    `json:"counts,omitzero"`
	Warnings []providers.Warning `json:"warnings,omitempty"`
}

// assertXMLGolden compares the batch's results with the golden file named
// after the test.
func assertXMLGolden(t *testing.T, ids []manifest.Identity, res []providers.Result) {
	t.Helper()
	var out []xmlGoldenResult
	for i, r := range res {
		if r.Status == providers.Failed {
			t.Errorf("%s failed: %v", ids[i], r.Err)
		}
		out = append(out, xmlGoldenResult{ID: ids[i].Key(), Status: r.Status, Record: r.Record, Counts: r.Counts, Warnings: r.Warnings})
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/providers"), goldie.WithNameSuffix(".golden.json"))
	g.Assert(t, t.Name(), append(b, '\n'))
}

func xmlFetchAll(t *testing.T, spec providers.Spec, env providers.Env, ids ...manifest.Identity) []providers.Result {
	t.Helper()
	if len(ids) > spec.BatchSize {
		t.Fatalf("%d ids, BatchSize %d", len(ids), spec.BatchSize)
	}
	res, err := spec.Fetch(context.Background(), env, ids)
	if err != nil {
		t.Fatalf("fetch: %v", err)
	}
	if len(res) != len(ids) {
		t.Fatalf("%d results for %d ids", len(res), len(ids))
	}
	return res
}

func arxivIdentity(v string) manifest.Identity {
	return manifest.Identity{Kind: manifest.KindArXiv, Value: v}
}

func xmlDOIIdentity(v string) manifest.Identity {
	return manifest.Identity{Kind: manifest.KindDOI, Value: v}
}

const arxivBatchFixture = "arxiv/constructed-arxiv-batch-0710.2073-hep-ex-0307015.xml"

// TestArXivBatch asks for a new-style id, an old-style one by its arXiv
// DOI and one arXiv does not have; the answer lists its two entries in
// another order than asked.
func TestArXivBatch(t *testing.T) {
	env := xmlStub(t, map[string]xmlRoute{
		"/api/query?id_list=0710.2073,hep-ex/0307015,2399.99999&max_results=3": {status: 200, file: arxivBatchFixture},
	})
	ids := []manifest.Identity{
		arxivIdentity("0710.2073"),
		xmlDOIIdentity("10.48550/arxiv.hep-ex/0307015"),
		arxivIdentity("2399.99999"),
	}
	res := xmlFetchAll(t, providers.ArXiv, env, ids...)
	if res[2].Status != providers.NotFound {
		t.Errorf("2399.99999: %s, want not_found", res[2].Status)
	}
	if res[0].Status == providers.Found && !strings.Contains(res[0].Record.Title, "$σ$-model") {
		t.Errorf("non-ASCII title not kept: %q", res[0].Record.Title)
	}
	assertXMLGolden(t, ids, res)
}

// TestArXivMalformedIDIsRetriedWithout: arXiv answers a query holding an
// id it considers malformed with one error entry for the whole query. That
// id is not found (with a warning) and the others are asked again.
func TestArXivMalformedIDIsRetriedWithout(t *testing.T) {
	env := xmlStub(t, map[string]xmlRoute{
		"/api/query?id_list=1234.12345,0710.2073&max_results=2": {status: 200, file: "arxiv/constructed-arxiv-error-incorrect-id-format-1234.12345.xml"},
		"/api/query?id_list=0710.2073&max_results=1":            {status: 200, file: arxivBatchFixture},
	})
	res := xmlFetchAll(t, providers.ArXiv, env, arxivIdentity("1234.12345"), arxivIdentity("0710.2073"))
	if res[0].Status != providers.NotFound || len(res[0].Warnings) != 1 || !strings.Contains(res[0].Warnings[0].Message, "incorrect id format for 1234.12345") {
		t.Errorf("1234.12345: %+v, want not_found with the API's message", res[0])
	}
	if res[0].Warnings != nil && res[0].Warnings[0].Identity != "arxiv:1234.12345" {
		t.Errorf("warning names %q", res[0].Warnings[0].Identity)
	}
	if res[1].Status != providers.Found || res[1].Record.IDs.ArXiv != "0710.2073" {
		t.Errorf("0710.2073: %+v, want found", res[1])
	}
}

// TestArXivErrorNamingNoneOfOurs: an error entry about some other id
// leaves the question unanswered: every id fails, none is "not found".
func TestArXivErrorNamingNoneOfOurs(t *testing.T) {
	env := xmlStub(t, map[string]xmlRoute{
		"/api/query?id_list=0710.2073&max_results=1": {status: 200, file: "arxiv/constructed-arxiv-error-incorrect-id-format-1234.12345.xml"},
	})
	res := xmlFetchAll(t, providers.ArXiv, env, arxivIdentity("0710.2073"))
	if res[0].Status != providers.Failed || res[0].Err == nil || !strings.Contains(res[0].Err.Error(), "incorrect id format") {
		t.Errorf("got %+v, want failed with the API's message", res[0])
	}
}

func TestArXivAnswers(t *testing.T) {
	const uri = "/api/query?id_list=2399.99999&max_results=1"
	cases := []struct {
		name  string
		route xmlRoute
		want  providers.Status
		err   error
	}{
		{"empty feed", xmlRoute{status: 200, file: "arxiv/constructed-arxiv-empty.xml"}, providers.NotFound, nil},
		{"404", xmlRoute{status: 404, body: "not found"}, providers.NotFound, nil},
		{"500", xmlRoute{status: 500, body: "oops"}, providers.Failed, nil},
		{"truncated", xmlRoute{status: 200, body: `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2399.99999v1</id>`}, providers.Failed, providers.ErrMalformed},
		{"empty body", xmlRoute{status: 200, body: ""}, providers.Failed, providers.ErrMalformed},
		{"html page", xmlRoute{status: 200, body: "<html><body>Access Denied</body></html>"}, providers.Failed, providers.ErrMalformed},
		{"json", xmlRoute{status: 200, body: `{"entries":[]}`}, providers.Failed, providers.ErrMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := xmlStub(t, map[string]xmlRoute{uri: c.route})
			res := xmlFetchAll(t, providers.ArXiv, env, arxivIdentity("2399.99999"))
			if res[0].Status != c.want {
				t.Fatalf("status %s, want %s (%v)", res[0].Status, c.want, res[0].Err)
			}
			if c.err != nil && !errors.Is(res[0].Err, c.err) {
				t.Errorf("err %v, want %v", res[0].Err, c.err)
			}
			var se *providers.StatusError
			if c.name == "500" && (!errors.As(res[0].Err, &se) || se.Code != 500) {
				t.Errorf("err %v, want a StatusError 500", res[0].Err)
			}
		})
	}
}

func TestArXivApplies(t *testing.T) {
	cases := []struct {
		id   manifest.Identity
		want bool
	}{
		{arxivIdentity("2311.16162"), true},
		{arxivIdentity("hep-th/9901001v2"), true},
		{xmlDOIIdentity("10.48550/arxiv.2311.16162"), true},
		{xmlDOIIdentity("10.48550/arxiv.hep-th/9901001"), true},
		{xmlDOIIdentity("10.48550/arxiv.not-an-id"), false},
		{xmlDOIIdentity("10.48550/zenodo.123"), false},
		{xmlDOIIdentity("10.1134/s0021364007210011"), false},
		{xmlDOIIdentity("10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"), false},
		{manifest.Identity{Kind: manifest.KindPMID, Value: "29106400"}, false},
	}
	for _, c := range cases {
		if got := providers.ArXiv.AppliesTo(c.id); got != c.want {
			t.Errorf("AppliesTo(%s) = %v, want %v", c.id, got, c.want)
		}
	}
}

// TestArXivOddDOINeverSent: a DOI that is not arXiv's fails on its own and
// reaches no query; the versioned id beside it is asked for as given.
func TestArXivOddDOINeverSent(t *testing.T) {
	env := xmlStub(t, map[string]xmlRoute{
		"/api/query?id_list=0710.2073v2&max_results=1": {status: 200, file: arxivBatchFixture},
	})
	res := xmlFetchAll(t, providers.ArXiv, env,
		xmlDOIIdentity("10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"),
		arxivIdentity("0710.2073v2"))
	if res[0].Status != providers.Failed {
		t.Errorf("odd DOI: %s, want failed", res[0].Status)
	}
	if res[1].Status != providers.Found || res[1].Record.IDs.ArXiv != "0710.2073" {
		t.Errorf("0710.2073v2: %+v, want found, id without version", res[1])
	}
}

// arxivVersionsFeed is a constructed answer (no recording has one) to
// id_list=0710.5765v1,0710.5765,math/0309136: two versions of one e-print
// and an old-style id. The affiliation is the manual's example; the other
// values are made up for the test.
const arxivVersionsFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <entry>
    <id>http://arxiv.org/abs/0710.5765v2</id>
    <published>2007-10-30T21:13:09Z</published>
    <title>Constructed title, version 2</title>
    <author><name>G. G. Kacprzak</name><arxiv:affiliation>NMSU</arxiv:affiliation></author>
  </entry>
  <entry>
    <id>http://arxiv.org/abs/0710.5765v1</id>
    <published>2007-10-30T21:13:09Z</published>
    <title>Constructed title, version 1</title>
    <author><name>G. G. Kacprzak</name><arxiv:affiliation>NMSU</arxiv:affiliation></author>
  </entry>
  <entry>
    <id>http://arxiv.org/abs/math/0309136v1</id>
    <published>2003-09-08T00:00:00Z</published>
    <title>Constructed old-style entry</title>
    <arxiv:primary_category term="math.GT" scheme="http://arxiv.org/schemas/atom"/>
    <category term="math.GT" scheme="http://arxiv.org/schemas/atom"/>
    <category term="57M25" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>`

func TestArXivVersionsAndDuplicates(t *testing.T) {
	env := xmlStub(t, map[string]xmlRoute{
		"/api/query?id_list=0710.5765v1,0710.5765,math/0309136&max_results=3": {status: 200, body: arxivVersionsFeed},
	})
	res := xmlFetchAll(t, providers.ArXiv, env,
		arxivIdentity("0710.5765v1"),
		arxivIdentity("0710.5765"),
		xmlDOIIdentity("10.48550/arxiv.0710.5765"), // same e-print, asked once
		arxivIdentity("math.gt/0309136"),           // subject class dropped, as arXiv's canonical id does
	)
	want := []string{"Constructed title, version 1", "Constructed title, version 2", "Constructed title, version 2", "Constructed old-style entry"}
	for i, w := range want {
		if res[i].Status != providers.Found {
			t.Fatalf("result %d: %s (%v)", i, res[i].Status, res[i].Err)
		}
		if res[i].Record.Title != w {
			t.Errorf("result %d: title %q, want %q", i, res[i].Record.Title, w)
		}
	}
	if res[1].Record == res[2].Record {
		t.Error("two identities share one *Record")
	}
	a := res[0].Record.Authors
	if len(a) != 1 || a[0].Name != "G. G. Kacprzak" || len(a[0].Affiliations) != 1 || a[0].Affiliations[0] != "NMSU" {
		t.Errorf("authors %+v", a)
	}
	if got := strings.Join(res[3].Record.Topics, ","); got != "math.GT,57M25" {
		t.Errorf("topics %q, want primary first without repeats", got)
	}
	if res[3].Record.IDs.ArXiv != "math/0309136" || res[3].Record.OA != nil || res[3].Record.Issued.String() != "2003-09-08" {
		t.Errorf("old-style record %+v", res[3].Record)
	}
}

func TestArXivSpec(t *testing.T) {
	if providers.ArXiv.MinInterval.Seconds() < 3 {
		t.Errorf("MinInterval %s: arXiv asks for at most one request every 3 seconds", providers.ArXiv.MinInterval)
	}
	if providers.ArXiv.APIKey != nil || providers.ArXiv.Host != "export.arxiv.org" || providers.ArXiv.BatchSize < 1 {
		t.Errorf("spec %+v", providers.ArXiv)
	}
}

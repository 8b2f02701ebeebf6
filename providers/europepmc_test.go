package providers_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// europePMCURI is the request URI of a core search for query, pageSize
// results at a time, in JSON.
func europePMCURI(query, pageSize string) string {
	v := url.Values{"format": {"json"}, "pageSize": {pageSize}, "query": {query}, "resultType": {"core"}}
	return providers.EuropePMCSearchPath + "?" + v.Encode()
}

func europePMCID(kind manifest.Kind, v string) manifest.Identity {
	return manifest.Identity{Kind: kind, Value: v}
}

func TestEuropePMCSingleDOI(t *testing.T) {
	s := newStub(t)
	s.file(europePMCURI(`DOI:"10.1093/nutrit/nuae105"`, "2"), http.StatusOK, "europepmc/constructed-europepmc-doi-10.1093-nutrit-nuae105.json")
	res := fetchAll(t, providers.EuropePMC(), s.env(), europePMCID(manifest.KindDOI, "10.1093/nutrit/nuae105"))
	if len(res) != 1 || res[0].Status != record.Found {
		t.Fatalf("got %+v, want one found result", res)
	}
	assertUnpaywallGolden(t, res)
}

// TestEuropePMCBatch: three DOIs in one search; the answer lists its
// records in another order, one DOI in capitals and with almost no fields,
// and has nothing for the second DOI.
func TestEuropePMCBatch(t *testing.T) {
	q := `DOI:"10.1007/s10120-025-01625-7" OR DOI:"10.9999/epmc.no-such-work" OR DOI:"10.5555/epmc.minimal-record"`
	s := newStub(t)
	s.file(europePMCURI(q, "6"), http.StatusOK, "europepmc/constructed-europepmc-batch-doi-one-missing.json")
	ids := []manifest.Identity{
		europePMCID(manifest.KindDOI, "10.1007/s10120-025-01625-7"),
		europePMCID(manifest.KindDOI, "10.9999/epmc.no-such-work"),
		europePMCID(manifest.KindDOI, "10.5555/epmc.minimal-record"),
	}
	res := fetchAll(t, providers.EuropePMC(), s.env(), ids...)
	want := []record.Status{record.Found, record.NotFound, record.Found}
	if len(res) != len(want) {
		t.Fatalf("%d results, want %d", len(res), len(want))
	}
	for i, r := range res {
		if r.Status != want[i] || r.Err != nil {
			t.Errorf("result %d (%s): %s %v, want %s", i, ids[i].Key(), r.Status, r.Err, want[i])
		}
	}
	if res[0].Record == nil || res[0].Record.IDs.PMID != "40377773" || res[2].Record == nil || res[2].Record.IDs.PMID != "99000001" {
		t.Errorf("records were not matched back to their DOIs: %+v", res)
	}
	assertUnpaywallGolden(t, res)
}

// TestEuropePMCKinds: a PMID and a PMCID in one call are two searches,
// one per kind, and the results come back in the order asked.
func TestEuropePMCKinds(t *testing.T) {
	s := newStub(t)
	s.file(europePMCURI("EXT_ID:39038316 AND SRC:MED", "2"), http.StatusOK, "europepmc/constructed-europepmc-pmid-39038316.json")
	s.file(europePMCURI("PMCID:PMC12120539", "2"), http.StatusOK, "europepmc/constructed-europepmc-pmcid-PMC12120539.json")
	ids := []manifest.Identity{europePMCID(manifest.KindPMCID, "PMC12120539"), europePMCID(manifest.KindPMID, "39038316")}
	res := fetchAll(t, providers.EuropePMC(), s.env(), ids...)
	if len(res) != 2 || res[0].Status != record.Found || res[1].Status != record.Found {
		t.Fatalf("got %+v, want two found results", res)
	}
	if res[0].Record.IDs.PMCID != "PMC12120539" || res[1].Record.IDs.PMID != "39038316" {
		t.Errorf("results out of order: %+v / %+v", res[0].Record.IDs, res[1].Record.IDs)
	}
	assertUnpaywallGolden(t, res)
}

// TestEuropePMCRecordedPage splits a real 25-record core page back to the
// DOIs it holds. The page says 5,059,039 hits, so a DOI missing from it is
// unanswered (failed), not absent.
func TestEuropePMCRecordedPage(t *testing.T) {
	page := fixture(t, "europepmc/europepmc-search-cancer-core.json")
	var ids []manifest.Identity
	gjson.GetBytes(page, "resultList.result.#.doi").ForEach(func(_, d gjson.Result) bool {
		ids = append(ids, europePMCID(manifest.KindDOI, d.String()))
		return true
	})
	if len(ids) != 24 {
		t.Fatalf("fixture holds %d DOIs, want 24", len(ids))
	}
	ids = append(ids, europePMCID(manifest.KindDOI, "10.9999/not-on-this-page"))
	s := newStub(t)
	for _, chunk := range providers.EuropePMCChunks(ids) {
		s.answer(europePMCURI(providers.EuropePMCQuery(ids, chunk), europePMCPageSize(len(chunk))), http.StatusOK, page)
	}
	res := fetchAll(t, providers.EuropePMC(), s.env(), ids...)
	for i, r := range res[:24] {
		if r.Status != record.Found || r.Record.IDs.DOI != ids[i].Value {
			t.Errorf("result %d: %s %v, want found %s", i, r.Status, r.Err, ids[i].Value)
		}
	}
	if last := res[24]; last.Status != record.Failed || last.Err == nil || !strings.Contains(last.Err.Error(), "5059039") {
		t.Errorf("DOI off the page: %s %v, want failed naming the hit count", last.Status, last.Err)
	}
	// Spot checks against the page, by eye: the erratum with 22 authors.
	r := res[6].Record
	if r.Title != "Correction: Spatial organization of B lymphocytes and prognosis prediction in patients with gastric cancer" ||
		len(r.Authors) != 22 || r.Authors[9].Given != "Günter" || r.Authors[21].ORCID != "0000-0001-9423-1368" ||
		r.Issued.String() != "2025-07" || r.Pages != "729-730" || r.OA == nil || r.OA.License != "cc-by" ||
		r.OA.URL != "https://europepmc.org/articles/PMC12174270?pdf=render" {
		t.Errorf("record 6 misread: %+v", r)
	}
}

func europePMCPageSize(n int) string { return strconv.Itoa(min(2*n, 1000)) }

func TestEuropePMCNotFound(t *testing.T) {
	s := newStub(t)
	s.file(europePMCURI(`DOI:"10.9999/epmc.no-such-work"`, "2"), http.StatusOK, "europepmc/constructed-europepmc-empty.json")
	res := fetchAll(t, providers.EuropePMC(), s.env(), europePMCID(manifest.KindDOI, "10.9999/epmc.no-such-work"))
	if res[0].Status != record.NotFound || res[0].Err != nil || res[0].Record != nil {
		t.Errorf("got %+v, want a clean not found", res[0])
	}
}

// TestEuropePMCBadAnswers: a search that goes wrong fails every identity
// it asked for, and none is called absent.
func TestEuropePMCBadAnswers(t *testing.T) {
	q := `DOI:"10.1093/nutrit/nuae105" OR DOI:"10.1002/hpja.70059"`
	ids := []manifest.Identity{europePMCID(manifest.KindDOI, "10.1093/nutrit/nuae105"), europePMCID(manifest.KindDOI, "10.1002/hpja.70059")}
	for _, tc := range []struct {
		name      string
		status    int
		body      string
		malformed bool
	}{
		{"invalid-json", http.StatusOK, `{"version":"6.9","hitCount":2,"resultList":{"result":[{"id":`, true},
		{"no-result-list", http.StatusOK, `{"version":"6.9","hitCount":2}`, true},
		{"result-not-a-list", http.StatusOK, `{"version":"6.9","hitCount":2,"resultList":{"result":"none"}}`, true},
		{"server-error", http.StatusInternalServerError, `<html>oops</html>`, false},
		{"not-found-status", http.StatusNotFound, `<html>no such page</html>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStub(t)
			s.text(europePMCURI(q, "4"), tc.status, tc.body)
			res := fetchAll(t, providers.EuropePMC(), s.env(), ids...)
			for i, r := range res {
				var se *service.StatusError
				switch {
				case r.Status != record.Failed || r.Record != nil:
					t.Errorf("result %d: %+v, want failed", i, r)
				case tc.malformed && !errors.Is(r.Err, service.ErrMalformed):
					t.Errorf("result %d: %v, want ErrMalformed", i, r.Err)
				case !tc.malformed && (!errors.As(r.Err, &se) || se.Code != tc.status):
					t.Errorf("result %d: %v, want StatusError %d", i, r.Err, tc.status)
				}
			}
		})
	}
}

// TestEuropePMCEscapesQuery checks the exact request for a DOI full of
// characters that are special in URLs and in the search syntax.
func TestEuropePMCEscapesQuery(t *testing.T) {
	const doi = `10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#`
	want := providers.EuropePMCSearchPath + "?format=json&pageSize=2&query=DOI%3A%2210.1002%2F%28sici%291097-4636%28199812%2942%3A3%3C444%3A%3Aaid-jbm16%3E3.0.co%3B2-%23%22&resultType=core"
	s := newStub(t)
	s.file(want, http.StatusOK, "europepmc/constructed-europepmc-empty.json")
	if res := fetchAll(t, providers.EuropePMC(), s.env(), europePMCID(manifest.KindDOI, doi)); res[0].Status != record.NotFound {
		t.Errorf("%s; want the one request answered not found", res[0].Status)
	}
	// Inside the quoted phrase only the quote and the backslash are special.
	if term := providers.EuropePMCTerm(europePMCID(manifest.KindDOI, `10.1000/a"b\\c`)); term != `DOI:"10.1000/a\"b\\\\c"` {
		t.Errorf("term %s", term)
	}
}

func TestEuropePMCQueries(t *testing.T) {
	doi := func(v string) manifest.Identity { return europePMCID(manifest.KindDOI, v) }
	pmid := func(v string) manifest.Identity { return europePMCID(manifest.KindPMID, v) }
	pmcid := func(v string) manifest.Identity { return europePMCID(manifest.KindPMCID, v) }
	for _, tc := range []struct {
		ids  []manifest.Identity
		want string
	}{
		{[]manifest.Identity{doi("10.1/a")}, `DOI:"10.1/a"`},
		{[]manifest.Identity{doi("10.1/a"), doi("10.1/b")}, `DOI:"10.1/a" OR DOI:"10.1/b"`},
		{[]manifest.Identity{pmid("1")}, `EXT_ID:1 AND SRC:MED`},
		{[]manifest.Identity{pmid("1"), pmid("22")}, `(EXT_ID:1 OR EXT_ID:22) AND SRC:MED`},
		{[]manifest.Identity{pmcid("PMC1")}, `PMCID:PMC1`},
		{[]manifest.Identity{pmcid("PMC1"), pmcid("PMC2")}, `PMCID:PMC1 OR PMCID:PMC2`},
	} {
		chunk := make([]int, len(tc.ids))
		for i := range chunk {
			chunk[i] = i
		}
		if got := providers.EuropePMCQuery(tc.ids, chunk); got != tc.want {
			t.Errorf("query %s, want %s", got, tc.want)
		}
	}
}

// TestEuropePMCChunks: at most 25 of a kind per search, kinds apart, and
// long DOIs split before the URL grows past the bound.
func TestEuropePMCChunks(t *testing.T) {
	var ids []manifest.Identity
	for i := range 30 {
		ids = append(ids, europePMCID(manifest.KindDOI, "10.1000/short."+strconv.Itoa(i)))
	}
	ids = append(ids, europePMCID(manifest.KindPMID, "29106400"))
	chunks := providers.EuropePMCChunks(ids)
	if len(chunks) != 3 || len(chunks[0]) != 25 || len(chunks[1]) != 5 || len(chunks[2]) != 1 || chunks[2][0] != 30 {
		t.Errorf("chunks %v, want 25 DOIs, 5 DOIs, 1 PMID", chunks)
	}
	var long []manifest.Identity
	for i := range 10 {
		long = append(long, europePMCID(manifest.KindDOI, "10.1000/"+strings.Repeat("x", 300)+strconv.Itoa(i)))
	}
	seen := 0
	for _, c := range providers.EuropePMCChunks(long) {
		seen += len(c)
		if n := len(providers.EuropePMCRequestURI(long, c)); n > providers.EuropePMCMaxURI {
			t.Errorf("chunk %v has a %d-byte request URI", c, n)
		}
	}
	if seen != len(long) {
		t.Errorf("chunks hold %d ids, want %d", seen, len(long))
	}
}

// TestEuropePMCBatchOfThirty: a call of 30 DOIs (more than BatchSize, as a
// caller might pass) is two searches and 30 results in order.
func TestEuropePMCBatchOfThirty(t *testing.T) {
	var ids []manifest.Identity
	for i := range 30 {
		ids = append(ids, europePMCID(manifest.KindDOI, "10.9999/epmc.no-such-work."+strconv.Itoa(i)))
	}
	chunks := providers.EuropePMCChunks(ids)
	empty := fixture(t, "europepmc/constructed-europepmc-empty.json")
	s := newStub(t)
	for _, c := range chunks {
		s.answer(europePMCURI(providers.EuropePMCQuery(ids, c), europePMCPageSize(len(c))), http.StatusOK, empty)
	}
	res, err := providers.EuropePMC().Fetch(context.Background(), s.env(), ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 30 {
		t.Fatalf("%d results, want 30", len(res))
	}
	for i, r := range res {
		if r.Status != record.NotFound {
			t.Errorf("result %d: %s %v", i, r.Status, r.Err)
		}
	}
}

func TestEuropePMCCancelled(t *testing.T) {
	s := newStub(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := providers.EuropePMC().Fetch(ctx, s.env(), []manifest.Identity{europePMCID(manifest.KindDOI, "10.1/a")})
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("got %v, %v; want context.Canceled and no results", res, err)
	}
}

func TestEuropePMCDates(t *testing.T) {
	for _, tc := range []struct {
		json, want string
	}{
		{`{"journalInfo":{"dateOfPublication":"2025 Jul","printPublicationDate":"2025-07-01"}}`, "2025-07"},
		{`{"journalInfo":{"dateOfPublication":"2019 Mar 15"}}`, "2019-03-15"},
		{`{"journalInfo":{"dateOfPublication":"2019"}}`, "2019"},
		{`{"journalInfo":{"dateOfPublication":"2019 Jul-Aug"}}`, "2019-07"},
		{`{"journalInfo":{"dateOfPublication":"2019 Spring"}}`, "2019"},
		{`{"journalInfo":{"dateOfPublication":"2019 Dec 24-31"}}`, "2019-12"},
		{`{"journalInfo":{"yearOfPublication":2018,"monthOfPublication":0}}`, "2018"},
		{`{"journalInfo":{"printPublicationDate":"2018-05-01"}}`, "2018-05"},
		{`{"firstPublicationDate":"2020-12-02","pubYear":"2020"}`, "2020-12-02"},
		{`{"pubYear":"2011"}`, "2011"},
		{`{"pubYear":"n.d."}`, ""},
	} {
		if got := providers.EuropePMCDate(gjson.Parse(tc.json)).String(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.json, got, tc.want)
		}
	}
}

// TestEuropePMCRecordForNoOneAskedIsNoEvidence: a search that returns a
// record carrying none of the identities it asked about (issue #30: a
// record under a DOI nobody asked) is no evidence that the identities it
// lacks are absent, since that record may be one of theirs under a wrong
// label: each is asked alone, with a warning naming the stranger.
func TestEuropePMCRecordForNoOneAskedIsNoEvidence(t *testing.T) {
	const minimal, missing = "10.5555/epmc.minimal-record", "10.9999/epmc.no-such-work"
	batch := string(fixture(t, "europepmc/constructed-europepmc-batch-doi-one-missing.json"))
	q := `DOI:"10.1007/s10120-025-01625-7" OR DOI:"` + missing + `" OR DOI:"` + minimal + `"`
	s := newStub(t)
	s.text(europePMCURI(q, "6"), http.StatusOK, strings.Replace(batch, `"10.5555/EPMC.Minimal-Record"`, `"10.5555/nobody"`, 1))
	s.text(europePMCURI(`DOI:"`+minimal+`"`, "2"), http.StatusOK, batch)
	s.file(europePMCURI(`DOI:"`+missing+`"`, "2"), http.StatusOK, "europepmc/constructed-europepmc-empty.json")
	ids := []manifest.Identity{
		europePMCID(manifest.KindDOI, "10.1007/s10120-025-01625-7"),
		europePMCID(manifest.KindDOI, missing),
		europePMCID(manifest.KindDOI, minimal),
	}
	res := fetchAll(t, providers.EuropePMC(), s.env(), ids...)
	want := []record.Status{record.Found, record.NotFound, record.Found}
	for i, r := range res {
		if r.Status != want[i] {
			t.Errorf("%s: %s %v, want %s", ids[i].Key(), r.Status, r.Err, want[i])
		}
		if warned := len(r.Warnings) > 0; warned != (i > 0) {
			t.Errorf("%s: warnings %v, want one only for an identity asked alone", ids[i].Key(), r.Warnings)
		}
		for _, w := range r.Warnings {
			if !strings.Contains(w.Message, "europepmc") || !strings.Contains(w.Message, "10.5555/nobody") || !w.Transient {
				t.Errorf("%s: warning %+v, want a transient one naming europepmc and 10.5555/nobody", ids[i].Key(), w)
			}
		}
	}
	if res[2].Record == nil || res[2].Record.IDs.PMID != "99000001" {
		t.Errorf("%s took %+v, want its own record", minimal, res[2].Record)
	}
}

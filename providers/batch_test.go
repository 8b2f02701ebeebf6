package providers_test

// Requests go to the httptest stub of stub_test.go; real host names appear
// only as text.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// The list answers of these tests are built from the recorded single-record
// answers, in the envelope each service documents for its list form, so a
// batch and the singles it replaces read the very same records.

// listBody wraps the part at path of each recorded file in envelope, a
// format with %d for the count and %s for the comma-joined items.
func listBody(t *testing.T, envelope, path string, count int, files ...string) string {
	t.Helper()
	items := make([]string, len(files))
	for i, f := range files {
		items[i] = gjson.GetBytes(fixture(t, f), path).Raw
	}
	return fmt.Sprintf(envelope, count, strings.Join(items, ","))
}

const (
	crossrefEnvelope = `{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":[%s]}}`
	openAlexEnvelope = `{"meta":{"count":%d,"page":1,"per_page":100},"results":[%s]}`
	dataCiteEnvelope = `{"data":[%s],"meta":{"total":%d}}`
)

func resultJSON(t *testing.T, r service.Result) string {
	t.Helper()
	data, err := json.Marshal(struct {
		S record.Status
		R *record.Record
		C record.Counts
	}{r.Status, r.Record, r.Counts})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestCrossrefBatchMatchesSingles: one list query answers for five DOIs
// (items in another order, DOIs in capitals) exactly as five single
// lookups do, with no request more: the preprint's subtype and posting
// institution and the monograph's missing container title are in the
// list's whole records, which no single record is asked for (the stub
// fails any request it was not given). A DOI absent from a complete
// answer is not found.
func TestCrossrefBatchMatchesSingles(t *testing.T) {
	recorded := []string{"10.7554/elife.01567", "10.1145/3448016.3452841", "10.1017/9781108348843", "10.1101/2020.12.01.406702", "10.53731/ybhah-9jy85"}
	files := func(list []string) []string {
		var out []string
		for _, d := range list {
			out = append(out, "crossref/crossref-work-"+strings.ReplaceAll(d, "/", "-")+".json")
		}
		return out
	}
	s := newStub(t)
	body := listBody(t, crossrefEnvelope, "message", 5, files([]string{recorded[2], recorded[4], recorded[0], recorded[3], recorded[1]})...)
	body = strings.ReplaceAll(body, `"DOI":"10.7554/eLife.01567"`, `"DOI":"10.7554/ELIFE.01567"`)
	s.text("/works?filter=doi%3A10.7554%2Felife.01567%2Cdoi%3A10.1145%2F3448016.3452841%2Cdoi%3A10.1017%2F9781108348843%2Cdoi%3A10.1101%2F2020.12.01.406702%2Cdoi%3A10.53731%2Fybhah-9jy85%2Cdoi%3A10.5555%2Fmissing&mailto=ada%40example.org&rows=6", 200, body)
	asked := dois(append(recorded, "10.5555/missing")...)
	got := fetchAll(t, providers.Crossref(), s.env(), asked...)

	single := newStub(t)
	for i, d := range recorded {
		single.file("/works/"+d+"?mailto=ada%40example.org", 200, files(recorded)[i])
		want := fetchOne(t, providers.Crossref(), single.env(), manifest.KindDOI, d)
		if resultJSON(t, got[i]) != resultJSON(t, want) {
			t.Errorf("%s: batch answer differs from the single one:\n%s\n%s", d, resultJSON(t, got[i]), resultJSON(t, want))
		}
	}
	if r := got[3].Record; r == nil || r.Genre != "Preprint" || r.Container == "" {
		t.Errorf("preprint from the list: %+v, want a preprint with its server as container", r)
	}
	if got[5].Status != record.NotFound || got[5].Err != nil {
		t.Errorf("missing DOI: %+v, want not found", got[5])
	}
}

// TestBatchCutShortFailsTheMissing: when the service counts more hits than
// it returned, a DOI without an item is unanswered, not absent.
func TestBatchCutShortFailsTheMissing(t *testing.T) {
	s := newStub(t)
	body := listBody(t, crossrefEnvelope, "message", 9, "crossref/crossref-work-10.7554-elife.01567.json")
	s.text("/works?filter=doi%3A10.7554%2Felife.01567%2Cdoi%3A10.5555%2Fmissing&mailto=ada%40example.org&rows=2", 200, body)
	got := fetchAll(t, providers.Crossref(), s.env(), dois("10.7554/elife.01567", "10.5555/missing")...)
	if got[0].Status != record.Found {
		t.Errorf("present DOI: %s", got[0].Status)
	}
	if got[1].Status != record.Failed || got[1].Err == nil {
		t.Errorf("missing DOI of a cut-short answer: %+v, want failed", got[1])
	}
}

// TestFailedBatchFailsOnlyItsMembers: a refused list query fails every DOI
// it asked about, each with the reason, and nothing else.
func TestFailedBatchFailsOnlyItsMembers(t *testing.T) {
	s := newStub(t)
	s.text("/works?filter=doi%3A10.1%2Fa%2Cdoi%3A10.1%2Fb&mailto=ada%40example.org&rows=2", 400, `bad`)
	s.text("/works/10.1/c%2Cd?mailto=ada%40example.org", 404, `Resource not found.`)
	got := fetchAll(t, providers.Crossref(), s.env(), dois("10.1/a", "10.1/c,d", "10.1/b")...)
	var se *service.StatusError
	for _, i := range []int{0, 2} {
		if got[i].Status != record.Failed || !errors.As(got[i].Err, &se) || se.Code != 400 {
			t.Errorf("member %d: %+v, want failed with the 400", i, got[i])
		}
	}
	if got[1].Status != record.NotFound {
		t.Errorf("a DOI with a comma is asked on its own: %+v", got[1])
	}
}

func TestCrossrefBatchMalformed(t *testing.T) {
	s := newStub(t)
	s.text("/works?filter=doi%3A10.1%2Fa%2Cdoi%3A10.1%2Fb&mailto=ada%40example.org&rows=2", 200, `{"status":"ok","message":{"items":{}}}`)
	for _, r := range fetchAll(t, providers.Crossref(), s.env(), dois("10.1/a", "10.1/b")...) {
		if r.Status != record.Failed || !errors.Is(r.Err, service.ErrMalformed) {
			t.Errorf("%+v, want malformed", r)
		}
	}
}

// TestOpenAlexBatchMatchesSingles: one filter=doi:A|B call answers as the
// singles do; a DOI OpenAlex holds twice (two works) is asked of the free
// singleton, whose answer is OpenAlex's own choice between them, so the
// batch keeps what a single lookup would, whatever the order of the answer.
func TestOpenAlexBatchMatchesSingles(t *testing.T) {
	recorded := []string{"10.1145/3448016.3452841", "10.1017/9781108348843", "10.1007/978-3-662-46370-3_13"}
	file := func(d string) string {
		return "openalex/openalex-work-doi-" + strings.ReplaceAll(d, "/", "-") + ".json"
	}
	dup := strings.NewReplacer(`"id":"https://openalex.org/W`, `"id":"https://openalex.org/W9`,
		`"openalex":"https://openalex.org/W`, `"openalex":"https://openalex.org/W9`).Replace(string(fixture(t, file(recorded[0]))))
	body := listBody(t, openAlexEnvelope, "@this", 4, file(recorded[1]), file(recorded[0]), file(recorded[2]))
	body = strings.Replace(body, `"results":[`, `"results":[`+dup+",", 1)

	values := url.Values{}
	var filter []string
	for _, d := range append(recorded, "10.5555/missing") {
		filter = append(filter, "https://doi.org/"+d)
	}
	values.Set("filter", "doi:"+strings.Join(filter, "|"))
	values.Set("per_page", "8")
	s := newStub(t)
	s.text("/works?"+values.Encode(), 200, body)
	s.file("/works/doi:"+recorded[0], 200, file(recorded[0]))
	asked := dois(append(recorded, "10.5555/missing")...)
	got := fetchAll(t, providers.OpenAlex(), s.env(), asked...)
	if len(got[0].Warnings) != 0 {
		t.Errorf("a DOI OpenAlex holds twice is OpenAlex's answer, not a fault, yet warns: %v", got[0].Warnings)
	}

	single := newStub(t)
	for i, d := range recorded {
		single.file("/works/doi:"+d, 200, file(d))
		want := fetchOne(t, providers.OpenAlex(), single.env(), manifest.KindDOI, d)
		if resultJSON(t, got[i]) != resultJSON(t, want) {
			t.Errorf("%s: batch answer differs from the single one:\n%s\n%s", d, resultJSON(t, got[i]), resultJSON(t, want))
		}
	}
	if got[3].Status != record.NotFound {
		t.Errorf("missing DOI: %+v, want not found", got[3])
	}
}

func TestOpenAlexBatchURL(t *testing.T) {
	s := newStub(t)
	s.text("/works?filter=doi%3Ahttps%3A%2F%2Fdoi.org%2F10.1%2Fa%7Chttps%3A%2F%2Fdoi.org%2F10.1%2Fb&per_page=4", 200, `{"meta":{"count":0},"results":[]}`)
	s.text("/works/doi:10.1/c%7Cd", 404, `{"error":"not found"}`)
	for _, r := range fetchAll(t, providers.OpenAlex(), s.env(), dois("10.1/a", "10.1/c|d", "10.1/b")...) {
		if r.Status != record.NotFound {
			t.Errorf("%+v, want not found", r)
		}
	}
}

// TestDataCiteBatchMatchesSingles: one query=doi:("A" OR "B") answers as
// the singles do; a DOI the list lacks is settled by its single lookup.
func TestDataCiteBatchMatchesSingles(t *testing.T) {
	recorded := []string{"10.5281/zenodo.48440", "10.1594/pangaea.836178"}
	file := func(d string) string { return "datacite/datacite-doi-" + strings.ReplaceAll(d, "/", "-") + ".json" }
	items := []string{gjson.GetBytes(fixture(t, file(recorded[1])), "data").Raw, gjson.GetBytes(fixture(t, file(recorded[0])), "data").Raw}
	body := fmt.Sprintf(`{"data":[%s],"meta":{"total":2,"totalPages":1,"page":1}}`, strings.Join(items, ","))
	s := newStub(t)
	s.text(`/dois?disable-facets=true&mailto=ada%40example.org&page%5Bsize%5D=3&query=doi%3A%28%2210.5281%2Fzenodo.48440%22+OR+%2210.1594%2Fpangaea.836178%22+OR+%2210.5555%2Fmissing%22%29`, 200, body)
	s.text("/dois/10.5555/missing?mailto=ada%40example.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	asked := dois(append(recorded, "10.5555/missing")...)
	got := fetchAll(t, providers.DataCite(), s.env(), asked...)

	single := newStub(t)
	for i, d := range recorded {
		single.file("/dois/"+d+"?mailto=ada%40example.org", 200, file(d))
		want := fetchOne(t, providers.DataCite(), single.env(), manifest.KindDOI, d)
		if resultJSON(t, got[i]) != resultJSON(t, want) {
			t.Errorf("%s: batch answer differs from the single one", d)
		}
	}
	if got[2].Status != record.NotFound {
		t.Errorf("missing DOI: %+v, want not found", got[2])
	}
}

// TestDataCiteListViewKeepsOtherIDs: a list answer carries identifiers
// but not alternateIdentifiers (lupo sends those only with detail=true),
// so the arXiv id, PMID, PMCID and ISBN a single lookup finds must come
// from identifiers when the DOI is asked in a batch.
func TestDataCiteListViewKeepsOtherIDs(t *testing.T) {
	list := fixture(t, "datacite/constructed-datacite-dois-list-arxiv-and-versioned.json")
	if strings.Contains(string(list), "alternateIdentifiers") {
		t.Fatal("the list fixture must look like a real list answer, without alternateIdentifiers")
	}
	s := newStub(t)
	s.text(`/dois?disable-facets=true&mailto=ada%40example.org&page%5Bsize%5D=2&query=doi%3A%28%2210.48550%2Farxiv.2311.16162%22+OR+%2210.5555%2Fabout.versioned%22%29`, 200, string(list))
	asked := []string{"10.48550/arxiv.2311.16162", "10.5555/about.versioned"}
	got := fetchAll(t, providers.DataCite(), s.env(), dois(asked...)...)

	single := newStub(t)
	single.file("/dois/10.48550/arxiv.2311.16162?mailto=ada%40example.org", 200, "datacite/datacite-doi-10.48550-arxiv.2311.16162.json")
	single.file("/dois/10.5555/about.versioned?mailto=ada%40example.org", 200, "datacite/constructed-datacite-doi-10.5555-about.versioned.json")
	for i, d := range asked {
		want := fetchOne(t, providers.DataCite(), single.env(), manifest.KindDOI, d)
		if got[i].Record == nil || want.Record == nil {
			t.Fatalf("%s: batch %+v, single %+v", d, got[i], want)
		}
		if !reflect.DeepEqual(got[i].Record.IDs, want.Record.IDs) {
			t.Errorf("%s: batch ids %+v, single ids %+v", d, got[i].Record.IDs, want.Record.IDs)
		}
	}
	if ids := got[0].Record.IDs; ids.ArXiv != "2311.16162" {
		t.Errorf("arXiv id %q, want 2311.16162", ids.ArXiv)
	}
	if ids := got[1].Record.IDs; ids.PMID != "29106400" || ids.PMCID != "PMC5676194" || !slices.Contains(ids.ISBN, "978-3-16-148410-0") {
		t.Errorf("ids %+v, want the PMID, PMCID and ISBN", ids)
	}
}

// TestBatchSplitByURL: a batch whose URL would pass the cap is split.
func TestBatchSplitByURL(t *testing.T) {
	long := strings.Repeat("x", 1500)
	s := newStub(t)
	var ids []manifest.Identity
	for i := range 3 {
		d := fmt.Sprintf("10.1/%d%s", i, long)
		ids = append(ids, manifest.Identity{Kind: manifest.KindDOI, Value: d})
	}
	// 3 × ~1,500 bytes passes the 4,000-byte cap: two DOIs, then one.
	v := url.Values{}
	v.Set("filter", "doi:"+ids[0].Value+",doi:"+ids[1].Value)
	v.Set("rows", "2")
	v.Set("mailto", "ada@example.org")
	s.text("/works?"+v.Encode(), 200, `{"status":"ok","message":{"total-results":0,"items":[]}}`)
	v.Set("filter", "doi:"+ids[2].Value)
	v.Set("rows", "1")
	s.text("/works?"+v.Encode(), 200, `{"status":"ok","message":{"total-results":0,"items":[]}}`)
	for _, r := range fetchAll(t, providers.Crossref(), s.env(), ids...) {
		if r.Status != record.NotFound {
			t.Errorf("%+v", r)
		}
	}
}

// TestDataCiteSearchThatMatchesNothing: should DataCite's search ever stop
// matching DOIs this way, the works are asked one by one, not reported
// missing: DataCite is asked only about DOIs it registered.
func TestDataCiteSearchThatMatchesNothing(t *testing.T) {
	s := newStub(t)
	s.text(`/dois?disable-facets=true&mailto=ada%40example.org&page%5Bsize%5D=2&query=doi%3A%28%2210.5281%2Fzenodo.48440%22+OR+%2210.1594%2Fpangaea.836178%22%29`, 200, `{"data":[],"meta":{"total":0}}`)
	s.file("/dois/10.5281/zenodo.48440?mailto=ada%40example.org", 200, "datacite/datacite-doi-10.5281-zenodo.48440.json")
	s.file("/dois/10.1594/pangaea.836178?mailto=ada%40example.org", 200, "datacite/datacite-doi-10.1594-pangaea.836178.json")
	for _, r := range fetchAll(t, providers.DataCite(), s.env(), dois("10.5281/zenodo.48440", "10.1594/pangaea.836178")...) {
		if r.Status != record.Found {
			t.Errorf("%+v, want found by the single lookup", r)
		}
	}
}

// TestListItemForNoOneAskedIsTold: a list answer that answers every DOI
// asked and also holds an item for a DOI nobody asked gives each work its
// own item, asks nothing again, and still tells of the stranger in a
// transient warning naming the provider and its DOI (issue #30).
func TestListItemForNoOneAskedIsTold(t *testing.T) {
	s := newStub(t)
	body := listBody(t, crossrefEnvelope, "message", 3, "crossref/crossref-work-10.7554-elife.01567.json",
		"crossref/crossref-work-10.1017-9781108348843.json", "crossref/crossref-work-10.1145-3448016.3452841.json")
	body = strings.ReplaceAll(body, `10.1017\/9781108348843`, `10.5555\/nobody`)
	if !strings.Contains(body, `"DOI":"10.5555\/nobody"`) {
		t.Fatal("the stranger was not relabelled")
	}
	s.text("/works?filter=doi%3A10.7554%2Felife.01567%2Cdoi%3A10.1145%2F3448016.3452841&mailto=ada%40example.org&rows=2", 200, body)
	got := fetchAll(t, providers.Crossref(), s.env(), dois("10.7554/elife.01567", "10.1145/3448016.3452841")...)
	var told bool
	for i, r := range got {
		if r.Status != record.Found || r.Record.IDs.DOI != []string{"10.7554/elife.01567", "10.1145/3448016.3452841"}[i] {
			t.Errorf("asked DOI %d: %+v", i, r)
		}
		for _, w := range r.Warnings {
			told = told || (strings.Contains(w.Message, "10.5555/nobody") && strings.HasPrefix(w.Message, "crossref: ") && w.Transient)
		}
	}
	if !told {
		t.Errorf("no transient warning names crossref and 10.5555/nobody: %+v", got)
	}
}

// A list answer whose only fault is two different items for one DOI
// leaves the DOIs it lacks in doubt too (one of the two may be theirs
// under a wrong label); the warning says so, and names no strays it did
// not have (it said "held items for DOIs not asked ()").
func TestListTwinsAloneAreToldAsTwins(t *testing.T) {
	s := newStub(t)
	body := listBody(t, crossrefEnvelope, "message", 2, "crossref/crossref-work-10.7554-elife.01567.json",
		"crossref/crossref-work-10.1017-9781108348843.json")
	body = strings.ReplaceAll(body, `10.1017\/9781108348843`, `10.7554\/elife.01567`)
	s.text("/works?filter=doi%3A10.7554%2Felife.01567%2Cdoi%3A10.1145%2F3448016.3452841&mailto=ada%40example.org&rows=2", 200, body)
	s.file("/works/10.7554/elife.01567?mailto=ada%40example.org", 200, "crossref/crossref-work-10.7554-elife.01567.json")
	s.file("/works/10.1145/3448016.3452841?mailto=ada%40example.org", 200, "crossref/crossref-work-10.1145-3448016.3452841.json")
	got := fetchAll(t, providers.Crossref(), s.env(), dois("10.7554/elife.01567", "10.1145/3448016.3452841")...)
	var lacked string
	for _, w := range got[1].Warnings {
		if strings.Contains(w.Message, "lacked this DOI") {
			lacked = w.Message
		}
	}
	if got[1].Status != record.Found || lacked == "" || strings.Contains(lacked, "()") || !strings.Contains(lacked, "two different items") {
		t.Errorf("the lacking DOI: %s, warning %q; want found alone, told of the two items for one DOI", got[1].Status, lacked)
	}
}

// An item whose doi.org URL percent-encodes its DOI (a SICI DOI's "<" and
// "#" must be, in a URL) says the same DOI: it is no mislabel, and the
// work is not asked again alone, with a warning, on every run.
func TestListItemWithAnEncodedURLIsNoMislabel(t *testing.T) {
	s := newStub(t)
	body := listBody(t, crossrefEnvelope, "message", 1, "crossref/crossref-work-10.7554-elife.01567.json")
	encoded := strings.Replace(body, `"URL":"https:\/\/doi.org\/10.7554\/elife.01567"`, `"URL":"https:\/\/doi.org\/10.7554%2Felife.01567"`, 1)
	if encoded == body {
		t.Fatal("the item's URL was not re-encoded")
	}
	s.text("/works?filter=doi%3A10.7554%2Felife.01567%2Cdoi%3A10.1145%2F3448016.3452841&mailto=ada%40example.org&rows=2", 200, encoded)
	got := fetchAll(t, providers.Crossref(), s.env(), dois("10.7554/elife.01567", "10.1145/3448016.3452841")...)
	if got[0].Status != record.Found || len(got[0].Warnings) != 0 {
		t.Errorf("the item with an encoded URL: %s, warnings %+v; want found from the list, no warning", got[0].Status, got[0].Warnings)
	}
}

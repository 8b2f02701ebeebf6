package orchestrator

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/report"
)

// fakeNet is the recorded services of this package's tests on the one
// fake network (internal/fakenet): one stub answers each request by host
// and escaped path from testdata, builds list, listing and Which RA?
// answers from those, and fails the test on anything it was not told
// about. The Registry counts requests (Count), takes hooks (Before) and
// lays faults over the services (Override). No test reaches the internet.
type fakeNet struct {
	*fakenet.Registry
	t        testing.TB
	routes   map[string]fakeAnswer // host + RequestURI (without query) → answer
	fallback map[string]fakeAnswer // host → answer for any other path
	agencies map[string]string     // DOI prefix → agency, for doi.org's /doiRA/
	// listings answers discovery listings (the works carrying an ORCID
	// iD), by listingKey; a listing with no entry is an empty list in its
	// service's shape (emptyListing), as for an iD no publisher sent.
	listings map[string]fakeAnswer
}

type fakeAnswer struct {
	status int
	body   []byte
}

func newFakeNet(t testing.TB) *fakeNet {
	n := &fakeNet{Registry: fakenet.New(t), t: t, routes: map[string]fakeAnswer{}, fallback: map[string]fakeAnswer{}}
	n.Register(fakenet.Any, n.answer).Optional() // a test that asks nothing asks nothing of it
	return n
}

// file serves a testdata file for host+path.
func (n *fakeNet) file(host, path string, status int, file string) {
	body, err := os.ReadFile(filepath.Join("..", "testdata", file))
	if err != nil {
		n.t.Fatal(err)
	}
	n.routes[host+path] = fakeAnswer{status: status, body: body}
}

func (n *fakeNet) otherwise(host string, status int, body string) {
	n.fallback[host] = fakeAnswer{status: status, body: []byte(body)}
}

// down makes host answer every request with status and body, forgetting
// the recorded answers it had.
func (n *fakeNet) down(host string, status int, body string) {
	for k := range n.routes {
		if strings.HasPrefix(k, host+"/") {
			delete(n.routes, k)
		}
	}
	n.otherwise(host, status, body)
}

// answer is the recorded services' answer to req.
func (n *fakeNet) answer(req *http.Request) (*http.Response, error) {
	ans, ok := n.routes[req.URL.Host+req.URL.EscapedPath()]
	if key, isListing := listingKey(req.URL); isListing {
		ans, ok = n.listings[key]
		if !ok {
			ans, ok = emptyListing(req.URL.Host), true
		}
	}
	if form, isList := listForms[req.URL.Host]; !ok && isList && req.URL.Path == form.path {
		ans, ok = n.list(req.URL.Host, form, req.URL.Query()), true
	}
	if !ok && req.URL.Host == "doi.org" && strings.HasPrefix(req.URL.Path, "/doiRA/") {
		ans, ok = n.whichRA(strings.TrimPrefix(req.URL.Path, "/doiRA/")), true
	}
	if !ok {
		ans, ok = n.fallback[req.URL.Host]
	}
	if !ok {
		n.t.Errorf("fake network: unexpected request %s %s", req.Method, req.URL)
		ans = fakeAnswer{status: http.StatusTeapot}
	}
	return fakenet.Response(req, ans.status, ans.body, nil), nil
}

// listForm is how a service asks about several DOIs at once and wraps
// the answer; the fake builds such answers from the single-record answers
// it holds, so batched and single runs read the very same records.
type listForm struct {
	path     string                           // the list endpoint
	dois     func(q url.Values) []string      // the DOIs a list query asks about
	single   string                           // path of the single lookup, before the escaped DOI
	item     string                           // gjson path of the record in a single answer
	envelope func(n int, items string) string // the list answer around the items
	// listView turns a single answer's record into what the list endpoint
	// sends for it (nil: the same record), so a fake list answer lacks
	// what a real one lacks.
	listView func(t testing.TB, item string, q url.Values) string
}

var listForms = map[string]listForm{
	"api.crossref.org": {
		path: "/works",
		dois: func(q url.Values) []string {
			var out []string
			for _, f := range strings.Split(q.Get("filter"), ",") {
				out = append(out, strings.TrimPrefix(f, "doi:"))
			}
			return out
		},
		single: "/works/", item: "message",
		envelope: func(n int, items string) string {
			return fmt.Sprintf(`{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":[%s]}}`, n, items)
		},
		listView: crossrefSelectView,
	},
	"api.openalex.org": {
		path: "/works",
		dois: func(q url.Values) []string {
			var out []string
			for _, v := range strings.Split(strings.TrimPrefix(q.Get("filter"), "doi:"), "|") {
				out = append(out, strings.TrimPrefix(v, "https://doi.org/"))
			}
			return out
		},
		single: "/works/doi:", item: "@this",
		envelope: func(n int, items string) string {
			return fmt.Sprintf(`{"meta":{"count":%d,"page":1},"results":[%s]}`, n, items)
		},
		// No listView: a list result is the same Work object as the single
		// answer (about asks no select=), except that its authorships stop
		// at 100 (https://docs.openalex.org/api-entities/authors/limitations);
		// no recorded work has more than 100 authors.
	},
	"api.datacite.org": {
		path: "/dois",
		dois: func(q url.Values) []string {
			inner := strings.TrimSuffix(strings.TrimPrefix(q.Get("query"), "doi:("), ")")
			var out []string
			for _, v := range strings.Split(inner, " OR ") {
				out = append(out, strings.Trim(v, `"`))
			}
			return out
		},
		single: "/dois/", item: "data",
		envelope: func(n int, items string) string {
			return fmt.Sprintf(`{"data":[%s],"meta":{"total":%d}}`, items, n)
		},
		listView: dataCiteListView,
	},
}

// crossrefSelectView keeps only the top-level fields select= names, in the
// record's order, as Crossref's list routes do (a recorded answer with
// select=DOI,title: ../shared/fixtures/crossref/crossref-works-query-ecology-select-doi-title.json).
func crossrefSelectView(_ testing.TB, item string, q url.Values) string {
	if !q.Has("select") {
		return item
	}
	fields := strings.Split(q.Get("select"), ",")
	var kept []string
	gjson.Parse(item).ForEach(func(k, v gjson.Result) bool {
		if slices.Contains(fields, k.String()) {
			kept = append(kept, k.Raw+":"+v.Raw)
		}
		return true
	})
	return "{" + strings.Join(kept, ",") + "}"
}

// dataCiteListView drops what DataCite's list serializer sends only with
// detail=true, as lupo's app/serializers/datacite_doi_serializer.rb does
// (attribute ... if: params[:detail]; the controller's index passes
// detail: params[:detail], show passes detail: true):
// https://github.com/datacite/lupo/blob/master/app/serializers/datacite_doi_serializer.rb
// Any value of detail switches it on, so only its absence is the list view.
func dataCiteListView(t testing.TB, item string, q url.Values) string {
	if q.Has("detail") {
		return item
	}
	var rec map[string]any
	dec := json.NewDecoder(strings.NewReader(item))
	dec.UseNumber()
	if err := dec.Decode(&rec); err != nil {
		t.Fatalf("fake network: DataCite record: %v", err)
	}
	if a, ok := rec["attributes"].(map[string]any); ok {
		for _, k := range []string{"alternateIdentifiers", "xml", "prefix", "suffix", "viewsOverTime", "downloadsOverTime", "citationsOverTime"} {
			delete(a, k)
		}
	}
	if r, ok := rec["relationships"].(map[string]any); ok {
		for _, k := range []string{"provider", "references", "citations", "parts", "partOf", "versions", "versionOf", "media"} {
			delete(r, k)
		}
	}
	out, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("fake network: DataCite record: %v", err)
	}
	return string(out)
}

// list answers a list query as the service would from the single answers
// the fake holds: found records are items, not-found ones are left out,
// and any other single answer (a 5xx, say) is the answer of the whole list.
func (n *fakeNet) list(host string, form listForm, q url.Values) fakeAnswer {
	var items []string
	for _, doi := range form.dois(q) {
		ans, ok := n.routes[host+form.single+wire.EscapeDOI(doi)]
		if !ok {
			ans, ok = n.fallback[host]
		}
		switch {
		case !ok:
			n.t.Errorf("fake network: list asks about %s, which it has no answer for", doi)
		case ans.status == 200:
			item := gjson.GetBytes(ans.body, form.item).Raw
			if form.listView != nil {
				item = form.listView(n.t, item, q)
			}
			items = append(items, item)
		case ans.status != 404:
			return ans
		}
	}
	return fakeAnswer{status: 200, body: []byte(form.envelope(len(items), strings.Join(items, ",")))}
}

// whichRA answers as the DOI Handbook documents doi.org's /doiRA/ service
// (https://doi.info/doi-handbook/HTML/which-ra_-service.html): an array of
// {"DOI","RA"} per DOI name, the agency here chosen by the name's prefix
// from n.agencies; a bare prefix is not a DOI name ("Invalid DOI").
func (n *fakeNet) whichRA(list string) fakeAnswer {
	var items []string
	for _, name := range strings.Split(list, ",") {
		prefix, _, isName := strings.Cut(name, "/")
		if ra, ok := n.agencies[prefix]; ok && isName {
			items = append(items, fmt.Sprintf(`{"DOI": %q, "RA": %q}`, name, ra))
		} else if isName {
			items = append(items, fmt.Sprintf(`{"DOI": %q, "status": "DOI does not exist"}`, name))
		} else {
			items = append(items, fmt.Sprintf(`{"DOI": %q, "status": "Invalid DOI"}`, name))
		}
	}
	return fakeAnswer{status: 200, body: []byte("[" + strings.Join(items, ",") + "]")}
}

func (n *fakeNet) requests(host string) int { return n.Count(host) }

// recordedNet serves the recorded real answers this package's tests use:
// an ORCID record with five DOIs and three works without one, and Crossref
// and OpenAlex records for the DOIs we have recordings of. Everything else
// is the service's real "not found".
func recordedNet(t testing.TB) *fakeNet {
	n := newFakeNet(t)
	n.file("pub.orcid.org", "/v3.0/0000-0002-9341-7985/works", 200, "orcid/orcid-works-0000-0002-9341-7985.json")
	n.file("pub.orcid.org", "/v3.0/0000-0002-9341-7985/works/15536015,5011717,15536016,15536014,15536013,15536017,15536018,15536019", 200, "orcid/constructed-orcid-works-bulk-0000-0002-9341-7985.json")
	n.file("pub.orcid.org", "/v3.0/0000-0002-9341-7985/person", 200, "orcid/orcid-person-0000-0002-9341-7985.json")
	for _, doi := range []string{"10.7554/elife.01567", "10.1145/3448016.3452841", "10.1017/9781108348843", "10.1007/978-3-662-46370-3_13"} {
		n.file("api.crossref.org", "/works/"+doi, 200, "crossref/crossref-work-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	for _, doi := range []string{"10.1145/3448016.3452841", "10.1017/9781108348843", "10.1007/978-3-662-46370-3_13"} {
		n.file("api.openalex.org", "/works/doi:"+doi, 200, "openalex/openalex-work-doi-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	n.file("api.crossref.org", "/works/10.1371/notarealdoi", 404, "crossref/crossref-work-not-found-10.1371-notarealdoi.txt")
	notFound := n.routes["api.crossref.org/works/10.1371/notarealdoi"]
	n.fallback["api.crossref.org"] = notFound
	n.otherwise("api.openalex.org", 404, "")
	n.agencies = map[string]string{}
	for _, p := range []string{"10.3233", "10.1038", "10.1080", "10.1145", "10.7554", "10.1017", "10.1007"} {
		n.agencies[p] = "Crossref"
	}
	return n
}

const recordedManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref", "openalex"]

[[identity]]
orcid = "0000-0002-9341-7985"
name = "Peter Binfield"

[[identity]]
doi = "https://doi.org/10.1145/3448016.3452841"

[[identity]]
doi = "10.7554/eLife.01567"

[[identity]]
doi = "10.1017/9781108348843"

[[identity]]
doi = "10.1007/978-3-662-46370-3_13"
`

// newManifest parses a manifest whose snapshots go to a fresh folder.
func newManifest(t testing.TB, src string) *manifest.Manifest {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "manifest.toml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// testOptions runs against net with no pacing and no real waiting.
func testOptions(m *manifest.Manifest, net http.RoundTripper, workers int) Options {
	return Options{Manifest: m, Workers: workers, Base: net, NoPacing: true, Clock: &instantClock{}, UserAgent: "about-test"}
}

// folderAtAnyJ runs the manifest at -j 1 and at -j 8, each on a fresh
// network, and fails the test unless both write the same folder, whose
// bytes (folderBytes) it returns.
func folderAtAnyJ(t *testing.T, manifestText string, newNet func(testing.TB) *fakeNet) string {
	t.Helper()
	var folders []string
	for _, j := range []int{1, 8} {
		m := newManifest(t, manifestText)
		runOK(t, testOptions(m, newNet(t), j))
		folders = append(folders, folderBytes(t, m.Snapshots))
	}
	if folders[0] != folders[1] {
		t.Errorf("-j 1 and -j 8 differ:\n%s", firstDifference(folders[0], folders[1]))
	}
	return folders[0]
}

// folderBytes is every file under dir, by relative path, in one text,
// so a test can compare whole snapshot folders byte for byte.
func folderBytes(t testing.TB, dir string) string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var b strings.Builder
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "=== %s\n%s", filepath.ToSlash(rel), data)
	}
	return b.String()
}

func runOK(t testing.TB, opts Options) *report.Report {
	t.Helper()
	rep, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// listingKey names a discovery listing's page as "host iD cursor" (the
// cursor "*" or "1" for the first page), false for any other request: the
// query forms of providers/*_discover.go.
func listingKey(u *url.URL) (string, bool) {
	q := u.Query()
	switch {
	case u.Host == "api.crossref.org" && strings.HasPrefix(q.Get("filter"), "orcid:"):
		return u.Host + " " + strings.TrimPrefix(q.Get("filter"), "orcid:") + " " + q.Get("cursor"), true
	case u.Host == "api.openalex.org" && strings.HasPrefix(q.Get("filter"), "authorships.author.orcid:"):
		return u.Host + " " + strings.TrimPrefix(q.Get("filter"), "authorships.author.orcid:https://orcid.org/") + " " + q.Get("cursor"), true
	case u.Host == "api.datacite.org" && q.Has("user-id"):
		return u.Host + " " + q.Get("user-id") + " " + q.Get("page[cursor]"), true
	}
	return "", false
}

// emptyListing is a service's list answer with nothing in it.
func emptyListing(host string) fakeAnswer {
	body := map[string]string{
		"api.crossref.org": `{"status":"ok","message-type":"work-list","message":{"total-results":0,"items":[],"next-cursor":"end"}}`,
		"api.openalex.org": `{"meta":{"count":0,"per_page":100,"next_cursor":null},"results":[]}`,
		"api.datacite.org": `{"data":[],"meta":{"total":0},"links":{"self":"https://api.datacite.org/dois"}}`,
	}[host]
	return fakeAnswer{status: http.StatusOK, body: []byte(body)}
}

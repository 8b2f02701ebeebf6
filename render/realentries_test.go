package render

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// realWorks are works whose providers' answers are real recordings
// (testdata/<provider>/, SOURCES.md there says where each came from; the
// one constructed answer says so in its name), each answered on a fake
// network through the provider's own Fetch, merged by the core and
// rendered. Their expected entries are written by hand, from the source
// answers as a bibliographer reads them, in testdata/render/real-entries.md.
var realWorks = map[string]struct {
	doi     string
	answers map[string]string // provider → answer file under testdata
	extra   map[string]record.Record
}{
	"book": {doi: "10.1017/9781108348843", answers: map[string]string{
		"crossref": "crossref/crossref-work-10.1017-9781108348843.json",
		"openalex": "openalex/openalex-work-doi-10.1017-9781108348843.json",
	}},
	"chapter": {doi: "10.1007/978-3-662-46370-3_13", answers: map[string]string{
		"crossref": "crossref/crossref-work-10.1007-978-3-662-46370-3_13.json",
		"openalex": "openalex/openalex-work-doi-10.1007-978-3-662-46370-3_13.json",
	}},
	"thesis-index": {doi: "10.14264/uql.2020.791", answers: map[string]string{
		"openalex": "openalex/openalex-work-doi-10.14264-uql.2020.791.json",
	}},
	"thesis-registrar": {doi: "10.5555/thesis.2019", answers: map[string]string{
		"crossref": "crossref/constructed-crossref-work-10.5555-thesis.2019.json",
	}},
	"preprint-index": {doi: "10.1101/097196", answers: map[string]string{
		"openalex": "openalex/openalex-work-doi-10.1101-097196.json",
	}},
	"preprint-registrar": {doi: "10.1101/2020.12.01.406702", answers: map[string]string{
		"crossref": "crossref/crossref-work-10.1101-2020.12.01.406702.json",
	}},
	"peer-review": {doi: "10.7554/elife.55167.sa2", answers: map[string]string{
		"openalex": "openalex/openalex-work-doi-10.7554-elife.55167.sa2.json",
	}},
	// The PLOS ONE article as OpenAlex recorded it but with its title
	// blanked (as an index sent for the reported CJK work), and the
	// title the researcher's ORCID record gives: the title is the next
	// provider's, the article stays an article.
	"empty-title": {doi: "10.1371/journal.pone.0000030", answers: map[string]string{
		"openalex": "openalex/openalex-work-doi-10.1371-journal.pone.0000030.json#blank-title",
	}, extra: map[string]record.Record{
		"orcid": {Title: "Triose phosphate isomerase deficiency is caused by altered dimerization - not catalytic inactivity - of the mutant enzymes", Type: "article-journal"},
	}},
	// The same with no title anywhere: still an article, with its
	// volume, issue and pages, keyed by its first author.
	"no-title": {doi: "10.1371/journal.pone.0000030", answers: map[string]string{
		"openalex": "openalex/openalex-work-doi-10.1371-journal.pone.0000030.json#blank-title",
	}},
}

// realFolder is the folder of one real work: its answers fetched, merged
// and wrapped as render reads a snapshot folder.
func realFolder(t *testing.T, name string) *folder.Folder {
	t.Helper()
	w := realWorks[name]
	id := manifest.Identity{Kind: manifest.KindDOI, Value: w.doi}
	sources := map[string]snapshots.Source{}
	for provider, file := range w.answers {
		spec, ok := providers.ByName(provider)
		if !ok {
			t.Fatalf("no provider %s", provider)
		}
		path, variant, _ := strings.Cut(file, "#")
		body, err := os.ReadFile("../testdata/" + path)
		if err != nil {
			t.Fatal(err)
		}
		if variant == "blank-title" {
			body = blankTitle(t, body)
		}
		do := func(req *http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader(body)), Request: req}, nil
		}
		res, err := spec.Fetch(context.Background(), service.Env{Do: do, Base: "https://fake.example"}, []manifest.Identity{id})
		if err != nil || len(res) != 1 || res[0].Status != record.Found {
			t.Fatalf("%s: %s answered %v, %v", name, provider, res, err)
		}
		sources[provider] = snapshots.Source{Provider: provider, Status: string(record.Found), Record: res[0].Record}
	}
	for provider, rec := range w.extra {
		sources[provider] = snapshots.Source{Provider: provider, Status: string(record.Found), Record: &rec}
	}
	order := works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence(), Funding: providers.FundingPrecedence()}
	doc, _ := order.Document(id, nil, sources, nil)
	return &folder.Folder{Works: []folder.Work{{ID: id.Key(), Record: doc.Record}}}
}

// realEntriesFolder is every real work in one folder, for the validators
// (citationCorpora): all but "no-title", whose missing title plain.bst and
// biber rightly warn about.
func realEntriesFolder(t *testing.T) *folder.Folder {
	t.Helper()
	f := &folder.Folder{}
	for _, name := range slices.Sorted(maps.Keys(realWorks)) {
		if name != "no-title" {
			f.Works = append(f.Works, realFolder(t, name).Works...)
		}
	}
	return f
}

// blankTitle is an OpenAlex work with a blank title and display name.
func blankTitle(t *testing.T, body []byte) []byte {
	t.Helper()
	var w map[string]any
	if err := json.Unmarshal(body, &w); err != nil {
		t.Fatal(err)
	}
	w["title"], w["display_name"] = " ", ""
	out, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// expectation is one row of real-entries.md.
type expectation struct{ work, format, field, value string }

func realExpectations(t *testing.T) []expectation {
	t.Helper()
	f, err := os.Open("../testdata/render/real-entries.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []expectation
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(strings.TrimSpace(sc.Text()), "|")
		if len(cells) < 6 || !strings.HasPrefix(sc.Text(), "| ") || strings.HasPrefix(sc.Text(), "| work") {
			continue
		}
		trim := func(s string) string { return strings.Trim(strings.TrimSpace(s), "`") }
		out = append(out, expectation{trim(cells[1]), trim(cells[2]), trim(cells[3]), trim(cells[4])})
	}
	return out
}

// bibEntryFields reads a one-entry .bib: "entry" and "key", then each
// field, its braces dropped.
func bibEntryFields(bib string) map[string]string {
	fields := map[string]string{}
	for _, line := range strings.Split(bib, "\n") {
		if strings.HasPrefix(line, "@") {
			typ, key, _ := strings.Cut(strings.TrimPrefix(line, "@"), "{")
			fields["entry"], fields["key"] = typ, strings.TrimSuffix(key, ",")
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok || !strings.HasPrefix(line, "  ") {
			continue
		}
		value = strings.TrimSuffix(strings.TrimSpace(value), ",")
		fields[strings.TrimSpace(name)] = strings.Trim(value, "{}")
	}
	return fields
}

// TestRealEntries holds the entries of real recordings to what a
// bibliographer would write (#20, items 4 and 7): every row of
// real-entries.md, "—" for a field that must be absent.
func TestRealEntries(t *testing.T) {
	rendered := map[string]map[string]map[string]string{} // work → format → field → value
	wrong := 0
	for _, x := range realExpectations(t) {
		if _, ok := realWorks[x.work]; !ok {
			t.Fatalf("real-entries.md names work %q, which realWorks lacks", x.work)
		}
		if rendered[x.work] == nil {
			rendered[x.work] = renderReal(t, x.work)
		}
		got, ok := rendered[x.work][x.format][x.field]
		if !ok {
			got = "—"
		}
		if got != x.value {
			wrong++
			t.Errorf("%s %s %s = %q; want %q", x.work, x.format, x.field, got, x.value)
		}
	}
	if wrong > 0 {
		t.Logf("%d fields wrong", wrong)
	}
}

func renderReal(t *testing.T, name string) map[string]map[string]string {
	t.Helper()
	f := realFolder(t, name)
	out := map[string]map[string]string{}
	for _, format := range []Format{BibTeX, BibLaTeX, CSLJSON} {
		var b bytes.Buffer
		if err := Render(&b, f, Options{Format: format, Services: testServices()}); err != nil {
			t.Fatal(err)
		}
		if format != CSLJSON {
			out[string(format)] = bibEntryFields(b.String())
			continue
		}
		fields := map[string]string{}
		gjson.Get(b.String(), "0").ForEach(func(k, v gjson.Result) bool {
			if k.String() == "author" {
				fields["author.0.family"] = v.Get("0.family").String()
			}
			if v.Type == gjson.String { // as a processor shows it: nocase spans only protect case
				fields[k.String()] = strings.NewReplacer(`<span class="nocase">`, "", "</span>", "").Replace(v.String())
			}
			return true
		})
		out[string(format)] = fields
	}
	if testing.Verbose() {
		t.Logf("%s: %v", name, out)
	}
	return out
}

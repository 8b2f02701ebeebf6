package providers_test

// Requests go to the httptest stub of stub_test.go; real host names appear
// only as text.

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

const (
	cslJSON  = "application/vnd.citationstyles.csl+json"
	jsonType = "application/json; charset=utf-8"
)

// TestDOIOrgFetchCrossrefCSL follows doi.org's redirect to Crossref's
// transform service, as the real resolver answers, and checks the Accept
// header survives the redirect.
func TestDOIOrgFetchCrossrefCSL(t *testing.T) {
	const target = "/v1/works/10.1126%2Fscience.169.3946.635/transform"
	s := newStub(t)
	s.file("/10.1126/science.169.3946.635", http.StatusFound, "doi/doiorg-cn-redirect-10.1126-science.169.3946.635.html").
		withHeader("Content-Type", "text/html;charset=utf-8").withHeader("Location", target).check(requestHeader("Accept", cslJSON))
	s.file(target, 200, "doi/doiorg-cn-csl-json-10.1126-science.169.3946.635.json").
		withHeader("Content-Type", cslJSON).check(requestHeader("Accept", cslJSON))
	res := fetchOne(t, providers.DOIOrg(), s.env(), manifest.KindDOI, "10.1126/science.169.3946.635")
	if res.Status != record.Found {
		t.Fatalf("status %s (%v), want found", res.Status, res.Err)
	}
	assertGolden(t, res)
}

func TestDOIOrgFetchDataCiteCSL(t *testing.T) {
	s := newStub(t)
	s.file("/10.5281/zenodo.50213", 200, "doi/constructed-doiorg-cn-csl-json-datacite-10.5281-zenodo.50213.json").
		withHeader("Content-Type", cslJSON+"; charset=utf-8").check(requestHeader("Accept", cslJSON))
	res := fetchOne(t, providers.DOIOrg(), s.envAs(""), manifest.KindDOI, "10.5281/zenodo.50213")
	if res.Status != record.Found {
		t.Fatalf("status %s (%v), want found", res.Status, res.Err)
	}
	assertGolden(t, res)
}

func TestDOIOrgEscapesDOI(t *testing.T) {
	s := newStub(t)
	s.text("/"+oddDOIPath, 404, "<html>DOI Not Found</html>").withHeader("Content-Type", "text/html")
	res := fetchOne(t, providers.DOIOrg(), s.env(), manifest.KindDOI, oddDOI)
	if res.Status != record.NotFound {
		t.Errorf("status %s (%v), want not_found", res.Status, res.Err)
	}
}

func TestDOIOrgFailures(t *testing.T) {
	const doi = "10.5555/x"
	for _, tc := range []struct {
		name      string
		status    int
		ctype     string
		body      string
		want      record.Status
		malformed bool
		code      int
		warned    bool
	}{
		{"not-found", 404, "text/html", "<html>DOI Not Found</html>", record.NotFound, false, 0, false},
		{"not-acceptable", 406, "text/plain", "Not Acceptable", record.NotFound, false, 0, true},
		{"landing-page", 200, "text/html; charset=utf-8", "<!doctype html><title>Landing</title>", record.NotFound, false, 0, true},
		{"server-error", 500, "text/plain", "oops", record.Failed, false, 500, false},
		{"malformed-json", 200, jsonType, `{"title":`, record.Failed, true, 0, false},
		{"array", 200, jsonType, `[{"title":"x"}]`, record.Failed, true, 0, false},
		{"empty-object", 200, jsonType, `{}`, record.Failed, true, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStub(t)
			s.text("/"+doi, tc.status, tc.body).withHeader("Content-Type", tc.ctype).check(requestHeader("Accept", cslJSON))
			res := fetchOne(t, providers.DOIOrg(), s.envAs(""), manifest.KindDOI, doi)
			if res.Status != tc.want {
				t.Fatalf("status %s (%v), want %s", res.Status, res.Err, tc.want)
			}
			assertErrorKind(t, res.Err, tc.malformed, tc.code)
			if got := len(res.Warnings) > 0; got != tc.warned {
				t.Errorf("warnings %v, want some: %v", res.Warnings, tc.warned)
			}
		})
	}
}

func TestDOIOrgDeclaration(t *testing.T) {
	if !providers.DOIOrg().AgencyFallback || providers.DOIOrg().Agency != "" {
		t.Error("doi.org content negotiation repeats the agencies' data; by default it must serve only agencies with no provider of their own")
	}
	if providers.Crossref().Agency != providers.CrossrefAgency || providers.DataCite().Agency != providers.DataCiteAgency {
		t.Error("Crossref and DataCite must declare the agency they serve")
	}
	if providers.DataCiteAgency != "DataCite" || providers.CrossrefAgency != "Crossref" {
		t.Error("agency names must be spelled as doi.org's Which RA? service spells them")
	}
}

// TestRegistrationAgenciesMixedBatch asks about Crossref, DataCite and
// nonexistent DOIs in one request, with odd characters and a comma inside
// a DOI escaped and the separators left bare.
func TestRegistrationAgenciesMixedBatch(t *testing.T) {
	wantURI := "/doiRA/10.1126/science.169.3946.635,10.5281/zenodo.48440,10.5555/does-not-exist," + oddDOIPath + ",10.5555/a%2Cb"
	s := newStub(t)
	s.file(wantURI, 200, "doi/constructed-doiorg-ra-mixed-batch.json")
	in := []string{
		"10.1126/science.169.3946.635",
		"https://doi.org/10.5281/zenodo.48440",
		"10.5555/does-not-exist",
		oddDOI,
		"10.5555/a,b",
		"not a doi",
		"10.1126/SCIENCE.169.3946.635", // the first one again: asked once
	}
	got, err := providers.RegistrationAgencies(context.Background(), s.envAs(""), in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{providers.CrossrefAgency, providers.DataCiteAgency, "", providers.CrossrefAgency, "mEDRA", "", providers.CrossrefAgency}
	if !slices.Equal(got, want) {
		t.Errorf("agencies %q, want %q", got, want)
	}
}

// TestRegistrationAgenciesDOIName asks in the documented form, a DOI name
// under /doiRA/, and never sends a bare prefix, which the DOI Handbook's
// Which RA? service does not take.
func TestRegistrationAgenciesDOIName(t *testing.T) {
	s := newStub(t)
	s.file("/doiRA/10.7554/elife.01567", 200, "doi/constructed-doiorg-doira-10.7554-elife.01567.json")
	got, err := providers.RegistrationAgencies(context.Background(), s.envAs(""), []string{"10.7554", "https://doi.org/10.7554/eLife.01567"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []string{"", providers.CrossrefAgency}) {
		t.Errorf("agencies %q, want [\"\" Crossref]", got)
	}
	if asked := s.requests(); !slices.Equal(asked, []string{"/doiRA/10.7554/elife.01567"}) {
		t.Errorf("requests %q, want the DOI name alone", asked)
	}
}

// TestRegistrationAgenciesSplitsBatches sends 45 DOIs as 20+20+5, in order.
func TestRegistrationAgenciesSplitsBatches(t *testing.T) {
	s := newStub(t)
	var in, batches []string
	for _, size := range []int{providers.RABatchSize, providers.RABatchSize, 5} {
		var dois, items []string
		for range size {
			d := fmt.Sprintf("10.5281/zenodo.%d", len(in))
			in = append(in, d)
			dois = append(dois, d)
			items = append(items, fmt.Sprintf(`{"DOI":%q,"RA":"DataCite"}`, d))
		}
		batches = append(batches, "/doiRA/"+strings.Join(dois, ","))
		s.text(batches[len(batches)-1], 200, "["+strings.Join(items, ",")+"]")
	}
	got, err := providers.RegistrationAgencies(context.Background(), s.envAs(""), in)
	if err != nil {
		t.Fatal(err)
	}
	if asked := s.requests(); !slices.Equal(asked, batches) {
		t.Errorf("requests %q, want batches of 20, 20 and 5, in order", asked)
	}
	for i, ra := range got {
		if ra != providers.DataCiteAgency {
			t.Errorf("agency %d = %q", i, ra)
		}
	}
}

func TestRegistrationAgenciesNothingToAsk(t *testing.T) {
	s := newStub(t)
	got, err := providers.RegistrationAgencies(context.Background(), s.envAs(""), []string{"", "doi"})
	if err != nil || !slices.Equal(got, []string{"", ""}) {
		t.Errorf("got %q, %v; want two empty agencies and no request", got, err)
	}
}

func TestRegistrationAgenciesFailures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		status    int
		body      string
		want      []string
		malformed bool
		code      int
	}{
		{"not-found-array", 404, `[{"DOI":"10.5555/x","status":"DOI does not exist"}]`, []string{""}, false, 0},
		{"not-found-text", 404, "not found", nil, false, 404},
		{"server-error", 500, "oops", nil, false, 500},
		{"malformed", 200, `[{"DOI":`, nil, true, 0},
		{"not-an-array", 200, `{"DOI":"10.5555/x","RA":"Crossref"}`, nil, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStub(t)
			s.text("/doiRA/10.5555/x", tc.status, tc.body)
			got, err := providers.RegistrationAgencies(context.Background(), s.envAs(""), []string{"10.5555/x"})
			if !slices.Equal(got, tc.want) {
				t.Errorf("agencies %q, want %q", got, tc.want)
			}
			if tc.want != nil && err != nil {
				t.Errorf("unexpected error %v", err)
			}
			if tc.want == nil && err == nil {
				t.Error("want an error")
			}
			assertErrorKind(t, err, tc.malformed, tc.code)
		})
	}
}

// TestDOIOrgFetchJaLCCSL reads a JaLC DOI's CSL-JSON (constructed, see
// testdata/doi/SOURCES.md) as the registrar record; each expectation is
// read off the answer by hand: a family-first Japanese name kept as
// family and given, the container, the date at day precision, the
// language, the ISSN and the J-STAGE landing page.
func TestDOIOrgFetchJaLCCSL(t *testing.T) {
	const doi = "10.11501/constructed.0001"
	s := newStub(t)
	s.file("/"+doi, 200, "doi/constructed-doiorg-cn-csl-json-jalc-10.11501-constructed.0001.json").
		withHeader("Content-Type", cslJSON+"; charset=utf-8").check(requestHeader("Accept", cslJSON))
	res := fetchOne(t, providers.DOIOrg(), s.env(), manifest.KindDOI, doi)
	if res.Status != record.Found || res.Record == nil {
		t.Fatalf("status %s (%v), want found", res.Status, res.Err)
	}
	r := res.Record
	want := []struct{ field, got, want string }{
		{"title", r.Title, "学術情報流通における識別子の役割"},
		{"type", r.Type, "article-journal"},
		{"container", r.Container, "情報管理"},
		{"publisher", r.Publisher, "国立研究開発法人 科学技術振興機構"},
		{"issued", r.Issued.String(), "2015-12-01"},
		{"volume", r.Volume, "58"},
		{"issue", r.Issue, "10"},
		{"pages", r.Pages, "763-772"},
		{"language", r.Language, "ja"},
		{"doi", r.IDs.DOI, doi},
		{"issn", strings.Join(r.IDs.ISSN, ","), "1234-5679"},
		{"url", r.URL, "https://www.jstage.jst.go.jp/article/constructed/58/10/58_763/_article/-char/ja/"},
		{"authors", fmt.Sprint(r.Authors), fmt.Sprint([]record.Author{{Family: "山田", Given: "花子"}, {Family: "Suzuki", Given: "Ichiro"}})},
	}
	for _, w := range want {
		if w.got != w.want {
			t.Errorf("%s = %q, want %q", w.field, w.got, w.want)
		}
	}
}

package providers_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
)

// listingServer answers each discovery page by its cursor and records the
// queries asked, in order.
func listingServer(t *testing.T, cursorParam string, pages map[string]string) (service.Env, *[]url.Values) {
	t.Helper()
	var mu sync.Mutex
	var asked []url.Values
	net := fakenet.New(t)
	net.Register(fakenet.Host("listing.test"), func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		asked = append(asked, r.URL.Query())
		mu.Unlock()
		body, ok := pages[r.URL.Query().Get(cursorParam)]
		if !ok {
			t.Errorf("unexpected page %s", r.URL)
			return fakenet.Response(r, http.StatusNotFound, nil, nil), nil
		}
		return fakenet.Response(r, http.StatusOK, []byte(body), nil), nil
	})
	return service.Env{Do: net.Client().Do, Base: "http://listing.test", Mailto: "ada@example.org"}, &asked
}

const carberry = "0000-0002-1825-0097"

// TestDataCiteDiscoveryRebuildsTheNextPage: lupo's links.next drops
// user-id, so following it would list every DOI; the next page is asked
// with the iD again and links.next's cursor. The creator carrying the iD
// is found among several, its position and name kept.
func TestDataCiteDiscoveryRebuildsTheNextPage(t *testing.T) {
	page := func(doi, next string) string {
		links := `"self":"https://api.datacite.org/dois"`
		if next != "" {
			links += `,"next":"https://api.datacite.org/dois?page%5Bcursor%5D=` + next + `&page%5Bsize%5D=100"`
		}
		return `{"data":[{"id":"` + doi + `","type":"dois","attributes":{"doi":"` + doi + `","titles":[{"title":"T"}],"publicationYear":"2020","creators":[
{"name":"Doe, Jane","givenName":"Jane","familyName":"Doe"},
{"name":"Carberry, Josiah","givenName":"Josiah","familyName":"Carberry","nameIdentifiers":[{"nameIdentifier":"https://orcid.org/` + carberry + `","nameIdentifierScheme":"ORCID"}]}]}}],
"meta":{"total":2},"links":{` + links + `}}`
	}
	env, asked := listingServer(t, "page[cursor]", map[string]string{
		"1":                           page("10.5072/A", "MTYwMDAwMDAwMCwxMC41MDcyL2E"),
		"MTYwMDAwMDAwMCwxMC41MDcyL2E": page("10.5072/b", ""),
	})
	l, err := providers.DataCite().Discover(context.Background(), env, carberry)
	if err != nil {
		t.Fatal(err)
	}
	if len(*asked) != 2 || l.Pages != 2 || l.Cut || l.Total != 2 {
		t.Fatalf("asked %v, listing %+v; want two pages", *asked, l)
	}
	for _, q := range *asked {
		if q.Get("user-id") != carberry || q.Get("mailto") != "ada@example.org" {
			t.Errorf("page asked without the iD or mailto: %v", q)
		}
	}
	if len(l.Claims) != 2 || l.Claims[0].DOI != "10.5072/a" || l.Claims[0].Position != 2 || l.Claims[0].Author.Family != "Carberry" || l.Claims[0].Year != 2020 {
		t.Errorf("claims %+v; want 10.5072/a with the iD at author 2", l.Claims)
	}
}

// TestCrossrefDiscoveryStopsAtTheLastPage: a page with fewer items than
// rows is the last (Crossref's deep paging); the iD is looked for among
// editors when no author carries it.
func TestCrossrefDiscoveryStopsAtTheLastPage(t *testing.T) {
	env, asked := listingServer(t, "cursor", map[string]string{
		"*": `{"status":"ok","message-type":"work-list","message":{"total-results":1,"next-cursor":"DnF1","items":[
{"DOI":"10.5555/Book","title":["An edited book"],"editor":[{"given":"J.","family":"Carberry","ORCID":"http://orcid.org/` + carberry + `"}],"issued":{"date-parts":[[2012]]}}]}}`,
	})
	l, err := providers.Crossref().Discover(context.Background(), env, carberry)
	if err != nil {
		t.Fatal(err)
	}
	if len(*asked) != 1 || (*asked)[0].Get("filter") != "orcid:"+carberry || (*asked)[0].Get("rows") != "1000" {
		t.Errorf("asked %v; want one page of filter=orcid:%s, rows 1000", *asked, carberry)
	}
	if len(l.Claims) != 1 || l.Claims[0].Role != "editor" || l.Claims[0].Position != 1 || l.Claims[0].DOI != "10.5555/book" {
		t.Errorf("claims %+v; want the book with the iD at editor 1", l.Claims)
	}
}

// TestOpenAlexDiscoveryIsCutAtItsPageBound: a listing that would need
// more pages than the bound stops there and says so.
func TestOpenAlexDiscoveryIsCutAtItsPageBound(t *testing.T) {
	pages := map[string]string{}
	cursor := "*"
	for i := 0; i < 25; i++ {
		next := "c" + strings.Repeat("x", i+1)
		pages[cursor] = `{"meta":{"count":2500,"per_page":100,"next_cursor":"` + next + `"},"results":[{"doi":"https://doi.org/10.5555/w` + next + `","title":"W","publication_year":2020,"authorships":[{"author":{"orcid":"https://orcid.org/` + carberry + `","display_name":"Josiah Carberry"},"raw_author_name":"J. Carberry"}]}]}`
		cursor = next
	}
	env, asked := listingServer(t, "cursor", pages)
	l, err := providers.OpenAlex().Discover(context.Background(), env, carberry)
	if err != nil {
		t.Fatal(err)
	}
	if len(*asked) != 20 || !l.Cut || l.Total != 2500 || len(l.Claims) != 20 {
		t.Errorf("asked %d pages, listing cut %v total %d claims %d; want 20 pages, cut, 2500, 20", len(*asked), l.Cut, l.Total, len(l.Claims))
	}
	if l.Claims[0].Author.Name != "J. Carberry" {
		t.Errorf("name %q; want the one the source wrote (raw_author_name)", l.Claims[0].Author.Name)
	}
}

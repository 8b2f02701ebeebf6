package providers_test

// The Env.Do below is a fake that answers in process; the real host name
// only keys it.

import (
	"context"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/providers/service"

	"github.com/aboutscholar/about/internal/whole"
	"github.com/aboutscholar/about/providers"
)

// liveHeap is the heap in use once garbage is collected.

// TestListingDoesNotKeepItsPages: a listing keeps a few fields of each
// work, not the pages they were read from. A claim's strings as gjson
// reads them are pieces of the whole page, so keeping them kept every
// page of a researcher's listing (megabytes each) until the run's end.
func TestListingDoesNotKeepItsPages(t *testing.T) {
	const pad = 8 << 20
	env, _ := listingServer(t, "cursor", map[string]string{
		"*": `{"status":"ok","message-type":"work-list","message":{"total-results":1,"items":[
{"DOI":"10.5555/Big","title":["A title"],"abstract":"` + strings.Repeat("x", pad) + `","author":[{"given":"Josiah","family":"Carberry","ORCID":"http://orcid.org/` + carberry + `"}],"issued":{"date-parts":[[2012]]}}]}}`,
	})
	before := testtool.LiveHeap()
	l, err := providers.Crossref().Discover(context.Background(), env, carberry)
	if err != nil {
		t.Fatal(err)
	}
	kept := int64(testtool.LiveHeap()) - int64(before)
	if len(l.Claims) != 1 || l.Claims[0].Title != "A title" || l.Claims[0].Author.Family != "Carberry" {
		t.Fatalf("claims %+v; want the one work", l.Claims)
	}
	if kept > pad/4 {
		t.Errorf("the listing of one work keeps %d bytes in memory; its page was %d: the claim holds on to the page", kept, pad)
	}
	runtime.KeepAlive(l)
}

// TestAListPageIsParsedWhereItWasRead: the page the transport read
// (whole.Body) is parsed in place, not copied by service.Send and again
// by gjson.ParseBytes: two more copies of every list answer, each a
// megabyte or two, for every call in flight.
func TestAListPageIsParsedWhereItWasRead(t *testing.T) {
	const pad = 8 << 20
	page := []byte(`{"status":"ok","message-type":"work-list","message":{"total-results":1,"items":[
{"DOI":"10.5555/Big","title":["A title"],"abstract":"` + strings.Repeat("x", pad) + `","author":[{"given":"Josiah","family":"Carberry","ORCID":"http://orcid.org/` + carberry + `"}],"issued":{"date-parts":[[2012]]}}]}}`)
	env := service.Env{Base: "http://crossref.test", Do: func(req *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}}, Body: whole.New(page), Request: req}, nil
	}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	l, err := providers.Crossref().Discover(context.Background(), env, carberry)
	runtime.ReadMemStats(&after)
	if err != nil || len(l.Claims) != 1 || l.Claims[0].Title != "A title" {
		t.Fatalf("listing %+v, %v; want the one work", l, err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > pad/2 {
		t.Errorf("parsing a %d-byte page allocated %d bytes; want it parsed where the transport read it", len(page), got)
	}
}

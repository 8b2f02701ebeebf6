package providers_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
)

// liveHeap is the heap in use once garbage is collected.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

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
	before := liveHeap()
	l, err := providers.Crossref().Discover(context.Background(), env, carberry)
	if err != nil {
		t.Fatal(err)
	}
	kept := int64(liveHeap()) - int64(before)
	if len(l.Claims) != 1 || l.Claims[0].Title != "A title" || l.Claims[0].Author.Family != "Carberry" {
		t.Fatalf("claims %+v; want the one work", l.Claims)
	}
	if kept > pad/4 {
		t.Errorf("the listing of one work keeps %d bytes in memory; its page was %d: the claim holds on to the page", kept, pad)
	}
	runtime.KeepAlive(l)
}

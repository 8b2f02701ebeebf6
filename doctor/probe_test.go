package doctor

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers/service"
)

func TestProbeMissingReadsArraysAndXML(t *testing.T) {
	js := service.Probe{Fields: []string{"a[].b", "a[].c[].d", "[].x", "n", "gone", "a[].gone"}}
	got, err := probeMissing(js, []byte(`{"a":[{"b":1},{"c":[{"e":1},{"d":null}]}],"n":null}`))
	if err != nil {
		t.Fatal(err)
	}
	// "[].x" asks for a top-level array; null counts as present (the field is known).
	if want := []string{"[].x", "gone", "a[].gone"}; !slices.Equal(got, want) {
		t.Errorf("JSON: missing %v, want %v", got, want)
	}
	if _, err := probeMissing(js, []byte("<html>")); err == nil {
		t.Error("an HTML answer passed as JSON")
	}
	xp := service.Probe{XML: true, Fields: []string{"feed/entry/title", "feed/entry/link@href", "feed/entry/link@rel", "feed/title"}}
	got, err = probeMissing(xp, []byte(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>T</title><link href="u"/></entry></feed>`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"feed/entry/link@rel", "feed/title"}; !slices.Equal(got, want) {
		t.Errorf("XML: missing %v, want %v", got, want)
	}
	if _, err := probeMissing(xp, []byte(`{"a":1}`)); err == nil {
		t.Error("a JSON answer passed as XML")
	}
}

func TestRateHeadersAnnounced(t *testing.T) {
	crossref := service.RateHeaders{Limit: "X-Rate-Limit-Limit", Window: "X-Rate-Limit-Interval"}
	ncbi := service.RateHeaders{Limit: "X-RateLimit-Limit", Per: time.Second}
	for _, tc := range []struct {
		name   string
		r      service.RateHeaders
		h      map[string]string
		limit  int
		window time.Duration
		ok     bool
	}{
		{"crossref", crossref, map[string]string{"X-Rate-Limit-Limit": "50", "X-Rate-Limit-Interval": "1s"}, 50, time.Second, true},
		{"bare seconds", crossref, map[string]string{"X-Rate-Limit-Limit": "3000", "X-Rate-Limit-Interval": "60"}, 3000, time.Minute, true},
		{"no window", crossref, map[string]string{"X-Rate-Limit-Limit": "50"}, 0, 0, false},
		{"ncbi", ncbi, map[string]string{"X-RateLimit-Limit": "3"}, 3, time.Second, true},
		{"absent", ncbi, nil, 0, 0, false},
		{"garbage", ncbi, map[string]string{"X-RateLimit-Limit": "many"}, 0, 0, false},
		{"zero", ncbi, map[string]string{"X-RateLimit-Limit": "0"}, 0, 0, false},
	} {
		h := http.Header{}
		for k, v := range tc.h {
			h.Set(k, v)
		}
		limit, window, ok := announcedPace(tc.r, h)
		if limit != tc.limit || window != tc.window || ok != tc.ok {
			t.Errorf("%s: got %d per %s (%v), want %d per %s (%v)", tc.name, limit, window, ok, tc.limit, tc.window, tc.ok)
		}
	}
}

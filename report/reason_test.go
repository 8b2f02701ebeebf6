package report

import (
	"strings"
	"testing"
)

// TestShortURLs: a URL in a reason keeps its scheme, host and path (cut
// to pathRunes), never its query, fragment or user info; the words
// around it stay as they were. The URLs are error text only: nothing is
// sent, so no fake server is needed.
func TestShortURLs(t *testing.T) {
	long := "/ra/" + strings.Repeat("10.5500/x,", 40) + "10.5500/y"
	cases := map[string]string{
		"GET https://api.openalex.org/works?filter=doi:10.1/a|10.1/b&api_key=s3cret: connection refused": "GET https://api.openalex.org/works?…: connection refused",
		"no answer for GET https://doi.org" + long + " (record one)":                                     "no answer for GET https://doi.org" + long[:pathRunes] + "… (record one)",
		"GET https://user:pw@h.example/p#frag, then":                                                     "GET https://h.example/p, then",
		"503 Service Unavailable (4 attempts)":                                                           "503 Service Unavailable (4 attempts)",
	}
	for in, want := range cases {
		if got := shortURLs(in); got != want {
			t.Errorf("shortURLs(%.60q…)\n got %q\nwant %q", in, got, want)
		}
	}
}

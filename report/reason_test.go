package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/aboutscholar/about/transport"
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

// TestLongURLCutBetweenEscapes: a cut that would fall inside a
// percent-escape ("%3") stops before it, so what is printed is still the
// start of the real path. The DOIs are SICI-like, with "<" escaped.
func TestLongURLCutBetweenEscapes(t *testing.T) {
	doi := "10.12345/" + strings.Repeat("%3C", 30) + "x"
	in := "GET https://doi.org/ra/" + doi + "," + doi + " giving up"
	want := "GET https://doi.org/ra/10.12345/" + strings.Repeat("%3C", 15) + "… giving up"
	if got := shortURLs(in); got != want {
		t.Errorf("shortURLs\n got %q\nwant %q", got, want)
	}
}

// TestLookupFailureNoteCutsItsURL: a failed agency lookup asks doi.org
// about up to a hundred DOIs in one path; the note the story and --report
// print names the request by its head, not its 4 KB.
func TestLookupFailureNoteCutsItsURL(t *testing.T) {
	var dois []string
	for i := range 100 {
		dois = append(dois, fmt.Sprintf("10.5281/zenodo.%07d", 4000000+i))
	}
	lookup := fmt.Errorf("registration agency lookup: %w", fmt.Errorf("doi: which ra: %w",
		&transport.StatusError{Method: "GET", URL: "https://doi.org/ra/" + strings.Join(dois, ","), Host: "doi.org", Code: 503, Attempts: 4}))
	r := &Report{NoteFacts: NoteFacts{LookupFailures: []LookupFailure{{Err: lookup}}},
		RunFacts: RunFacts{Hosts: []HostFigures{{Host: "doi.org", Stopped: true, StopReason: "cannot reach it: GET https://doi.org/ra/" + strings.Join(dois, ",") + "?x=1: refused"}}}}
	want := "registration agency lookup: doi: which ra: GET https://doi.org/ra/10.5281/zenodo.4000000,10.5281/zenodo.4000001,10.5281/ze… giving up after 4 attempts: 503 Service Unavailable; works whose agency is unknown were asked of the agency their last snapshot names, else their prefix's, else of Crossref and then DataCite (whose \"not found\" is then not written)"
	notes := r.Notes()
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes = %q\nwant [%q]", notes, want)
	}
	j := r.JSON()
	if len(j.Notes) != 1 || j.Notes[0] != want {
		t.Errorf("--report notes = %q\nwant [%q]", j.Notes, want)
	}
	if got, want := j.Hosts[0].StopReason, "cannot reach it: GET https://doi.org/ra/10.5281/zenodo.4000000,10.5281/zenodo.4000001,10.5281/ze…?…: refused"; got != want {
		t.Errorf("stop_reason = %q\nwant %q", got, want)
	}
}

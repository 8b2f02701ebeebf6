package providers

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// TestCountsThatAreNotCountsAreMalformed gives every provider that reads
// a counter the values a broken or hostile service could send in its
// place: each one fails the answer as malformed instead of being stored
// (gjson's Int made 1e23 9223372036854775807, -5 stayed -5, 3.7 became 3
// and "12" became 12). A true count, and a null (not said), still read.
func TestCountsThatAreNotCountsAreMalformed(t *testing.T) {
	read := map[string]func(raw string) (service.Result, error){
		"crossref": func(raw string) (service.Result, error) {
			return crossrefItem(gjson.Parse(`{"DOI":"10.1/x","title":["T"],"is-referenced-by-count":` + raw + `}`))
		},
		"datacite": func(raw string) (service.Result, error) {
			return dataCiteResource(gjson.Parse(`{"type":"dois","attributes":{"doi":"10.1/x","citationCount":` + raw + `}}`))
		},
		"openalex": func(raw string) (service.Result, error) {
			return parseOpenAlex(gjson.Parse(`{"id":"https://openalex.org/W1","cited_by_count":` + raw + `}`))
		},
		"europepmc": func(raw string) (service.Result, error) {
			r := europePMCResult(gjson.Parse(`{"title":"T","citedByCount":` + raw + `}`))
			return r, r.Err
		},
		"semanticscholar": func(raw string) (service.Result, error) {
			r := s2Result(gjson.Parse(`{"paperId":"p","title":"T","citationCount":` + raw + `}`))
			return r, r.Err
		},
		"opencitations": func(raw string) (service.Result, error) {
			if s := gjson.Parse(raw); s.Type == gjson.String {
				raw = s.String() // documented as a string of digits: "12" is its true form
			}
			return parseOpenCitationsCount("10.1/x", gjson.Parse(fmt.Sprintf(`[{"count":%q}]`, raw)))
		},
	}
	for name, parse := range read {
		for _, raw := range []string{`-5`, `1e23`, `3.7`, `"12"`, `10000001`, `true`, `{}`} {
			if name == "opencitations" && raw == `"12"` {
				continue
			}
			r, err := parse(raw)
			if !errors.Is(err, service.ErrMalformed) || r.Status == record.Found {
				t.Errorf("%s: count %s read as %v (status %q, error %v), want a malformed answer", name, raw, countOf(r.Counts.CitedBy), r.Status, err)
			}
		}
		if r, err := parse(`12`); err != nil || r.Counts.CitedBy == nil || *r.Counts.CitedBy != 12 {
			t.Errorf("%s: count 12 read as %v (%v)", name, countOf(r.Counts.CitedBy), err)
		}
		if name != "opencitations" {
			if r, err := parse(`null`); err != nil || r.Counts.CitedBy != nil {
				t.Errorf("%s: a null count read as %v (%v), want none", name, countOf(r.Counts.CitedBy), err)
			}
		}
	}
}

func countOf(n *int) any {
	if n == nil {
		return nil
	}
	return *n
}

package orchestrator

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/providers/service"
)

// TestHostileCountsAreMalformedAnswers fetches a work whose OpenAlex
// answer says cited_by_count 39, then again from an OpenAlex that says -5,
// 1e23, 3.7 or "12" (and a per-year count of -1). Each hostile answer
// fails the job as malformed, the story says so, and the counts file
// keeps 39: before, 1e23 was stored as 9223372036854775807, -5 as -5, 3.7
// as 3 and "12" as 12. A per-year bin whose year is not a calendar year,
// or whose year adds up past a count, fails the same way: before, a year
// of 1e12 was stored, and render --counts then ran out of memory drawing
// a bar for every year up to it.
func TestHostileCountsAreMalformedAnswers(t *testing.T) {
	work, err := os.ReadFile(filepath.Join("..", "testdata", "openalex", "openalex-work-doi-10.1145-3448016.3452841.json"))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	answer := work
	openalex := newWitness(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		_, _ = w.Write(answer)
	})
	m := newManifest(t, `[[identity]]
doi = "10.1145/3448016.3452841"
`)
	run := func() (string, []error) {
		t.Helper()
		opts := testOptions(m, nil, 1)
		opts.Registry = []service.Spec{singleOpenAlex()}
		opts.BaseURLs = map[string]string{"openalex": openalex.srv.URL}
		rep, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		var story strings.Builder
		rep.WriteSummary(&story)
		var errs []error
		for _, o := range rep.Outcomes {
			errs = append(errs, o.Err)
		}
		return story.String(), errs
	}
	countsFile := filepath.Join(m.Snapshots, "counts", "doi_10.1145_2f3448016.3452841.json")
	if story, errs := run(); errs[0] != nil {
		t.Fatalf("the sane answer failed: %v\n%s", errs[0], story)
	}
	before, err := os.ReadFile(countsFile)
	if err != nil || !strings.Contains(string(before), `"cited_by": 39`) {
		t.Fatalf("the sane answer's counts were not kept (%v):\n%s", err, before)
	}
	for _, c := range []struct{ field, raw, told string }{
		{"cited_by_count", `-5`, "cited_by_count -5 is not a count"},
		{"cited_by_count", `1e23`, "cited_by_count 1e23 is not a count"},
		{"cited_by_count", `3.7`, "cited_by_count 3.7 is not a count"},
		{"cited_by_count", `"12"`, `cited_by_count "12" is not a count`},
		{"referenced_works_count", `10000001`, "referenced_works_count 10000001 is not a count"},
		{"counts_by_year", `[{"year": 2025, "cited_by_count": -1}]`, "counts_by_year[].cited_by_count -1 is not a count"},
		// A year is one a citation can have (1665, the first journals, to
		// 9999, the last year of every date about keeps):
		// render's chart has a bar for every year from the oldest to the
		// newest given, so a year of 1e12 beside 2021 ran it out of memory.
		{"counts_by_year", `[{"year": 1000000000000, "cited_by_count": 2}, {"year": 2021, "cited_by_count": 1}]`, "counts_by_year[].year 1000000000000 is not a year"},
		{"counts_by_year", `[{"year": -2024, "cited_by_count": 2}]`, "counts_by_year[].year -2024 is not a year"},
		{"counts_by_year", `[{"year": 1, "cited_by_count": 2}, {"year": 2021, "cited_by_count": 1}]`, "counts_by_year[].year 1 is not a year"},
		{"counts_by_year", `[{"year": "2024", "cited_by_count": 2}]`, `counts_by_year[].year "2024" is not a year`},
		{"counts_by_year", `[{"cited_by_count": 2}]`, "counts_by_year[].year (none) is not a year"},
		// A year given twice adds up, and the sum is a count too.
		{"counts_by_year", `[{"year": 2024, "cited_by_count": 6000000}, {"year": 2024, "cited_by_count": 6000000}]`, "counts_by_year[].cited_by_count 12000000 (2024's, added up) is not a count"},
	} {
		mu.Lock()
		answer = withMember(t, work, c.field, c.raw)
		mu.Unlock()
		story, errs := run()
		if !errors.Is(errs[0], service.ErrMalformed) || !strings.Contains(errs[0].Error(), c.told) {
			t.Errorf("%s %s: the job's error is %v, want a malformed answer saying %q", c.field, c.raw, errs[0], c.told)
		}
		if !strings.Contains(story, "malformed answer: "+c.told) {
			t.Errorf("%s %s: the story does not say the answer was malformed:\n%s", c.field, c.raw, story)
		}
		if after, err := os.ReadFile(countsFile); err != nil || string(after) != string(before) {
			t.Errorf("%s %s: the counts file changed (%v):\n%s", c.field, c.raw, err, after)
		}
	}
}

// withMember is the JSON object doc with its top-level member name set to
// the raw JSON value.
func withMember(t *testing.T, doc []byte, name, raw string) []byte {
	t.Helper()
	var members map[string]json.RawMessage
	if err := json.Unmarshal(doc, &members); err != nil {
		t.Fatal(err)
	}
	members[name] = json.RawMessage(raw)
	out, err := json.Marshal(members)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

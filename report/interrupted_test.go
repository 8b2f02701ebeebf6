package report

// No request is made here: the URLs are in fake errors a story quotes.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// interruptedReport is a run interrupted with n jobs of crossref and n of
// openalex not asked, one crossref job failed and one in flight when the
// interrupt came.
func interruptedReport(t testing.TB, n int) *Report {
	t.Helper()
	r := &Report{RunFacts: RunFacts{Interrupted: true, Providers: []Provider{{Name: "crossref"}, {Name: "openalex"}}}, FolderFacts: FolderFacts{Cut: &WriteCut{}}}
	skip := func(provider, host string, id manifest.Identity, err error) {
		r.Outcomes = append(r.Outcomes, Outcome{Identity: id, Asked: &Asked{Provider: provider, Host: host}, Status: record.Skipped, Err: err})
	}
	for i := range n {
		id, err := manifest.ParseID(fmt.Sprintf("10.5500/sim.%d", i))
		if err != nil {
			t.Fatal(err)
		}
		skip("crossref", "api.crossref.org", id, fmt.Errorf("%w before asking api.crossref.org", ErrInterrupted))
		skip("openalex", "api.openalex.org", id, fmt.Errorf("%w before asking api.openalex.org", ErrInterrupted))
	}
	first, _ := manifest.ParseID("10.5500/sim.0")
	r.Outcomes = append(r.Outcomes, Outcome{Identity: first, Asked: &Asked{Provider: "crossref", Host: "api.crossref.org"}, Status: record.Failed, Err: errors.New("malformed answer")})
	skip("openalex", "api.openalex.org", first, fmt.Errorf("GET https://api.openalex.org/works: %w", context.Canceled))
	return r
}

// TestInterruptedStoryNamesAFewSkippedJobs: the story of a run
// interrupted with 100,000 jobs not asked names ten of each group the
// interrupt skipped and counts the rest, and still names every job that
// came back short for another reason. It used to print a line per job
// (250,000 lines at 50,000 works, seconds of the settle).
func TestInterruptedStoryNamesAFewSkippedJobs(t *testing.T) {
	const n = 50000
	var b bytes.Buffer
	interruptedReport(t, n).WriteSummary(&b)
	story := b.String()
	if lines := strings.Count(story, "\n"); lines > 60 {
		t.Errorf("the story has %d lines for %d skipped jobs; want a few dozen", lines, 2*n)
	}
	for _, want := range []string{
		fmt.Sprintf("%d jobs came back short:", 2*n+2), // the skipped, the failed one and the one in flight
		fmt.Sprintf("skipped  %d jobs  crossref (api.crossref.org): interrupted before asking api.crossref.org\n      doi:10.5500/sim.0\n", n),
		fmt.Sprintf("      doi:10.5500/sim.9\n      … and %d more, not asked: the run was interrupted (--report lists each)\n", n-interruptedListed),
		"failed  doi:10.5500/sim.0  crossref (api.crossref.org): malformed answer\n",
		"skipped  doi:10.5500/sim.0  openalex (api.openalex.org): interrupted\n",
	} {
		if !strings.Contains(story, want) {
			t.Errorf("the story lacks %q:\n%.3000s", want, story)
		}
	}
}

// TestSmallInterruptedGroupNamesEach: a group of no more than
// interruptedListed jobs is named whole, as before.
func TestSmallInterruptedGroupNamesEach(t *testing.T) {
	var b bytes.Buffer
	interruptedReport(t, interruptedListed).WriteSummary(&b)
	if s := b.String(); strings.Contains(s, "more, not asked") || !strings.Contains(s, "      doi:10.5500/sim.9\n") {
		t.Errorf("a group of %d is not named whole:\n%s", interruptedListed, s)
	}
}

// BenchmarkInterruptedStory: the end-of-run story of a 50,000-work run
// interrupted early (250,000 jobs not asked).
func BenchmarkInterruptedStory(b *testing.B) {
	r := interruptedReport(b, 125000)
	for range b.N {
		var w bytes.Buffer
		r.WriteSummary(&w)
		_ = r.Hints()
	}
}

package orchestrator

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/transport"
)

// The story's lines name a job's identity, provider and host before its
// reason, and a warning's identity before its message; these tests run
// real fetches and read what a user reads, in the story and in --report.

// storyAndReport is what a run tells: the story, and its run report.
func storyAndReport(rep *report.Report) (string, report.RunReport) {
	var b strings.Builder
	rep.WriteSummary(&b)
	return b.String(), rep.JSON()
}

// TestNotFoundAnywhereNamesTheWorkOnce: the warning for a DOI no service
// knows reads "doi:X: not found anywhere …", not "doi:X: doi:X: …".
func TestNotFoundAnywhereNamesTheWorkOnce(t *testing.T) {
	nw := newOutageNet(simORCID(0), 1)
	m := newManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.5500/typo\"\n")
	story, rr := storyAndReport(runOK(t, testOptions(m, nw, 4)))
	if strings.Contains(story, "doi:10.5500/typo: doi:10.5500/typo") || !strings.Contains(story, "\n  doi:10.5500/typo: not found anywhere (") {
		t.Errorf("the story names the work twice, or not at all:\n%s", story)
	}
	found := false
	for _, w := range rr.Warnings {
		if w.Identity == "doi:10.5500/typo" && strings.HasPrefix(w.Message, "not found anywhere (") {
			found = true
		}
	}
	if !found {
		t.Errorf("report warnings %+v; want the typo's, its message not repeating its identity", rr.Warnings)
	}
}

// TestShortReasonNamesTheProviderOnce: a malformed answer reads
// "crossref (api.crossref.org): malformed answer: …", not "…: crossref:
// malformed answer"; a request refused with a status reads "answered 400
// Bad Request", not "crossref answered …".
func TestShortReasonNamesTheProviderOnce(t *testing.T) {
	for name, c := range map[string]struct {
		answer func(*http.Request) (*http.Response, error)
		want   string
	}{
		"malformed": {func(req *http.Request) (*http.Response, error) {
			return cannedAnswer(req, 200, "<html>a proxy's page</html>"), nil
		},
			"crossref (api.crossref.org): malformed answer: body is not valid JSON"},
		"refused": {func(req *http.Request) (*http.Response, error) { return cannedAnswer(req, 400, "{}"), nil },
			"crossref (api.crossref.org): answered 400 Bad Request"},
	} {
		t.Run(name, func(t *testing.T) {
			nw := newOutageNet(simORCID(0), 1)
			m := newManifest(t, "mailto = \"ada@example.org\"\nproviders = [\"crossref\"]\n[[identity]]\ndoi = \"10.5500/sim.0\"\n")
			nw.set("api.crossref.org", c.answer)
			story, rr := storyAndReport(runOK(t, testOptions(m, nw, 4)))
			if !strings.Contains(story, c.want+"\n") || strings.Contains(story, "crossref: ") {
				t.Errorf("story lacks %q, or names crossref twice:\n%s", c.want, story)
			}
			if len(rr.Short) != 1 || strings.HasPrefix(rr.Short[0].Reason, "crossref") {
				t.Errorf("report short %+v; want one reason not naming the provider again", rr.Short)
			}
		})
	}
}

// TestShortReasonShortensURLs: a job whose request missed the replay
// folder says so with the request's scheme, host and path, the query
// (kilobytes of DOIs in a batched list request, and where an API key
// would be) left out; the run report's error keeps the whole request, for
// whoever records it again.
func TestShortReasonShortensURLs(t *testing.T) {
	var src strings.Builder
	src.WriteString("mailto = \"ada@example.org\"\nproviders = [\"openalex\"]\n")
	for i := range 60 {
		fmt.Fprintf(&src, "[[identity]]\ndoi = \"10.5500/a-rather-long-doi-suffix-of-the-kind-journals-mint.%d\"\n", i)
	}
	m := newManifest(t, src.String())
	empty, err := transport.LoadReplay(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	opts := testOptions(m, empty, 4)
	opts.Getenv = func(k string) string {
		if k == "OPENALEX_API_KEY" {
			return "s3cret-token"
		}
		return ""
	}
	story, rr := storyAndReport(runOK(t, opts))
	for _, line := range strings.Split(story, "\n") {
		if !strings.Contains(line, "openalex (api.openalex.org): ") {
			continue // the notes are not the jobs' reasons
		}
		if len(line) > 300 || strings.Contains(line, "filter=") || strings.Contains(line, "s3cret") {
			t.Errorf("the story prints a whole request URL (%d bytes):\n%.400s", len(line), line)
		}
	}
	if !strings.Contains(story, "has no answer for GET https://api.openalex.org/works?… (record one") {
		t.Errorf("the story does not name the request's host and path:\n%s", story)
	}
	if len(rr.Short) == 0 {
		t.Fatal("no short jobs")
	}
	for _, j := range rr.Short {
		if strings.Contains(j.Reason, "filter=") || !strings.Contains(j.Error, "filter=") || strings.Contains(j.Error, "s3cret") {
			t.Fatalf("short job %+v: want a short reason and the whole (redacted) request in error", j)
		}
	}
}

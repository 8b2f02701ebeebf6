package orchestrator

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
)

// TestSilentHostsDoNotStallTheRun: every stage that waits on several
// participants (the ORCID expansion before the fetch stage, the worker
// pool's lanes, a redirect into another host) gets past a host that never
// answers. Here the ORCID host, one provider's host and a host reached by
// redirect all hang; with one worker the lanes run one after another, so
// any unbounded wait would stall everything behind it. The run finishes,
// and each wait that expired says so and names its host.
func TestSilentHostsDoNotStallTheRun(t *testing.T) {
	const timeout = 250 * time.Millisecond // long enough that the healthy answers are never late
	orcid := newService(t, false)
	orcid.breakWith(orcid.hang)
	silent := newService(t, false)
	silent.breakWith(silent.hang)
	beyond := newService(t, false) // undeclared: reached only by redirect
	beyond.breakWith(beyond.hang)
	redirecting := newService(t, false)
	redirecting.breakWith(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/second") {
			redirectTo(beyond.srv.URL)(w, r)
			return
		}
		fmt.Fprintf(w, `{"title": %q}`, r.URL.Path)
	})

	orcidSpec := providers.ORCID()
	orcidSpec.Timeout = timeout
	silentSpec, redirectingSpec := simSpec("silent", 0), simSpec("redirecting", 0)
	silentSpec.Timeout, redirectingSpec.Timeout = timeout, timeout
	m := newManifest(t, "[[identity]]\norcid = \"0000-0002-9341-7985\"\n"+fiveWorks)
	opts := testOptions(m, nil, 1)
	opts.Registry = []service.Spec{orcidSpec, silentSpec, redirectingSpec}
	opts.BaseURLs = map[string]string{"orcid": orcid.srv.URL, "silent": silent.srv.URL, "redirecting": redirecting.srv.URL}

	done := make(chan *report.Report, 1)
	go func() {
		rep, err := Run(context.Background(), opts)
		if err != nil {
			t.Error(err)
		}
		done <- rep
	}()
	var rep *report.Report
	select {
	case rep = <-done:
	case <-time.After(time.Minute): // a watchdog, so a regression fails instead of hanging the suite
		t.Fatal("the run is stalled behind hosts that never answer")
	}

	exp := rep.Expansions
	if len(exp) != 1 || exp[0].Status != record.Failed || !strings.Contains(exp[0].Err.Error(), "no answer from "+orcid.host()+" within 250ms") {
		t.Errorf("expansion %+v, want failed naming the ORCID host", exp)
	}
	if len(rep.Works) != 5 {
		t.Errorf("%d works, want the 5 listed ones (the fetch stage must not wait forever for expansion)", len(rep.Works))
	}
	for i, o := range rep.Outcomes {
		var want string
		switch {
		case o.Provider == "silent" && i == 0:
			want = "failed: no answer from " + silent.host() + " within 250ms"
		case o.Provider == "silent":
			want = "skipped: host " + silent.host() + " stopped for this run: no answer within 250ms, 3 times in a row"
		case o.Identity.Value == "10.1234/second":
			want = "failed: no answer from " + beyond.host() + " within 250ms"
		default:
			want = "found"
		}
		got := string(o.Status)
		if o.Err != nil {
			got += ": " + o.Err.Error()
		}
		if status, reason, _ := strings.Cut(want, ": "); !strings.HasPrefix(got, status) || !strings.Contains(got, reason) {
			t.Errorf("%s at %s: %s\nwant %s", o.Identity, o.Provider, got, want)
		}
	}
	var out strings.Builder
	rep.WriteSummary(&out)
	for _, host := range []string{orcid.host(), silent.host(), beyond.host()} {
		if !strings.Contains(out.String(), host) {
			t.Errorf("summary does not name the silent host %s:\n%s", host, out.String())
		}
	}
}

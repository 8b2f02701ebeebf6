package orchestrator

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

// simSpec is a provider of a simulated service: GET /work/{doi} answers
// {"title": …}. Its host is filled in from the test server.
func simSpec(name string, interval time.Duration) service.Spec {
	return service.Spec{
		Name: name, Title: name, Host: name + ".test",
		MinInterval: interval, Timeout: 10 * time.Second,
		Accepts: []manifest.Kind{manifest.KindDOI}, BatchSize: 1,
		Attribution: "simulated " + name,
		Fetch: service.One(func(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
			return service.GetJSONRecord(ctx, env, name, env.Base+"/work/"+wire.EscapeDOI(id.Value), func(doc gjson.Result) (service.Result, error) {
				return service.Result{Status: record.Found, Record: &record.Record{Title: doc.Get("title").String()}}, nil
			})
		}),
	}
}

// politeServer records how many requests to it were in flight at once.
type politeServer struct {
	srv      *httptest.Server
	inFlight atomic.Int32
	maxSeen  atomic.Int32
	requests atomic.Int32
}

func newPoliteServer(t *testing.T, service time.Duration) *politeServer {
	p := &politeServer{}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := p.inFlight.Add(1)
		defer p.inFlight.Add(-1)
		for {
			m := p.maxSeen.Load()
			if n <= m || p.maxSeen.CompareAndSwap(m, n) {
				break
			}
		}
		p.requests.Add(1)
		if !strings.HasPrefix(r.URL.Path, "/work/10.") {
			t.Errorf("unexpected request %s", r.URL)
		}
		time.Sleep(service) // simulated service time, so overlapping requests would be seen
		fmt.Fprintf(w, `{"title": %q}`, r.URL.Path)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// TestPolitenessAcrossHosts runs -j 8 over four hosts against real HTTP
// servers and the real clock: the servers see never two requests in flight
// at once, and the request starts (taken as each request leaves the pacer
// for the network) are at least that host's interval apart. Both checks
// are bounds a slow machine can only make easier to meet.
func TestPolitenessAcrossHosts(t *testing.T) {
	intervals := []time.Duration{15 * time.Millisecond, 10 * time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond}
	var registry []service.Spec
	servers := map[string]*politeServer{}
	bases := map[string]string{}
	for i, d := range intervals {
		name := fmt.Sprintf("sim%d", i)
		registry = append(registry, simSpec(name, d))
		servers[name] = newPoliteServer(t, 2*time.Millisecond)
		bases[name] = servers[name].srv.URL
	}
	// Two providers on one host must share its lane and its pace.
	shared := simSpec("sim4", 5*time.Millisecond)
	registry = append(registry, shared)
	bases["sim4"] = bases["sim3"]

	var src strings.Builder
	for i := range 12 {
		fmt.Fprintf(&src, "[[identity]]\ndoi = \"10.1234/work.%d\"\n", i)
	}
	m := newManifest(t, src.String())
	var mu sync.Mutex
	starts := map[string][]time.Time{}
	onStart := func(host string, at time.Time) {
		mu.Lock()
		starts[host] = append(starts[host], at)
		mu.Unlock()
	}
	rep, err := Run(context.Background(), Options{Manifest: m, Workers: 8, Registry: registry, BaseURLs: bases, OnStart: onStart})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Incomplete() {
		t.Fatalf("short run: %v", rep.ShortJobs())
	}
	for i, d := range intervals {
		name := fmt.Sprintf("sim%d", i)
		s := servers[name]
		if got := s.maxSeen.Load(); got != 1 {
			t.Errorf("%s: %d requests in flight at once, want 1", name, got)
		}
		want := 12
		if name == "sim3" {
			want = 24 // sim3 and sim4 share the host
		}
		if got := int(s.requests.Load()); got != want {
			t.Errorf("%s: %d requests, want %d", name, got, want)
		}
		host := strings.TrimPrefix(s.srv.URL, "http://")
		if len(starts[host]) != want {
			t.Errorf("%s: %d starts seen, want %d", name, len(starts[host]), want)
		}
		for j := 1; j < len(starts[host]); j++ {
			if gap := starts[host][j].Sub(starts[host][j-1]); gap < d {
				t.Errorf("%s: requests %d and %d started %v apart, want at least %v", name, j-1, j, gap, d)
			}
		}
	}
}

// TestRedirectOnlyHostGetsTheLongestDeclaredTimeout: docs/providers.md's "a host
// reached only by redirect gets the longest declared timeout", so a silent
// redirect target cannot hold a lane longer than any declared service would.
func TestRedirectOnlyHostGetsTheLongestDeclaredTimeout(t *testing.T) {
	specs := providers.All()
	var longest time.Duration
	bases := map[string]string{}
	for _, s := range specs {
		longest = max(longest, s.Timeout)
		bases[s.Name] = s.BaseURL()
	}
	o := transportOptions(Options{}, specs, bases, func(s service.Spec) time.Duration { return s.MinInterval }, nil)
	if o.Default.Timeout != longest {
		t.Errorf("an undeclared host's timeout is %v, want the longest declared, %v", o.Default.Timeout, longest)
	}
}

package fakenet

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// recorder is a testing.TB that keeps the failures a Registry reports and
// the cleanups it registers, so a test can hold the Registry's own
// failures.
type recorder struct {
	testing.TB
	mu       sync.Mutex
	errs     []string
	cleanups []func()
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}
func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recorder) finish() []string {
	for _, f := range r.cleanups {
		f()
	}
	return r.errs
}

func get(t *testing.T, rt http.RoundTripper, raw string) (int, string, error) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := rt.RoundTrip(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body), nil
}

func TestFirstMatchAnswers(t *testing.T) {
	rec := &recorder{TB: t}
	r := New(rec)
	r.Register(GET("https://api.crossref.org/works/10.1/x"), String(200, "one"))
	r.Register(Host("api.crossref.org"), String(404, "none")).Optional()
	for _, c := range []struct {
		url    string
		status int
		body   string
	}{
		{"https://api.crossref.org/works/10.1/x", 200, "one"},
		{"https://api.crossref.org/works/10.1/x", 200, "one"}, // a stub answers again unless Once
		{"https://api.crossref.org/works/10.1/y", 404, "none"},
		{"https://api.crossref.org/works/10.1/x?mailto=a", 404, "none"}, // the query is part of URL
	} {
		status, body, err := get(t, r, c.url)
		if err != nil || status != c.status || body != c.body {
			t.Errorf("%s: %d %q %v, want %d %q", c.url, status, body, err, c.status, c.body)
		}
	}
	if got := r.Count("api.crossref.org"); got != 4 || len(r.Counts()) != 1 {
		t.Errorf("Count = %d, Counts = %v; want 4 of one host", got, r.Counts())
	}
	if errs := rec.finish(); len(errs) != 0 {
		t.Errorf("failures: %q", errs)
	}
}

func TestUnmatchedFailsAndRefuses(t *testing.T) {
	rec := &recorder{TB: t}
	r := New(rec)
	_, _, err := get(t, r, "https://pub.orcid.org/v3.0/0000-0002-1825-0097/works")
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("err = %v, want a refused dial", err)
	}
	if errs := rec.finish(); len(errs) != 1 || !strings.Contains(errs[0], "no stub for GET https://pub.orcid.org/v3.0/") {
		t.Errorf("failures = %q, want one naming the request", errs)
	}
}

func TestOfflineRefusesQuietly(t *testing.T) {
	rec := &recorder{TB: t}
	_, _, err := get(t, Offline(rec), "https://api.openalex.org/works")
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("err = %v, want a refused dial", err)
	}
	if errs := rec.finish(); len(errs) != 0 {
		t.Errorf("failures: %q", errs)
	}
}

func TestDetachedRefusesAndVerifiesNothing(t *testing.T) {
	r := Detached()
	r.Register(Host("a.example"), Status(200))
	if _, _, err := get(t, r, "https://b.example/"); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("err = %v, want a refused dial", err)
	}
	if r.Count("b.example") != 1 {
		t.Errorf("Count = %d, want 1", r.Count("b.example"))
	}
}

func TestVerifyNamesTheStubNeverCalled(t *testing.T) {
	rec := &recorder{TB: t}
	r := New(rec)
	r.Register(Host("a.example"), Status(200))
	r.Register(Host("b.example"), Status(200)).Optional()
	r.Register(Host("c.example"), Status(200)).Remove()
	errs := rec.finish()
	if len(errs) != 1 || !strings.Contains(errs[0], "fakenet_test.go:") || !strings.Contains(errs[0], "never called") {
		t.Errorf("failures = %q, want one naming the line of a.example's stub", errs)
	}
}

func TestOnceOverrideRemove(t *testing.T) {
	rec := &recorder{TB: t}
	r := New(rec)
	first := r.Register(Path("/once"), String(201, "first")).Once()
	r.Register(Host("h.example"), String(200, "ok"))
	r.Register(Host("h.example"), String(500, "unreachable")).Optional()
	r.Override(Path("/once"), String(418, "never")).Remove()
	down := r.Override(Host("h.example"), Sequence(Status(503), WithHeader(Status(429), "Retry-After", "1")))
	want := []int{503, 429, 429}
	for i, w := range want {
		if status, _, _ := get(t, r, "https://h.example/x"); status != w {
			t.Errorf("request %d under the outage: %d, want %d", i, status, w)
		}
	}
	down.Remove()
	for i, w := range []int{201, 200} {
		if status, _, _ := get(t, r, "https://h.example/once"); status != w {
			t.Errorf("/once request %d: %d, want %d", i, status, w)
		}
	}
	if first.Calls() != 1 || down.Calls() != 3 {
		t.Errorf("calls: once %d, outage %d; want 1 and 3", first.Calls(), down.Calls())
	}
	if errs := rec.finish(); len(errs) != 0 {
		t.Errorf("failures: %q", errs)
	}
}

func TestBeforeSeesEveryRequestAndCancels(t *testing.T) {
	rec := &recorder{TB: t}
	r := New(rec)
	r.Register(Any, Status(200))
	ctx, cancel := context.WithCancel(context.Background())
	var seen []string
	r.Before(func(req *http.Request) {
		seen = append(seen, req.URL.Path)
		if req.URL.Path == "/stop" {
			cancel()
		}
	})
	for _, p := range []string{"/a", "/stop"} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://h.example"+p, nil)
		resp, err := r.RoundTrip(req)
		if p == "/stop" && !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %v, %v; want the context's error", p, resp, err)
		}
	}
	if strings.Join(seen, " ") != "/a /stop" || r.Total() != 1 {
		t.Errorf("hook saw %q, %d answered; want both seen, one answered", seen, r.Total())
	}
	if errs := rec.finish(); len(errs) != 0 {
		t.Errorf("failures: %q", errs)
	}
}

// TestConcurrent is run under -race: stubs, counts and hooks are shared by
// every lane of a run.
func TestConcurrent(t *testing.T) {
	r := New(t)
	s := r.Register(Query("q", "x"), Status(200))
	r.Register(Any, Status(404)).Optional()
	r.Before(func(*http.Request) {})
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			get(t, r, fmt.Sprintf("https://h%d.example/?q=x", i%4))
		}()
	}
	wg.Wait()
	if s.Calls() != 32 || r.Count("h0.example") != 8 || len(r.Asked()) != 32 {
		t.Errorf("calls %d, h0 %d, asked %d; want 32, 8, 32", s.Calls(), r.Count("h0.example"), len(r.Asked()))
	}
}

package transport

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRedirectPacedAsTargetAndWithoutCredential(t *testing.T) {
	clock := newFakeClock()
	target := &script{steps: []step{{code: 200, body: "landed"}}, clock: clock}
	srvB := serve(t, target)
	urlB := onLocalhost(srvB.URL) // a different host string from 127.0.0.1
	const secret = "SECRET-A"
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Api-Key") != secret || r.URL.Query().Get("api_key") != secret {
			t.Errorf("origin did not get its credential: %v %q", r.Header, r.URL.RawQuery)
		}
		// A careless server echoing the key into the redirect.
		http.Redirect(w, r, urlB+"/landing?api_key="+secret+"&x=1", http.StatusFound)
	}))
	t.Cleanup(origin.Close)
	hostA, hostB := hostOf(t, origin.URL), hostOf(t, urlB)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{
		hostA: {Credential: &Credential{Header: "X-Api-Key", Query: "api_key", Value: secret}},
		hostB: {MinInterval: 5 * time.Second},
	}})

	for range 2 {
		_, body, err := get(t, c, context.Background(), origin.URL+"/start")
		if err != nil || body != "landed" {
			t.Fatalf("got %q, %v", body, err)
		}
	}
	for i, h := range target.headers {
		if h.Get("X-Api-Key") != "" {
			t.Errorf("hop %d carried the origin's header credential", i)
		}
		if strings.Contains(target.queries[i], secret) || target.queries[i] != "x=1" {
			t.Errorf("hop %d query = %q, want x=1 without the origin's key", i, target.queries[i])
		}
	}
	if len(target.starts) != 2 || target.starts[1].Sub(target.starts[0]) < 5*time.Second {
		t.Errorf("target starts %v, want 5s apart (paced as the target host)", target.starts)
	}
	if got := clock.Sleeps(); len(got) != 1 || got[0] != 5*time.Second {
		t.Errorf("sleeps = %v, want [5s]", got)
	}
	if a, b := statsFor(t, c, hostA), statsFor(t, c, hostB); a.Requests != 2 || b.Requests != 2 {
		t.Errorf("stats: %+v %+v", a, b)
	}
}

func TestRedirectHTTPSToHTTPRefused(t *testing.T) {
	var plainHits atomic.Int32
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { plainHits.Add(1) }))
	t.Cleanup(plain.Close)
	secure := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ok" {
			_, _ = io.WriteString(w, "secure")
			return
		}
		http.Redirect(w, r, plain.URL+"/down", http.StatusMovedPermanently)
	}))
	t.Cleanup(secure.Close)
	c := newClient(t, newFakeClock(), Options{
		Base:  secure.Client().Transport,
		Hosts: map[string]HostPolicy{hostOf(t, secure.URL): {}, hostOf(t, plain.URL): {}},
	})

	if _, body, err := get(t, c, context.Background(), secure.URL+"/ok"); err != nil || body != "secure" {
		t.Fatalf("plain https request: %q, %v", body, err)
	}
	_, _, err := get(t, c, context.Background(), secure.URL+"/up")
	if !errors.Is(err, ErrInsecureRedirect) {
		t.Fatalf("err = %v, want ErrInsecureRedirect", err)
	}
	if plainHits.Load() != 0 {
		t.Errorf("plain server was reached %d times", plainHits.Load())
	}
	if st := statsFor(t, c, hostOf(t, secure.URL)); st.Retries != 0 {
		t.Errorf("insecure redirect was retried: %+v", st)
	}
}

func TestTooManyRedirects(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, "/again", http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	c := newClient(t, newFakeClock(), Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})
	_, _, err := get(t, c, context.Background(), srv.URL)
	if !errors.Is(err, ErrTooManyRedirects) {
		t.Fatalf("err = %v, want ErrTooManyRedirects", err)
	}
	if hits.Load() != maxRedirects {
		t.Errorf("hits = %d, want %d", hits.Load(), maxRedirects)
	}
}

func TestBodyCap(t *testing.T) {
	tests := []struct {
		name    string
		size    int
		wantErr bool
	}{
		{"under", 9, false},
		{"exactly", 10, false},
		{"over", 11, true},
		{"far over", 100_000, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &script{steps: []step{{code: 200, body: strings.Repeat("x", tt.size)}}}
			srv := serve(t, s)
			c := newClient(t, newFakeClock(), Options{MaxBody: 10, Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})
			_, body, err := get(t, c, context.Background(), srv.URL)
			if got := errors.Is(err, ErrTooLarge); got != tt.wantErr {
				t.Fatalf("err = %v, want ErrTooLarge: %v", err, tt.wantErr)
			}
			if len(body) > 10 {
				t.Errorf("read %d bytes past a cap of 10", len(body))
			}
		})
	}
}

func TestCredentialsUserAgentAndRecorder(t *testing.T) {
	clock := newFakeClock()
	s := &script{steps: []step{{code: 503, body: "busy"}, {code: 200, header: map[string]string{"X-Served": "yes"}, body: "world"}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	var mu sync.Mutex
	var got []Exchange
	c := newClient(t, clock, Options{
		UserAgent: "about/test (mailto:dev@example.org)",
		Hosts:     map[string]HostPolicy{host: {Credential: &Credential{Header: "X-Api-Key", Query: "api_key", Value: "K&1"}}},
		Recorder: func(e Exchange) {
			mu.Lock()
			got = append(got, e)
			mu.Unlock()
		},
	})

	req, err := http.NewRequest(http.MethodPost, srv.URL+"/x?b=2&a=1", strings.NewReader("hello"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.HTTP().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "world" {
		t.Fatalf("body = %q", b)
	}

	// The caller's request is untouched.
	if req.URL.RawQuery != "b=2&a=1" || req.Header.Get("X-Api-Key") != "" {
		t.Errorf("caller's request was modified: %q %v", req.URL.RawQuery, req.Header)
	}
	if resp.Request != nil && strings.Contains(resp.Request.URL.String(), "api_key") {
		t.Errorf("resp.Request carries the credential: %s", resp.Request.URL)
	}
	for i, h := range s.headers {
		if h.Get("X-Api-Key") != "K&1" || h.Get("User-Agent") != "about/test (mailto:dev@example.org)" || h.Get("Accept") != "application/json" {
			t.Errorf("attempt %d headers = %v", i, h)
		}
		if s.queries[i] != "b=2&a=1&api_key=K%261" {
			t.Errorf("attempt %d query = %q, want order kept and key appended", i, s.queries[i])
		}
	}

	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 {
		t.Fatalf("recorded %d exchanges, want 1 (the final response)", len(got))
	}
	e := got[0]
	if e.Method != "POST" || e.URL != srv.URL+"/x?b=2&a=1" || string(e.RequestBody) != "hello" ||
		e.Status != 200 || e.Header.Get("X-Served") != "yes" || string(e.Body) != "world" {
		t.Errorf("exchange = %+v", e)
	}
}

func TestRecorderSeesFinalFailure(t *testing.T) {
	s := &script{steps: []step{{code: 502, body: "bad gateway"}}}
	srv := serve(t, s)
	host := hostOf(t, srv.URL)
	var got []Exchange
	var mu sync.Mutex
	c := newClient(t, newFakeClock(), Options{
		MaxAttempts: 2,
		Hosts:       map[string]HostPolicy{host: {Credential: &Credential{Query: "api_key", Value: "K"}}},
		Recorder: func(e Exchange) {
			mu.Lock()
			got = append(got, e)
			mu.Unlock()
		},
	})
	if _, _, err := get(t, c, context.Background(), srv.URL+"/w?api_key=K"); !errors.As(err, new(*StatusError)) {
		t.Fatalf("err = %v, want StatusError", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 || got[0].Status != 502 || string(got[0].Body) != "bad gateway" || got[0].URL != srv.URL+"/w" {
		t.Errorf("recorded %+v, want one 502 exchange without the key", got)
	}
}

func TestUnsupportedSchemeNotRetried(t *testing.T) {
	c := newClient(t, newFakeClock(), Options{})
	_, err := c.HTTP().Get("ftp://example.org/file")
	if err == nil {
		t.Fatal("want an error")
	}
	if len(c.Stats()) != 0 {
		t.Errorf("stats = %+v, want nothing attempted", c.Stats())
	}
}

func TestSystemClock(t *testing.T) {
	clk := SystemClock()
	if clk.Now().IsZero() {
		t.Error("Now is zero")
	}
	if err := clk.Sleep(context.Background(), 0); err != nil {
		t.Errorf("Sleep(0) = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := clk.Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Sleep(1h) = %v, want context.Canceled", err)
	}
}

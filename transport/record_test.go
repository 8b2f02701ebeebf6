package transport

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordServer answers a handful of paths the way scholarly APIs do: JSON,
// a plain-text 404, a redirect to another path, bytes that are not UTF-8,
// and a POST whose answer depends on its body.
func recordServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /works/10.1/a", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Request-Id", "volatile-and-not-recorded")
		_, _ = w.Write([]byte(`{"title":"A & <b>","mailto":"` + r.URL.Query().Get("mailto") + `"}`))
	})
	mux.HandleFunc("GET /works/10.1/missing", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("Resource not found."))
	})
	mux.HandleFunc("GET /old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/works/10.1/a?mailto=ada%40example.org", http.StatusMovedPermanently)
	})
	mux.HandleFunc("GET /binary", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		_, _ = w.Write([]byte{0xff, 0xfe, 0x00, 'x'})
	})
	mux.HandleFunc("POST /batch", func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		_, _ = b.ReadFrom(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"asked":` + b.String() + `}`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

type got struct {
	status int
	ctype  string
	body   string
}

// askAll sends the recordServer's requests through c, mailto as given.
func askAll(t *testing.T, c *Client, base, mailto string) []got {
	t.Helper()
	var out []got
	for _, path := range []string{"/works/10.1/a?mailto=" + mailto, "/works/10.1/missing?mailto=" + mailto, "/old", "/binary"} {
		resp, body, err := get(t, c, context.Background(), base+path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		out = append(out, got{resp.StatusCode, resp.Header.Get("Content-Type"), body})
	}
	for _, body := range []string{`["x"]`, `["y"]`, "\xff\xfe"} {
		req, _ := http.NewRequest(http.MethodPost, base+"/batch", strings.NewReader(body))
		resp, err := c.HTTP().Do(req)
		if err != nil {
			t.Fatalf("POST /batch: %v", err)
		}
		var b bytes.Buffer
		_, _ = b.ReadFrom(resp.Body)
		resp.Body.Close()
		out = append(out, got{resp.StatusCode, resp.Header.Get("Content-Type"), b.String()})
	}
	return out
}

// folder reads every file under dir by relative path.
func folder(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRecordThenReplayGivesTheSameAnswers(t *testing.T) {
	srv := recordServer(t)
	dir := t.TempDir()
	rec, err := NewRecording(dir)
	if err != nil {
		t.Fatal(err)
	}
	live := newClient(t, newFakeClock(), Options{Recorder: rec.Record})
	want := askAll(t, live, srv.URL, "ada%40example.org")
	if err := rec.Err(); err != nil {
		t.Fatal(err)
	}
	files := folder(t, dir)
	// seven answers: a, missing, the redirect hop, binary, and three batches
	// (the redirect's target is the same request as a: one file).
	if len(files) != 7 || len(rec.Files()) != 7 {
		t.Fatalf("recorded %d files (%v), want 7:\n%v", len(files), rec.Files(), files)
	}
	host := strings.ReplaceAll(hostOf(t, srv.URL), ":", "-")
	for name, data := range files {
		if !strings.HasPrefix(name, host+"/") || !strings.HasSuffix(name, ".json") {
			t.Errorf("file %s: want %s/<slug>-<hash>.json", name, host)
		}
		if strings.Contains(data, "volatile-and-not-recorded") {
			t.Errorf("%s keeps a header that is not one of Content-Type, Location, Retry-After:\n%s", name, data)
		}
		if strings.HasSuffix(name, ".tmp") || strings.Contains(name, ".tmp-") {
			t.Errorf("leftover temp file %s", name)
		}
	}
	if s := files[host+"/works-10.1-missing-"+hashOf(t, "GET", srv.URL+"/works/10.1/missing", "")+".json"]; !strings.Contains(s, `"body": "Resource not found."`) || !strings.Contains(s, `"status": 404`) {
		t.Errorf("the 404 answer is not where it should be or lost its body; files:\n%v", files)
	}
	if !anyContains(files, `"request_body_base64": "//4="`) {
		t.Errorf("non-UTF-8 request body not kept as base64:\n%v", files)
	}
	if !anyContains(files, `"body_base64": "//4AeA=="`) {
		t.Errorf("non-UTF-8 body not kept as base64:\n%v", files)
	}
	if !anyContains(files, `"Location": "/works/10.1/a?mailto=ada%40example.org"`) {
		t.Errorf("redirect Location not kept:\n%v", files)
	}

	// Recording the same answers again writes the same bytes.
	rec2, _ := NewRecording(dir)
	askAll(t, newClient(t, newFakeClock(), Options{Recorder: rec2.Record}), srv.URL, "ada%40example.org")
	if again := folder(t, dir); !equalMaps(again, files) {
		t.Errorf("a second recording changed the folder")
	}

	// Replay, with another mailto, and the server gone.
	srv.Close()
	rp, err := LoadReplay(dir)
	if err != nil {
		t.Fatal(err)
	}
	clock := newFakeClock()
	offline := newClient(t, clock, Options{Base: rp})
	have := askAll(t, offline, srv.URL, "someone-else%40example.com")
	for i := range want {
		if have[i] != want[i] {
			t.Errorf("answer %d: replay %+v, recorded %+v", i, have[i], want[i])
		}
	}
}

func TestReplayKeyIgnoresWhoAsks(t *testing.T) {
	same := [][2]string{
		{"https://api.crossref.org/works/10.1/a?mailto=a%40b.org", "https://api.crossref.org/works/10.1/a"},
		{"https://api.unpaywall.org/v2/10.1/a?email=x@y.org", "https://API.unpaywall.org/v2/10.1/a?email=z@w.org"},
		{"https://api.openalex.org/works/doi:10.1/a?api_key=k", "https://api.openalex.org/works/doi:10.1/a"},
		{"https://h/p?include=media,client&b=1", "https://h/p?b=1&include=media%2Cclient"},
	}
	for _, c := range same {
		a, _ := replayKey("GET", c[0], nil)
		b, _ := replayKey("GET", c[1], nil)
		if a != b {
			t.Errorf("%s and %s should be one question: %q vs %q", c[0], c[1], a, b)
		}
	}
	differ := [][2]string{
		{"https://h/works/10.1/a", "https://h/works/10.1/b"},
		{"https://h/p?rows=1", "https://h/p?rows=2"},
		{"https://h/p", "http://h/p"},
		{"https://h/p", "https://g/p"},
	}
	for _, c := range differ {
		a, _ := replayKey("GET", c[0], nil)
		b, _ := replayKey("GET", c[1], nil)
		if a == b {
			t.Errorf("%s and %s must not share an answer", c[0], c[1])
		}
	}
	a, _ := replayKey("POST", "https://h/batch", []byte(`["x"]`))
	b, _ := replayKey("POST", "https://h/batch", []byte(`["y"]`))
	c, _ := replayKey("GET", "https://h/batch", nil)
	if a == b || a == c {
		t.Errorf("method and body are part of the question: %q %q %q", a, b, c)
	}
}

func hashOf(t *testing.T, method, rawURL, body string) string {
	t.Helper()
	key, err := replayKey(method, rawURL, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])[:hashChars]
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func anyContains(files map[string]string, s string) bool {
	for _, v := range files {
		if strings.Contains(v, s) {
			return true
		}
	}
	return false
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

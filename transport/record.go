package transport

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Recorded answers live one per file: <dir>/<host>/<slug>-<8 hex>.json,
// where the hex is the start of the SHA-256 of the request's replay key.
// The key, not the file name, is what Replay matches on; the name only
// has to be stable and readable.
const (
	answerExt = ".json"
	maxSlug   = 60 // bytes of path kept in a file name
	hashChars = 8  // hex digits of the key digest in a file name
)

// volatileParams are query parameters that say who asks or how they pay,
// not what is asked: a recording answers the request whatever their
// values, so a replay works with any mailto and with or without a key.
var volatileParams = []string{"api_key", "email", "mailto"}

// recordedHeaders are the response headers worth keeping: what the body
// is, where a redirect goes, and how long a server asked us to wait.
var recordedHeaders = []string{"Content-Type", "Location", "Retry-After"}

// Answer is the file form of one recorded exchange. Exactly one of Body
// and BodyBase64 is set: the body as text when it is valid UTF-8, else
// base64.
type Answer struct {
	Method      string            `json:"method"`                        // request method
	URL         string            `json:"url"`                           // request URL, credentials removed
	RequestBody string            `json:"request_body,omitempty"`        // request body (POST batches), as text
	RequestB64  string            `json:"request_body_base64,omitempty"` // request body when it is not UTF-8
	Status      int               `json:"status"`                        // response status code
	Header      map[string]string `json:"header,omitempty"`              // the recordedHeaders that were present
	Body        *string           `json:"body,omitempty"`                // response body as text
	BodyBase64  string            `json:"body_base64,omitempty"`         // response body when it is not UTF-8
}

// NewAnswer turns an Exchange into its file form.
func NewAnswer(x Exchange) Answer {
	a := Answer{Method: x.Method, URL: x.URL, Status: x.Status}
	if utf8.Valid(x.RequestBody) {
		a.RequestBody = string(x.RequestBody)
	} else {
		a.RequestB64 = base64.StdEncoding.EncodeToString(x.RequestBody)
	}
	for _, h := range recordedHeaders {
		if v := x.Header.Get(h); v != "" {
			if a.Header == nil {
				a.Header = map[string]string{}
			}
			a.Header[h] = v
		}
	}
	if utf8.Valid(x.Body) {
		s := string(x.Body)
		a.Body = &s
	} else {
		a.BodyBase64 = base64.StdEncoding.EncodeToString(x.Body)
	}
	return a
}

// body decodes the recorded response body.
func (a Answer) body() ([]byte, error) {
	if a.Body != nil {
		return []byte(*a.Body), nil
	}
	if a.BodyBase64 == "" {
		return nil, nil
	}
	return base64.StdEncoding.DecodeString(a.BodyBase64)
}

// requestBody decodes the recorded request body.
func (a Answer) requestBody() ([]byte, error) {
	if a.RequestB64 != "" {
		return base64.StdEncoding.DecodeString(a.RequestB64)
	}
	return []byte(a.RequestBody), nil
}

// Encode renders the answer deterministically: fixed field order, sorted
// header keys, two-space indent, no HTML escaping, one trailing newline.
func (a Answer) Encode() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(a); err != nil { // maps encode with sorted keys
		return nil, fmt.Errorf("encode answer for %s %s: %w", a.Method, a.URL, err)
	}
	return buf.Bytes(), nil
}

// Path is where the answer lives in a recording folder, relative to it,
// with forward slashes.
func (a Answer) Path() (string, error) {
	u, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("recorded URL %q: %w", a.URL, err)
	}
	reqBody, err := a.requestBody()
	if err != nil {
		return "", fmt.Errorf("recorded request body: %w", err)
	}
	key, err := replayKey(a.Method, a.URL, reqBody)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(key))
	name := slug(u.EscapedPath()+"?"+dropVolatile(u.RawQuery), maxSlug)
	if name == "" {
		name = "root"
	}
	return slug(strings.ToLower(u.Host), 100) + "/" + name + "-" + hex.EncodeToString(sum[:])[:hashChars] + answerExt, nil
}

// Recording writes every final response of a run into a folder, one file
// per distinct request, for Replay to answer from later. Its Record
// method is an Options.Recorder. It is safe for concurrent use. Files are
// keyed by the request, never by time: recording the same answers twice
// gives the same bytes.
type Recording struct {
	dir string // folder written to

	mu    sync.Mutex      // guards the fields below and serialises writes
	err   error           // first write error
	files map[string]bool // relative paths written this run
}

// NewRecording returns a Recording into dir, creating the folder.
func NewRecording(dir string) (*Recording, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create recording folder: %w", err)
	}
	return &Recording{dir: dir, files: map[string]bool{}}, nil
}

// Record writes one exchange. A failure is kept for Err; the run goes on.
func (r *Recording) Record(x Exchange) {
	a := NewAnswer(x)
	rel, err := a.Path()
	var data []byte
	if err == nil {
		data, err = a.Encode()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err == nil {
		err = writeAtomic(filepath.Join(r.dir, filepath.FromSlash(rel)), data)
	}
	if err != nil {
		if r.err == nil {
			r.err = fmt.Errorf("record %s %s: %w", x.Method, x.URL, err)
		}
		return
	}
	r.files[rel] = true
}

// Err reports the first answer that could not be written, or nil.
func (r *Recording) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Files lists the answers written so far, relative to the folder, sorted.
func (r *Recording) Files() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.files))
	for f := range r.files {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// replayKey is what identifies a request for replay: the method, the
// scheme and lower-case host, the escaped path, the query without
// volatileParams and in sorted order, and a digest of the body if any.
func replayKey(method, rawURL string, body []byte) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("request URL %q: %w", rawURL, err)
	}
	var b strings.Builder
	b.WriteString(strings.ToUpper(method))
	b.WriteByte(' ')
	b.WriteString(strings.ToLower(u.Scheme))
	b.WriteString("://")
	b.WriteString(strings.ToLower(u.Host))
	b.WriteString(u.EscapedPath())
	if q := dropVolatile(u.RawQuery); q != "" {
		b.WriteByte('?')
		b.WriteString(q)
	}
	if len(body) > 0 {
		sum := sha256.Sum256(body)
		b.WriteString(" body:")
		b.WriteString(hex.EncodeToString(sum[:]))
	}
	return b.String(), nil
}

// dropVolatile removes volatileParams from a raw query and returns the
// rest re-escaped uniformly and sorted, so "a=1&b=x%2Cy" and "b=x,y&a=1"
// are the same question.
func dropVolatile(raw string) string {
	if raw == "" {
		return ""
	}
	var pairs []string
	for _, part := range strings.Split(raw, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		if uk, err := url.QueryUnescape(k); err == nil {
			k = uk
		}
		if uv, err := url.QueryUnescape(v); err == nil {
			v = uv
		}
		if isVolatile(k) {
			continue
		}
		pairs = append(pairs, url.QueryEscape(k)+"="+url.QueryEscape(v))
	}
	sort.Strings(pairs)
	return strings.Join(pairs, "&")
}

func isVolatile(param string) bool {
	for _, p := range volatileParams {
		if strings.EqualFold(p, param) {
			return true
		}
	}
	return false
}

// withoutVolatile renders a URL without the parameters a replay ignores
// (the API key and the mailto), for error messages: a replay miss is
// quoted by the story and --report, which keep the mailto out too.
func withoutVolatile(u *url.URL) string {
	v := *u
	v.RawQuery = filterQuery(v.RawQuery, func(k, _ string) bool { return isVolatile(k) })
	return v.Redacted()
}

// slug makes s a readable, portable file name part: lower-case letters,
// digits, '.' and '-', runs of anything else as one '-', at most max bytes.
func slug(s string, max int) string {
	var b strings.Builder
	dash := false
	for i := 0; i < len(s) && b.Len() < max; i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' {
			b.WriteByte(c)
			dash = false
			continue
		}
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-.")
}

// writeAtomic replaces path with data through a temp file in the same
// folder; an unchanged file is left alone.
func writeAtomic(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// header builds the response header of a replayed answer.
func (a Answer) header() http.Header {
	h := http.Header{}
	for k, v := range a.Header {
		h.Set(k, v)
	}
	return h
}

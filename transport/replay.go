package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Replay is an http.RoundTripper that answers from a folder written by
// Recording, with no network: each request gets the recorded answer for
// the same method, host, path, query (ignoring mailto, email and api_key)
// and body. A request the folder has no answer for fails with a
// *ReplayMissError. Use it as Options.Base. It is safe for concurrent use.
type Replay struct {
	dir     string             // folder read, for messages
	answers map[string]*answer // replay key → answer
}

// answer is a loaded Answer with its body decoded once.
type answer struct {
	Answer
	file string // path relative to the folder, for messages
	body []byte
}

// LoadReplay reads every answer file (*.json, any depth) under dir. Other
// files (a SOURCES.md, say) are ignored. A folder that cannot be walked
// (it does not exist, say) is an error naming the folder; a file that
// cannot be read, is not a whole answer, or answers the same request as
// another is a *ReplayFileError naming the file.
func LoadReplay(dir string) (*Replay, error) {
	r := &Replay{dir: dir, answers: map[string]*answer{}}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() || !strings.HasSuffix(name, answerExt) || strings.HasPrefix(name, ".tmp-") {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		a, body, key, err := loadAnswer(path)
		if err != nil {
			return &ReplayFileError{Path: path, Err: err}
		}
		if prev, dup := r.answers[key]; dup {
			return &ReplayFileError{Path: path, Err: fmt.Errorf("it and %s both answer %s %s", filepath.Join(dir, filepath.FromSlash(prev.file)), a.Method, a.URL)}
		}
		r.answers[key] = &answer{Answer: a, file: rel, body: body}
		return nil
	})
	var fe *ReplayFileError
	switch {
	case errors.As(err, &fe):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("load replay folder %s: %w", dir, err)
	}
	return r, nil
}

// loadAnswer reads one answer file: the answer, its body and its replay
// key.
func loadAnswer(path string) (a Answer, body []byte, key string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return a, nil, "", err
	}
	if a, err = decodeAnswer(data); err != nil {
		return a, nil, "", err
	}
	if body, err = a.body(); err != nil {
		return a, nil, "", fmt.Errorf("body_base64: %w", err)
	}
	reqBody, err := a.requestBody()
	if err != nil {
		return a, nil, "", fmt.Errorf("request_body_base64: %w", err)
	}
	key, err = replayKey(a.Method, a.URL, reqBody)
	return a, body, key, err
}

// ReplayFileError is a file of a replay folder that cannot be used: it
// could not be read, is not a whole recorded answer (cut short, say), or
// answers a request another file answers. It names the file, so the user
// can record it again or delete it.
type ReplayFileError struct {
	Path string // the file, as under the folder given
	Err  error
}

func (e *ReplayFileError) Error() string {
	return fmt.Sprintf("replay file %s: %v", e.Path, e.Err)
}

func (e *ReplayFileError) Unwrap() error { return e.Err }

func decodeAnswer(data []byte) (Answer, error) {
	var a Answer
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return a, fmt.Errorf("not a whole recorded answer: it is empty or cut short (%w)", err)
		}
		return a, fmt.Errorf("not a recorded answer: %w", err)
	}
	switch {
	case a.Method == "":
		return a, errors.New("not a recorded answer: no method")
	case a.URL == "":
		return a, errors.New("not a recorded answer: no url")
	case a.Status < 100 || a.Status > 999:
		return a, fmt.Errorf("not a recorded answer: status %d", a.Status)
	case a.Body != nil && a.BodyBase64 != "":
		return a, errors.New("has both body and body_base64")
	case a.RequestBody != "" && a.RequestB64 != "":
		return a, errors.New("has both request_body and request_body_base64")
	}
	return a, nil
}

// Len is the number of answers loaded.
func (r *Replay) Len() int { return len(r.answers) }

// RoundTrip answers req from the folder.
func (r *Replay) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		var err error
		body, err = io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("read request body: %w", err)
		}
	}
	key, err := replayKey(req.Method, req.URL.String(), body)
	if err != nil {
		return nil, err
	}
	a, ok := r.answers[key]
	if !ok {
		return nil, &ReplayMissError{Dir: r.dir, Method: req.Method, URL: withoutVolatile(req.URL)}
	}
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", a.Status, http.StatusText(a.Status)),
		StatusCode:    a.Status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        a.header(),
		Body:          io.NopCloser(bytes.NewReader(a.body)),
		ContentLength: int64(len(a.body)),
		Request:       req,
	}, nil
}

// ReplayMissError is a request the replay folder has no answer for.
type ReplayMissError struct {
	Dir    string // the replay folder
	Method string // request method
	URL    string // request URL, credentials removed
}

func (e *ReplayMissError) Error() string {
	return fmt.Sprintf("the replay folder %s has no answer for %s %s (record one with about fetch --record)", e.Dir, e.Method, e.URL)
}

// Permanent tells the retrying layer not to ask again: the same folder
// gives the same miss.
func (e *ReplayMissError) Permanent() bool { return true }

// InstantClock is the Clock of a replayed run: Sleep returns at once and
// moves Now forward by the wait, so backoff and Retry-After are honoured
// in order but never waited for, and Now otherwise follows the real clock.
// It is safe for concurrent use.
func InstantClock() Clock { return &instantClock{} }

type instantClock struct {
	mu    sync.Mutex
	ahead time.Duration // waits "slept" so far
}

func (c *instantClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.ahead)
}

func (c *instantClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d > 0 {
		c.mu.Lock()
		c.ahead += d
		c.mu.Unlock()
	}
	return nil
}

var _ http.RoundTripper = (*Replay)(nil)

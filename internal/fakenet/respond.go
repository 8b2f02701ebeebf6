package fakenet

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"syscall"
	"testing"
)

// Response is an answer to req with status and body, Content-Type JSON
// unless header says otherwise: for responders a test writes itself.
func Response(req *http.Request, status int, body []byte, header http.Header) *http.Response {
	h := http.Header{"Content-Type": {"application/json"}}
	for k, v := range header {
		h[k] = v
	}
	return &http.Response{
		StatusCode:    status,
		Status:        fmt.Sprintf("%d %s", status, http.StatusText(status)),
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        h,
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)),
		Request:       req,
	}
}

// Status answers with status and an empty body.
func Status(status int) Responder { return Bytes(status, nil) }

// String answers with status and body.
func String(status int, body string) Responder { return Bytes(status, []byte(body)) }

// Bytes answers with status and body.
func Bytes(status int, body []byte) Responder {
	return func(req *http.Request) (*http.Response, error) {
		return Response(req, status, body, nil), nil
	}
}

// File answers with status and the file at path, read now: a missing
// file fails t at registration, not at the request.
func File(t testing.TB, status int, path string) Responder {
	t.Helper()
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("fakenet: %v", err)
	}
	return Bytes(status, body)
}

// WithHeader adds header key: value to what resp answers (Retry-After,
// say).
func WithHeader(resp Responder, key, value string) Responder {
	return func(req *http.Request) (*http.Response, error) {
		r, err := resp(req)
		if r != nil {
			r.Header.Set(key, value)
		}
		return r, err
	}
}

// Error answers with err, as a broken network does.
func Error(err error) Responder {
	return func(*http.Request) (*http.Response, error) { return nil, err }
}

// Refused answers as a host with nothing listening does (a dial refused),
// which is also how a machine with no network looks to the client.
func Refused(*http.Request) (*http.Response, error) {
	return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
}

// Sequence answers with each responder in turn, the last one repeating:
// a 503, then a 429, then the answer.
func Sequence(rs ...Responder) Responder {
	var mu sync.Mutex
	next := 0
	return func(req *http.Request) (*http.Response, error) {
		mu.Lock()
		r := rs[min(next, len(rs)-1)]
		next++
		mu.Unlock()
		return r(req)
	}
}

// Forward answers through rt: a stub handing a share of the requests to
// another network (a simulated corpus, a recording).
func Forward(rt http.RoundTripper) Responder { return rt.RoundTrip }

// Offline is a network that refuses every request quietly, as a machine
// with no network does: for tests of what a run does offline. (A Registry
// with no stubs refuses too, but fails the test that asked.)
func Offline(t testing.TB) *Registry {
	r := New(t)
	r.Register(Any, Refused).Optional()
	return r
}

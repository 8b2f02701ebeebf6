package transport

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"testing"

	"github.com/aboutscholar/about/internal/whole"
)

// TestAnAnswerIsReadIntoMemoryOnce: a list answer of megabytes is read
// once, into a buffer of the size it declares, and handed on without a
// copy (whole.Read), where it was grown by doubling and copied again by
// each reader on its way to the parser, with -j such answers in flight.
func TestAnAnswerIsReadIntoMemoryOnce(t *testing.T) {
	const size = 4 << 20
	answer := bytes.Repeat([]byte("x"), size)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(size))
		_, _ = w.Write(answer)
	}))
	t.Cleanup(srv.Close)
	c := newClient(t, newFakeClock(), Options{Hosts: map[string]HostPolicy{hostOf(t, srv.URL): {}}})
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, srv.URL+"/works", nil)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := whole.Read(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	again, err := whole.Read(whole.New(body)) // as the orchestrator hands it to the provider
	runtime.ReadMemStats(&after)
	if err != nil || !bytes.Equal(again, answer) {
		t.Fatalf("read %d bytes (%v); want the %d-byte answer", len(again), err, size)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size*3/2 {
		t.Errorf("reading a %d-byte answer allocated %d bytes; want it read once, at its size", size, got)
	}
}

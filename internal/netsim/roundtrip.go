package netsim

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// RoundTripper serves Net in process, after each request's service time
// divided by Scale; it counts requests and answer bytes and notes the
// last answer, for the benchmarks.
type RoundTripper struct {
	Net       *Net
	Scale     int                // service times divided by this
	Latencies map[string]Latency // by host; nil: Latencies()
	mu        sync.Mutex
	stats     Stats
}

// Stats is what a RoundTripper has served so far.
type Stats struct {
	Calls     int            // requests answered
	Bytes     int            // answer bodies, all hosts
	HostCalls map[string]int // requests by host
	HostBytes map[string]int // answer body bytes by host
	Last      time.Time      // the last answer
}

// Stats is a copy of what rt has served so far.
func (rt *RoundTripper) Stats() Stats {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	s := rt.stats
	s.HostCalls, s.HostBytes = map[string]int{}, map[string]int{}
	for h, v := range rt.stats.HostCalls {
		s.HostCalls[h] = v
	}
	for h, v := range rt.stats.HostBytes {
		s.HostBytes[h] = v
	}
	return s
}

// RoundTrip answers req as its service would.
func (rt *RoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	// The answer is composed while the service time runs, as a real
	// service composes it on its own machine: only the latency counts.
	began := time.Now()
	a := rt.Net.Answer(req)
	lat := rt.Latencies
	if lat == nil {
		lat = Latencies()
	}
	timer := time.NewTimer(lat[req.URL.Host].Of(a.Items)/time.Duration(max(rt.Scale, 1)) - time.Since(began))
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	rt.mu.Lock()
	rt.stats.Calls++
	rt.stats.Bytes += len(a.Body)
	if rt.stats.HostCalls == nil {
		rt.stats.HostCalls, rt.stats.HostBytes = map[string]int{}, map[string]int{}
	}
	rt.stats.HostCalls[req.URL.Host]++
	rt.stats.HostBytes[req.URL.Host] += len(a.Body)
	rt.stats.Last = time.Now()
	rt.mu.Unlock()
	return &http.Response{
		StatusCode: a.Status, Status: fmt.Sprintf("%d %s", a.Status, http.StatusText(a.Status)), Request: req,
		Header: http.Header{"Content-Type": []string{"application/json"}},
		Body:   io.NopCloser(bytes.NewReader(a.Body)),
	}, nil
}

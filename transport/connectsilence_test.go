package transport

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// mute is a TCP listener that accepts every connection, reads what the
// client says (a CONNECT, a TLS ClientHello) and never answers. spoke
// gets a value once a client has written to it, so the client's silence
// timer is armed (it is armed at connect, before the first write).
func mute(t *testing.T) (addr string, spoke <-chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan struct{}, 16)
	var mu sync.Mutex
	var conns []net.Conn
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, conn)
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				buf := make([]byte, 1)
				if _, err := conn.Read(buf); err == nil {
					ch <- struct{}{}
				}
				_, _ = conn.Read(make([]byte, 4096)) // until the client or the test closes it
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	return ln.Addr().String(), ch
}

// TestSilentConnectIsUnreachable: a proxy that accepts the connection and
// never answers the CONNECT, and a server that accepts and never starts
// TLS, end the attempt after ConnectSilence on the client's clock (not
// after the host's 60 s Timeout, nor after four attempts), name the
// address (the proxy as the proxy), and stop the host as unreachable,
// like a refused connection.
func TestSilentConnectIsUnreachable(t *testing.T) {
	for _, proxied := range []bool{true, false} {
		name := map[bool]string{true: "silent proxy", false: "silent server"}[proxied]
		t.Run(name, func(t *testing.T) {
			addr, spoke := mute(t)
			base := &http.Transport{}
			target := "https://" + addr + "/"
			if proxied {
				proxy := &url.URL{Scheme: "http", Host: addr}
				base.Proxy = http.ProxyURL(proxy)
				target = "https://api.example.org/works"
			}
			host := hostOf(t, target)
			clock := newFakeClock()
			c := newClient(t, clock, Options{Base: base, Hosts: map[string]HostPolicy{host: {Timeout: time.Minute}}})
			done := make(chan error, 1)
			go func() {
				_, _, err := get(t, c, t.Context(), target)
				done <- err
			}()
			wait(t, spoke, "the client's first bytes")
			clock.Advance(DefaultConnectSilence - time.Millisecond)
			select {
			case err := <-done:
				t.Fatalf("the attempt ended before the silence was up: %v", err)
			default:
			}
			clock.Advance(time.Millisecond)
			err := wait(t, done, "the attempt to end")
			var silent *SilentError
			if !errors.As(err, &silent) || silent.Addr != addr || silent.Proxy != proxied {
				t.Fatalf("err = %v, want a *SilentError for %s (proxy %v)", err, addr, proxied)
			}
			wantText := "the server accepted the connection but did not start TLS within 8s"
			if proxied {
				wantText = "proxyconnect tcp " + addr + ": the proxy accepted the connection but did not answer within 8s"
			}
			if !strings.Contains(err.Error(), wantText) {
				t.Errorf("err = %q, want it to say %q", err, wantText)
			}
			st := statsFor(t, c, host)
			if !st.Stopped || !st.Unreachable || st.Requests != 1 || !strings.HasPrefix(st.StopReason, "cannot reach it: ") {
				t.Errorf("stats %+v: want the host stopped as unreachable after one attempt", st)
			}
		})
	}
}

// TestAnsweringConnectNotSilent: once a connection is up, the guard never
// ends the attempt, however long the answer then takes on the clock (the
// server lets a minute pass before it answers; that is the per-attempt
// Timeout's to judge, which then retries).
func TestAnsweringConnectNotSilent(t *testing.T) {
	clock := newFakeClock()
	// The first request's handler lets the attempt's whole Timeout pass on
	// the clock, far past the silence, before it would answer.
	srv, hits := silentServer(t, clock, 2*time.Minute, func(n int) bool { return n == 1 })
	host := hostOf(t, srv.URL)
	c := newClient(t, clock, Options{Hosts: map[string]HostPolicy{host: {Timeout: 2 * time.Minute}}})
	_, body, err := get(t, c, t.Context(), srv.URL)
	if err != nil || body != "ok" || hits.Load() != 2 {
		t.Fatalf("body %q, err %v after %d requests; want the timed-out attempt retried and answered", body, err, hits.Load())
	}
	if st := statsFor(t, c, host); st.Stopped {
		t.Errorf("the host was stopped: %s", st.StopReason)
	}
}

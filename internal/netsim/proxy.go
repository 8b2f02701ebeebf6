package netsim

import (
	"bufio"
	"context"
	"crypto/tls"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"
)

// Faults are the ways a Proxy can misbehave.
type Faults struct {
	// DOIOrg, when set, is how doi.org fails every request: "503" answers
	// 503 Service Unavailable, "reset" resets the connection.
	DOIOrg string
	// Silent: the proxy accepts TCP connections and never answers a
	// CONNECT (a firewall or a stuck corporate proxy).
	Silent bool
}

// Entry is one request the Proxy served.
type Entry struct {
	Host    string
	Path    string        // path and query, cut to 200 bytes
	Start   time.Time     // its headers read
	End     time.Time     // its answer written
	Items   int           // identities it carried
	List    bool          // a list (batch) request
	Status  int           // the answer's status; 0 for a reset
	Bytes   int           // answer body bytes
	Service time.Duration // the simulated service time it was given
}

// Proxy is an HTTPS proxy (CONNECT) that terminates TLS with a leaf
// certificate per host, signed by a CA it makes (CAPEM), and serves Net
// for that host after the service's latency divided by Scale, logging
// every request.
type Proxy struct {
	Net       *Net
	Latencies map[string]Latency // by host; nil: Latencies()
	Scale     float64            // service times divided by this; 0 or 1: as real
	Faults    Faults

	ca    *authority
	ln    net.Listener
	srv   *http.Server
	tls   *tunnels
	wg    sync.WaitGroup
	mu    sync.Mutex
	log   []Entry
	conns map[net.Conn]struct{} // open client connections, closed by Close
}

// Start listens on a free port of 127.0.0.1 and serves until Close.
func (p *Proxy) Start() error {
	if p.Latencies == nil {
		p.Latencies = Latencies()
	}
	ca, err := newAuthority()
	if err != nil {
		return err
	}
	p.ca = ca
	p.conns = map[net.Conn]struct{}{}
	if p.ln, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		return err
	}
	p.tls = &tunnels{ch: make(chan net.Conn), done: make(chan struct{}), addr: p.ln.Addr()}
	p.srv = &http.Server{
		Handler:   http.HandlerFunc(p.serve),
		TLSConfig: &tls.Config{GetCertificate: func(h *tls.ClientHelloInfo) (*tls.Certificate, error) { return p.ca.leaf(h.ServerName) }},
		ErrorLog:  log.New(io.Discard, "", 0), // a client hanging up mid-answer is the client's business
	}
	p.wg.Add(2)
	go func() { defer p.wg.Done(); _ = p.srv.ServeTLS(p.tls, "", "") }()
	go func() { defer p.wg.Done(); p.accept() }()
	return nil
}

// Addr is the proxy's address, host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// URL is the proxy's address as HTTPS_PROXY takes it.
func (p *Proxy) URL() string { return "http://" + p.Addr() }

// WriteCA writes the CA certificate (PEM) to path, for SSL_CERT_FILE.
func (p *Proxy) WriteCA(path string) error { return os.WriteFile(path, p.ca.pem, 0o644) }

// Log is a copy of every request served since the last TakeLog.
func (p *Proxy) Log() []Entry {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Entry(nil), p.log...)
}

// TakeLog is Log, and starts a new one.
func (p *Proxy) TakeLog() []Entry {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.log
	p.log = nil
	return l
}

// Close stops the proxy and closes every connection it holds.
func (p *Proxy) Close() error {
	err := p.ln.Close()
	p.tls.close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = p.srv.Shutdown(ctx)
	p.mu.Lock()
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	_ = p.srv.Close()
	p.wg.Wait()
	return err
}

func (p *Proxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		p.conns[c] = struct{}{}
		p.mu.Unlock()
		if p.Faults.Silent {
			continue // held open, never read: closed by Close
		}
		p.wg.Add(1)
		go func() { defer p.wg.Done(); p.connect(c) }()
	}
}

// connect reads the CONNECT, answers it and hands the tunnel to the TLS
// server; anything but a CONNECT is refused.
func (p *Proxy) connect(c net.Conn) {
	br := bufio.NewReader(c)
	req, err := http.ReadRequest(br)
	if err != nil {
		c.Close()
		return
	}
	if req.Method != http.MethodConnect {
		_, _ = io.WriteString(c, "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
		c.Close()
		return
	}
	if host, _, _ := net.SplitHostPort(req.Host); host == "doi.org" && p.Faults.DOIOrg == "reset" {
		p.record(Entry{Host: host, Path: "CONNECT", Start: time.Now()})
		resetConn(c)
		return
	}
	if _, err := io.WriteString(c, "HTTP/1.1 200 Connection established\r\n\r\n"); err != nil {
		c.Close()
		return
	}
	select {
	case p.tls.ch <- &bufferedConn{Conn: c, r: br}:
	case <-p.tls.done:
		c.Close()
	}
}

// serve answers one request that came through a tunnel.
func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	r.URL.Host, r.URL.Scheme = host, "https"
	e := Entry{Host: host, Path: cut(r.URL.RequestURI(), 200), Start: start}
	if host == "doi.org" && p.Faults.DOIOrg != "" { // "reset" resets the CONNECT: see connect
		e.Status = http.StatusServiceUnavailable
		w.WriteHeader(e.Status)
		p.record(e)
		return
	}
	a := p.Net.Answer(r)
	e.Items, e.List, e.Status, e.Bytes = a.Items, a.List, a.Status, len(a.Body)
	e.Service = p.Latencies[host].Of(a.Items)
	if p.Scale > 1 {
		e.Service = time.Duration(float64(e.Service) / p.Scale)
	}
	timer := time.NewTimer(e.Service - time.Since(start)) // the answer is composed within its service time
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-r.Context().Done():
		e.Status = -1 // the client gave up
		p.record(e)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(a.Status)
	_, _ = w.Write(a.Body)
	p.record(e)
}

// resetConn closes c with a TCP reset rather than a clean close.
func resetConn(c net.Conn) {
	if tcp, ok := c.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	c.Close()
}

func (p *Proxy) record(e Entry) {
	e.End = time.Now()
	p.mu.Lock()
	p.log = append(p.log, e)
	p.mu.Unlock()
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

// tunnels is a net.Listener whose connections are the proxy's CONNECT
// tunnels, for the TLS server to serve.
type tunnels struct {
	ch   chan net.Conn
	done chan struct{}
	once sync.Once
	addr net.Addr
}

func (t *tunnels) Accept() (net.Conn, error) {
	select {
	case c := <-t.ch:
		return c, nil
	case <-t.done:
		return nil, net.ErrClosed
	}
}

func (t *tunnels) close() { t.once.Do(func() { close(t.done) }) }

func (t *tunnels) Close() error { t.close(); return nil }

func (t *tunnels) Addr() net.Addr { return t.addr }

// bufferedConn is a connection whose first bytes were read into r.
type bufferedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *bufferedConn) Read(b []byte) (int, error) { return c.r.Read(b) }

var _ net.Listener = (*tunnels)(nil)

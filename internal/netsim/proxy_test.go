package netsim

// The URLs below name real hosts only to key the simulated services: every
// request goes to the fake proxy on 127.0.0.1, never to the internet.

import (
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// client trusts only p's CA and reaches every host through p, as the
// binary does with HTTPS_PROXY and SSL_CERT_FILE.
func client(t *testing.T, p *Proxy) *http.Client {
	t.Helper()
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(p.ca.pem) {
		t.Fatal("the proxy's CA is not PEM")
	}
	proxy, _ := url.Parse(p.URL())
	tr := &http.Transport{Proxy: http.ProxyURL(proxy), TLSClientConfig: &tls.Config{RootCAs: roots}, ForceAttemptHTTP2: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

func startProxy(t *testing.T, f Faults) *Proxy {
	t.Helper()
	p := &Proxy{Net: &Net{Corpus: NewCorpus(), ORCIDs: map[string]int{ORCID(0): 0}, PerRecord: 40, Mix: Realistic()}, Scale: 1000, Faults: f}
	if err := p.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// TestProxyServesEachHostOverTLS: a request through the proxy reaches the
// simulated service of its host, over TLS verified against the proxy's
// CA, and the log holds what it carried.
func TestProxyServesEachHostOverTLS(t *testing.T) {
	p := startProxy(t, Faults{})
	c := client(t, p)
	for _, tc := range []struct {
		url, want string
		status    int
		list      bool
	}{
		{"https://api.crossref.org/works/10.5500/sim.0", `"DOI":"10.5500/sim.0"`, 200, false},
		{"https://api.crossref.org/works/10.5519/sim.19", "Resource not found.", 404, false}, // a DataCite DOI
		{"https://api.datacite.org/dois/10.5519/sim.19", `"resourceTypeGeneral":"Dataset"`, 200, false},
		{"https://doi.org/doiRA/10.5519,10.5500", `{"DOI":"10.5519","RA":"DataCite"}`, 200, false},
		{"https://api.openalex.org/works?filter=doi:10.5500/sim.0|10.5501/sim.1", `"concepts":[`, 200, true},
	} {
		resp, err := c.Get(tc.url)
		if err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s: %d %.200s, want %d with %s", tc.url, resp.StatusCode, body, tc.status, tc.want)
		}
	}
	log := p.Log()
	if len(log) != 5 {
		t.Fatalf("log holds %d requests, want 5", len(log))
	}
	last := log[4]
	if last.Host != "api.openalex.org" || !last.List || last.Items != 2 || last.Status != 200 || last.Bytes < 20000 || !last.End.After(last.Start) {
		t.Errorf("last entry %+v, want an OpenAlex list of 2 works, 200, over 20 KB", last)
	}
}

// TestProxyDOIOrgOutage: doi.org answers 503, or its connections are
// reset, while every other host answers.
func TestProxyDOIOrgOutage(t *testing.T) {
	for _, mode := range []string{"503", "reset"} {
		p := startProxy(t, Faults{DOIOrg: mode})
		c := client(t, p)
		resp, err := c.Get("https://doi.org/doiRA/10.5500")
		switch {
		case mode == "503" && (err != nil || resp.StatusCode != 503):
			t.Errorf("503 mode: %v %v, want a 503", resp, err)
		case mode == "reset" && err == nil:
			t.Errorf("reset mode: %d, want a connection error", resp.StatusCode)
		}
		if resp != nil {
			resp.Body.Close()
		}
		ok, err := c.Get("https://api.crossref.org/works/10.5500/sim.0")
		if err != nil || ok.StatusCode != 200 {
			t.Fatalf("%s mode: Crossref: %v %v, want it up", mode, ok, err)
		}
		ok.Body.Close()
	}
}

// TestSilentProxyNeverAnswersCONNECT: the silent proxy takes the
// connection and the CONNECT and says nothing, until it is closed.
func TestSilentProxyNeverAnswersCONNECT(t *testing.T) {
	p := startProxy(t, Faults{Silent: true})
	conn, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "CONNECT api.crossref.org:443 HTTP/1.1\r\nHost: api.crossref.org:443\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	n, err := conn.Read(make([]byte, 1))
	var ne net.Error
	if n != 0 || err == nil || !(errorAs(err, &ne) && ne.Timeout()) {
		t.Fatalf("read %d bytes, err %v: want silence (a timeout)", n, err)
	}
	p.Close() // closes the held connection: the client sees it end
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := conn.Read(make([]byte, 1)); err == nil || (errorAs(err, &ne) && ne.Timeout()) {
		t.Fatalf("after Close: %v, want the connection closed", err)
	}
}

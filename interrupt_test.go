package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/testtool"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// These tests run the real binary against fake services through the two
// doors any Go program has: HTTPS_PROXY names a proxy (this test's), and
// SSL_CERT_FILE a CA (this test's) that the proxy's certificates are
// signed with. The binary is unchanged and takes no test-only setting; it
// believes it talks to pub.orcid.org and api.crossref.org.

// fakeInternet is an HTTPS proxy that answers CONNECT itself, ends TLS
// with a certificate for every provider host, and serves the requests
// inside with handler.
type fakeInternet struct {
	proxy  *httptest.Server
	inner  *http.Server
	conns  chan net.Conn
	caFile string
}

func newFakeInternet(t *testing.T, handler http.Handler) *fakeInternet {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "about test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	var hosts []string
	for _, s := range providers.All() {
		hosts = append(hosts, s.Host)
	}
	leafKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	leafTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "about test services"}, DNSNames: hosts,
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leafTmpl, ca, &leafKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeInternet{conns: make(chan net.Conn), caFile: filepath.Join(t.TempDir(), "ca.pem")}
	if err := os.WriteFile(f.caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{leafDER}, PrivateKey: leafKey}}}

	f.inner = &http.Server{Handler: handler}
	go f.inner.Serve(&chanListener{conns: f.conns, closed: make(chan struct{})})
	f.proxy = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect {
			http.Error(w, "this proxy only tunnels", http.StatusMethodNotAllowed)
			return
		}
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			return
		}
		_, _ = conn.Write([]byte("HTTP/1.1 200 Connection established\r\n\r\n"))
		select {
		case f.conns <- tls.Server(conn, cfg):
		case <-r.Context().Done():
			conn.Close()
		}
	}))
	t.Cleanup(func() {
		f.proxy.Close()
		f.inner.Close()
	})
	return f
}

// chanListener is a net.Listener whose connections come from a channel.
type chanListener struct {
	conns  chan net.Conn
	closed chan struct{}
	once   sync.Once
}

func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

func (l *chanListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

func (l *chanListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)} }

// fetchCmd is `about fetch MANIFEST` on the fake internet, with a minimal
// environment so nothing of the machine's (a real proxy, say) leaks in.
func (f *fakeInternet) fetchCmd(bin, manifest string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.Command(bin, "fetch", manifest)
	cmd.Env = []string{"HTTPS_PROXY=" + f.proxy.URL, "SSL_CERT_FILE=" + f.caFile, "HOME=" + filepath.Dir(manifest), "PATH=" + os.Getenv("PATH")}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	return cmd, &stderr
}

// startProcess starts cmd and makes sure it is gone when the test ends:
// a test that fails between Start and Wait would otherwise leave it
// running, holding its files and the fake internet's connections.
func startProcess(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil { // never waited for: still running, or a zombie
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
}

func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	t.Fatal(err)
	return -1
}

// within waits for ch, failing the test after a generous watchdog.
func within[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(time.Minute):
		t.Fatalf("timed out waiting for %s", what)
		panic("unreachable")
	}
}

// snapshotFiles is every file under dir by slash path.
func snapshotFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	return testtool.FilesUnder(t, dir)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	testtool.WriteFile(t, path, text)
}

// elifeServices are ORCID, doi.org and Crossref as TestInterruptKeepsEveryFileWhole
// needs them: one ORCID record and the eLife work, with Crossref able to
// refuse every request or hold the next one.
type elifeServices struct {
	t       *testing.T
	orcid   map[string][]byte // orcidPart → answer
	elife   []byte            // Crossref's answer for the eLife work
	arrived chan struct{}     // a held request has arrived

	mu     sync.Mutex
	hold   chan struct{} // when set, the next Crossref request reports on arrived and waits for it
	refuse bool          // when set, Crossref answers 400 (a failure not worth retrying)
}

func newElifeServices(t *testing.T) *elifeServices {
	t.Helper()
	s := &elifeServices{t: t, orcid: map[string][]byte{}, arrived: make(chan struct{}, 1)}
	for part, file := range map[string]string{"works": "orcid-works-0000-0002-9341-7985.json", "bulk": "constructed-orcid-works-bulk-0000-0002-9341-7985.json", "person": "orcid-person-0000-0002-9341-7985.json"} {
		s.orcid[part] = readTestdata(t, "orcid", file)
	}
	s.elife = readTestdata(t, "crossref", "crossref-work-10.7554-elife.01567.json")
	return s
}

func readTestdata(t *testing.T, dir, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", dir, file))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func (s *elifeServices) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Host {
	case "pub.orcid.org":
		_, _ = w.Write(s.orcid[orcidPart(r.URL.Path)])
	case "doi.org":
		var items []string
		for _, p := range strings.Split(strings.TrimPrefix(r.URL.Path, "/doiRA/"), ",") {
			items = append(items, fmt.Sprintf(`{"DOI": %q, "RA": "Crossref"}`, p))
		}
		fmt.Fprintf(w, "[%s]", strings.Join(items, ","))
	case "api.crossref.org":
		s.crossref(w, r)
	default:
		s.t.Errorf("unexpected request to %s%s", r.Host, r.URL)
		w.WriteHeader(http.StatusTeapot)
	}
}

func (s *elifeServices) crossref(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	hold, refuse := s.hold, s.refuse
	s.hold = nil
	s.mu.Unlock()
	switch {
	case refuse:
		w.WriteHeader(http.StatusBadRequest)
	case hold != nil:
		s.arrived <- struct{}{}
		select {
		case <-hold:
		case <-r.Context().Done():
		}
	case r.URL.Path == "/works/10.7554/elife.01567":
		_, _ = w.Write(s.elife)
	case r.URL.Path == "/works": // a list query: filter=doi:A,doi:B,…
		var items []string
		for _, f := range strings.Split(r.URL.Query().Get("filter"), ",") {
			if f == "doi:10.7554/elife.01567" {
				items = append(items, gjson.GetBytes(s.elife, "message").Raw)
			}
		}
		fmt.Fprintf(w, `{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":[%s]}}`, len(items), strings.Join(items, ","))
	default:
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("Resource not found."))
	}
}

// setRefuse makes Crossref refuse every request, or answer again.
func (s *elifeServices) setRefuse(refuse bool) {
	s.mu.Lock()
	s.refuse = refuse
	s.mu.Unlock()
}

// holdNext makes the next Crossref request wait until release is closed.
func (s *elifeServices) holdNext(release chan struct{}) {
	s.mu.Lock()
	s.hold = release
	s.mu.Unlock()
}

// TestInterruptKeepsEveryFileWhole: SIGINT or SIGTERM while a request is
// in flight stops the run, exits 130, and leaves the snapshot folder as
// the last complete run wrote it: nothing lost, nothing pruned, nothing
// half-written. A run whose jobs fail exits 1 and says it is incomplete.
func TestInterruptKeepsEveryFileWhole(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows cannot send SIGINT or SIGTERM to another process")
	}
	bin := aboutBinary(t)
	services := newElifeServices(t)
	net := newFakeInternet(t, services)
	dir := t.TempDir()
	manifest := filepath.Join(dir, "manifest.toml")
	writeFile(t, manifest, "mailto = \"ada@example.org\"\nproviders = [\"orcid\", \"crossref\"]\n[[identity]]\norcid = \"0000-0002-9341-7985\"\n[[identity]]\ndoi = \"10.7554/eLife.01567\"\n")

	cmd, out := net.fetchCmd(bin, manifest)
	if code := exitCode(t, cmd.Run()); code != 0 {
		t.Fatalf("the complete run exited %d:\n%s", code, out)
	}
	snaps := filepath.Join(dir, "snapshots")
	before := snapshotFiles(t, snaps)
	if len(before) < 10 {
		t.Fatalf("the complete run wrote only %d files:\n%s", len(before), out)
	}

	t.Run("failed jobs exit 1", func(t *testing.T) {
		services.setRefuse(true)
		defer services.setRefuse(false)
		cmd, out := net.fetchCmd(bin, manifest)
		if code := exitCode(t, cmd.Run()); code != 1 || !strings.Contains(out.String(), "\nincomplete: ") {
			t.Errorf("exit %d, want 1 and the summary saying the run is incomplete:\n%s", code, out)
		}
		if after := snapshotFiles(t, snaps); !bytes.Equal(after["works/doi_10.7554_2felife.01567.json"], before["works/doi_10.7554_2felife.01567.json"]) {
			t.Error("a failed Crossref job did not keep its previous value")
		}
	})

	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			release := make(chan struct{})
			defer close(release)
			services.holdNext(release)
			cmd, out := net.fetchCmd(bin, manifest)
			startProcess(t, cmd)
			within(t, services.arrived, "a Crossref request in flight")
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			if code := exitCode(t, cmd.Wait()); code != 130 {
				t.Errorf("exit %d after %s, want 130:\n%s", code, sig, out)
			}
			if !strings.Contains(out.String(), "interrupted; every snapshot file is whole") || !strings.Contains(out.String(), "nothing pruned: the run was interrupted") {
				t.Errorf("the run does not say it was interrupted and pruned nothing:\n%s", out)
			}
			if !regexp.MustCompile(`(?m)^about: interrupted after \S+: \d+ of \d+ jobs answered`).MatchString(out.String()) || strings.Contains(out.String(), "about: finished ") {
				t.Errorf("the last progress line does not say the run was interrupted:\n%s", out)
			}
			assertSameFiles(t, before, snapshotFiles(t, snaps), "after "+sig.String())
		})
	}
}

// assertSameFiles wants after to hold exactly before's files and bytes.
func assertSameFiles(t *testing.T, before, after map[string][]byte, when string) {
	t.Helper()
	for name, data := range before {
		if !bytes.Equal(after[name], data) {
			t.Errorf("%s changed or went missing %s", name, when)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("%s appeared %s", name, when)
		}
	}
}

// orcidPart tells ORCID's three requests apart: the works summary, the
// works' details in bulk, and the person.
func orcidPart(path string) string {
	switch {
	case strings.HasSuffix(path, "/works"):
		return "works"
	case strings.Contains(path, "/works/"):
		return "bulk"
	}
	return "person"
}

// versionedRecord is a fake ORCID record of works (no details: the
// summaries are used) whose titles carry a version the test sets, so it
// can tell which run wrote each file; served gets the time of each run's
// last ORCID request (/person), after which writing starts.
type versionedRecord struct {
	works   int
	served  chan time.Time
	mu      sync.Mutex
	version int
}

func newVersionedRecord(works int) *versionedRecord {
	return &versionedRecord{works: works, served: make(chan time.Time, 1)}
}

// set makes the next answers carry version n.
func (v *versionedRecord) set(n int) {
	v.mu.Lock()
	v.version = n
	v.mu.Unlock()
}

func (v *versionedRecord) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch orcidPart(r.URL.Path) {
	case "bulk":
		_, _ = w.Write([]byte(`{"bulk": []}`))
		return
	case "person":
		_, _ = w.Write([]byte(`{}`))
		v.served <- time.Now()
		return
	}
	v.mu.Lock()
	n := v.version
	v.mu.Unlock()
	var groups []string
	for i := range v.works {
		groups = append(groups, fmt.Sprintf(`{"work-summary": [{"put-code": %d, "title": {"title": {"value": "work %d version %d"}},
			"external-ids": {"external-id": [{"external-id-type": "doi", "external-id-value": "10.5555/w%d", "external-id-relationship": "self"}]}}]}`, i, i, n, i))
	}
	fmt.Fprintf(w, `{"group": [%s]}`, strings.Join(groups, ","))
}

var workTitle = regexp.MustCompile(`^work (\d+) version (\d+)$`)

// TestKilledWritesLeaveWholeFiles kills the binary (SIGKILL: no chance
// to clean up) at random moments while it writes a few hundred files,
// again and again. After every kill each snapshot file parses and holds
// one whole version of its work; anything else is a .tmp-* leftover, and
// the next complete run removes those.
func TestKilledWritesLeaveWholeFiles(t *testing.T) {
	const works, kills = 200, 8
	bin := aboutBinary(t)
	rec := newVersionedRecord(works)
	net := newFakeInternet(t, rec)
	dir := t.TempDir()
	manifest := filepath.Join(dir, "manifest.toml")
	writeFile(t, manifest, "providers = [\"orcid\"]\n[[identity]]\norcid = \"0000-0002-9341-7985\"\n")
	snaps := filepath.Join(dir, "snapshots")

	complete := func() time.Duration {
		cmd, out := net.fetchCmd(bin, manifest)
		startProcess(t, cmd)
		at := within(t, rec.served, "the ORCID request")
		if code := exitCode(t, cmd.Wait()); code != 0 {
			t.Fatalf("complete run exited %d:\n%s", code, out)
		}
		return time.Since(at)
	}
	writing := complete() // how long writing the folder takes after the answer

	check := func(upTo int) (int, map[string]bool) { return folderVersions(t, snaps, upTo) }

	seed := uint64(time.Now().UnixNano())
	t.Logf("kill moments seeded with %d", seed)
	rng := mrand.New(mrand.NewPCG(seed, 1))
	midWrite := 0
	for k := 1; k <= kills; k++ {
		rec.set(k)
		cmd, out := net.fetchCmd(bin, manifest)
		startProcess(t, cmd)
		within(t, rec.served, "the ORCID request")
		// The fault under test: a kill at a random moment of the write phase.
		delay := time.Duration(rng.Int64N(int64(writing) + 1))
		timer := time.AfterFunc(delay, func() { _ = cmd.Process.Kill() })
		err := cmd.Wait()
		timer.Stop()
		if code := exitCode(t, err); code != -1 && code != 0 {
			t.Fatalf("run %d exited %d:\n%s", k, code, out)
		}
		leftovers, versions := check(k)
		if leftovers > 0 || versions[fmt.Sprint(k)] && len(versions) > 1 { // some files new, some not yet
			midWrite++
		}
		t.Logf("kill %d after %v: %d leftovers, versions %v", k, delay, leftovers, versions)
	}
	t.Logf("%d of %d kills landed mid-write (writing takes %v)", midWrite, kills, writing)

	rec.set(kills + 1)
	complete()
	if leftovers, versions := check(kills + 1); leftovers != 0 || len(versions) != 1 || !versions[fmt.Sprint(kills+1)] {
		t.Errorf("after a complete run: %d leftovers, versions %v; want none and only version %d", leftovers, versions, kills+1)
	}
}

// folderVersions reads every file of the snapshot folder snaps after a
// killed run: it returns how many were leftovers and which versions the
// works folder holds (more than one: a kill landed mid-write). A file
// that is not whole, or holds another work or a version above upTo,
// fails the test.
func folderVersions(t *testing.T, snaps string, upTo int) (leftovers int, versions map[string]bool) {
	t.Helper()
	versions = map[string]bool{}
	for name, data := range snapshotFiles(t, snaps) {
		if strings.HasPrefix(filepath.Base(name), ".tmp-") || name == snapshots.LockName { // a killed run cannot remove its lock; the next breaks it
			leftovers++
			continue
		}
		if !strings.HasSuffix(name, ".json") || !json.Valid(data) {
			t.Fatalf("%s is not a whole JSON file: %q", name, data)
		}
		if strings.HasPrefix(name, "works/") {
			versions[workVersion(t, name, data, upTo)] = true
		}
	}
	return leftovers, versions
}

// workVersion is the version a killed run's work file holds.
func workVersion(t *testing.T, name string, data []byte, upTo int) string {
	t.Helper()
	var doc snapshots.Work
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	title := doc.Record.Title
	m := workTitle.FindStringSubmatch(title)
	if m == nil {
		t.Fatalf("%s holds %q, not a work's title", name, title)
	}
	if v, _ := strconv.Atoi(m[2]); doc.ID != "doi:10.5555/w"+m[1] || v > upTo {
		t.Fatalf("%s holds %q (%s), not a version up to %d of its own work", name, title, doc.ID, upTo)
	}
	return m[2]
}

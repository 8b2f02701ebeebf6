package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/doctor"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/transport"
)

// doctorRecordings is the shipped folder of probe answers.
var doctorRecordings = filepath.Join("..", "..", "testdata", "doctor", "ok")

// doctorManifest names every provider of the registry, so every probe is
// sent (a provider added to the registry is probed here with no edit).
func doctorManifest(t *testing.T) string {
	return writeManifest(t, fmt.Sprintf(`mailto = "ada@example.org"
providers = ["%s"]
[[identity]]
doi = "10.1/x"
`, strings.Join(providers.Names(), `", "`)))
}

func TestDoctorOfflineUsesTheShippedRecordingsAndSaysSo(t *testing.T) {
	code, stdout, stderr := runCLI(t, "doctor", doctorManifest(t))
	if code != 0 {
		t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if n := len(providers.All()); len(lines) != n {
		t.Errorf("%d lines, want one per provider of the registry (%d):\n%s", len(lines), n, stdout)
	}
	for _, want := range []string{"crossref: OK; announces 5 requests per 1s (one per 200ms), as declared\n", "arxiv: OK\n",
		"pubmed: OK; announces 3 requests per 1s (one per 333ms), about keeps 350ms (no NCBI_API_KEY set: keyless allowance)\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "offline: probes answered from the recordings shipped with this build") {
		t.Errorf("stderr does not say the run was offline:\n%s", stderr)
	}
}

func TestDoctorNamesTheMovedFieldAndExits1(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "testdata", "doctor", "ok", "api.semanticscholar.org", "semanticscholar.json")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	// Semantic Scholar renames paperId.
	data = []byte(strings.Replace(string(data), `\"paperId\"`, `\"paper_id\"`, 1))
	if err := os.MkdirAll(filepath.Join(dir, "s2"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "s2", "answer.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	m := writeManifest(t, "providers = [\"semanticscholar\"]\n[[identity]]\ndoi = \"10.1/x\"\n")
	code, stdout, stderr := runCLI(t, "doctor", "--replay", dir, "--json", m)
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	var got []doctor.Checkup
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, stdout)
	}
	if len(got) != 1 || got[0].Health != doctor.HealthDrift || got[0].What != "paperId missing" {
		t.Errorf("got %+v, want semanticscholar drifted: paperId missing", got)
	}
	if !strings.Contains(stderr, "1 of 1 service is not fit for a fetch") {
		t.Errorf("stderr lacks the verdict:\n%s", stderr)
	}
}

func TestDoctorLiveAndReplayTogetherIsAUsageError(t *testing.T) {
	assertUsageError(t, []string{"doctor", "--live", "--replay", t.TempDir(), doctorManifest(t)}, "--live and --replay cannot be combined")
	assertUsageError(t, []string{"doctor"}, "doctor needs exactly one MANIFEST argument")
}

// A fetch's recording (the example's) holds fetch's requests, not
// doctor's probes: when every unfit service is a replay miss, doctor says
// the folder is the cause and how to run it instead, rather than calling
// the services drifted (doctor.Verdict's own test holds a mixed verdict).
func TestDoctorReplayWithoutProbesBlamesTheFolder(t *testing.T) {
	code, _, stderr := runCLI(t, "doctor", "--replay", exampleReplay, exampleManifest)
	if code != exitShort {
		t.Errorf("exit %d, want %d", code, exitShort)
	}
	for _, want := range []string{"about: error: the replay folder " + exampleReplay + " has no answer for 4 of 5 probes",
		"about: hint: a folder from about fetch --record holds fetch's requests, not doctor's probes; omit --replay"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "not fit for a fetch") {
		t.Errorf("a replay miss is called unfit services:\n%s", stderr)
	}
}

// TestDoctorSaysTheProbeWorkWasAbsent: a Crossref list answer without the
// probe work is reported as that, exit 1, and the hint does not send the
// user for a newer about, as 25 "missing" fields did.
func TestDoctorSaysTheProbeWorkWasAbsent(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "testdata", "doctor", "ok", "api.crossref.org", "crossref.json")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var a map[string]any
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	a["body"] = `{"status":"ok","message-type":"work-list","message-version":"1.0.0","message":{"facets":{},"total-results":0,"items":[],"items-per-page":1,"query":{"start-index":0,"search-terms":null}}}`
	if data, err = json.Marshal(a); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "crossref"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "crossref", "answer.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	// The agency lookup's probe, answered as recorded.
	ra, err := os.ReadFile(filepath.Join("..", "..", "testdata", "doctor", "ok", "doi.org", "doi.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "crossref", "doi.json"), ra, 0o644); err != nil {
		t.Fatal(err)
	}
	m := writeManifest(t, "providers = [\"crossref\"]\n[[identity]]\ndoi = \"10.1/x\"\n")
	code, stdout, stderr := runCLI(t, "doctor", "--replay", dir, m)
	if code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if want := "crossref: the probe work was not in the answer (message.items is empty), so no field could be checked"; !strings.Contains(stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, stdout)
	}
	if strings.Contains(stdout, "missing") || strings.Contains(stderr, "newer about") {
		t.Errorf("an absent probe work is reported as drift:\nstdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	if !strings.Contains(stderr, "not finding it this time") {
		t.Errorf("stderr lacks the hint for an absent work:\n%s", stderr)
	}
}

// seen records what each probe request carried before the replay answers it.
type seen struct {
	next http.RoundTripper
	mu   sync.Mutex
	reqs []*http.Request
}

func (s *seen) RoundTrip(r *http.Request) (*http.Response, error) {
	s.mu.Lock()
	s.reqs = append(s.reqs, r.Clone(r.Context()))
	s.mu.Unlock()
	return s.next.RoundTrip(r)
}

// doctorThrough runs about doctor --live --json on manifest, with net as
// the services and env as the environment.
func doctorThrough(t *testing.T, manifest string, net http.RoundTripper, env map[string]string) []doctor.Checkup {
	t.Helper()
	var stdout, stderr strings.Builder
	err := runDoctor(context.Background(), doctorOptions{Manifest: manifest, Live: true, JSON: true, Network: net, Version: "test",
		Getenv: func(k string) string { return env[k] }, Stdout: &stdout, Stderr: &stderr})
	if err != nil {
		t.Fatalf("%v\nstderr:\n%s", err, stderr.String())
	}
	var got []doctor.Checkup
	if err := json.Unmarshal([]byte(stdout.String()), &got); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, stdout.String())
	}
	return got
}

// The probes go through a fetch's own transport: its User-Agent, each
// API key only to its host, the mailto where the probe takes one.
func TestDoctorIsAsPoliteAsAFetch(t *testing.T) {
	rp, err := transport.LoadReplay(doctorRecordings)
	if err != nil {
		t.Fatal(err)
	}
	net := &seen{next: rp}
	doctorThrough(t, doctorManifest(t), net, map[string]string{"OPENALEX_API_KEY": "oa-secret", "NCBI_API_KEY": "ncbi-secret"})
	if len(net.reqs) != len(providers.All()) {
		t.Fatalf("%d requests, want one probe per provider (%d)", len(net.reqs), len(providers.All()))
	}
	ua := userAgent("test", "ada@example.org")
	for _, r := range net.reqs {
		if r.Header.Get("User-Agent") != ua {
			t.Errorf("%s: User-Agent %q, want the run's %q", r.URL.Host, r.Header.Get("User-Agent"), ua)
		}
		key := r.URL.Query().Get("api_key")
		switch r.URL.Host {
		case "api.openalex.org":
			if key != "oa-secret" {
				t.Errorf("openalex probe carries api_key %q, want its own key", key)
			}
		case "eutils.ncbi.nlm.nih.gov":
			if key != "ncbi-secret" || r.URL.Query().Get("email") != "ada@example.org" {
				t.Errorf("pubmed probe carries api_key %q, email %q; want its own key and the mailto", key, r.URL.Query().Get("email"))
			}
		default:
			if key != "" {
				t.Errorf("%s was sent an API key meant for another host", r.URL.Host)
			}
		}
		if r.URL.Host == "api.crossref.org" && r.URL.Query().Get("mailto") != "ada@example.org" {
			t.Errorf("crossref probe %s lacks the mailto", r.URL)
		}
	}
}

func TestDoctorProbesTheAgencyLookupWhenDOIsAreRouted(t *testing.T) {
	rp, err := transport.LoadReplay(doctorRecordings)
	if err != nil {
		t.Fatal(err)
	}
	m := writeManifest(t, "mailto = \"ada@example.org\"\nproviders = [\"crossref\"]\n[[identity]]\ndoi = \"10.1234/x\"\n")
	got := doctorThrough(t, m, rp, nil)
	if len(got) != 2 || got[0].Provider != "crossref" || got[1].Provider != "doi" || got[1].Health != doctor.HealthOK {
		t.Errorf("got %+v, want crossref, then the doi.org agency lookup crossref's DOIs are routed by", got)
	}
}

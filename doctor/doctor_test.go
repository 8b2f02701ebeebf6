package doctor

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/transport"
)

// doctorRecordings is the shipped folder of probe answers, one per
// provider, each in the shape the live service gives.
const doctorRecordings = "../testdata/doctor/ok"

// newManifest is the manifest src says.
func newManifest(t *testing.T, src string) *manifest.Manifest {
	t.Helper()
	m, err := manifest.Parse("manifest.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// probeThrough sends the probes of the providers named through net, as a plain
// client: choosing the services and building the fetch's transport is
// orchestrator.ServicesOf's (see its tests and the command line's).
func probeThrough(t *testing.T, net http.RoundTripper, m *manifest.Manifest, names []string, getenv func(string) string) []Checkup {
	t.Helper()
	specs, err := providers.Select(providers.All(), names)
	if err != nil {
		t.Fatal(err)
	}
	bases := map[string]string{}
	for _, s := range specs {
		bases[s.Name] = s.BaseURL()
	}
	got, err := Run(context.Background(), Options{Manifest: m, Services: specs, Bases: bases, Client: &http.Client{Transport: net}, Getenv: getenv})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// doctorOn probes every provider against the recordings in dir, with the
// environment getenv.
func doctorOn(t *testing.T, dir string, getenv func(string) string) map[string]Checkup {
	t.Helper()
	rp, err := transport.LoadReplay(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := newManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.1234/x\"\n")
	got := probeThrough(t, rp, m, providers.Names(), getenv)
	byName := map[string]Checkup{}
	for _, c := range got {
		byName[c.Provider] = c
	}
	if len(byName) != len(providers.All()) {
		t.Fatalf("checked %d providers, want every one of %d: %+v", len(byName), len(providers.All()), got)
	}
	return byName
}

// copyRecordings copies the shipped recordings into a temporary folder
// and lets edit change the answer file of one host.
func copyRecordings(t *testing.T, host string, edit func(a map[string]any)) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(doctorRecordings, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(doctorRecordings, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if filepath.Dir(rel) == host {
			var a map[string]any
			if err := json.Unmarshal(data, &a); err != nil {
				return err
			}
			edit(a)
			if data, err = json.Marshal(a); err != nil {
				return err
			}
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestDoctorFindsEveryRecordedAnswerHealthy(t *testing.T) {
	for name, c := range doctorOn(t, doctorRecordings, func(string) string { return "" }) {
		if c.Health != HealthOK {
			t.Errorf("%s: %s %q (missing %v), want ok", name, c.Health, c.What, c.Missing)
		}
	}
}

func TestDoctorNamesTheFieldThatMoved(t *testing.T) {
	dir := copyRecordings(t, "api.crossref.org", func(a map[string]any) {
		// Crossref renames title to titles in its list answer.
		a["body"] = strings.Replace(a["body"].(string), `"title":`, `"titles":`, 1)
	})
	got := doctorOn(t, dir, func(string) string { return "" })
	c := got["crossref"]
	if c.Health != HealthDrift || c.What != "message.items[].title missing" {
		t.Errorf("crossref: %s %q, want drift naming message.items[].title", c.Health, c.What)
	}
	if c.Healthy() {
		t.Error("a moved field counts as healthy")
	}
	for name, c := range got {
		if name != "crossref" && c.Health != HealthOK {
			t.Errorf("%s: %s %q, want ok (only crossref's answer changed)", name, c.Health, c.What)
		}
	}
}

func TestDoctorSaysWhichKeyIsRefused(t *testing.T) {
	dir := copyRecordings(t, "api.openalex.org", func(a map[string]any) {
		a["status"] = 401
		a["body"] = `{"error":"Invalid API key"}`
	})
	withKey := doctorOn(t, dir, func(k string) string {
		if k == "OPENALEX_API_KEY" {
			return "not-a-real-key"
		}
		return ""
	})["openalex"]
	if withKey.Health != HealthRefused || withKey.What != "key refused (401 Unauthorized): check OPENALEX_API_KEY" {
		t.Errorf("with a key set: %s %q, want the key refused, naming OPENALEX_API_KEY", withKey.Health, withKey.What)
	}
	without := doctorOn(t, dir, func(string) string { return "" })["openalex"]
	if without.Health != HealthRefused || without.What != "key missing (401 Unauthorized): set OPENALEX_API_KEY" {
		t.Errorf("with no key: %s %q, want the key missing, naming OPENALEX_API_KEY", without.Health, without.What)
	}
}

func TestDoctorSkipsWhatNeedsAMailtoWhenNoneIsSet(t *testing.T) {
	rp, err := transport.LoadReplay(doctorRecordings)
	if err != nil {
		t.Fatal(err)
	}
	got := probeThrough(t, rp, newManifest(t, "[[identity]]\ndoi = \"10.1234/x\"\n"), []string{"unpaywall"}, nil)
	if len(got) != 1 || got[0].Provider != "unpaywall" || got[0].Health != HealthSkipped || !got[0].Healthy() {
		t.Fatalf("got %+v, want unpaywall skipped (no mailto)", got)
	}
}

func TestDiagnoseHoldsTheAnnouncedPaceAgainstTheDeclared(t *testing.T) {
	crossref := providers.Crossref() // 200ms between single-record requests
	body, err := os.ReadFile(filepath.Join(doctorRecordings, "api.crossref.org", "crossref.json"))
	if err != nil {
		t.Fatal(err)
	}
	var a struct{ Body string }
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, limit, interval string
		health                Health
		what                  string
	}{
		{"as declared", "5", "1s", HealthOK, "OK; announces 5 requests per 1s (one per 200ms), as declared"},
		{"looser", "50", "1s", HealthOK, "OK; announces 50 requests per 1s (one per 20ms), about keeps 200ms"},
		{"stricter", "3", "1s", HealthDrift, "pace: announces 3 requests per 1s (one per 333ms) but about declares 200ms, faster; see " + crossref.RateSource},
		{"under a millisecond", "3000", "1s", HealthOK, "OK; announces 3000 requests per 1s (one per 333µs), about keeps 200ms"},
		{"wider window", "60", "60s", HealthDrift, "pace: announces 60 requests per 1m0s (one per 1s) but about declares 200ms, faster; see " + crossref.RateSource},
		{"absent", "", "", HealthOK, "OK"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.limit != "" {
				h.Set("X-Rate-Limit-Limit", tc.limit)
				h.Set("X-Rate-Limit-Interval", tc.interval)
			}
			c := Diagnose(Checkup{Provider: "crossref"}, crossref, 200*time.Millisecond, false, 200, h, []byte(a.Body))
			if c.Health != tc.health || c.What != tc.what {
				t.Errorf("got %s %q, want %s %q", c.Health, c.What, tc.health, tc.what)
			}
		})
	}
}

func TestEveryProviderDeclaresAProbe(t *testing.T) {
	for _, s := range providers.All() {
		p := s.Probe
		if !strings.HasPrefix(p.Path, "/") || len(p.Fields) == 0 || !strings.HasPrefix(p.Doc, "https://") {
			t.Errorf("%s: probe %+v needs a path from the base URL, the fields its parser reads and a documentation link", s.Name, p)
		}
		if p.Rate != nil && (p.Rate.Limit == "" || (p.Rate.Window == "" && p.Rate.Per <= 0) || !strings.HasPrefix(p.Rate.Source, "https://")) {
			t.Errorf("%s: rate headers %+v need a limit header, a window and a source", s.Name, *p.Rate)
		}
	}
}

// Every field the parser reads from a Crossref list item is checked, not
// only the handful the doctor once listed: an answer without
// is-referenced-by-count (read for the citation count) is drift.
func TestDoctorChecksEveryCrossrefFieldTheParserReads(t *testing.T) {
	dir := copyRecordings(t, "api.crossref.org", func(a map[string]any) {
		var body map[string]any
		if err := json.Unmarshal([]byte(a["body"].(string)), &body); err != nil {
			t.Fatal(err)
		}
		for _, it := range body["message"].(map[string]any)["items"].([]any) {
			delete(it.(map[string]any), "is-referenced-by-count")
		}
		data, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		a["body"] = string(data)
	})
	c := doctorOn(t, dir, func(string) string { return "" })["crossref"]
	if c.Health != HealthDrift || c.What != "message.items[].is-referenced-by-count missing" {
		t.Errorf("crossref: %s %q, want drift naming message.items[].is-referenced-by-count", c.Health, c.What)
	}
}

// TestDoctorTellsAnAbsentProbeWorkFromDrift: a Crossref list answer
// without the probe work (no items, total-results 0) is that, not 21
// fields gone missing; an answer that also lost an envelope
// field is still drift.
func TestDoctorTellsAnAbsentProbeWorkFromDrift(t *testing.T) {
	empty := func(drop string) func(a map[string]any) {
		return func(a map[string]any) {
			var body map[string]any
			if err := json.Unmarshal([]byte(a["body"].(string)), &body); err != nil {
				t.Fatal(err)
			}
			msg := body["message"].(map[string]any)
			msg["items"], msg["total-results"] = []any{}, 0
			delete(body, drop)
			data, err := json.Marshal(body)
			if err != nil {
				t.Fatal(err)
			}
			a["body"] = string(data)
		}
	}
	c := doctorOn(t, copyRecordings(t, "api.crossref.org", empty("")), func(string) string { return "" })["crossref"]
	want := "the probe work was not in the answer (message.items is empty), so no field could be checked"
	if c.Health != HealthAbsent || c.What != want || len(c.Missing) != 0 {
		t.Errorf("crossref: %s %q (missing %d fields), want absent %q and no field missing", c.Health, c.What, len(c.Missing), want)
	}
	if c.Healthy() {
		t.Error("an unchecked answer counts as healthy")
	}
	c = doctorOn(t, copyRecordings(t, "api.crossref.org", empty("status")), func(string) string { return "" })["crossref"]
	if c.Health != HealthDrift || !strings.HasPrefix(c.What, "status, ") {
		t.Errorf("crossref without status and items: %s %q, want drift naming status", c.Health, c.What)
	}
}

// A verdict that is not every probe missing from the replay folder keeps
// the general hint, which names what a user can change (no "MinInterval").
func TestVerdictOfADriftNamesWhatAUserCanChange(t *testing.T) {
	drifted := []Checkup{{Provider: "crossref", Health: HealthDrift, URL: "https://api.crossref.org/works"}}
	problem, hint := Verdict(drifted, "some/replay", NewReplayMisses(nil))
	if problem == nil || problem.Error() != "1 of 1 service is not fit for a fetch" || !strings.Contains(hint, "newer about") || strings.Contains(hint, "MinInterval") {
		t.Errorf("drift verdict = %v, hint %q", problem, hint)
	}
	if problem, hint := Verdict([]Checkup{{Provider: "unpaywall", Health: HealthSkipped}}, "", nil); problem != nil || hint != "" {
		t.Errorf("a skipped service: verdict %v, hint %q; want none", problem, hint)
	}
}

package cli

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/providers"
)

// TestProvidersShowEveryPace: a host that paces its lists more strictly
// than single records (Crossref: 1 s against 200 ms) shows both paces, in
// the JSON (batch_interval_ms beside interval_ms) and the table, each
// from the provider's declaration; a provider without a list form has no
// list pace.
func TestProvidersShowEveryPace(t *testing.T) {
	code, js, stderr := runCLI(t, "providers", "--json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var infos []struct {
		Name            string `json:"name"`
		IntervalMS      *int64 `json:"interval_ms"`
		BatchIntervalMS *int64 `json:"batch_interval_ms"`
	}
	if err := json.Unmarshal([]byte(js), &infos); err != nil {
		t.Fatal(err)
	}
	for _, p := range infos {
		s, _ := providers.ByName(p.Name)
		hasList := s.BatchSize > 1 || s.Discover != nil
		switch {
		case !hasList && p.BatchIntervalMS != nil:
			t.Errorf("%s has no list form but shows batch_interval_ms %d", p.Name, *p.BatchIntervalMS)
		case hasList && p.BatchIntervalMS == nil:
			t.Errorf("%s asks in lists but shows no batch_interval_ms\n%s", p.Name, js)
		case hasList && *p.BatchIntervalMS != max(s.MinInterval, s.BatchInterval).Milliseconds():
			t.Errorf("%s: batch_interval_ms %d, want %v", p.Name, *p.BatchIntervalMS, max(s.MinInterval, s.BatchInterval))
		}
		if p.Name == "crossref" && (p.IntervalMS == nil || *p.IntervalMS != 200 || p.BatchIntervalMS == nil || *p.BatchIntervalMS != 1000) {
			t.Errorf("crossref: interval_ms %v, batch_interval_ms %v, want 200 and 1000", p.IntervalMS, p.BatchIntervalMS)
		}
	}
	_, table, _ := runCLI(t, "providers")
	for _, line := range strings.Split(table, "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[0] == "crossref" {
			if f[2] != (200*time.Millisecond).String() || f[3] != time.Second.String() {
				t.Errorf("table row %q, want every 200ms and lists every 1s", line)
			}
			return
		}
	}
	t.Errorf("no crossref row in\n%s", table)
}

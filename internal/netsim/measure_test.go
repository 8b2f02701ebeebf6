package netsim

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestMeasureRunsTheRealBinary runs the harness small, as the command
// does: the binary built once, fetch behind the proxy (50 works, service
// times ÷ 10), a rerun and check --offline over its folder. The binary's
// only network is the proxy, on 127.0.0.1.
func TestMeasureRunsTheRealBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary: seconds")
	}
	bin, err := Build(t.Context(), ".", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Binary: bin, Dir: t.TempDir(), Works: 50, Workers: 8, Scale: 10, Rerun: true, Check: true, Timeout: time.Minute}
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		cfg.Time = "/usr/bin/time"
	}
	rows, err := Measure(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows, want fetch, rerun, check: %+v", len(rows), rows)
	}
	for _, r := range rows {
		t.Log(r.Markdown())
		if r.Exit != 0 || r.Wall <= 0 || r.RSSKB <= 0 {
			t.Errorf("%s: exit %d, wall %v, RSS %d KB: want a clean, measured run (%s)", r.Run, r.Exit, r.Wall, r.RSSKB, r.Note)
		}
	}
	fetch := rows[0]
	// Batched, 50 works take about 18 requests (ORCID's three, one agency
	// lookup, one list per provider, the discovery listings, the singles
	// of posted content and of Unpaywall's share): fewer than one a work,
	// more than the hosts asked.
	if perWork := float64(fetch.Requests) / float64(fetch.Works); perWork < 0.2 || perWork > 1 {
		t.Errorf("%d requests for %d works (%.2f a work), want between 0.2 and 1", fetch.Requests, fetch.Works, perWork)
	}
	if fetch.Bound <= 0 || fetch.Busiest == "" || fetch.Tail <= 0 || fetch.Tail > fetch.Wall {
		t.Errorf("bound %v (%q), tail %v of wall %v: want all measured", fetch.Bound, fetch.Busiest, fetch.Tail, fetch.Wall)
	}
	whole, err := CheckFolder(filepath.Join(cfg.Dir, "snapshots"))
	if err != nil {
		t.Fatal(err)
	}
	if whole.Files < fetch.Works || len(whole.Broken) > 0 || len(whole.Other) > 0 {
		t.Errorf("snapshots: %s; want a file per work at least, all whole JSON", whole)
	}
	if rows[1].Requests == 0 || rows[1].Tail <= 0 {
		t.Errorf("rerun: %d requests, tail %v: want it measured", rows[1].Requests, rows[1].Tail)
	}
}

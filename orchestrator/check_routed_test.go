package orchestrator

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"

	"github.com/aboutscholar/about/check"
)

// TestCheckNamesWorksTheirRegistrarNeverAnswered: a first run whose
// registrar for some DOIs was stopped (429 past the cap: its jobs
// skipped, as an interrupt skips them) writes those works from the
// indexes alone; check --offline passed that folder. It now names each
// such work's file, the registrar missing and what to run, and finds
// nothing in a healthy run's folder of every default provider.
func TestCheckNamesWorksTheirRegistrarNeverAnswered(t *testing.T) {
	orcid := simORCID(0)
	stopped := func(req *http.Request) (*http.Response, error) {
		resp := cannedAnswer(req, http.StatusTooManyRequests, "")
		resp.Header.Set("Retry-After", "86400")
		return resp, nil
	}
	cases := []struct {
		name  string
		down  string // the registrar stopped in the first run; "" for none
		flags int    // works check must name
		file  string // one of them
	}{
		{"healthy", "", 0, ""},
		{"DataCite stopped", "api.datacite.org", 1, "works/" + snapshots.FileName(mustKey(t, "doi:"+extraDataCiteDOI)) + ".json"},
		{"Crossref stopped", "api.crossref.org", 40, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			nw := newOutageNet(orcid, 40)
			if c.down != "" {
				nw.set(c.down, stopped)
			}
			m := newManifest(t, outageMatrixManifest(t, orcid))
			rep, err := Run(context.Background(), testOptions(m, nw, 4))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Incomplete() != (c.down != "") {
				t.Fatalf("short jobs %v with %q stopped", rep.ShortJobs(), c.down)
			}
			var unrouted []check.Problem
			for _, p := range check.Offline(m, m.Snapshots).Problems {
				if strings.Contains(p.What, "run about fetch") && strings.Contains(p.What, "never answered") || strings.Contains(p.What, "no registration agency answered") {
					unrouted = append(unrouted, p)
				}
			}
			if len(unrouted) != c.flags {
				t.Fatalf("check named %d works whose registrar never answered, want %d: %v", len(unrouted), c.flags, unrouted)
			}
			if c.file != "" && (unrouted[0].Path != c.file || !strings.Contains(unrouted[0].What, "doi:"+extraDataCiteDOI) || !strings.Contains(unrouted[0].What, "datacite")) {
				t.Errorf("problem %v; want %s named, with its work and datacite", unrouted[0], c.file)
			}
		})
	}
}

func mustKey(t *testing.T, key string) manifest.Identity {
	t.Helper()
	id, err := manifest.ParseKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

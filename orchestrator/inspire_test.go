package orchestrator

import (
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/inspire"
	"github.com/aboutscholar/about/snapshots"
)

// inspireNet answers every literature search on inspirehep.net with the
// recorded first page of "a Witten" (testdata/inspire/SOURCES.md): ten
// hits of 55, each with a DOI. A listing asks pages of 100, so those ten
// are its whole answer; every author id asked gets the same page.
func inspireNet(t testing.TB) *fakeNet {
	body, err := os.ReadFile(filepath.Join("..", "testdata", "inspire", "literature-q-a-witten-page1.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := newFakeNet(t)
	n.Override(fakenet.Host("inspirehep.net"), func(req *http.Request) (*http.Response, error) {
		if req.URL.Path != "/api/literature" || req.URL.Query().Get("page") != "1" {
			return fakenet.Response(req, http.StatusNotFound, nil, nil), nil
		}
		return fakenet.Response(req, 200, body, nil), nil
	})
	return n
}

const inspireManifest = `providers = ["inspire"]

[[identity]]
inspire = "E.Witten.1"
`

// TestINSPIREListsEveryWorkWithItsVenue: each hit is one work, known by
// its DOI, its INSPIRE record its source with the journal, volume and
// pages the hit gives (written from the recorded answer; the journal as
// INSPIRE's BibTeX export writes its abbreviation, a space after each
// full stop).
func TestINSPIREListsEveryWorkWithItsVenue(t *testing.T) {
	m := newManifest(t, inspireManifest)
	rep := runOK(t, testOptions(m, inspireNet(t), 4))
	if rep.Incomplete() {
		t.Fatalf("run came back short: %v", rep.ShortJobs())
	}
	want := []struct{ doi, journal, volume, pages string }{
		{"10.1103/physrevlett.56.2763", "Phys. Rev. Lett.", "56", "2763-2766"},
		{"10.1007/jhep02(2013)132", "JHEP", "02", "132"},
		{"10.1007/s00220-023-04713-w", "Commun. Math. Phys.", "402", "79-96"},
		{"10.1016/s0550-3213(99)00639-2", "Nucl. Phys. B", "565", "427-444"},
		{"10.1016/j.physletb.2003.08.002", "Phys. Lett. B", "575", "349-357"},
		{"10.1140/epjc/s2005-02349-y", "Eur. Phys. J. C", "44", "267-276"},
		{"10.1140/epjp/s13360-023-03758-z", "Eur. Phys. J. Plus", "138", "162"},
		{"10.1016/j.difgeo.2017.04.004", "Differ. Geom. Appl.", "53", "56-75"},
		{"10.1088/0264-9381/32/20/205011", "Class. Quant. Grav.", "32", "205011"},
		{"10.1088/0264-9381/5/10/006", "Class. Quant. Grav.", "5", "L161"},
	}
	if len(rep.Works) != len(want) {
		t.Errorf("%d works, want %d", len(rep.Works), len(want))
	}
	d := snapshots.Dir{Root: m.Snapshots}
	for _, w := range want {
		var doc snapshots.Work
		if err := snapshots.Read(d.WorkPath(manifest.Identity{Kind: manifest.KindDOI, Value: w.doi}), &doc); err != nil {
			t.Errorf("%s: %v", w.doi, err)
			continue
		}
		r := doc.Record
		if r.Type != "article-journal" || r.Container != w.journal || r.Volume != w.volume || r.Pages != w.pages {
			t.Errorf("%s: %s in %q vol %q pp %q; want article-journal in %q vol %q pp %q", w.doi, r.Type, r.Container, r.Volume, r.Pages, w.journal, w.volume, w.pages)
		}
		if len(doc.Sources) != 1 || doc.Sources[0].Provider != "inspire" {
			t.Errorf("%s: sources %+v, want INSPIRE's alone", w.doi, doc.Sources)
		}
	}
}

// TestINSPIRESameBytesAtAnyJ: one worker and eight write the same folder.
func TestINSPIRESameBytesAtAnyJ(t *testing.T) {
	folder := folderAtAnyJ(t, inspireManifest, inspireNet)
	if !strings.Contains(folder, "=== orcid/inspire_") {
		t.Errorf("no listing file written:\n%.600s", folder)
	}
}

// TestINSPIREPacedAtItsInterval: two INSPIRE authors are two requests,
// the second no sooner than INSPIRE's declared interval after the first.
func TestINSPIREPacedAtItsInterval(t *testing.T) {
	m := newManifest(t, inspireManifest+"\n[[identity]]\ninspire = \"INSPIRE-00210391\"\n")
	net := inspireNet(t)
	clock := &instantClock{}
	var mu sync.Mutex
	var at []time.Time
	net.Before(func(req *http.Request) {
		if req.URL.Host == "inspirehep.net" {
			mu.Lock()
			at = append(at, clock.Now())
			mu.Unlock()
		}
	})
	opts := testOptions(m, net, 8)
	opts.NoPacing, opts.Clock = false, clock
	runOK(t, opts)
	if len(at) != 2 {
		t.Fatalf("%d requests to inspirehep.net, want 2", len(at))
	}
	sort.Slice(at, func(i, j int) bool { return at[i].Before(at[j]) })
	if gap, least := at[1].Sub(at[0]), inspire.Spec().MinInterval; gap < least {
		t.Errorf("requests %v apart, closer than INSPIRE's %v", gap, least)
	}
}

package orchestrator

import (
	"bytes"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

const inspireCountsManifest = `providers = ["inspire"]
counts_source = "inspire"

[[identity]]
inspire = "E.Witten.1"
`

// TestINSPIRECountsFromTheListing: INSPIRE's counts come with its
// listing, one request for the person and none per work, and reach each
// work's counts file, with and without self-citations; a page whose
// counts_source is inspire shows both. The numbers are the recorded
// answer's citation_count and citation_count_without_self_citations
// (testdata/inspire/literature-q-a-witten-page1.json).
func TestINSPIRECountsFromTheListing(t *testing.T) {
	m := newManifest(t, inspireCountsManifest)
	net := inspireNet(t)
	var asked atomic.Int32
	net.Before(func(req *http.Request) {
		if req.URL.Host == "inspirehep.net" {
			asked.Add(1)
		}
	})
	runOK(t, testOptions(m, net, 4))
	if n := asked.Load(); n != 1 {
		t.Errorf("%d requests to inspirehep.net, want the listing's one", n)
	}
	want := []struct {
		doi                string
		cited, citedNoSelf int
	}{
		{"10.1103/physrevlett.56.2763", 32, 25},    // recid 233030
		{"10.1007/jhep02(2013)132", 8, 5},          // recid 1191456
		{"10.1016/s0550-3213(99)00639-2", 40, 39},  // recid 500123
		{"10.1140/epjc/s2005-02349-y", 3, 0},       // recid 702940: every citation its authors'
		{"10.1016/j.physletb.2003.08.002", 0, 0},   // recid 616403
		{"10.1088/0264-9381/32/20/205011", 39, 37}, // recid 1372718
	}
	d := snapshots.Dir{Root: m.Snapshots}
	for _, w := range want {
		var c snapshots.Counts
		if err := snapshots.Read(d.CountsPath(manifest.Identity{Kind: manifest.KindDOI, Value: w.doi}), &c); err != nil {
			t.Errorf("%s: %v", w.doi, err)
			continue
		}
		if len(c.Sources) != 1 || c.Sources[0].Provider != "inspire" {
			t.Errorf("%s: counts %+v, want INSPIRE's alone", w.doi, c.Sources)
			continue
		}
		got := c.Sources[0].Counts
		if !sameCount(got.CitedBy, w.cited) || !sameCount(got.CitedByWithoutSelf, w.citedNoSelf) {
			t.Errorf("%s: cited by %v, without self %v; want %d and %d", w.doi, show(got.CitedBy), show(got.CitedByWithoutSelf), w.cited, w.citedNoSelf)
		}
	}

	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	opts := render.Options{Format: render.HTML, Counts: true, CountsSource: m.CountsSource,
		Services: []render.Service{{Name: "inspire", Title: "INSPIRE-HEP"}}}
	if err := render.Render(&b, f, opts); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"cited by 32 (25 without self-citations) · INSPIRE-HEP", "cited by 3 (0 without self-citations) · INSPIRE-HEP"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("the page lacks %q", line)
		}
	}
}

func sameCount(got *int, want int) bool { return got != nil && *got == want }

func show(n *int) any {
	if n == nil {
		return "none"
	}
	return *n
}

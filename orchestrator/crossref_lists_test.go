package orchestrator

import (
	"fmt"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// crossrefRecorded are the DOIs of the whole Crossref records recorded in
// testdata/crossref: two posted-content works (a bioRxiv preprint and a
// blog post, told apart by their subtype) and a monograph with no
// container title, which select= could not carry.
var crossrefRecorded = []string{
	"10.1007/978-3-662-46370-3_13", "10.1017/9781108348843", "10.1038/srep16696", "10.1101/2020.12.01.406702",
	"10.1109/iccv.2007.4408927", "10.1145/3448016.3452841", "10.1371/journal.pone.0033693", "10.53731/ybhah-9jy85",
	"10.7554/elife.01567",
}

// crossrefListsRun fetches the recorded Crossref works and absent more
// DOIs at Crossref alone, as one researcher's manifest; it returns the run's
// network and snapshot folder.
func crossrefListsRun(t *testing.T, absent int, opts func(*Options)) (*fakeNet, string) {
	t.Helper()
	net := newFakeNet(t)
	var src strings.Builder
	src.WriteString("mailto = \"ada@example.org\"\nproviders = [\"crossref\"]\n")
	net.agencies = map[string]string{"10.5555": "Crossref"}
	for _, doi := range crossrefRecorded {
		net.file("api.crossref.org", "/works/"+doi, 200, "crossref/crossref-work-"+strings.ReplaceAll(doi, "/", "-")+".json")
		net.agencies[strings.Split(doi, "/")[0]] = "Crossref"
		fmt.Fprintf(&src, "\n[[identity]]\ndoi = %q\n", doi)
	}
	for i := range absent {
		fmt.Fprintf(&src, "\n[[identity]]\ndoi = \"10.5555/absent-%03d\"\n", i)
	}
	net.file("api.crossref.org", "/works/10.1371/notarealdoi", 404, "crossref/crossref-work-not-found-10.1371-notarealdoi.txt")
	net.fallback["api.crossref.org"] = net.routes["api.crossref.org/works/10.1371/notarealdoi"]
	m := newManifest(t, src.String())
	o := testOptions(m, net, 4)
	if opts != nil {
		opts(&o)
	}
	if rep := runOK(t, o); rep.Incomplete() {
		t.Fatalf("short run: %v", rep.ShortJobs())
	}
	return net, m.Snapshots
}

// TestCrossrefWorksTakeOnlyLists: 159 Crossref works, among them posted
// content and a work with no container title, take ceil(159/100) list
// requests and no single one, and each work reads what its whole record
// says: the preprint's server (institution) as container, the blog post's
// (subtype blog: no preprint) likewise. While lists asked select=, each such work was asked
// again alone (5 requests here).
func TestCrossrefWorksTakeOnlyLists(t *testing.T) {
	const absent = 150
	net, dir := crossrefListsRun(t, absent, nil)
	n := len(crossrefRecorded) + absent
	if got, want := net.requests("api.crossref.org"), (n+99)/100; got != want {
		t.Errorf("%d works took %d Crossref requests, want %d lists of up to 100 and no single request", n, got, want)
	}
	d := snapshots.Dir{Root: dir}
	read := func(doi string) snapshots.Work {
		var w snapshots.Work
		if err := snapshots.Read(d.WorkPath(manifest.Identity{Kind: manifest.KindDOI, Value: doi}), &w); err != nil {
			t.Fatal(err)
		}
		return w
	}
	// testdata/crossref/crossref-work-10.1101-2020.12.01.406702.json:
	// "type":"posted-content","subtype":"preprint","institution":[{"name":"bioRxiv"}]
	if r := read("10.1101/2020.12.01.406702").Record; r.Container != "bioRxiv" || r.Genre != "Preprint" {
		t.Errorf("preprint: container %q, genre %q; want bioRxiv, Preprint", r.Container, r.Genre)
	}
	// crossref-work-10.53731-ybhah-9jy85.json: no container-title, "institution":[{"name":"Front Matter"}]
	if r := read("10.53731/ybhah-9jy85").Record; r.Container != "Front Matter" || r.Genre != "" {
		t.Errorf("blog post: container %q, genre %q; want Front Matter and no genre (its subtype is blog)", r.Container, r.Genre)
	}
}

// TestCrossrefLanguageOverTheIndexGuess: the registrar's language is the
// work's, with Crossref as its provenance, even where OpenAlex's detected
// one agrees; OpenAlex's stands (as its guess) only where Crossref's
// record has none. From the recorded answers: the book chapter's Crossref
// record says "language":"en" (as does OpenAlex's), the monograph's
// Crossref record has no language and OpenAlex's says "en".
func TestCrossrefLanguageOverTheIndexGuess(t *testing.T) {
	m := newManifest(t, recordedManifest)
	if rep := runOK(t, testOptions(m, recordedNet(t), 4)); rep.Incomplete() {
		t.Fatalf("short run: %v", rep.ShortJobs())
	}
	d := snapshots.Dir{Root: m.Snapshots}
	for doi, want := range map[string]string{"10.1007/978-3-662-46370-3_13": "crossref", "10.1017/9781108348843": "openalex", "10.7554/elife.01567": "crossref"} {
		var w snapshots.Work
		if err := snapshots.Read(d.WorkPath(manifest.Identity{Kind: manifest.KindDOI, Value: doi}), &w); err != nil {
			t.Fatal(err)
		}
		if w.Record.Language != "en" || w.Provenance["language"] != want {
			t.Errorf("%s: language %q from %q, want en from %s", doi, w.Record.Language, w.Provenance["language"], want)
		}
	}
}

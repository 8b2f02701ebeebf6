package orchestrator

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"

	"github.com/aboutscholar/about/check"
)

// identityFetched is the identity story's folder as fetch writes it, with
// its manifest.
func identityFetched(t *testing.T) *manifest.Manifest {
	t.Helper()
	m := newManifest(t, identityManifest)
	rep := runOK(t, testOptions(m, identityNet(t), 4))
	if rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	return m
}

// reparsed is m's manifest with extra appended, writing the same folder.
func reparsed(t *testing.T, m *manifest.Manifest, extra string) *manifest.Manifest {
	t.Helper()
	m2, err := manifest.Parse(m.Path, []byte(identityManifest+extra))
	if err != nil {
		t.Fatal(err)
	}
	m2.Snapshots = m.Snapshots
	return m2
}

func offlineLines(m *manifest.Manifest) string {
	c := check.Offline(m, m.Snapshots)
	return problemLines(c.Problems)
}

// TestCheckOfflinePassesFetchedLinks: re-deciding the links of a folder
// with links of every kind, a [[exclude]] and an [[override]] gives
// exactly the links.json and decisions fetch wrote.
func TestCheckOfflinePassesFetchedLinks(t *testing.T) {
	m := identityFetched(t)
	if got := offlineLines(m); got != "" {
		t.Fatalf("a folder fresh from fetch has problems:\n%s", got)
	}
}

// TestCheckOfflineNoticesHandEditedLinks: a shown_as entry added by hand
// hides a work from the page; check --offline must name links.json.
func TestCheckOfflineNoticesHandEditedLinks(t *testing.T) {
	m := identityFetched(t)
	path := snapshots.Dir{Root: m.Snapshots}.LinksPath()
	var links snapshots.Links
	if err := snapshots.Read(path, &links); err != nil {
		t.Fatal(err)
	}
	links.ShownAs["doi:10.48550/arxiv.2311.16162"] = "doi:10.5281/zenodo.100"
	if _, err := snapshots.Write(path, links); err != nil {
		t.Fatal(err)
	}
	got := offlineLines(m)
	want := "links.json: shown_as shows doi:10.48550/arxiv.2311.16162 under doi:10.5281/zenodo.100's entry, where this about's link pass gives it its own entry: edited by hand"
	if !strings.Contains(got, want) {
		t.Errorf("problems:\n%s\nwant a line with:\n%s", got, want)
	}
}

// TestCheckOfflineLinkNotFetchedYet: a [[link]] added to the manifest and
// not fetched yet is named with its manifest line, not passed; once
// fetched the folder passes; removed again, it is named as still applied.
func TestCheckOfflineLinkNotFetchedYet(t *testing.T) {
	m := identityFetched(t)
	const distinct = "\n[[link]]\nfrom = \"doi:10.5281/zenodo.101\"\nto = \"doi:10.5281/zenodo.100\"\nkind = \"distinct\"\n"
	line := strings.Count(identityManifest, "\n") + 2
	m2 := reparsed(t, m, distinct)
	got := offlineLines(m2)
	want := "links.json: the manifest's [[link]] at " + m.Path + ":" + itoa(line) + ` (from doi:10.5281/zenodo.101 to doi:10.5281/zenodo.100, kind = "distinct") is not applied yet`
	if !strings.Contains(got, want) || strings.Contains(got, "edited by hand") {
		t.Errorf("problems:\n%s\nwant only a line with:\n%s", got, want)
	}
	runOK(t, testOptions(m2, identityNet(t), 4))
	if got := offlineLines(m2); got != "" {
		t.Fatalf("fetched with the link, the folder has problems:\n%s", got)
	}
	got = offlineLines(m)
	if !strings.Contains(got, `undone by a [[link]] kind = "distinct" the manifest no longer has: run about fetch`) || strings.Contains(got, "edited by hand") {
		t.Errorf("with the link removed again:\n%s", got)
	}

	const sameAs = "\n[[link]]\nfrom = \"doi:10.1101/2020.12.01.406702\"\nto = \"doi:10.5281/zenodo.100\"\nkind = \"same-as\"\n"
	got = offlineLines(reparsed(t, m, sameAs))
	if want := `(from doi:10.1101/2020.12.01.406702 to doi:10.5281/zenodo.100, kind = "same-as") is not applied yet: run about fetch`; !strings.Contains(got, want) {
		t.Errorf("a same-as link not fetched:\n%s\nwant a line with:\n%s", got, want)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestCheckOfflineNoticesHandEditedDecisions: a work's recorded decisions
// are re-derived with links.json, so an edited shown_as there is named.
func TestCheckOfflineNoticesHandEditedDecisions(t *testing.T) {
	m := identityFetched(t)
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5281/zenodo.101"}
	path := snapshots.Dir{Root: m.Snapshots}.WorkPath(id)
	var w snapshots.Work
	if err := snapshots.Read(path, &w); err != nil {
		t.Fatal(err)
	}
	var dec snapshots.Decisions
	if err := json.Unmarshal(w.Decisions, &dec); err != nil || dec.ShownAs != "doi:10.5281/zenodo.100" {
		t.Fatalf("fixture changed: decisions %s (%v)", w.Decisions, err)
	}
	dec.ShownAs = ""
	w.Decisions, _ = json.Marshal(dec)
	if _, err := snapshots.Write(path, w); err != nil {
		t.Fatal(err)
	}
	got := offlineLines(m)
	want := "works/" + snapshots.FileName(id) + ".json: decisions.shown_as differs from what this about's link pass gives: edited by hand"
	if !strings.Contains(got, want) || strings.Contains(got, "links.json") {
		t.Errorf("problems:\n%s\nwant only a line with:\n%s", got, want)
	}
}

package orchestrator

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// identityManifest expands the constructed ORCID record (one case per
// group: see testdata/orcid/SOURCES.md) beside works listed by hand that
// the record's works should be linked with.
const identityManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref", "datacite"]

[[identity]]
orcid = "0000-0002-1825-0097"
name = "Josiah Carberry"

# the bioRxiv preprint ORCID folded into its published version
[[identity]]
doi = "10.1101/2020.12.01.406702"

# arXiv's DOI for the e-print the record lists by arXiv id
[[identity]]
doi = "10.48550/arXiv.2311.16162"

# a Zenodo software record by version DOI and by concept DOI
[[identity]]
doi = "10.5281/zenodo.101"

[[identity]]
doi = "10.5281/zenodo.100"

[[exclude]]
id = "orcid-work:0000-0002-1825-0097/5001"
reason = "a talk I did not give"

[[override]]
id = "pmid:11748933"
title = "Only a title"
`

// identityNet is recordedNet plus the constructed ORCID record and the
// registrars' answers the links are decided from.
func identityNet(t testing.TB) *fakeNet {
	const orcid = "0000-0002-1825-0097"
	n := recordedNet(t)
	n.file("pub.orcid.org", "/v3.0/"+orcid+"/works", 200, "orcid/constructed-orcid-works-"+orcid+".json")
	n.file("pub.orcid.org", "/v3.0/"+orcid+"/works/1002,2001,3002,4001,5001,6001,7001", 200, "orcid/constructed-orcid-works-bulk-"+orcid+".json")
	// A rerun asks again only for the entry of the work the manifest
	// excludes (it has no file whose ORCID entry could stand), and the
	// registry answers that put-code alone, with its error: the whole
	// page would be six works nobody asked, which sends 5001 to /work/5001.
	n.routes["pub.orcid.org/v3.0/"+orcid+"/works/5001"] = fakeAnswer{200, []byte(`{"bulk":[{"error":{"response-code":400,` +
		`"developer-message":"'5001' is not a valid put code","user-message":"The put code is not valid","error-code":9006}}]}`)}
	n.file("pub.orcid.org", "/v3.0/"+orcid+"/person", 200, "orcid/constructed-orcid-person-"+orcid+".json")
	n.routes["api.crossref.org/works/10.1101/2020.12.01.406702"] = fakeAnswer{200, []byte(`{"status":"ok","message-type":"work","message":{
		"DOI":"10.1101/2020.12.01.406702","type":"posted-content","title":["Brittle glazes under load"],
		"author":[{"given":"Josiah","family":"Carberry","ORCID":"http://orcid.org/0000-0002-1825-0097","sequence":"first"}],
		"relation":{"is-preprint-of":[{"id-type":"doi","id":"10.5555/carberry.glazes","asserted-by":"subject"}]}}}`)}
	n.file("api.datacite.org", "/dois/10.48550/arxiv.2311.16162", 200, "datacite/datacite-doi-10.48550-arxiv.2311.16162.json")
	zenodo := func(doi, title, rel, target string) fakeAnswer {
		return fakeAnswer{200, []byte(`{"data":{"id":"` + doi + `","type":"dois","attributes":{"doi":"` + doi + `",
			"titles":[{"title":"` + title + `"}],"types":{"resourceTypeGeneral":"Software"},"publicationYear":2024,
			"creators":[{"name":"Carberry, Josiah","nameType":"Personal","givenName":"Josiah","familyName":"Carberry"}],
			"relatedIdentifiers":[{"relationType":"` + rel + `","relatedIdentifier":"` + target + `","relatedIdentifierType":"DOI"}]}}}`)}
	}
	n.routes["api.datacite.org/dois/10.5281/zenodo.101"] = zenodo("10.5281/zenodo.101", "Glaze model v1.0", "IsVersionOf", "10.5281/zenodo.100")
	n.routes["api.datacite.org/dois/10.5281/zenodo.100"] = zenodo("10.5281/zenodo.100", "Glaze model", "HasVersion", "10.5281/zenodo.101")
	n.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	for _, p := range []string{"10.5555", "10.1101"} {
		n.agencies[p] = "Crossref"
	}
	for _, p := range []string{"10.5281", "10.6084", "10.48550"} {
		n.agencies[p] = "DataCite"
	}
	return n
}

// TestIdentityGolden is the whole identity story on one constructed
// record: one work per ORCID group, the published version named rather
// than the preprint, the preprint listed by hand linked to it, a version
// DOI under its concept DOI, an arXiv id and arXiv's DOI as one work, an
// excluded talk, an override, and same-name strangers flagged.
func TestIdentityGolden(t *testing.T) {
	m := newManifest(t, identityManifest)
	rep, links := completeRun(t, m, identityNet(t))
	var got []string
	for _, l := range links.Links {
		got = append(got, l.Kind+" "+l.From+" -> "+l.To)
	}
	want := []string{
		"same-as arxiv:2311.16162 -> doi:10.48550/arxiv.2311.16162",
		"preprint-of doi:10.1101/2020.12.01.406702 -> doi:10.5555/carberry.glazes",
		"version-of doi:10.5281/zenodo.101 -> doi:10.5281/zenodo.100",
	}
	slices.Sort(got)
	slices.Sort(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if links.ShownAs["doi:10.1101/2020.12.01.406702"] != "doi:10.5555/carberry.glazes" {
		t.Errorf("shown_as %v: the preprint must be shown as its published version", links.ShownAs)
	}
	if len(rep.Excluded) == 0 || !strings.Contains(rep.Excluded[0].Reason, "a talk I did not give") {
		t.Errorf("excluded %v", rep.Excluded)
	}
	if _, err := os.Stat(snapshots.Dir{Root: m.Snapshots}.WorkPath(manifest.Identity{Kind: manifest.KindORCIDWork, Value: "0000-0002-1825-0097/5001"})); err == nil {
		t.Error("the excluded work was written")
	}
	strangers := map[string]string{}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "same-name stranger") {
			strangers[w.Identity] = w.Message
		}
	}
	if !strings.Contains(strangers["arxiv:2311.16162"], `"Jo Carberry" has ORCID iD 0000-0002-1694-233X`) {
		t.Errorf("the arXiv work's author with the owner's name and another iD was not flagged: %v", strangers)
	}
	if !strings.Contains(strangers["pmid:11748933"], "neither ORCID iD 0000-0002-1825-0097 nor a name like") {
		t.Errorf("the work with no author the owner could be was not flagged: %v", strangers)
	}
	if len(strangers) != 2 {
		t.Errorf("strangers %v, want exactly the two", strangers)
	}
	var pmid snapshots.Work
	if err := snapshots.Read(snapshots.Dir{Root: m.Snapshots}.WorkPath(manifest.Identity{Kind: manifest.KindPMID, Value: "11748933"}), &pmid); err != nil {
		t.Fatal(err)
	}
	if rec := pmid.Record; rec.Title != "Only a title" || pmid.Provenance["title"] != "manifest" {
		t.Errorf("override not applied: %+v %v", pmid.Record, pmid.Provenance)
	}
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/orchestrator"), goldie.WithNameSuffix(".golden"))
	g.Assert(t, t.Name(), []byte(folderBytes(t, m.Snapshots)))
}

// TestIdentityByteIdentical: the link decisions, and the published
// versions fetched in a second round, do not depend on -j.
func TestIdentityByteIdentical(t *testing.T) {
	var asked int
	var mu sync.Mutex
	cases := map[string]struct {
		manifest string
		net      func() *fakeNet
	}{
		"identity": {identityManifest, func() *fakeNet { return identityNet(t) }},
		"follow":   {followManifest, func() *fakeNet { return followNet(t, &asked, &mu) }},
	}
	for name, c := range cases {
		var want string
		for _, workers := range []int{1, 3, 8} {
			m := newManifest(t, c.manifest)
			runOK(t, testOptions(m, c.net(), workers))
			got := folderBytes(t, m.Snapshots)
			if want == "" {
				want = got
			} else if got != want {
				t.Fatalf("%s: -j %d wrote different snapshots", name, workers)
			}
		}
	}
}

// manifestLinks are [[link]]s over identityManifest's works: one undoing
// a link of the data, one adding a link, one naming no work.
const manifestLinks = `
[[link]]
from = "doi:10.5281/zenodo.101"
to = "doi:10.5281/zenodo.100"
kind = "distinct"

[[link]]
from = "orcid-work:0000-0002-1825-0097/6001"
to = "doi:10.5555/carberry.pots"
kind = "same-as"

[[link]]
from = "doi:10.9999/not.here"
to = "doi:10.5555/carberry.pots"
kind = "same-as"
`

// TestManifestLinksOverrideData: [[link]] kind = "distinct" undoes a link
// the data made, and a [[link]] the data lacks is added.
func TestManifestLinksOverrideData(t *testing.T) {
	m := newManifest(t, identityManifest+manifestLinks)
	rep := runOK(t, testOptions(m, identityNet(t), 4))
	var links snapshots.Links
	if err := snapshots.Read(filepath.Join(m.Snapshots, snapshots.LinksFile), &links); err != nil {
		t.Fatal(err)
	}
	for _, l := range links.Links {
		if l.From == "doi:10.5281/zenodo.101" {
			t.Errorf("link %+v survived kind = distinct", l)
		}
	}
	if len(links.Undone) != 1 || !strings.Contains(strings.Join(links.Undone[0].Evidence, " "), "undid it") {
		t.Errorf("undone %+v", links.Undone)
	}
	i := slices.IndexFunc(links.Links, func(l snapshots.Link) bool { return l.From == "orcid-work:0000-0002-1825-0097/6001" })
	if i < 0 || links.Links[i].By != "manifest" || links.ShownAs["orcid-work:0000-0002-1825-0097/6001"] != "doi:10.5555/carberry.pots" {
		t.Errorf("manifest link not applied: %+v", links)
	}
	warned := slices.ContainsFunc(rep.Warnings, func(w record.Warning) bool {
		return w.Identity == "doi:10.9999/not.here" && strings.Contains(w.Message, "not among the works")
	})
	if !warned {
		t.Errorf("a [[link]] naming no work was not reported: %v", rep.Warnings)
	}
}

// TestManifestLayoutLeavesSnapshotsAlone: the snapshots record the
// manifest's decisions ([[link]], [[override]]), not the file and line
// they were written at, so a comment line above them, or another name for
// the manifest, leaves every file byte for byte the same (else CI's check
// would call it a bibliographic change).
func TestManifestLayoutLeavesSnapshotsAlone(t *testing.T) {
	src := identityManifest + manifestLinks
	first := newManifest(t, src)
	runOK(t, testOptions(first, identityNet(t), 4))

	path := filepath.Join(t.TempDir(), "about.toml")
	if err := os.WriteFile(path, []byte("# my publications\n\n"+src), 0o644); err != nil {
		t.Fatal(err)
	}
	second, err := manifest.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if second.Overrides[0].Line == first.Overrides[0].Line {
		t.Fatal("setup: the override did not move")
	}
	runOK(t, testOptions(second, identityNet(t), 4))
	if a, b := folderBytes(t, first.Snapshots), folderBytes(t, second.Snapshots); a != b {
		t.Errorf("a comment line and another name changed the snapshots:\n%s", firstDiff(a, b))
	}
}

package orchestrator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

// leftOutManifest lists a DataCite DOI, which only DataCite answers about
// once DOIs are routed, and a Crossref DOI OpenAlex also has.
const leftOutManifest = `mailto = "ada@example.org"
providers = [%s]
[[identity]]
doi = "10.5281/zenodo.48440"
[[identity]]
doi = "10.1145/3448016.3452841"
`

func leftOutNet(t *testing.T) *fakeNet {
	net := recordedNet(t)
	net.file("api.datacite.org", "/dois/10.5281/zenodo.48440", 200, "datacite/datacite-doi-10.5281-zenodo.48440.json")
	net.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	net.agencies["10.5281"] = "DataCite"
	return net
}

func leftOutOptions(t *testing.T, snaps, providerList string) Options {
	t.Helper()
	m := newManifest(t, strings.Replace(leftOutManifest, "%s", providerList, 1))
	opts := testOptions(m, leftOutNet(t), 4)
	opts.Snapshots = snaps
	return opts
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestOnlyKeepsLeftOutProviders: `--only crossref` on a folder the full
// list of providers wrote keeps DataCite's and OpenAlex's previous sources
// and counts (not asking is no news), and a work only DataCite knows keeps
// its file byte for byte instead of becoming an empty "Untitled" record.
func TestOnlyKeepsLeftOutProviders(t *testing.T) {
	snaps := t.TempDir()
	all := `"crossref", "datacite", "openalex"`
	runOK(t, leftOutOptions(t, snaps, all))
	before := folderBytes(t, snaps)
	d := snapshots.Dir{Root: snaps}
	zenodo := filepath.Join(d.Root, snapshots.WorksDir, "doi_10.5281_2fzenodo.48440.json")
	if !strings.Contains(readFile(t, zenodo), `"provider": "datacite"`) {
		t.Fatalf("setup: the DataCite work has no DataCite source:\n%s", readFile(t, zenodo))
	}

	opts := leftOutOptions(t, snaps, all)
	opts.Only = []string{"crossref"}
	rep := runOK(t, opts)
	if after := folderBytes(t, snaps); after != before {
		t.Errorf("--only crossref changed the folder:\n%s", firstDiff(before, after))
	}
	if len(rep.WorksChanged) != 0 || rep.Incomplete() {
		t.Errorf("changed %v, short %v; want nothing changed and a complete run", rep.WorksChanged, rep.Incomplete())
	}
	notes := strings.Join(rep.Notes(), "\n")
	if !strings.Contains(notes, "datacite, openalex not asked this run: their previous values stand in 2 works") {
		t.Errorf("notes %q; want the kept providers told", notes)
	}
}

// TestRemovedProviderDataGoes: a provider taken off the manifest's list is
// the user's choice: its sources and counts leave every work, and the
// story says so.
func TestRemovedProviderDataGoes(t *testing.T) {
	snaps := t.TempDir()
	runOK(t, leftOutOptions(t, snaps, `"crossref", "datacite", "openalex"`))
	rep := runOK(t, leftOutOptions(t, snaps, `"crossref", "datacite"`))
	d := snapshots.Dir{Root: snaps}
	acm := filepath.Join(d.Root, snapshots.WorksDir, "doi_10.1145_2f3448016.3452841.json")
	if doc := readFile(t, acm); strings.Contains(doc, `"provider": "openalex"`) || !strings.Contains(doc, `"provider": "crossref"`) {
		t.Errorf("the work still holds OpenAlex's source, or lost Crossref's:\n%s", doc)
	}
	counts := filepath.Join(d.Root, snapshots.CountsDir, "doi_10.1145_2f3448016.3452841.json")
	if b, err := os.ReadFile(counts); err == nil && strings.Contains(string(b), "openalex") {
		t.Errorf("the counts still hold OpenAlex's:\n%s", b)
	}
	notes := strings.Join(rep.Notes(), "\n")
	if !strings.Contains(notes, "openalex is no longer among the providers: its data was removed from 2 works") {
		t.Errorf("notes %q; want the removal told", notes)
	}
}

// TestUnaskedWorkKeepsItsFile: when no provider of the run applies to a
// work (here only Crossref is left, and the DOI is DataCite's), its file
// stays as it was rather than becoming an empty "Untitled" record, even
// though the provider that knew it was taken off the list.
func TestUnaskedWorkKeepsItsFile(t *testing.T) {
	snaps := t.TempDir()
	runOK(t, leftOutOptions(t, snaps, `"crossref", "datacite"`))
	zenodo := filepath.Join(snaps, snapshots.WorksDir, "doi_10.5281_2fzenodo.48440.json")
	before := readFile(t, zenodo)
	rep := runOK(t, leftOutOptions(t, snaps, `"crossref"`))
	if after := readFile(t, zenodo); after != before {
		t.Errorf("the unasked work's file changed:\n%s", firstDiff(before, after))
	}
	notes := strings.Join(rep.Notes(), "\n")
	if !strings.Contains(notes, "1 work that no provider of this run applies to keeps its previous file (doi:10.5281/zenodo.48440)") {
		t.Errorf("notes %q; want the kept file told", notes)
	}
	if index := readFile(t, filepath.Join(snaps, "index.json")); !strings.Contains(index, `"name": "datacite"`) {
		t.Errorf("the index lost DataCite's attribution, though its data stands:\n%s", index)
	}
}

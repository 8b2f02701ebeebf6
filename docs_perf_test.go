package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// thousandWorkFolder writes a manifest with one ORCID iD and a snapshot
// folder of n works as fetch writes them (merged by the registry's
// precedence from four providers' answers, with counts, the ORCID
// expansion and links.json) under dir, and returns the manifest's path.
func thousandWorkFolder(t *testing.T, dir string, n int) string {
	t.Helper()
	const orcid = "0000-0002-1825-0097"
	manifestPath := filepath.Join(dir, "manifest.toml")
	writeFile(t, manifestPath, "providers = [\"orcid\", \"crossref\", \"openalex\", \"semanticscholar\", \"europepmc\"]\n\n[[identity]]\norcid = \""+orcid+"\"\n")
	d := snapshots.Dir{Root: filepath.Join(dir, "snapshots")}
	owner := manifest.Identity{Kind: manifest.KindORCID, Value: orcid}
	idx := snapshots.Index{Identities: []string{owner.Key()}, Providers: []snapshots.IndexProvider{}}
	exp := snapshots.Expansion{ORCID: orcid}
	order := works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence()}
	abstract := strings.Repeat("A sentence of an abstract, long enough to look like one. ", 20)
	put := func(path string, v any) {
		if _, err := snapshots.Write(path, v); err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		id := manifest.Identity{Kind: manifest.KindDOI, Value: fmt.Sprintf("10.5555/thousand.%04d", i)}
		exp.Works = append(exp.Works, id.Key())
		idx.Works = append(idx.Works, snapshots.IndexWork{ID: id.Key(), File: snapshots.FileName(id)})
		var authors []record.Author
		for a := range 8 {
			authors = append(authors, record.Author{Given: "Ada", Family: fmt.Sprintf("Author%d", a), Affiliations: []string{"Example University"}})
		}
		base := record.Record{Title: fmt.Sprintf("Work number %d", i), Authors: authors, Container: "Journal of Examples",
			Publisher: "Example Press", Type: "article-journal", Issued: record.Date{Year: 2000 + i%25, Month: 1 + i%12},
			Volume: "12", Issue: "3", Pages: "100-120", Abstract: abstract, IDs: record.IDs{DOI: id.Value},
			URL: "https://example.org/" + id.Value, Topics: []string{"Examples", "Testing"}}
		sources := map[string]snapshots.Source{}
		counts := snapshots.Counts{ID: id.Key()}
		for k, name := range []string{"crossref", "europepmc", "openalex", "semanticscholar"} {
			rec := base
			if k > 0 {
				rec.Abstract = ""
			}
			sources[name] = snapshots.Source{Provider: name, Status: "found", Attribution: "Data from " + name, Record: &rec}
			cited := i + k
			counts.Sources = append(counts.Sources, snapshots.SourceCounts{Provider: name, Counts: record.Counts{CitedBy: &cited}})
		}
		doc, _ := order.Document(id, []string{owner.Key()}, sources, nil)
		put(d.WorkPath(id), doc)
		put(d.CountsPath(id), counts)
	}
	put(d.ExpansionPath(owner), exp)
	put(d.IndexPath(), idx)
	put(d.LinksPath(), snapshots.Links{Links: []snapshots.Link{}, ShownAs: map[string]string{}})
	if err := d.RecordDigests(); err != nil { // as fetch records the files it wrote
		t.Fatal(err)
	}
	return manifestPath
}

// TestCheckOfflineThousandWorks runs the built binary's check --offline on
// a generated 1,000-work folder: it passes, and the time it took (the
// figure docs/check.md gives) is logged:
//
//	go test -run TestCheckOfflineThousandWorks -count 3 -v .
func TestCheckOfflineThousandWorks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and writes 3,000 files")
	}
	manifestPath := thousandWorkFolder(t, t.TempDir(), 1000)
	bin := aboutBinary(t)
	cmd := exec.Command(bin, "check", "--offline", manifestPath)
	cmd.Env = append(os.Environ(), "ABOUT_MAILTO=")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	elapsed := time.Since(start)
	if err != nil {
		t.Fatalf("check --offline of the generated folder: %v\n%s", err, out)
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	t.Logf("about check --offline on 1,000 works: %.2f s wall, %.2f s CPU", elapsed.Seconds(), cpu.Seconds())
}

package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// remergeFolder writes n works as fetch would: each file is the core's Document of
// its sources, two providers that disagree on the year, so every file
// has a conflict as well as a record and provenance, and its counts file.
func remergeFolder(tb testing.TB, n int) *manifest.Manifest {
	tb.Helper()
	m := newManifest(tb, "[[identity]]\norcid = \"0000-0002-1825-0097\"\n")
	d := snapshots.Dir{Root: m.Snapshots}
	if err := os.MkdirAll(filepath.Join(m.Snapshots, snapshots.WorksDir), 0o755); err != nil {
		tb.Fatal(err)
	}
	idx := snapshots.Index{Identities: []string{m.Identities[0].Identity.Key()}, Providers: []snapshots.IndexProvider{}}
	abstract := strings.Repeat("A sentence of an abstract, long enough to look like one. ", 20)
	for i := range n {
		id := manifest.Identity{Kind: manifest.KindDOI, Value: fmt.Sprintf("10.5555/remerge.%04d", i)}
		idx.Works = append(idx.Works, snapshots.IndexWork{ID: id.Key(), File: snapshots.FileName(id)})
		var authors []record.Author
		for a := range 8 {
			authors = append(authors, record.Author{Given: "Ada", Family: fmt.Sprintf("Author%d", a)})
		}
		crossref := record.Record{Title: fmt.Sprintf("Work number %d", i), Abstract: abstract, Type: "article-journal",
			Publisher: "Example Press", Authors: authors, Issued: record.Date{Year: 2020}, IDs: record.IDs{DOI: id.Value}}
		openalex := record.Record{Title: fmt.Sprintf("Work Number %d", i), Type: "article-journal", Authors: authors,
			Issued: record.Date{Year: 2021}, IDs: record.IDs{DOI: id.Value}}
		sources := map[string]snapshots.Source{
			"crossref": {Provider: "crossref", Status: "found", Record: &crossref},
			"openalex": {Provider: "openalex", Status: "found", Record: &openalex},
		}
		doc, _ := precedence().Document(id, []string{"manifest"}, sources, nil)
		if _, err := snapshots.Write(d.WorkPath(id), doc); err != nil {
			tb.Fatal(err)
		}
		// Crossref and OpenAlex count citations: fetch writes their counts.
		counts := works.CountsDoc(id.Key(), map[string]record.Counts{"crossref": {CitedBy: record.Int(i)}, "openalex": {CitedBy: record.Int(i + 1)}})
		if _, err := snapshots.Write(d.CountsPath(id), counts); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := snapshots.Write(d.IndexPath(), idx); err != nil {
		tb.Fatal(err)
	}
	recordDigests(tb, m.Snapshots)
	return m
}

func TestCheckMergedNamesEachEditedField(t *testing.T) {
	m := remergeFolder(t, 3)
	if ps := checkMerged(m, m.Snapshots); len(ps) > 0 {
		t.Fatalf("as fetch writes it: %v", ps)
	}
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/remerge.0001"}
	path := snapshots.Dir{Root: m.Snapshots}.WorkPath(id)
	var w snapshots.Work
	if err := snapshots.Read(path, &w); err != nil {
		t.Fatal(err)
	}
	if len(w.Conflicts) == 0 {
		t.Fatal("the folder was meant to hold a conflict")
	}
	w.Conflicts = nil
	w.Record.Issued = record.Date{Year: 1999}
	if _, err := snapshots.Write(path, w); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range checkMerged(m, m.Snapshots) {
		got = append(got, p.Path+": "+strings.SplitN(p.What, ":", 2)[0])
	}
	file := "works/" + snapshots.FileName(id) + ".json"
	// record, then provenance, then conflicts, as the file holds them
	want := []string{file + ": record.issued differs from what this about's merge gives from the file's sources", file + ": conflicts.issued differs from what this about's merge gives from the file's sources"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// BenchmarkCheckMerged1000 is what re-merging adds to check --offline on
// 1,000 works, beside snapshots' BenchmarkCheckFolder1000:
//
//	go test ./check -run '^$' -bench CheckMerged1000
func BenchmarkCheckMerged1000(b *testing.B) {
	m := remergeFolder(b, 1000)
	b.ResetTimer()
	for b.Loop() {
		if ps := checkMerged(m, m.Snapshots); len(ps) > 0 {
			b.Fatal(ps)
		}
	}
}

// TestCheckOfflineRefusesUnlistedSelected: check --offline names each
// selected work the folder does not list, as render would refuse it.
func TestCheckOfflineRefusesUnlistedSelected(t *testing.T) {
	m := remergeFolder(t, 2)
	m.Selected = []string{"doi:10.5555/remerge.0001", "doi:10.9999/nope"}
	got := Offline(m, m.Snapshots).Refused
	if len(got) != 1 || got[0].Value != "doi:10.9999/nope" {
		t.Errorf("refused %v, want only the unlisted work", got)
	}
}

// BenchmarkCheckLinks1000 is the re-merge and the link pass of check
// --offline together on 1,000 works with their links.json; beside
// BenchmarkCheckMerged1000 (no links.json, so no link pass) it shows
// what deciding the links again adds:
//
//	go test ./check -run '^$' -bench 'Check(Links|Merged)1000'
func BenchmarkCheckLinks1000(b *testing.B) {
	m := remergeFolder(b, 1000)
	empty := snapshots.Links{Links: []snapshots.Link{}, ShownAs: map[string]string{}}
	if _, err := snapshots.Write(snapshots.Dir{Root: m.Snapshots}.LinksPath(), empty); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if ps := checkLinks(m, m.Snapshots); len(ps) > 0 {
			b.Fatal(ps)
		}
	}
}

package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"

	"github.com/aboutscholar/about/snapshots"
)

// checkManifest and swappedManifest are the manifests of the folders in
// testdata/golden/orchestrator/fetched/ (check and check-swapped), shared
// with orchestrator's tests through testdata/check/ so the two cannot drift apart.
func checkManifest(t testing.TB) string { return readCheckManifest(t, "manifest.toml") }

// swappedManifest is checkManifest with its SIGMOD paper swapped for a book.
func swappedManifest(t testing.TB) string { return readCheckManifest(t, "manifest-swapped.toml") }

func readCheckManifest(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "check", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

const elifeWork = "works/doi_10.7554_2felife.01567.json"

// fetched returns the manifest src with a fresh copy of the folder fetch
// wrote for it, unpacked from the golden orchestrator keeps.
func fetched(t *testing.T, src string) *manifest.Manifest {
	t.Helper()
	var golden string
	switch src {
	case checkManifest(t):
		golden = "check"
	case swappedManifest(t):
		golden = "check-swapped"
	default:
		t.Fatalf("no fetched folder recorded for manifest:\n%s", src)
	}
	m := newManifest(t, src)
	data, err := os.ReadFile(filepath.Join("..", "testdata", "golden", "orchestrator", "fetched", golden+".golden"))
	if err != nil {
		t.Fatal(err)
	}
	unpackFolder(t, string(data), m.Snapshots)
	return m
}

// unpackFolder writes the files of a folder text ("=== path" before each
// file's bytes, as orchestrator's folderBytes makes it) under dir.
func unpackFolder(t *testing.T, text, dir string) {
	t.Helper()
	rest, ok := strings.CutPrefix(text, "=== ")
	if !ok {
		t.Fatal("folder text does not start with a file header")
	}
	for rest != "" {
		rel, body, _ := strings.Cut(rest, "\n")
		data := body
		if i := strings.Index(body, "\n=== "); i >= 0 {
			data, rest = body[:i+1], body[i+len("\n=== "):]
		} else {
			rest = ""
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// newManifest parses a manifest whose snapshots go to a fresh folder.
func newManifest(t testing.TB, src string) *manifest.Manifest {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "manifest.toml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func problemLines(ps []Problem) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.String() + "\n")
	}
	return b.String()
}

// write puts data at rel under dir, making its folders.
func write(t *testing.T, dir, rel, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// edit changes the JSON document at rel under dir and writes it back
// canonically, so only the change is a problem.
func edit(t *testing.T, dir, rel string, change func(map[string]any)) {
	t.Helper()
	var doc map[string]any
	if err := snapshots.Read(filepath.Join(dir, filepath.FromSlash(rel)), &doc); err != nil {
		t.Fatal(err)
	}
	change(doc)
	data, err := snapshots.Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, rel, string(data))
}

func TestCheckFolderFindsEachProblem(t *testing.T) {
	cases := []struct {
		name     string
		manifest string // "" means checkManifest
		mutate   func(t *testing.T, dir string)
		want     []string // each must end a problem line
		only     bool     // want lists every problem: one cause, one line
	}{
		{name: "compact JSON is not canonical", mutate: func(t *testing.T, dir string) {
			var doc any
			snapshots.Read(filepath.Join(dir, elifeWork), &doc)
			data, _ := json.Marshal(doc)
			write(t, dir, elifeWork, string(data)+"\n")
		}, want: []string{`, canonical is "{" (about fetch rewrites it canonically)`}},
		{name: "unclaimed.json is about's, so canonical", mutate: func(t *testing.T, dir string) {
			write(t, dir, snapshots.UnclaimedFile, `{"researchers":[]}`+"\n")
		}, want: []string{snapshots.UnclaimedFile + `: not canonical: line 1 is "{\"researchers\":[]}", canonical is "{" (about fetch rewrites it canonically)`}, only: true},
		{name: "missing trailing newline", mutate: func(t *testing.T, dir string) {
			data, _ := os.ReadFile(filepath.Join(dir, "index.json"))
			write(t, dir, "index.json", strings.TrimSuffix(string(data), "\n"))
		}, want: []string{"(canonical files end with one newline) (about fetch rewrites it canonically)"}},
		{name: "not JSON", mutate: func(t *testing.T, dir string) {
			write(t, dir, elifeWork, "{\n")
		}, want: []string{elifeWork + ": not JSON: it ends inside the document at byte 2, as a file cut short by a full disk, an interrupted copy or a hand edit does"}, only: true},
		{name: "missing links", mutate: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "links.json"))
		}, want: []string{"links.json: missing (about fetch writes it)"}, only: true},
		{name: "links naming an unlisted work", mutate: func(t *testing.T, dir string) {
			write(t, dir, "links.json", "{\n  \"links\": [],\n  \"shown_as\": {\n    \"doi:10.9999/gone\": \"doi:10.7554/elife.01567\"\n  }\n}\n")
		}, want: []string{"links.json: names doi:10.9999/gone, which is not a listed work"}, only: true},
		{name: "missing work file", mutate: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, elifeWork))
		}, want: []string{elifeWork + ": missing: the file of work doi:10.7554/elife.01567"}, only: true},
		{name: "stray files", mutate: func(t *testing.T, dir string) {
			write(t, dir, "works/doi_10.9999_2fgone.json", "{\n  \"id\": \"doi:10.9999/gone\"\n}\n")
			write(t, dir, "counts/doi_10.9999_2fgone.json", "{\n  \"id\": \"doi:10.9999/gone\"\n}\n")
			write(t, dir, "orcid/orcid_0000-0002-1825-0097.json", "{}\n")
			write(t, dir, "works/.tmp-123", "{")
			write(t, dir, ".tmp-456", "{")
		}, want: []string{
			".tmp-456: stray: leftover of an interrupted write",
			"counts/doi_10.9999_2fgone.json: stray: counts of a work that is not listed",
			"orcid/orcid_0000-0002-1825-0097.json: stray: not an ORCID iD of the manifest",
			"works/.tmp-123: stray: leftover of an interrupted write",
			"works/doi_10.9999_2fgone.json: stray: no work of the manifest, its ORCID records or index.json has this file",
		}, only: true},
		{name: "manifest gained an identity", manifest: checkManifest(t) + "\n[[identity]]\ndoi = \"10.1017/9781108348843\"\n", want: []string{
			"index.json: identity doi:10.1017/9781108348843 of the manifest is not listed",
			"index.json: work doi:10.1017/9781108348843 is not listed (the manifest or an orcid/ file names it)",
			"works/doi_10.1017_2f9781108348843.json: missing: the file of work doi:10.1017/9781108348843",
		}, only: true},
		{name: "identities reordered", manifest: strings.Replace(checkManifest(t), "doi = \"10.1145/3448016.3452841\"\n\n[[identity]]\ndoi = \"10.7554/eLife.01567\"", "doi = \"10.7554/eLife.01567\"\n\n[[identity]]\ndoi = \"10.1145/3448016.3452841\"", 1), want: []string{
			"index.json: identities are not in manifest order: #2 is doi:10.1145/3448016.3452841, the manifest has doi:10.7554/elife.01567",
			"index.json: works are not in fetch order: #9 is doi:10.1145/3448016.3452841, want doi:10.7554/elife.01567",
		}},
		{name: "ORCID record lists a work the index lacks", mutate: func(t *testing.T, dir string) {
			edit(t, dir, "orcid/orcid_0000-0002-9341-7985.json", func(d map[string]any) {
				d["works"] = append(d["works"].([]any), "doi:10.5555/new")
			})
		}, want: []string{
			"index.json: work doi:10.5555/new is not listed (the manifest or an orcid/ file names it)",
			"orcid/orcid_0000-0002-9341-7985.json: changed since about wrote it (its digest in index.json differs): a hand edit? about fetch rewrites it",
			"works/doi_10.5555_2fnew.json: missing: the file of work doi:10.5555/new",
		}, only: true},
		{name: "index lists a work nobody names", mutate: func(t *testing.T, dir string) {
			edit(t, dir, "index.json", func(d map[string]any) {
				d["works"] = append(d["works"].([]any), map[string]any{"id": "doi:10.5555/old", "file": "doi_10.5555_2fold"})
			})
		}, want: []string{
			"index.json: work doi:10.5555/old is listed but neither the manifest, an ORCID record's orcid/ file nor a preprint's link in links.json names it",
			"works/doi_10.5555_2fold.json: missing: the file of work doi:10.5555/old",
		}, only: true},
		{name: "missing ORCID expansion", mutate: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "orcid", "orcid_0000-0002-9341-7985.json"))
		}, want: []string{
			"orcid/orcid_0000-0002-9341-7985.json: missing: the works of ORCID record 0000-0002-9341-7985 (about fetch writes it once the record is read)",
		}, only: true},
		{name: "missing index", mutate: func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "index.json"))
		}, want: []string{"index.json: missing (about fetch writes it)"}, only: true},
		{name: "empty record no service answered", mutate: func(t *testing.T, dir string) {
			edit(t, dir, elifeWork, func(d map[string]any) {
				d["record"], d["provenance"], d["sources"] = map[string]any{}, map[string]any{}, []any{}
			})
		}, want: []string{elifeWork + `: incomplete: no service has answered about work doi:10.7554/elife.01567, so its record is empty and it would show as "Untitled" (about fetch fills it once a service answers)`}, only: true},
		{name: "work file about another work", mutate: func(t *testing.T, dir string) {
			edit(t, dir, elifeWork, func(d map[string]any) { d["id"] = "doi:10.7554/elife.99999" })
		}, want: []string{elifeWork + `: id is "doi:10.7554/elife.99999", want "doi:10.7554/elife.01567"`}, only: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := fetched(t, checkManifest(t))
			if c.mutate != nil {
				c.mutate(t, m.Snapshots)
			}
			if c.manifest != "" {
				m2, err := manifest.Parse(filepath.Join(filepath.Dir(m.Snapshots), "manifest.toml"), []byte(c.manifest))
				if err != nil {
					t.Fatal(err)
				}
				m = m2
			}
			ps := Folder(m, m.Snapshots)
			got := problemLines(ps)
			for _, w := range c.want {
				if !strings.Contains(got, w+"\n") {
					t.Errorf("missing problem line\n  %s\ngot:\n%s", w, got)
				}
			}
			if len(ps) == 0 {
				t.Error("no problem found")
			}
			if c.only && len(ps) != len(c.want) {
				t.Errorf("%d problems, want just %d:\n%s", len(ps), len(c.want), got)
			}
		})
	}
}

// TestCheckFolderNotFoundAnywhereIsNoProblem: a work every service said
// "not found" about has an empty record too, but it is what fetch writes
// (with its warning to check the DOI), so it is not incomplete.
func TestCheckFolderNotFoundAnywhereIsNoProblem(t *testing.T) {
	m := fetched(t, checkManifest(t))
	var doc map[string]any
	if err := snapshots.Read(filepath.Join(m.Snapshots, elifeWork), &doc); err != nil {
		t.Fatal(err)
	}
	doc["record"], doc["provenance"] = map[string]any{}, map[string]any{}
	doc["sources"] = []any{map[string]any{"provider": "crossref", "status": "not_found", "attribution": "Metadata from Crossref"}}
	data, err := snapshots.Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(m.Snapshots, elifeWork), data, 0o644); err != nil {
		t.Fatal(err)
	}
	recordDigests(t, m.Snapshots) // as fetch writes it
	if ps := Folder(m, m.Snapshots); len(ps) > 0 {
		t.Errorf("problems with a work found nowhere:\n%s", problemLines(ps))
	}
}

// Hidden files and a README are the user's: not checked, so a Finder's
// .DS_Store or a .gitkeep does not fail CI; nor is a folder or file at the
// top that is no .json. Anything else in about's own folders, or a .json
// beside index.json, is a stray: fetch neither writes nor removes it, and
// a misplaced snapshot there would pass unread.
func TestCheckFolderIgnoresTheUsersFiles(t *testing.T) {
	m := fetched(t, checkManifest(t))
	put := func(p string) {
		full := filepath.Join(m.Snapshots, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("not json {"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{".DS_Store", ".gitkeep", ".gitattributes", "README.md", "notes.txt", "works/.DS_Store", "counts/.gitkeep", "orcid/README", "extra/x.json", ".about-fetch.lock"} {
		put(p)
	}
	if ps := Folder(m, m.Snapshots); len(ps) != 0 {
		t.Errorf("the user's files are problems:\n%s", problemLines(ps))
	}
	stray := []string{"works/notes.txt", "works/notes.json", "works/Doi_10.1_2fx.json", "works/sub/doi_10.1_2fx.json", "other.json"}
	for _, p := range stray {
		put(p)
	}
	got := problemLines(Folder(m, m.Snapshots))
	for _, p := range []string{"works/notes.txt: stray", "works/notes.json: stray", "works/Doi_10.1_2fx.json: stray", "works/sub/: stray", "other.json: stray"} {
		if !strings.Contains(got, p) {
			t.Errorf("no %q among the problems:\n%s", p, got)
		}
	}
	if n := strings.Count(got, "\n"); n != len(stray) {
		t.Errorf("%d problems, want %d:\n%s", n, len(stray), got)
	}
}

func TestCheckFolderMissingFolder(t *testing.T) {
	m := newManifest(t, checkManifest(t))
	ps := Folder(m, m.Snapshots)
	if len(ps) != 1 || ps[0].Path != "." || !strings.Contains(ps[0].What, "no snapshot folder") {
		t.Errorf("problems = %v, want one saying there is no folder", ps)
	}
}

// syntheticFolder writes what fetch would for an ORCID record of n works,
// each with a work file of realistic size and a counts file. It writes
// plainly, without fsync: the files only need to exist for the test.
func syntheticFolder(tb testing.TB, n int) *manifest.Manifest {
	tb.Helper()
	put := func(path string, v any) {
		data, err := snapshots.Encode(v)
		if err == nil {
			err = os.MkdirAll(filepath.Dir(path), 0o755)
		}
		if err == nil {
			err = os.WriteFile(path, data, 0o644)
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
	m := newManifest(tb, "[[identity]]\norcid = \"0000-0002-1825-0097\"\n")
	d := snapshots.Dir{Root: m.Snapshots}
	orcid := m.Identities[0].Identity
	exp := snapshots.Expansion{ORCID: orcid.Value}
	idx := snapshots.Index{Identities: []string{orcid.Key()}, Providers: []snapshots.IndexProvider{}}
	abstract := strings.Repeat("A sentence of an abstract, long enough to look like one. ", 20)
	for i := range n {
		id := manifest.Identity{Kind: manifest.KindDOI, Value: fmt.Sprintf("10.5555/synthetic.%04d", i)}
		exp.Works = append(exp.Works, id.Key())
		idx.Works = append(idx.Works, snapshots.IndexWork{ID: id.Key(), File: snapshots.FileName(id)})
		var authors []record.Author
		for a := range 8 {
			authors = append(authors, record.Author{Given: "Ada", Family: fmt.Sprintf("Author%d", a), ORCID: "0000-0002-1825-0097"})
		}
		rec := record.Record{Title: fmt.Sprintf("Work number %d", i), Abstract: abstract, Type: "article-journal", Publisher: "Example Press",
			Authors: authors, IDs: record.IDs{DOI: id.Value}}
		work := snapshots.Work{ID: id.Key(), Origins: []string{orcid.Key()}, Record: rec, Provenance: map[string]string{"title": "crossref"},
			Sources: []snapshots.Source{{Provider: "crossref", Status: "found", Attribution: "Metadata from Crossref", Record: &rec}}}
		put(d.WorkPath(id), work)
		cited := i
		counts := snapshots.Counts{ID: id.Key(), Sources: []snapshots.SourceCounts{{Provider: "crossref", Counts: record.Counts{CitedBy: &cited}}}}
		put(d.CountsPath(id), counts)
	}
	put(d.ExpansionPath(orcid), exp)
	put(d.IndexPath(), idx)
	put(d.LinksPath(), snapshots.Links{Links: []snapshots.Link{}, ShownAs: map[string]string{}})
	recordDigests(tb, m.Snapshots)
	return m
}

// recordDigests records in index.json the digests of the folder's files
// as they are: a folder a test built or changed, as fetch would have
// written it.
func recordDigests(tb testing.TB, dir string) {
	tb.Helper()
	if err := (snapshots.Dir{Root: dir}).RecordDigests(); err != nil {
		tb.Fatal(err)
	}
}

// TestCheckFolderThousandWorks: a 1,000-work folder (2,002 files, about
// 5 MB) is clean, and one missing file among them is found. How fast is
// BenchmarkCheckFolder1000's to say, not a timed test's.
func TestCheckFolderThousandWorks(t *testing.T) {
	m := syntheticFolder(t, 1000)
	if ps := Folder(m, m.Snapshots); len(ps) > 0 {
		t.Fatalf("synthetic folder has problems:\n%s", problemLines(ps))
	}
	os.Remove(filepath.Join(m.Snapshots, "works", "doi_10.5555_2fsynthetic.0500.json"))
	ps := Folder(m, m.Snapshots)
	if len(ps) != 1 || ps[0].Path != "works/doi_10.5555_2fsynthetic.0500.json" {
		t.Errorf("problems = %v, want the one missing file", ps)
	}
}

// BenchmarkCheckFolder1000 measures check --offline on 1,000 works:
//
//	go test ./check -run '^$' -bench CheckFolder1000
func BenchmarkCheckFolder1000(b *testing.B) {
	m := syntheticFolder(b, 1000)
	b.ResetTimer()
	for b.Loop() {
		if ps := Folder(m, m.Snapshots); len(ps) > 0 {
			b.Fatal(problemLines(ps))
		}
	}
}

// TestCheckFolderReadsNoFileThroughALink: a snapshot file that is a
// symbolic link is told, never read. A pull request can commit such a
// link (git stores it), and CI runs about check on it: before, check read
// the link's target and quoted its first line in the log ("not
// canonical: line 1 is "{\"type\": \"service_account\", \"private_key\":
// …"), for a work the manifest lists and for a stray alike, and told
// about fetch to rewrite what fetch never touches.
func TestCheckFolderReadsNoFileThroughALink(t *testing.T) {
	m := fetched(t, checkManifest(t))
	secret := filepath.Join(t.TempDir(), "key.json")
	if err := os.WriteFile(secret, []byte(`{"type": "service_account", "private_key": "SECRET-KEY"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	links := []string{elifeWork, "works/doi_10.9_2fstray.json", snapshots.IndexFile}
	for _, rel := range links {
		p := filepath.Join(m.Snapshots, filepath.FromSlash(rel))
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		if err := os.Symlink(secret, p); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	ps := Folder(m, m.Snapshots)
	told := map[string]bool{}
	for _, p := range ps {
		if strings.Contains(p.What, "SECRET") || strings.Contains(p.What, "service_account") {
			t.Errorf("check quotes the link's target: %s", p)
		}
		if strings.Contains(p.What, "symbolic link") {
			told[p.Path] = true
		}
	}
	for _, rel := range links {
		if !told[filepath.ToSlash(rel)] {
			t.Errorf("%s is a link, and check does not say so:\n%s", rel, problemLines(ps))
		}
	}
}

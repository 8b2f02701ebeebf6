package orchestrator

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// checkManifest is recordedManifest with its providers pinned, so these
// tests stay put as providers join the registry.
const checkManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref", "openalex"]

[[identity]]
orcid = "0000-0002-9341-7985"

[[identity]]
doi = "10.1145/3448016.3452841"

[[identity]]
doi = "10.7554/eLife.01567"
`

const elifeWork = "works/doi_10.7554_2felife.01567.json"

// fetched runs the manifest against the recorded network and returns it.
func fetched(t *testing.T, src string) *manifest.Manifest {
	t.Helper()
	m := newManifest(t, src)
	rep := runOK(t, testOptions(m, recordedNet(t), 4))
	if rep.Short() {
		t.Fatalf("run came back short: %v", rep.ShortJobs())
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

// TestFetchedFoldersGolden keeps the fetched folders snapshots' check and
// diff tests start from equal to what fetch writes for checkManifest and
// for it with the SIGMOD paper swapped for a book. After a change to what
// fetch writes: go test ./orchestrator -run TestFetchedFoldersGolden -update
func TestFetchedFoldersGolden(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("../testdata/golden/orchestrator/fetched"), goldie.WithNameSuffix(".golden"))
	for name, src := range map[string]string{
		"check":         checkManifest,
		"check-swapped": strings.Replace(checkManifest, "doi = \"10.1145/3448016.3452841\"", "doi = \"10.1017/9781108348843\"", 1),
	} {
		g.Assert(t, name, []byte(folderBytes(t, fetched(t, src).Snapshots)))
	}
}

func TestCheckFolderPassesWhatFetchWrote(t *testing.T) {
	m := fetched(t, checkManifest)
	if ps := CheckFolder(m, m.Snapshots); len(ps) > 0 {
		t.Fatalf("a folder fresh from fetch has problems:\n%s", problemLines(ps))
	}
}

// TestCheckFolderKnowsDecisions: links.json and [[exclude]]d works (listed
// by the ORCID record, never written) are what fetch leaves, not problems.
func TestCheckFolderKnowsDecisions(t *testing.T) {
	m := newManifest(t, identityManifest)
	runOK(t, testOptions(m, identityNet(t), 4))
	if ps := CheckFolder(m, m.Snapshots); len(ps) > 0 {
		t.Fatalf("a folder fresh from fetch has problems:\n%s", problemLines(ps))
	}
}

func TestCheckFolderFindsEachProblem(t *testing.T) {
	write := func(t *testing.T, dir, rel, data string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit := func(t *testing.T, dir, rel string, change func(map[string]any)) {
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
		{name: "missing trailing newline", mutate: func(t *testing.T, dir string) {
			data, _ := os.ReadFile(filepath.Join(dir, "index.json"))
			write(t, dir, "index.json", strings.TrimSuffix(string(data), "\n"))
		}, want: []string{"(canonical files end with one newline) (about fetch rewrites it canonically)"}},
		{name: "not JSON", mutate: func(t *testing.T, dir string) {
			write(t, dir, elifeWork, "{\n")
		}, want: []string{elifeWork + ": not JSON: unexpected EOF"}, only: true},
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
			write(t, dir, "works/notes.txt", "hello")
			write(t, dir, "README.md", "hello")
			write(t, dir, "extra/x.json", "{}\n")
		}, want: []string{
			"README.md: stray: about fetch writes only index.json, links.json, works/, counts/ and orcid/",
			"counts/doi_10.9999_2fgone.json: stray: counts of a work that is not listed",
			"extra/: stray folder: about fetch writes only index.json, links.json, works/, counts/ and orcid/",
			"orcid/orcid_0000-0002-1825-0097.json: stray: not an ORCID iD of the manifest",
			"works/.tmp-123: stray: leftover of an interrupted write",
			"works/doi_10.9999_2fgone.json: stray: no work of the manifest, its ORCID records or index.json has this file",
			"works/notes.txt: stray: not a .json snapshot file",
		}, only: true},
		{name: "manifest gained an identity", manifest: checkManifest + "\n[[identity]]\ndoi = \"10.1017/9781108348843\"\n", want: []string{
			"index.json: identity doi:10.1017/9781108348843 of the manifest is not listed",
			"index.json: work doi:10.1017/9781108348843 is not listed (the manifest or an orcid/ file names it)",
			"works/doi_10.1017_2f9781108348843.json: missing: the file of work doi:10.1017/9781108348843",
		}, only: true},
		{name: "identities reordered", manifest: strings.Replace(checkManifest, "doi = \"10.1145/3448016.3452841\"\n\n[[identity]]\ndoi = \"10.7554/eLife.01567\"", "doi = \"10.7554/eLife.01567\"\n\n[[identity]]\ndoi = \"10.1145/3448016.3452841\"", 1), want: []string{
			"index.json: identities are not in manifest order: #2 is doi:10.1145/3448016.3452841, the manifest has doi:10.7554/elife.01567",
			"index.json: works are not in fetch order: #9 is doi:10.1145/3448016.3452841, want doi:10.7554/elife.01567",
		}},
		{name: "ORCID record lists a work the index lacks", mutate: func(t *testing.T, dir string) {
			edit(t, dir, "orcid/orcid_0000-0002-9341-7985.json", func(d map[string]any) {
				d["works"] = append(d["works"].([]any), "doi:10.5555/new")
			})
		}, want: []string{
			"index.json: work doi:10.5555/new is not listed (the manifest or an orcid/ file names it)",
			"works/doi_10.5555_2fnew.json: missing: the file of work doi:10.5555/new",
		}, only: true},
		{name: "index lists a work nobody names", mutate: func(t *testing.T, dir string) {
			edit(t, dir, "index.json", func(d map[string]any) {
				d["works"] = append(d["works"].([]any), map[string]any{"id": "doi:10.5555/old", "file": "doi_10.5555_2fold"})
			})
		}, want: []string{
			"index.json: work doi:10.5555/old is listed but neither the manifest nor an ORCID record's orcid/ file names it",
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
		{name: "work file about another work", mutate: func(t *testing.T, dir string) {
			edit(t, dir, elifeWork, func(d map[string]any) { d["id"] = "doi:10.7554/elife.99999" })
		}, want: []string{elifeWork + `: id is "doi:10.7554/elife.99999", want "doi:10.7554/elife.01567"`}, only: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := fetched(t, checkManifest)
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
			ps := CheckFolder(m, m.Snapshots)
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

func TestCheckFolderMissingFolder(t *testing.T) {
	m := newManifest(t, checkManifest)
	ps := CheckFolder(m, m.Snapshots)
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
		rec := providers.Record{Title: fmt.Sprintf("Work number %d", i), Abstract: abstract, Type: "article-journal", Publisher: "Example Press"}
		for a := range 8 {
			rec.Authors = append(rec.Authors, providers.Author{Given: "Ada", Family: fmt.Sprintf("Author%d", a), ORCID: "0000-0002-1825-0097"})
		}
		rec.IDs.DOI = id.Value
		raw, _ := json.Marshal(rec)
		work := snapshots.Work{ID: id.Key(), Origins: []string{orcid.Key()}, Record: raw, Provenance: map[string]string{"title": "crossref"},
			Sources: []snapshots.Source{{Provider: "crossref", Status: "found", Attribution: "Metadata from Crossref", Record: raw}}}
		put(d.WorkPath(id), work)
		counts := snapshots.Counts{ID: id.Key(), Sources: []snapshots.SourceCounts{{Provider: "crossref", Counts: json.RawMessage(fmt.Sprintf(`{"cited_by":%d}`, i))}}}
		put(d.CountsPath(id), counts)
	}
	put(d.ExpansionPath(orcid), exp)
	put(d.IndexPath(), idx)
	put(d.LinksPath(), snapshots.Links{Links: []snapshots.Link{}, ShownAs: map[string]string{}})
	return m
}

// TestCheckFolderThousandWorks: a 1,000-work folder (2,002 files, about
// 5 MB) is clean, and one missing file among them is found. How fast is
// BenchmarkCheckFolder1000's to say, not a timed test's.
func TestCheckFolderThousandWorks(t *testing.T) {
	m := syntheticFolder(t, 1000)
	if ps := CheckFolder(m, m.Snapshots); len(ps) > 0 {
		t.Fatalf("synthetic folder has problems:\n%s", problemLines(ps))
	}
	os.Remove(filepath.Join(m.Snapshots, "works", "doi_10.5555_2fsynthetic.0500.json"))
	ps := CheckFolder(m, m.Snapshots)
	if len(ps) != 1 || ps[0].Path != "works/doi_10.5555_2fsynthetic.0500.json" {
		t.Errorf("problems = %v, want the one missing file", ps)
	}
}

// BenchmarkCheckFolder1000 measures check --offline on 1,000 works:
//
//	go test ./orchestrator -run '^$' -bench CheckFolder1000
func BenchmarkCheckFolder1000(b *testing.B) {
	m := syntheticFolder(b, 1000)
	b.ResetTimer()
	for b.Loop() {
		if ps := CheckFolder(m, m.Snapshots); len(ps) > 0 {
			b.Fatal(problemLines(ps))
		}
	}
}

// folderHash is a digest of every path and byte under dir.
func folderHash(t *testing.T, dir string) string {
	t.Helper()
	sum := sha256.Sum256([]byte(folderBytes(t, dir)))
	return hex.EncodeToString(sum[:])
}

// changedNet is the recorded network with the eLife record's title and
// citation count changed upstream, as a title fix and a new citation
// would.
func changedNet(t *testing.T, title, cites bool) *fakeNet {
	n := recordedNet(t)
	key := "api.crossref.org/works/10.7554/elife.01567"
	body := n.routes[key].body
	if title {
		body = bytes.Replace(body, []byte(`"title":["Automated quantitative histology`), []byte(`"title":["Automatic quantitative histology`), 1)
	}
	if cites {
		body = bytes.Replace(body, []byte(`"is-referenced-by-count":36`), []byte(`"is-referenced-by-count":41`), 1)
	}
	n.routes[key] = fakeAnswer{status: 200, body: body}
	return n
}

func TestCheckCurrentTellsTitleFromCitationCount(t *testing.T) {
	m := fetched(t, checkManifest)
	before := folderHash(t, m.Snapshots)

	check := func(net *fakeNet) *Diff {
		t.Helper()
		rep, diff, err := CheckCurrent(context.Background(), testOptions(m, net, 4))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Short() {
			t.Fatalf("short: %v", rep.ShortJobs())
		}
		if after := folderHash(t, m.Snapshots); after != before {
			t.Fatal("check wrote into the committed folder")
		}
		return diff
	}

	if d := check(recordedNet(t)); !d.Empty(false) {
		var b bytes.Buffer
		d.WriteDiff(&b, false)
		t.Fatalf("unchanged upstream gave a diff:\n%s", b.String())
	}

	d := check(changedNet(t, true, false))
	var out bytes.Buffer
	d.WriteDiff(&out, false)
	if len(d.Works) != 1 || len(d.Counts) != 0 || len(d.Lists) != 0 {
		t.Fatalf("a changed title: works %d, counts %d, lists %d files; want 1, 0, 0\n%s", len(d.Works), len(d.Counts), len(d.Lists), out.String())
	}
	wantTitle := `--- a/works/doi_10.7554_2felife.01567.json  (doi:10.7554/elife.01567)
+++ b/works/doi_10.7554_2felife.01567.json
@@ record.title (crossref) @@
-"Automated quantitative histology reveals vascular morphodynamics during Arabidopsis hypocotyl secondary growth"
+"Automatic quantitative histology reveals vascular morphodynamics during Arabidopsis hypocotyl secondary growth"
@@ sources[crossref].record.title (crossref) @@
`
	if !strings.Contains(out.String(), wantTitle) {
		t.Errorf("diff does not show the title change as expected; got:\n%s", out.String())
	}

	d = check(changedNet(t, false, true))
	out.Reset()
	d.WriteDiff(&out, false)
	if len(d.Works) != 0 || len(d.Counts) != 1 {
		t.Fatalf("a changed count: works %d, counts %d files; want 0, 1\n%s", len(d.Works), len(d.Counts), out.String())
	}
	wantCount := "volatile counters (counts/): 1 file\n" +
		"--- a/counts/doi_10.7554_2felife.01567.json  (doi:10.7554/elife.01567)\n" +
		"+++ b/counts/doi_10.7554_2felife.01567.json\n" +
		"@@ sources[crossref].counts.cited_by (crossref) @@\n-36\n+41\n"
	if !strings.Contains(out.String(), wantCount) {
		t.Errorf("diff does not show the count change; got:\n%s", out.String())
	}
	if d.Empty(false) || !d.Empty(true) {
		t.Errorf("a count-only change: Empty(false)=%v Empty(true)=%v, want false, true", d.Empty(false), d.Empty(true))
	}
	out.Reset()
	d.WriteDiff(&out, true)
	if strings.Contains(out.String(), "cited_by") || !strings.Contains(out.String(), "ignored (--ignore-counts)") || !strings.Contains(out.String(), "snapshots are current") {
		t.Errorf("--ignore-counts output:\n%s", out.String())
	}
}

func TestCheckCurrentKeepsCommittedValuesOfFailedJobs(t *testing.T) {
	m := fetched(t, checkManifest)
	net := recordedNet(t)
	net.routes["api.crossref.org/works/10.7554/elife.01567"] = fakeAnswer{status: 400}
	rep, diff, err := CheckCurrent(context.Background(), testOptions(m, net, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Short() {
		t.Error("a failed job did not make the run short")
	}
	if !diff.Empty(false) {
		var b bytes.Buffer
		diff.WriteDiff(&b, false)
		t.Errorf("a failed job showed up as a change; it should keep the committed value:\n%s", b.String())
	}
}

func TestCompareFoldersAddedRemovedAndLists(t *testing.T) {
	m := fetched(t, checkManifest)
	m2 := fetched(t, strings.Replace(checkManifest, "doi = \"10.1145/3448016.3452841\"", "doi = \"10.1017/9781108348843\"", 1))
	d, err := CompareFolders(m.Snapshots, m2.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	d.WriteDiff(&out, false)
	for _, want := range []string{
		"--- /dev/null\n+++ b/works/doi_10.1017_2f9781108348843.json  (doi:10.1017/9781108348843)  new\n",
		"--- a/works/doi_10.1145_2f3448016.3452841.json  (doi:10.1145/3448016.3452841)  removed\n+++ /dev/null\n",
		"@@ works[doi:10.1017/9781108348843] @@\n+{\"file\":\"doi_10.1017_2f9781108348843\",\"id\":\"doi:10.1017/9781108348843\"}\n",
		"@@ works[doi:10.1145/3448016.3452841] @@\n-{\"file\":\"doi_10.1145_2f3448016.3452841\",\"id\":\"doi:10.1145/3448016.3452841\"}\n",
		"snapshots are out of date: 2 work files, 1 list file, 2 counts files would change",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("diff lacks\n%s\ngot:\n%s", want, out.String())
		}
	}
}

// hostServer puts a fake host behind a real HTTP server, so a recording
// goes over the wire.
func hostServer(t *testing.T, net *fakeNet, host string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := r.Clone(r.Context())
		req.URL.Scheme, req.URL.Host = "https", host
		resp, err := net.RoundTrip(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(mustRead(t, resp))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func mustRead(t *testing.T, resp *http.Response) []byte {
	var b bytes.Buffer
	if _, err := b.ReadFrom(resp.Body); err != nil {
		t.Error(err)
	}
	return b.Bytes()
}

func TestRecordThenReplayWritesIdenticalSnapshots(t *testing.T) {
	net := recordedNet(t)
	bases := map[string]string{}
	var servers []*httptest.Server
	for provider, host := range map[string]string{"orcid": "pub.orcid.org", "crossref": "api.crossref.org", "openalex": "api.openalex.org", providers.DOIOrg.Name: "doi.org"} {
		srv := hostServer(t, net, host)
		bases[provider] = srv.URL
		servers = append(servers, srv)
	}
	recDir := t.TempDir()
	rec, err := transport.NewRecording(recDir)
	if err != nil {
		t.Fatal(err)
	}
	live := newManifest(t, checkManifest)
	opts := testOptions(live, nil, 4)
	opts.Base, opts.BaseURLs, opts.Recorder = nil, bases, rec.Record
	if rep := runOK(t, opts); rep.Short() {
		t.Fatalf("recording run came back short: %v", rep.ShortJobs())
	}
	if err := rec.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rec.Files()) == 0 {
		t.Fatal("nothing recorded")
	}

	for _, srv := range servers {
		srv.Close() // the replay has no network to reach
	}
	rp, err := transport.LoadReplay(recDir)
	if err != nil {
		t.Fatal(err)
	}
	// Another mailto, and a replay that fails the test if it touches the network.
	offline := newManifest(t, strings.Replace(checkManifest, "ada@example.org", "someone@example.com", 1))
	opts = testOptions(offline, rp, 1)
	opts.BaseURLs = bases
	opts.Clock = transport.InstantClock()
	rep := runOK(t, opts)
	if rep.Short() {
		t.Fatalf("replay came back short: %v", rep.ShortJobs())
	}
	if got, want := folderBytes(t, offline.Snapshots), folderBytes(t, live.Snapshots); got != want {
		t.Errorf("replayed snapshots differ from the recorded run's")
	}
}

func TestReplayMissFailsTheJobAndSaysWhy(t *testing.T) {
	rp, err := transport.LoadReplay(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m := newManifest(t, "providers = [\"crossref\"]\n\n[[identity]]\ndoi = \"10.5555/unrecorded\"\n")
	opts := testOptions(m, rp, 1)
	rep := runOK(t, opts)
	if !rep.Short() {
		t.Fatal("a run with no recorded answers was not short")
	}
	var found bool
	for _, o := range rep.Outcomes {
		var miss *transport.ReplayMissError
		if o.Provider == "crossref" && errors.As(o.Err, &miss) {
			found = true
			msg := o.Err.Error()
			if !strings.Contains(msg, "has no answer for GET https://api.crossref.org/works/10.5555/unrecorded") {
				t.Errorf("error %q does not name the request", msg)
			}
		}
	}
	if !found {
		t.Errorf("no crossref outcome failed with a replay miss: %+v", rep.Outcomes)
	}
}

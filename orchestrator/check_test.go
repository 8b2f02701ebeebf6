package orchestrator

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/transport"

	"github.com/aboutscholar/about/check"
)

// checkManifest and swappedManifest are the manifests of the folders in
// testdata/golden/orchestrator/fetched/ (check and check-swapped), shared
// with snapshots's tests through testdata/check/ so the two cannot drift apart.
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

// fetched runs the manifest against the recorded network and returns it.
func fetched(t *testing.T, src string) *manifest.Manifest {
	t.Helper()
	m := newManifest(t, src)
	rep := runOK(t, testOptions(m, recordedNet(t), 4))
	if rep.Incomplete() {
		t.Fatalf("run came back short: %v", rep.ShortJobs())
	}
	return m
}

func problemLines(ps []check.Problem) string {
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
		"check":         checkManifest(t),
		"check-swapped": swappedManifest(t),
	} {
		g.Assert(t, name, []byte(folderBytes(t, fetched(t, src).Snapshots)))
	}
}

func TestCheckFolderPassesWhatFetchWrote(t *testing.T) {
	m := fetched(t, checkManifest(t))
	if ps := check.Folder(m, m.Snapshots); len(ps) > 0 {
		t.Fatalf("a folder fresh from fetch has problems:\n%s", problemLines(ps))
	}
}

// TestCheckFolderKnowsDecisions: links.json and [[exclude]]d works (listed
// by the ORCID record, never written) are what fetch leaves, not problems.
func TestCheckFolderKnowsDecisions(t *testing.T) {
	m := newManifest(t, identityManifest)
	runOK(t, testOptions(m, identityNet(t), 4))
	if ps := check.Folder(m, m.Snapshots); len(ps) > 0 {
		t.Fatalf("a folder fresh from fetch has problems:\n%s", problemLines(ps))
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
	m := fetched(t, checkManifest(t))
	before := folderHash(t, m.Snapshots)

	fetchAndCompare := func(net *fakeNet) *check.Diff {
		t.Helper()
		rep, diff, err := checkCurrent(context.Background(), testOptions(m, net, 4))
		if err != nil {
			t.Fatal(err)
		}
		if rep.Incomplete() {
			t.Fatalf("short: %v", rep.ShortJobs())
		}
		if after := folderHash(t, m.Snapshots); after != before {
			t.Fatal("check wrote into the committed folder")
		}
		return diff
	}

	if d := fetchAndCompare(recordedNet(t)); !d.Empty(false) {
		var b bytes.Buffer
		d.WriteDiff(&b, false)
		t.Fatalf("unchanged upstream gave a diff:\n%s", b.String())
	}

	d := fetchAndCompare(changedNet(t, true, false))
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

	d = fetchAndCompare(changedNet(t, false, true))
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
	m := fetched(t, checkManifest(t))
	net := recordedNet(t)
	net.routes["api.crossref.org/works/10.7554/elife.01567"] = fakeAnswer{status: 400}
	rep, diff, err := checkCurrent(context.Background(), testOptions(m, net, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Incomplete() {
		t.Error("a failed job did not make the run short")
	}
	if !diff.Empty(false) {
		var b bytes.Buffer
		diff.WriteDiff(&b, false)
		t.Errorf("a failed job showed up as a change; it should keep the committed value:\n%s", b.String())
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
	for provider, host := range map[string]string{"orcid": "pub.orcid.org", "crossref": "api.crossref.org", "openalex": "api.openalex.org", providers.DOIOrg().Name: "doi.org"} {
		srv := hostServer(t, net, host)
		bases[provider] = srv.URL
		servers = append(servers, srv)
	}
	recDir := t.TempDir()
	rec, err := transport.NewRecording(recDir)
	if err != nil {
		t.Fatal(err)
	}
	live := newManifest(t, checkManifest(t))
	opts := testOptions(live, nil, 4)
	opts.Base, opts.BaseURLs, opts.Recorder = nil, bases, rec.Record
	if rep := runOK(t, opts); rep.Incomplete() {
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
	offline := newManifest(t, strings.Replace(checkManifest(t), "ada@example.org", "someone@example.com", 1))
	opts = testOptions(offline, rp, 1)
	opts.BaseURLs = bases
	opts.Clock = transport.InstantClock()
	rep := runOK(t, opts)
	if rep.Incomplete() {
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
	if !rep.Incomplete() {
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

// TestCheckCurrentReadsNoFileThroughALink: a committed snapshot file that
// is a symbolic link (a pull request can commit one, pointing anywhere on
// the machine CI runs about check on) is neither read nor copied through.
// Before, the fetch into the copy read the link's target ("was corrupt
// …: its id is "doi:10.9/x SECRET-ID""), and the diff printed its
// content field by field ("-"SECRET-KEY""). Now the link is a file the
// committed folder lacks: the work shows as added, and nothing of the
// target is quoted.
func TestCheckCurrentReadsNoFileThroughALink(t *testing.T) {
	m := fetched(t, checkManifest(t))
	secret := filepath.Join(t.TempDir(), "key.json")
	if err := os.WriteFile(secret, []byte(`{"id": "doi:10.9/x SECRET-ID", "private_key": "SECRET-KEY"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(m.Snapshots, "works", "doi_10.7554_2felife.01567.json")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	rep, diff, err := checkCurrent(context.Background(), testOptions(m, recordedNet(t), 2))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	diff.WriteDiff(&out, false)
	rep.WriteSummary(&out)
	if strings.Contains(out.String(), "SECRET") {
		t.Errorf("check quotes the link's target:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "works/doi_10.7554_2felife.01567.json") {
		t.Errorf("the diff does not name the linked work's file:\n%s", out.String())
	}
	if target, err := os.Readlink(link); err != nil || target != secret {
		t.Errorf("the committed link was changed: %q, %v", target, err)
	}
}

// TestFetchReadsNoPreviousFileThroughALink: a work's file that is a
// symbolic link is not read as the work's previous snapshot: fetch
// replaces the link with the work's file (never writing into its
// target), and says so, quoting nothing of the target; so does an
// index.json that links to a file of the same bytes. Before, it read the
// work's target and quoted it ("was corrupt …: its id is "doi:10.9/x
// SECRET-ID""), and kept the index's link.
func TestFetchReadsNoPreviousFileThroughALink(t *testing.T) {
	m := fetched(t, checkManifest(t))
	secret := filepath.Join(t.TempDir(), "key.json")
	content := `{"id": "doi:10.9/x SECRET-ID", "private_key": "SECRET-KEY"}` + "\n"
	if err := os.WriteFile(secret, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(m.Snapshots, "works", "doi_10.7554_2felife.01567.json")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	// index.json as a link to a copy of itself: the bytes this run writes
	// are the same, and comparing through the link kept it.
	index := filepath.Join(m.Snapshots, "index.json")
	same := filepath.Join(t.TempDir(), "index.json")
	if err := os.Rename(index, same); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(same, index); err != nil {
		t.Fatal(err)
	}
	rep := runOK(t, testOptions(m, recordedNet(t), 2))
	var story strings.Builder
	rep.WriteSummary(&story)
	if strings.Contains(story.String(), "SECRET") {
		t.Errorf("fetch quotes the link's target:\n%s", story.String())
	}
	if !strings.Contains(story.String(), "symbolic link") {
		t.Errorf("the story does not say the work's file was a link:\n%s", story.String())
	}
	for _, p := range []string{link, index} {
		if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("the link %s was not replaced by the file: %v, %v", p, fi, err)
		}
	}
	if got, err := os.ReadFile(secret); err != nil || string(got) != content {
		t.Errorf("the link's target changed: %q, %v", got, err)
	}
}

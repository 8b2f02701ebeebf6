package orchestrator

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"

	"github.com/aboutscholar/about/check"
)

// outageNet is a network of simulated services (simNet, every default
// provider's protocol) on which one host can be made to fail.
type outageNet struct {
	*fakenet.Registry // counts requests per host, the failing one's included
	next              http.RoundTripper
	mu                sync.Mutex
	outage            *fakenet.Stub // the fault laid over the services; nil for none
}

// newOutageNet is the services with no outage. Its Registry is Detached
// (its outages are not verified): check_routed_test.go builds one without
// a test at hand; once that file has moved, this can take t and New.
func newOutageNet(orcid string, works int) *outageNet {
	sim := &simNet{scale: 1 << 30, corpus: newSimCorpus(), orcids: map[string]int{orcid: 0}, perRecord: works}
	n := &outageNet{Registry: fakenet.Detached(), next: sim}
	n.Register(fakenet.Any, func(req *http.Request) (*http.Response, error) {
		if resp, ok := recordedExtra(req); ok {
			return resp, nil
		}
		return sim.RoundTrip(req)
	})
	return n
}

// set makes host ("*" for every host) answer through fail, lifting the
// outage set before; set("", nil) lifts it.
func (n *outageNet) set(host string, fail fakenet.Responder) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.outage != nil {
		n.outage.Remove()
		n.outage = nil
	}
	switch host {
	case "":
	case "*":
		n.outage = n.Override(fakenet.Any, fail)
	default:
		n.outage = n.Override(fakenet.Host(host), fail)
	}
}

// The works of the outage matrix beyond the simulated corpus, one per host
// the corpus never reaches, each answered from a real recording: a DataCite
// DOI (which doi.org's Which RA? routes to DataCite), an arXiv e-print with
// no DOI and a PubMed article asked by its PMID.
const (
	extraDataCiteDOI = "10.5281/zenodo.48440"
	extraArXiv       = "hep-ex/0307015"
	extraPMID        = "27797938" // the one article of pubmed-efetch-29106400.xml (see testdata/pubmed/SOURCES.md)
)

// extraIdentities are those works as manifest identities.
var extraIdentities = fmt.Sprintf("[[identity]]\ndoi = %q\n[[identity]]\narxiv = %q\n[[identity]]\npmid = %q\n", extraDataCiteDOI, extraArXiv, extraPMID)

// recordedExtra answers the requests about the extra works, and DataCite's,
// arXiv's and PubMed's "not found" for any other; ok is false for requests
// the simulated services answer.
func recordedExtra(req *http.Request) (*http.Response, bool) {
	read := func(file string) string {
		b, err := os.ReadFile(filepath.Join("..", "testdata", file))
		if err != nil {
			panic(err) // the recordings are part of the repository
		}
		return string(b)
	}
	q := req.URL.Query()
	switch req.URL.Host {
	case "doi.org":
		list, isRA := strings.CutPrefix(req.URL.Path, "/ra/")
		if !isRA {
			list, isRA = strings.CutPrefix(req.URL.Path, "/doiRA/")
		}
		if !isRA || !strings.Contains(list, strings.Split(extraDataCiteDOI, "/")[0]) {
			return nil, false
		}
		var items []string
		for _, name := range strings.Split(list, ",") {
			ra := "Crossref" // as the simulated doi.org says of every simulated prefix
			if prefix, _, _ := strings.Cut(name, "/"); prefix == strings.Split(extraDataCiteDOI, "/")[0] {
				ra = "DataCite"
			}
			items = append(items, fmt.Sprintf(`{"DOI":%q,"RA":%q}`, name, ra))
		}
		return cannedAnswer(req, 200, "["+strings.Join(items, ",")+"]"), true
	case "api.datacite.org":
		single := read("datacite/datacite-doi-10.5281-zenodo.48440.json")
		asked := strings.Contains(strings.ToLower(q.Get("query")), `"`+extraDataCiteDOI+`"`)
		switch {
		case req.URL.Path == "/dois" && asked:
			return cannedAnswer(req, 200, `{"data":[`+gjson.Get(single, "data").Raw+`],"meta":{"total":1}}`), true
		case req.URL.Path == "/dois":
			return cannedAnswer(req, 200, `{"data":[],"meta":{"total":0}}`), true
		case strings.EqualFold(req.URL.Path, "/dois/"+extraDataCiteDOI):
			return cannedAnswer(req, 200, single), true
		}
		return cannedAnswer(req, 404, read("datacite/constructed-datacite-error-404.json")), true
	case "export.arxiv.org":
		if strings.Contains(q.Get("id_list"), extraArXiv) {
			return cannedAnswer(req, 200, read("arxiv/constructed-arxiv-batch-0710.2073-hep-ex-0307015.xml")), true
		}
		return cannedAnswer(req, 200, read("arxiv/constructed-arxiv-empty.xml")), true
	case "eutils.ncbi.nlm.nih.gov":
		if strings.Contains(q.Get("id"), extraPMID) {
			return cannedAnswer(req, 200, read("pubmed/pubmed-efetch-29106400.xml")), true
		}
		return cannedAnswer(req, 200, "<PubmedArticleSet></PubmedArticleSet>"), true
	}
	return nil, false
}

func (n *outageNet) requests() int { return n.Total() }

// cannedAnswer is a canned answer to req.
func cannedAnswer(req *http.Request, code int, body string) *http.Response {
	return &http.Response{StatusCode: code, Status: fmt.Sprintf("%d %s", code, http.StatusText(code)), Request: req,
		Header: http.Header{"Content-Type": []string{"application/json"}}, Body: io.NopCloser(strings.NewReader(body))}
}

func unavailable(req *http.Request) (*http.Response, error) { return cannedAnswer(req, 503, ""), nil }

// defaultHosts are the hosts of the providers a run asks by default (all
// but OpenCitations): those a run over DOIs found in an ORCID record talks
// to, and DataCite's, arXiv's and PubMed's, which the extra works reach.
var defaultHosts = []string{"pub.orcid.org", "doi.org", "api.crossref.org", "api.openalex.org", "www.ebi.ac.uk", "api.semanticscholar.org", "api.unpaywall.org",
	"api.datacite.org", "export.arxiv.org", "eutils.ncbi.nlm.nih.gov"}

// outageMatrixManifest is the manifest of the outage matrix: the
// simulated ORCID record's 40 works and the extra works.
func outageMatrixManifest(t *testing.T, orcid string) string {
	t.Helper()
	return fmt.Sprintf("mailto = \"ada@example.org\"\n[[identity]]\norcid = %q\n", orcid) + extraIdentities
}

// healthyMatrixFolder is the folder a healthy run of the outage matrix
// writes, run once and shared by its sub-cases (each works on its own
// copy), so the matrix pays for one first run rather than one per case.
func healthyMatrixFolder(t *testing.T, orcid string) map[string][]byte {
	t.Helper()
	nw := newOutageNet(orcid, 40) // works 7 and 27 are not in OpenAlex: Unpaywall is asked about them
	m := newManifest(t, outageMatrixManifest(t, orcid))
	rep := runOK(t, testOptions(m, nw, 4))
	if rep.Incomplete() || len(rep.Works) != 43 {
		t.Fatalf("healthy run: %d works, short %v", len(rep.Works), rep.ShortJobs())
	}
	for _, p := range []string{"unpaywall", "datacite", "arxiv", "pubmed"} {
		if !foundBy(rep, p) {
			t.Fatalf("the healthy run found no work at %s; the matrix would not cover its host", p)
		}
	}
	files := map[string][]byte{}
	err := filepath.WalkDir(m.Snapshots, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(m.Snapshots, p)
		if err != nil {
			return err
		}
		files[rel], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// matrixCase is one sub-case's own network and manifest, its snapshot
// folder a copy of the healthy one.
func matrixCase(t *testing.T, orcid string, healthy map[string][]byte) (*outageNet, Options) {
	t.Helper()
	nw := newOutageNet(orcid, 40)
	m := newManifest(t, outageMatrixManifest(t, orcid))
	for rel, data := range healthy {
		path := filepath.Join(m.Snapshots, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return nw, testOptions(m, nw, 4)
}

// TestOutageMatrix: from a healthy run's folder, for each default host, a
// run with that host answering 503 throughout, then a healthy run again
// leave the snapshot folder byte for byte as the healthy run wrote it:
// which providers are asked about a work, and what lands in its file,
// never depends on another request of the run having failed. The run with
// the host down is short (exit 1) and names the host; the agency lookup's
// loss may be noted only, when nothing is missing. For each default
// provider, a run with --only that provider, then a full run, change no
// byte either: a provider not asked keeps what it said, in the works and
// in the index. And a correction upstream during an outage raises no
// conflict that only the outage made (outageKeepsConflicts). The
// sub-cases share the healthy run and run in parallel, each on its own
// copy of the folder and its own network.
func TestOutageMatrix(t *testing.T) {
	orcid := simORCID(0)
	healthy := healthyMatrixFolder(t, orcid)
	for _, host := range defaultHosts {
		t.Run(host, func(t *testing.T) {
			t.Parallel()
			outageOf(t, orcid, healthy, host)
		})
	}
	t.Run("titles corrected while crossref is down", func(t *testing.T) {
		t.Parallel()
		outageKeepsConflicts(t, orcid, healthy)
	})
	defaults, err := providers.Select(providers.All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range defaults {
		t.Run("only "+s.Name, func(t *testing.T) {
			t.Parallel()
			onlyThenFull(t, orcid, healthy, s)
		})
	}
}

// outageOf is the matrix's case of host down, then back.
func outageOf(t *testing.T, orcid string, healthy map[string][]byte, host string) {
	nw, opts := matrixCase(t, orcid, healthy)
	before := folderBytes(t, opts.Manifest.Snapshots)

	nw.set(host, unavailable)
	rep := runOK(t, opts)
	named := false
	for _, o := range rep.ShortJobs() {
		named = named || strings.Contains(o.Err.Error(), host) || o.Host == host
	}
	if host != "doi.org" && (!rep.Incomplete() || !named) {
		t.Errorf("with %s down the run is short %v, names it %v; want both", host, rep.Incomplete(), named)
	}
	if got := folderBytes(t, opts.Manifest.Snapshots); got != before {
		t.Errorf("with %s down the snapshots changed:\n%s", host, firstDiff(before, got))
	}

	nw.set("", nil)
	if rep := runOK(t, opts); rep.Incomplete() {
		t.Fatalf("recovery run: short %v", rep.ShortJobs())
	}
	if got := folderBytes(t, opts.Manifest.Snapshots); got != before {
		t.Errorf("after %s came back the snapshots changed:\n%s", host, firstDiff(before, got))
	}
}

// onlyThenFull is the matrix's case of --only s, then a full run.
func onlyThenFull(t *testing.T, orcid string, healthy map[string][]byte, s service.Spec) {
	_, opts := matrixCase(t, orcid, healthy)
	before := folderBytes(t, opts.Manifest.Snapshots)
	only := opts
	only.Only = []string{s.Name}
	runOK(t, only)
	// A provider a full run asks only where no other answers (doi.org's
	// content negotiation, Unpaywall after OpenAlex) is asked about
	// every work when named (redundant.go): its answers are new data.
	got := folderBytes(t, opts.Manifest.Snapshots)
	if got != before && s.Redundant == nil && !s.AgencyFallback {
		t.Errorf("--only %s changed the snapshots:\n%s", s.Name, firstDiff(before, got))
	}
	if got == before {
		return // the full run starts from the healthy folder: the host cases' recovery runs show it changes nothing
	}
	runOK(t, opts)
	if got := folderBytes(t, opts.Manifest.Snapshots); got != before {
		t.Errorf("a full run after --only %s changed the snapshots:\n%s", s.Name, firstDiff(before, got))
	}
}

// retitled is the network after every service corrected the works'
// titles ("On …" became "Upon …"), with Crossref down when down is set.
func retitled(nw *outageNet, down bool) func(req *http.Request) (*http.Response, error) {
	return func(req *http.Request) (*http.Response, error) {
		if down && req.URL.Host == "api.crossref.org" {
			return unavailable(req)
		}
		resp, ok := recordedExtra(req)
		if !ok {
			var err error
			if resp, err = nw.next.RoundTrip(req); err != nil {
				return nil, err
			}
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		resp.Body = io.NopCloser(strings.NewReader(strings.ReplaceAll(string(body), `"On `, `"Upon `)))
		resp.ContentLength = -1
		resp.Header.Del("Content-Length")
		return resp, nil
	}
}

// conflictsOf is every work file's conflicts (and the fields whose
// conflicts it keeps from before), by path.
func conflictsOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	files, err := filepath.Glob(filepath.Join(dir, snapshots.WorksDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = gjson.GetBytes(data, "conflicts").Raw
	}
	return out
}

// outageKeepsConflicts is the outage matrix's title case: the titles
// corrected at every service while Crossref is down keep Crossref's old
// title (its value stands) but create no title conflict the previous
// snapshot did not have: Crossref's kept value against the others' fresh
// ones is a disagreement no source made. The folder passes check
// --offline, and the next healthy run writes exactly what a healthy run
// after the correction writes alone.
func outageKeepsConflicts(t *testing.T, orcid string, healthy map[string][]byte) {
	nw, opts := matrixCase(t, orcid, healthy)
	dir := opts.Manifest.Snapshots
	before := conflictsOf(t, dir)
	nw.set("*", retitled(nw, true))
	if rep := runOK(t, opts); !rep.Incomplete() {
		t.Fatal("with Crossref down the run is not short")
	}
	if !strings.Contains(folderBytes(t, dir), `"Upon `) {
		t.Fatal("no corrected title reached the snapshots; the case tests nothing")
	}
	for f, got := range conflictsOf(t, dir) {
		if got != before[f] {
			t.Errorf("%s: with Crossref down its conflicts became\n%s\nwere\n%s", f, got, before[f])
		}
	}
	if problems := check.Offline(opts.Manifest, dir).Problems; len(problems) > 0 {
		t.Errorf("check --offline after the outage: %v", problems)
	}

	nw.set("*", retitled(nw, false))
	if rep := runOK(t, opts); rep.Incomplete() {
		t.Fatalf("recovery run: short %v", rep.ShortJobs())
	}
	alone, aloneOpts := matrixCase(t, orcid, healthy)
	alone.set("*", retitled(alone, false))
	runOK(t, aloneOpts)
	if got, want := folderBytes(t, dir), folderBytes(t, aloneOpts.Manifest.Snapshots); got != want {
		t.Errorf("after Crossref came back the snapshots are not a healthy run's:\n%s", firstDiff(want, got))
	}
}

// foundBy reports whether provider found some work in the run.
func foundBy(rep *report.Report, provider string) bool {
	for _, o := range rep.Outcomes {
		if o.Provider == provider && o.Status == record.Found {
			return true
		}
	}
	return false
}

// firstDiff shows the first line where two folder texts differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	file := ""
	for i := range min(len(al), len(bl)) {
		if strings.HasPrefix(al[i], "=== ") {
			file = al[i]
		}
		if al[i] != bl[i] {
			return fmt.Sprintf("%s line %d:\n- %s\n+ %s", file, i, al[i], bl[i])
		}
	}
	return fmt.Sprintf("%d lines before, %d after", len(al), len(bl))
}

// refused fails as a dial to a closed port (or a refusing proxy) does.
func refused(*http.Request) (*http.Response, error) {
	return nil, &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
}

// noDNS fails as a lookup with no resolver does.
func noDNS(req *http.Request) (*http.Response, error) {
	return nil, &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: req.URL.Hostname(), IsNotFound: true}}
}

// TestNoNetworkStopsAtOnce: with every connection refused (or no DNS), a
// fetch of 30 DOIs makes one request per host, ends with one error that
// says the network cannot be reached, and leaves the folder as it was,
// both on a first run and after a healthy one.
func TestNoNetworkStopsAtOnce(t *testing.T) {
	var src strings.Builder
	src.WriteString("mailto = \"ada@example.org\"\n")
	for i := range 30 {
		fmt.Fprintf(&src, "[[identity]]\ndoi = %q\n", simDOI(i))
	}
	for name, fail := range map[string]func(*http.Request) (*http.Response, error){"refused": refused, "no DNS": noDNS} {
		t.Run(name, func(t *testing.T) {
			nw := newOutageNet(simORCID(0), 1)
			m := newManifest(t, src.String())
			opts := testOptions(m, nw, 4)

			nw.set("*", fail)
			rep, err := Run(context.Background(), opts)
			var off *OfflineError
			if !errors.As(err, &off) || !strings.Contains(err.Error(), "cannot reach the network") || rep == nil {
				t.Fatalf("first run offline: %v, report %v; want an *OfflineError and the report", err, rep != nil)
			}
			// The report (for --report) says which host stopped and why.
			if !slices.ContainsFunc(rep.Hosts, func(h report.HostFigures) bool { return h.Host == off.Host && h.Unreachable && h.StopReason != "" }) {
				t.Errorf("the report's hosts %+v do not say %s was unreachable", rep.Hosts, off.Host)
			}
			t.Logf("%d requests in the offline first run", nw.requests())
			if n := nw.requests(); n > len(defaultHosts) {
				t.Errorf("%d requests, want at most one per host (%d)", n, len(defaultHosts))
			}
			if _, err := os.Stat(m.Snapshots); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the offline first run created the snapshot folder (%v)", err)
			}

			nw.set("", nil)
			runOK(t, opts)
			before := folderBytes(t, m.Snapshots)
			nw.set("*", fail)
			if _, err := Run(context.Background(), opts); !errors.As(err, &off) {
				t.Fatalf("offline run: %v, want an *OfflineError", err)
			}
			if got := folderBytes(t, m.Snapshots); got != before {
				t.Errorf("the offline run changed the snapshots:\n%s", firstDiff(before, got))
			}
		})
	}
}

// TestProxyRefusingNamed: a refusing proxy is named as the proxy.
func TestProxyRefusingNamed(t *testing.T) {
	nw := newOutageNet(simORCID(0), 1)
	m := newManifest(t, "[[identity]]\ndoi = \"10.5500/sim.0\"\n")
	nw.set("*", func(*http.Request) (*http.Response, error) {
		return nil, &net.OpError{Op: "proxyconnect", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	})
	_, err := Run(context.Background(), testOptions(m, nw, 4))
	if err == nil || !strings.Contains(err.Error(), "cannot reach the proxy") {
		t.Fatalf("err = %v, want the proxy named", err)
	}
}

// TestNeverFetchedWorksNotWritten: a work no service answered about and
// with no file yet is not written as an empty record; one that had a
// file keeps it.
func TestNeverFetchedWorksNotWritten(t *testing.T) {
	nw := newOutageNet(simORCID(0), 1)
	m := newManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.5500/sim.0\"\n[[identity]]\ndoi = \"10.5501/sim.1\"\n")
	opts := testOptions(m, nw, 4)
	opts.Only = []string{"crossref"}
	nw.set("api.crossref.org", unavailable)
	rep := runOK(t, opts)
	if !rep.Incomplete() || len(rep.Unwritten) != 2 {
		t.Fatalf("short %v, unwritten %v; want both works unwritten", rep.Incomplete(), rep.Unwritten)
	}
	d := snapshots.Dir{Root: m.Snapshots}
	for _, id := range rep.Works {
		if _, err := os.Stat(d.WorkPath(id)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: a never-fetched work was written (%v)", id, err)
		}
	}
	if !strings.Contains(strings.Join(rep.Notes(), "\n"), "2 works were not written: no service answered about them") {
		t.Errorf("notes %q; want the unwritten works told", rep.Notes())
	}
}

// TestUnknownORCIDFails: the manifest's own ORCID iD answering 404 is a
// failure naming the iD, not a quiet run with no works.
func TestUnknownORCIDFails(t *testing.T) {
	nw := newOutageNet(simORCID(0), 1)
	m := newManifest(t, "[[identity]]\norcid = \"0000-0002-1825-0097\"\n")
	rep := runOK(t, testOptions(m, nw, 4))
	short := rep.ShortJobs()
	if len(short) != 1 || short[0].Status != record.Failed || !strings.Contains(short[0].Err.Error(), "ORCID iD 0000-0002-1825-0097 of the manifest was not found — check the iD") {
		t.Fatalf("short jobs %v; want the unknown iD named as a failure", short)
	}
}

// TestDOINotFoundAnywhereWarned: a DOI every service answers "not found"
// about is a warning in the story that says to check it.
func TestDOINotFoundAnywhereWarned(t *testing.T) {
	nw := newOutageNet(simORCID(0), 1)
	m := newManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.5500/typo\"\n[[identity]]\ndoi = \"10.5500/sim.0\"\n")
	rep := runOK(t, testOptions(m, nw, 4))
	var got []string
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "not found anywhere") {
			got = append(got, w.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "doi:10.5500/typo: not found anywhere (") || !strings.HasSuffix(got[0], "— check the DOI") {
		t.Errorf("warnings %q; want one for the typo only", got)
	}
}

// TestBrokenAnswersRetriedToCompleteRun: a garbled JSON answer (a proxy's
// HTML page with status 200) and an answer cut off mid-way are each asked
// again, and the run completes with the same snapshots as a clean one.
func TestBrokenAnswersRetriedToCompleteRun(t *testing.T) {
	orcid := simORCID(0)
	for name, broken := range map[string]func(req *http.Request) *http.Response{
		"garbled": func(req *http.Request) *http.Response {
			return cannedAnswer(req, 200, "<html><body>Proxy error</body></html>")
		},
		"cut off": func(req *http.Request) *http.Response {
			resp := cannedAnswer(req, 200, "")
			resp.Body = io.NopCloser(io.MultiReader(strings.NewReader(`{"group":[`), errReader{io.ErrUnexpectedEOF}))
			return resp
		},
	} {
		t.Run(name, func(t *testing.T) {
			nw := newOutageNet(orcid, 10)
			m := newManifest(t, fmt.Sprintf("mailto = \"ada@example.org\"\n[[identity]]\norcid = %q\n", orcid))
			opts := testOptions(m, nw, 4)
			runOK(t, opts)
			clean := folderBytes(t, m.Snapshots)
			if err := os.RemoveAll(m.Snapshots); err != nil {
				t.Fatal(err)
			}
			// The first answer from each host is broken; the rest are whole.
			var mu sync.Mutex
			broke := map[string]bool{}
			nw.set("*", func(req *http.Request) (*http.Response, error) {
				mu.Lock()
				first := !broke[req.URL.Host]
				broke[req.URL.Host] = true
				mu.Unlock()
				if first {
					return broken(req), nil
				}
				return nw.next.RoundTrip(req)
			})
			rep := runOK(t, opts)
			if rep.Incomplete() {
				t.Fatalf("short: %v", rep.ShortJobs())
			}
			if got := folderBytes(t, m.Snapshots); got != clean {
				t.Errorf("snapshots differ from a clean run:\n%s", firstDiff(clean, got))
			}
		})
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// hostRequests is the requests made to host so far.
func (n *outageNet) hostRequests(host string) int { return n.Count(host) }

// TestPersonOutageKeepsFiles: ORCID's /person failing leaves the ORCID
// record's file and the works' same-name findings as they were; the run's
// story says the name could not be read.
func TestPersonOutageKeepsFiles(t *testing.T) {
	orcid := simORCID(0)
	nw := newOutageNet(orcid, 10)
	m := newManifest(t, fmt.Sprintf("mailto = \"ada@example.org\"\n[[identity]]\norcid = %q\n", orcid))
	opts := testOptions(m, nw, 4)
	runOK(t, opts)
	before := folderBytes(t, m.Snapshots)
	nw.set("pub.orcid.org", func(req *http.Request) (*http.Response, error) {
		if strings.HasSuffix(req.URL.Path, "/person") {
			return cannedAnswer(req, 503, ""), nil
		}
		return nw.next.RoundTrip(req)
	})
	rep := runOK(t, opts)
	if got := folderBytes(t, m.Snapshots); got != before {
		t.Errorf("a failed /person changed the snapshots:\n%s", firstDiff(before, got))
	}
	told := false
	for _, w := range rep.Warnings {
		told = told || strings.Contains(w.Message, "the name on the record could not be read")
	}
	if !told {
		t.Errorf("warnings %v; want the failed /person told in the story", rep.Warnings)
	}
}

// TestAgencyLookupOutage: with doi.org down, a work asks the agency its
// last snapshot names (DataCite is not asked about Crossref works), and on
// a first run, where the agencies are asked one after another, DataCite is
// not asked about the works Crossref found: the files are those of a
// healthy run either way.
func TestAgencyLookupOutage(t *testing.T) {
	orcid := simORCID(0)
	// No discovery listings: they ask DataCite about the iD, not a work.
	src := fmt.Sprintf("mailto = \"ada@example.org\"\ndiscover = false\n[[identity]]\norcid = %q\n", orcid)

	nw := newOutageNet(orcid, 10)
	m := newManifest(t, src)
	opts := testOptions(m, nw, 4)
	runOK(t, opts)
	healthy := folderBytes(t, m.Snapshots)
	nw.set("doi.org", unavailable)
	rep := runOK(t, opts)
	if rep.Incomplete() {
		t.Errorf("with only the lookup down the run is short: %v", rep.ShortJobs())
	}
	if n := nw.hostRequests("api.datacite.org"); n != 0 {
		t.Errorf("DataCite was asked %d times; the works' last snapshots name Crossref", n)
	}
	if !strings.Contains(strings.Join(rep.Notes(), "\n"), "asked of the agency their last snapshot names") {
		t.Errorf("notes %q; want the failed lookup told", rep.Notes())
	}

	first := newOutageNet(orcid, 10)
	first.set("doi.org", unavailable)
	m2 := newManifest(t, src)
	runOK(t, testOptions(m2, first, 4))
	if n := first.hostRequests("api.datacite.org"); n != 0 {
		t.Errorf("on a first run with the lookup down, DataCite was asked %d times about works Crossref found", n)
	}
	if got := folderBytes(t, m2.Snapshots); got != healthy {
		t.Errorf("a first run without the lookup wrote other files than a healthy one:\n%s", firstDiff(healthy, got))
	}
}

// TestSilentNetworkBounded: a proxy that accepts every connection and
// never answers stops each host after StopAfter silent attempts, and the
// run ends with the offline error, changing nothing.
func TestSilentNetworkBounded(t *testing.T) {
	var src strings.Builder
	for i := range 30 {
		fmt.Fprintf(&src, "[[identity]]\ndoi = %q\n", simDOI(i))
	}
	nw := newOutageNet(simORCID(0), 1)
	m := newManifest(t, "mailto = \"ada@example.org\"\n"+src.String())
	opts := testOptions(m, nw, 4)
	opts.Registry = providers.All()
	for i := range opts.Registry {
		opts.Registry[i].Timeout = 20 * time.Millisecond // the real ones are 10-30s
	}
	nw.set("*", func(req *http.Request) (*http.Response, error) {
		<-req.Context().Done()
		return nil, req.Context().Err()
	})
	_, err := Run(context.Background(), opts)
	var off *OfflineError
	if !errors.As(err, &off) || !strings.Contains(err.Error(), "no answer within 20ms, 3 times in a row") {
		t.Fatalf("err = %v, want the offline error naming the silence", err)
	}
	for host, n := range nw.Counts() {
		if n > transport.DefaultStopAfter {
			t.Errorf("%s: %d attempts, want at most %d", host, n, transport.DefaultStopAfter)
		}
	}
	if _, err := os.Stat(m.Snapshots); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the silent run created the snapshot folder (%v)", err)
	}
}

// TestProgressCountsAsTheSummary: the jobs the live view is told were
// planned, and those it is told are done, end equal to the jobs the
// summary counts, Unpaywall's not asked (OpenAlex covered them) included.
func TestProgressCountsAsTheSummary(t *testing.T) {
	orcid := simORCID(0)
	nw := newOutageNet(orcid, 40)
	m := newManifest(t, fmt.Sprintf("mailto = \"ada@example.org\"\n[[identity]]\norcid = %q\n", orcid))
	opts := testOptions(m, nw, 4)
	var mu sync.Mutex
	planned, done := 0, 0
	opts.Progress.Planned = func(lp LanePlan) { mu.Lock(); planned += lp.Jobs; mu.Unlock() }
	opts.Progress.Done = func(report.Outcome) { mu.Lock(); done++; mu.Unlock() }
	rep := runOK(t, opts)
	jobs := len(rep.Expansions) + len(rep.Outcomes)
	if planned != jobs || done != jobs {
		t.Errorf("progress planned %d, done %d; the summary counts %d jobs", planned, done, jobs)
	}
}

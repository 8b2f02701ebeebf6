package orchestrator

import (
	"bytes"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/check"
	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/dblp"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// dblpNet serves two dblp person pages: Di Xu 0001's, as a client
// recorded it (eight records, each with a DOI), and a page assembled from
// three recorded records (testdata/dblp/SOURCES.md): a NeurIPS paper with
// no DOI, a CoRR e-print and an ACL paper with a DOI.
func dblpNet(t testing.TB) *fakeNet {
	n := newFakeNet(t)
	n.file("dblp.org", "/pid/95/7448-1.xml", 200, "dblp/person-95-7448-1.xml")
	n.file("dblp.org", "/pid/00/0000.xml", 200, "dblp/assembled-person-00-0000.xml")
	// dblp labels its person pages XML, as the fake's JSON default would not.
	xml := http.Header{"Content-Type": {"application/xml; charset=utf-8"}}
	n.Override(fakenet.Host("dblp.org"), func(req *http.Request) (*http.Response, error) {
		ans, ok := n.routes[req.URL.Host+req.URL.EscapedPath()]
		if !ok {
			ans = fakeAnswer{status: http.StatusNotFound}
		}
		return fakenet.Response(req, ans.status, ans.body, xml), nil
	})
	return n
}

const dblpManifest = `providers = ["dblp"]

[[identity]]
dblp = "https://dblp.org/pid/95/7448-1"

[[identity]]
dblp = "00/0000"
`

// dblpWant is one listed work as written by hand from the recorded
// records: the identity it is known by, its type and venue as dblp gives
// them.
type dblpWant struct {
	key, typ, container, title, pages string
}

// TestDBLPListsEveryWorkWithItsVenue: every record of both pages is one
// work, known by its DOI, its arXiv id, or (the NeurIPS paper, which has
// neither) by its dblp key, and its dblp source says its venue.
func TestDBLPListsEveryWorkWithItsVenue(t *testing.T) {
	m := newManifest(t, dblpManifest)
	net := dblpNet(t)
	rep := runOK(t, testOptions(m, net, 4))
	if rep.Incomplete() {
		t.Fatalf("run came back short: %v", rep.ShortJobs())
	}
	want := []dblpWant{
		{"doi:10.1109/3dtv.2012.6365428", "paper-conference", "3DTV-Conference", "Automatic stereoscopic 3D video reframing", "1-4"},
		{"doi:10.1109/icce.2012.6161918", "paper-conference", "ICCE", "Quality of experience for the horizontal pixel parallax adjustment of stereoscopic 3D videos", "394-395"},
		{"doi:10.1109/ictai.2012.57", "paper-conference", "ICTAI", "Random Forests Based View Generation for Multiview TV", "367-372"},
		{"doi:10.1109/tvcg.2010.63", "article-journal", "IEEE Trans. Vis. Comput. Graph.", "Correction of Clipped Pixels in Color Images", "333-344"},
		{"doi:10.1109/icecs.2010.5724479", "paper-conference", "ICECS", "Guidelines for capturing high quality stereoscopic content based on a systematic subjective evaluation", "162-165"},
		{"doi:10.1109/icip.2010.5649486", "paper-conference", "ICIP", "An improved Bayesian algorithm for color image desaturation", "1325-1328"},
		{"doi:10.1109/iscas.2010.5537871", "paper-conference", "ISCAS", "Saturated-pixel enhancement for color images", "3377-3380"},
		{"doi:10.1109/icip.2009.5414225", "paper-conference", "ICIP", "Logo insertion transcoding for H.264/AVC compressed video", "3693-3696"},
		{"dblp-work:conf/nips/VaswaniSPUJGKP17", "paper-conference", "NIPS", "Attention is All you Need", "5998-6008"},
		{"arxiv:2508.04024", "article", "CoRR", "Identity Theft in AI Conference Peer Review", ""},
		{"doi:10.18653/v1/2023.acl-long.48", "paper-conference", "ACL (1)", "Multi-CLS BERT: An Efficient Alternative to Traditional Ensembling", "821-854"},
	}
	// One a person, and one the NeurIPS paper's volume (conf/nips/2017,
	// which the fake does not know: the paper keeps dblp's short name).
	if n := net.Count("dblp.org"); n != 3 {
		t.Errorf("%d requests to dblp.org, want one a person and one a volume", n)
	}
	if len(rep.Works) != len(want) {
		t.Errorf("%d works, want %d", len(rep.Works), len(want))
	}
	d := snapshots.Dir{Root: m.Snapshots}
	for _, w := range want {
		id, err := manifest.ParseKey(w.key)
		if err != nil {
			t.Fatal(err)
		}
		var doc snapshots.Work
		if err := snapshots.Read(d.WorkPath(id), &doc); err != nil {
			t.Errorf("%s: %v", w.key, err)
			continue
		}
		r := doc.Record
		if r.Type != w.typ || r.Container != w.container || r.Title != w.title || r.Pages != w.pages {
			t.Errorf("%s: type %q container %q title %q pages %q; want %q %q %q %q", w.key, r.Type, r.Container, r.Title, r.Pages, w.typ, w.container, w.title, w.pages)
		}
		if len(doc.Sources) != 1 || doc.Sources[0].Provider != "dblp" {
			t.Errorf("%s: sources %+v, want dblp's alone", w.key, doc.Sources)
		}
	}
}

// TestDBLPSameBytesAtAnyJ: one worker and eight write the same folder.
func TestDBLPSameBytesAtAnyJ(t *testing.T) {
	folder := folderAtAnyJ(t, dblpManifest, dblpNet)
	if !strings.Contains(folder, "=== works/dblp-work_") {
		t.Errorf("no dblp-work file written:\n%.600s", folder)
	}
}

// TestDBLPPacedAtItsInterval: two dblp people and the one volume of a
// paper dblp alone describes are three requests to dblp.org, each no
// sooner than dblp's declared interval after the one before, on the run's
// clock.
func TestDBLPPacedAtItsInterval(t *testing.T) {
	m := newManifest(t, dblpManifest)
	net := dblpNet(t)
	clock := &instantClock{}
	var mu sync.Mutex
	var at []time.Time
	net.Before(func(req *http.Request) {
		if req.URL.Host == "dblp.org" {
			mu.Lock()
			at = append(at, clock.Now())
			mu.Unlock()
		}
	})
	opts := testOptions(m, net, 8)
	opts.NoPacing, opts.Clock = false, clock
	runOK(t, opts)
	if len(at) != 3 {
		t.Fatalf("%d requests to dblp.org, want 3", len(at))
	}
	sort.Slice(at, func(i, j int) bool { return at[i].Before(at[j]) })
	for i := 1; i < len(at); i++ {
		if gap, least := at[i].Sub(at[i-1]), dblp.Spec().MinInterval; gap < least {
			t.Errorf("requests %v apart, closer than dblp's %v", gap, least)
		}
	}
}

// TestDBLPFolderChecksAndRenders: the folder a dblp fetch writes is one
// check finds nothing wrong with, and the NeurIPS paper dblp alone knows
// reaches every format as a conference paper: CSL paper-conference in
// NIPS, BibTeX @inproceedings with its booktitle and pages.
func TestDBLPFolderChecksAndRenders(t *testing.T) {
	m := newManifest(t, dblpManifest)
	runOK(t, testOptions(m, dblpNet(t), 4))
	for _, p := range check.Offline(m, m.Snapshots).Problems {
		t.Errorf("check: %s: %s", p.Path, p.What)
	}
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[render.Format]string{}
	for _, format := range []render.Format{render.CSLJSON, render.BibTeX, render.HTML} {
		var b bytes.Buffer
		if err := render.Render(&b, f, render.Options{Format: format}); err != nil {
			t.Fatalf("render %s: %v", format, err)
		}
		texts[format] = b.String()
	}
	var csl gjson.Result
	for _, it := range gjson.Parse(texts[render.CSLJSON]).Array() {
		if strings.HasPrefix(it.Get("title").String(), "Attention is All") {
			csl = it
		}
	}
	if csl.Get("type").String() != "paper-conference" || csl.Get("container-title").String() != "NIPS" || csl.Get("page").String() != "5998-6008" {
		t.Errorf("CSL of the NeurIPS paper: %s", csl.Raw)
	}
	bib := strings.Join(strings.Fields(bibEntryTitled(texts[render.BibTeX], "Attention is All")), " ") // fields aligned in columns
	for _, want := range []string{"@inproceedings{", "booktitle = {NIPS}", "pages = {5998--6008}", "year = {2017}", "author = {Vaswani, Ashish and Shazeer, Noam"} {
		if !strings.Contains(bib, want) {
			t.Errorf("BibTeX of the NeurIPS paper lacks %q:\n%s", want, bib)
		}
	}
	if !strings.Contains(texts[render.HTML], "Attention is All you Need") || !strings.Contains(texts[render.HTML], "NIPS") {
		t.Error("the page does not show the NeurIPS paper with its venue")
	}
}

// bibEntryTitled is the .bib entry whose title holds title.
func bibEntryTitled(bib, title string) string {
	for _, e := range strings.Split(bib, "\n@") {
		if strings.Contains(e, title) {
			return "@" + strings.TrimPrefix(e, "@")
		}
	}
	return ""
}

// TestDBLPPreprintShownAsItsProceedingsPaper: dblp lists a NeurIPS paper
// with no DOI and its CoRR e-print (the recorded NeurIPS record; the
// e-print written in the shape of the recorded CoRR record, see
// providers/dblp's list_test.go). They are one entry, shown as the
// proceedings paper, with the e-print's id.
func TestDBLPPreprintShownAsItsProceedingsPaper(t *testing.T) {
	neurips := `<inproceedings key="conf/nips/VaswaniSPUJGKP17" mdate="2021-01-21"><author>Ashish Vaswani</author><author>Noam Shazeer</author><title>Attention is All you Need.</title><pages>5998-6008</pages><year>2017</year><booktitle>NIPS</booktitle><ee type="oa">https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html</ee><crossref>conf/nips/2017</crossref></inproceedings>`
	corr := `<article key="journals/corr/VaswaniSPUJGKP17" publtype="informal" mdate="2025-09-10"><author>Ashish Vaswani</author><author>Noam Shazeer</author><title>Attention Is All You Need.</title><year>2017</year><volume>abs/1706.03762</volume><journal>CoRR</journal><ee type="oa">https://doi.org/10.48550/arXiv.1706.03762</ee></article>`
	page := `<dblpperson name="Assembled Person" pid="00/0000" n="2"><r>` + corr + `</r><r>` + neurips + `</r></dblpperson>`
	n := newFakeNet(t)
	xml := http.Header{"Content-Type": {"application/xml"}}
	n.Override(fakenet.Host("dblp.org"), func(req *http.Request) (*http.Response, error) {
		return fakenet.Response(req, 200, []byte(page), xml), nil
	})
	m := newManifest(t, "providers = [\"dblp\"]\n\n[[identity]]\ndblp = \"00/0000\"\n")
	runOK(t, testOptions(m, n, 2))
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.Render(&b, f, render.Options{Format: render.CSLJSON}); err != nil {
		t.Fatal(err)
	}
	items := gjson.Parse(b.String()).Array()
	if len(items) != 1 {
		t.Fatalf("%d entries, want one:\n%s", len(items), b.String())
	}
	it := items[0]
	if it.Get("type").String() != "paper-conference" || it.Get("container-title").String() != "NIPS" {
		t.Errorf("entry: %s", it.Raw)
	}
}

// TestDBLPMemberOwnsWhatDBLPLists: a lab member known by a dblp person
// (and no ORCID iD) owns every work dblp lists for them, as a member's
// ORCID record makes them its own: their page holds those works alone.
func TestDBLPMemberOwnsWhatDBLPLists(t *testing.T) {
	m := newManifest(t, `providers = ["dblp"]

[lab]
name = "L"

[[member]]
name = "Di Xu"
dblp = "95/7448-1"

[[member]]
name = "Assembled Person"
dblp = "00/0000"
`)
	runOK(t, testOptions(m, dblpNet(t), 2))
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		member string
		works  int
	}{{"Di Xu", 8}, {"Assembled Person", 3}} {
		var b bytes.Buffer
		opts := render.Options{Format: render.CSLJSON, Lab: render.LabOf(m), Member: c.member}
		if err := render.Render(&b, f, opts); err != nil {
			t.Fatal(err)
		}
		if n := len(gjson.Parse(b.String()).Array()); n != c.works {
			t.Errorf("%s: %d works, want %d", c.member, n, c.works)
		}
	}
}

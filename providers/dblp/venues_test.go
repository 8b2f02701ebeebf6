package dblp

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/internal/whole"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// cpaiorTitle is the title of the recorded record conf/cpaior/2024-2
// (rec-conf-cpaior-2024-2.xml), copied by hand from it.
const cpaiorTitle = "Integration of Constraint Programming, Artificial Intelligence, and Operations Research - 21st International Conference, CPAIOR 2024, Uppsala, Sweden, May 28-31, 2024, Proceedings, Part II"

// TestDBLPVolumeTitleRead: dblp's answer for a proceedings' record is read
// for its title, as sent (an XML declaration after the client's
// indentation), and only for the key asked.
func TestDBLPVolumeTitleRead(t *testing.T) {
	l, err := parseDBLP(dblpFixture(t, "rec-conf-cpaior-2024-2.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := l.volumeOf("conf/cpaior/2024-2").Title; got != cpaiorTitle {
		t.Errorf("title %q, want %q", got, cpaiorTitle)
	}
	if got := l.volumeOf("conf/cpaior/2024-1").Title; got != "" {
		t.Errorf("another key's title %q, want none", got)
	}
}

// dblpVolumeNet serves one person page at /pid/00/0000.xml and dblp's
// records by path; it counts what each path was asked.
type dblpVolumeNet struct {
	mu     sync.Mutex
	routes map[string][]byte
	asked  []string
}

func (n *dblpVolumeNet) env(t *testing.T) service.Env {
	net := fakenet.New(t)
	net.Register(fakenet.Host("dblp.test"), func(req *http.Request) (*http.Response, error) {
		n.mu.Lock()
		n.asked = append(n.asked, req.URL.Path)
		body, ok := n.routes[req.URL.Path]
		n.mu.Unlock()
		status := http.StatusOK
		if !ok {
			status, body = http.StatusNotFound, nil
		}
		return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/xml"}}, Body: whole.New(body), Request: req}, nil
	})
	return service.Env{Base: "http://dblp.test", Do: net.Client().Do}
}

// TestDBLPPaperInProceedingsFullTitle: a paper dblp alone describes takes
// its volume's full title as its venue, dblp's booktitle as the short
// name; one request a distinct volume (two papers of one volume, one
// request), none for a paper with a DOI (whose record takes the title of
// a volume asked for another), and a volume dblp does not know keeps the
// short name. The paper is the recorded conf/cpaior/JabsBJ24
// with its DOI edition dropped, so that dblp alone describes it; its
// volume's answer is the recorded rec-conf-cpaior-2024-2.xml.
func TestDBLPPaperInProceedingsFullTitle(t *testing.T) {
	jabs := strings.TrimPrefix(strings.TrimSpace(string(dblpFixture(t, "rec-conf-cpaior-JabsBJ24.xml"))), `<?xml version="1.0" encoding="US-ASCII"?>`)
	jabs = strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(jabs), "<dblp>")), "</dblp>")
	noDOI := strings.Replace(jabs, "<ee>https://doi.org/10.1007/978-3-031-60599-4_1</ee>", "", 1)
	second := strings.NewReplacer(`conf/cpaior/JabsBJ24"`, `conf/cpaior/Second24"`, "Core Boosting", "Core Boosting Again").Replace(noDOI)
	unknown := strings.NewReplacer(`conf/cpaior/JabsBJ24"`, `conf/cpaior/Other23"`, "2024-2</crossref>", "2023</crossref>", "Core Boosting", "Core Boosting Elsewhere").Replace(noDOI)
	if noDOI == jabs || !strings.Contains(second, "Second24") || !strings.Contains(unknown, "conf/cpaior/2023<") {
		t.Fatal("the recorded record is not the one this test edits")
	}
	n := &dblpVolumeNet{routes: map[string][]byte{
		"/pid/00/0000.xml":            []byte(dblpPage(noDOI, second, unknown, jabs)),
		"/rec/conf/cpaior/2024-2.xml": dblpFixture(t, "rec-conf-cpaior-2024-2.xml"),
	}}
	res := service.RunStaged(expand)(context.Background(), n.env(t), manifest.Identity{Kind: manifest.KindDBLP, Value: "00/0000"})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	wantAsked := []string{"/pid/00/0000.xml", "/rec/conf/cpaior/2023.xml", "/rec/conf/cpaior/2024-2.xml"}
	if !slices.Equal(n.asked, wantAsked) {
		t.Errorf("asked %q, want %q", n.asked, wantAsked)
	}
	venues := map[string][2]string{}
	for _, d := range res.Discovered {
		venues[d.ID.Key()] = [2]string{d.Summary.Container, d.Summary.ContainerShort}
	}
	want := map[string][2]string{
		"dblp-work:conf/cpaior/JabsBJ24":  {cpaiorTitle, "CPAIOR (2)"},
		"dblp-work:conf/cpaior/Second24":  {cpaiorTitle, "CPAIOR (2)"},
		"dblp-work:conf/cpaior/Other23":   {"CPAIOR (2)", ""},
		"doi:10.1007/978-3-031-60599-4_1": {cpaiorTitle, "CPAIOR (2)"}, // not asked for, told all the same
	}
	for k, v := range want {
		if venues[k] != v {
			t.Errorf("%s: venue %q, want %q", k, venues[k], v)
		}
	}
	if len(venues) != len(want) {
		t.Errorf("works %v", venues)
	}
}

// TestDBLPVolumeKeptByTheLastRun: a volume whose title the last run kept
// on a paper's dblp record, beside the same booktitle as now, is not asked
// again; a kept record whose booktitle is not today's is no answer, and
// the volume is asked.
func TestDBLPVolumeKeptByTheLastRun(t *testing.T) {
	jabs := string(dblpFixture(t, "rec-conf-cpaior-JabsBJ24.xml"))
	paper := jabs[strings.Index(jabs, "<inproceedings"):strings.Index(jabs, "</dblp>")]
	paper = strings.Replace(paper, "<ee>https://doi.org/10.1007/978-3-031-60599-4_1</ee>", "", 1)
	own, _ := manifest.DBLPWork("conf/cpaior/JabsBJ24")
	for _, c := range []struct {
		short string
		asked int
	}{{"CPAIOR (2)", 1}, {"CPAIOR", 2}} {
		n := &dblpVolumeNet{routes: map[string][]byte{
			"/pid/00/0000.xml":            []byte(dblpPage(paper)),
			"/rec/conf/cpaior/2024-2.xml": dblpFixture(t, "rec-conf-cpaior-2024-2.xml"),
		}}
		prev := service.Previous{Source: func(provider string, work manifest.Identity) *record.Record {
			if provider != "dblp" || work != own {
				return nil
			}
			return &record.Record{Container: cpaiorTitle, ContainerShort: c.short}
		}}
		env := n.env(t)
		st, res := expand(context.Background(), env, manifest.Identity{Kind: manifest.KindDBLP, Value: "00/0000"}, prev)
		if st == nil {
			t.Fatal(res.Err)
		}
		for _, step := range st.Steps {
			step(context.Background(), env)
		}
		got := st.Finish()
		if len(n.asked) != c.asked {
			t.Errorf("kept short name %q: asked %q, want %d requests", c.short, n.asked, c.asked)
		}
		if len(got.Discovered) != 1 || got.Discovered[0].Summary.Container != cpaiorTitle || got.Discovered[0].Summary.ContainerShort != "CPAIOR (2)" {
			t.Errorf("kept short name %q: %+v", c.short, got.Discovered)
		}
	}
}

// TestDBLPPersonNamesItsORCID: a person page whose person record links an
// ORCID iD (dblp lists it among the person's <url>s, verified by dblp)
// tells the run that iD as its person's, with no name (the same-name
// check is the ORCID record's); a page with no such link tells nothing.
// The pages are written here in the shape of person-95-7448-1.xml's
// person record, which links no iD.
func TestDBLPPersonNamesItsORCID(t *testing.T) {
	person := `<person key="homepages/00/0000" mdate="2025-01-01"><author pid="00/0000">Assembled Person</author>%s</person>`
	for _, c := range []struct {
		urls, want string
	}{
		{`<url>https://example.org/home</url><url>https://orcid.org/0000-0003-3532-696X</url>`, "0000-0003-3532-696X"},
		{`<url>https://example.org/home</url>`, ""},
	} {
		page := `<dblpperson name="Assembled Person" pid="00/0000" n="0">` + strings.Replace(person, "%s", c.urls, 1) + `</dblpperson>`
		n := &dblpVolumeNet{routes: map[string][]byte{"/pid/00/0000.xml": []byte(page)}}
		res := service.RunStaged(expand)(context.Background(), n.env(t), manifest.Identity{Kind: manifest.KindDBLP, Value: "00/0000"})
		got := ""
		if res.Person != nil {
			got = res.Person.ORCID
			if res.Person.Given != "" || res.Person.Family != "" || res.Person.Credit != "" {
				t.Errorf("a name told: %+v", res.Person)
			}
		}
		if got != c.want {
			t.Errorf("urls %s: person's iD %q, want %q", c.urls, got, c.want)
		}
	}
}

// TestDBLPVolumeOfAPaperKnownByItsEPrint: a paper whose only edition dblp
// gives is its arXiv e-print (as dblp gives ICLR's early papers) is the
// arXiv work, and arXiv names no venue: its volume is asked as a paper's
// dblp alone describes, and not again when the last run kept its title
// on the arXiv work's dblp record. The paper is the recorded
// conf/cpaior/JabsBJ24 with its DOI edition made an arXiv one (an id
// written here).
func TestDBLPVolumeOfAPaperKnownByItsEPrint(t *testing.T) {
	jabs := string(dblpFixture(t, "rec-conf-cpaior-JabsBJ24.xml"))
	paper := jabs[strings.Index(jabs, "<inproceedings"):strings.Index(jabs, "</dblp>")]
	byEPrint := strings.Replace(paper, "<ee>https://doi.org/10.1007/978-3-031-60599-4_1</ee>", "<ee>https://arxiv.org/abs/2403.00001</ee>", 1)
	if byEPrint == paper {
		t.Fatal("the recorded record is not the one this test edits")
	}
	arXiv := manifest.Identity{Kind: manifest.KindArXiv, Value: "2403.00001"}
	for _, kept := range []bool{false, true} {
		n := &dblpVolumeNet{routes: map[string][]byte{
			"/pid/00/0000.xml":            []byte(dblpPage(byEPrint)),
			"/rec/conf/cpaior/2024-2.xml": dblpFixture(t, "rec-conf-cpaior-2024-2.xml"),
		}}
		prev := service.Previous{Source: func(provider string, work manifest.Identity) *record.Record {
			if !kept || provider != "dblp" || work != arXiv {
				return nil
			}
			return &record.Record{Container: cpaiorTitle, ContainerShort: "CPAIOR (2)"}
		}}
		env := n.env(t)
		st, res := expand(context.Background(), env, manifest.Identity{Kind: manifest.KindDBLP, Value: "00/0000"}, prev)
		if st == nil {
			t.Fatal(res.Err)
		}
		for _, step := range st.Steps {
			step(context.Background(), env)
		}
		got := st.Finish()
		if want := map[bool]int{false: 2, true: 1}[kept]; len(n.asked) != want {
			t.Errorf("title kept %v: asked %q, want %d requests", kept, n.asked, want)
		}
		if len(got.Discovered) != 1 || got.Discovered[0].ID != arXiv || got.Discovered[0].Summary.Container != cpaiorTitle || got.Discovered[0].Summary.ContainerShort != "CPAIOR (2)" {
			t.Errorf("title kept %v: %+v", kept, got.Discovered)
		}
	}
}

// TestDBLPVolumePublisherAndEditors: a paper dblp alone describes is
// cited with its proceedings' publisher and editors too, as dblp's own
// BibTeX of it writes them (editor, publisher beside booktitle): the
// recorded conf/cpaior/2024-2 names Springer and one editor, Bistra
// Dilkina, with her ORCID iD (copied by hand from the record). A rerun
// that kept the volume's title keeps them from the last run's record,
// asking nothing more.
func TestDBLPVolumePublisherAndEditors(t *testing.T) {
	jabs := string(dblpFixture(t, "rec-conf-cpaior-JabsBJ24.xml"))
	paper := jabs[strings.Index(jabs, "<inproceedings"):strings.Index(jabs, "</dblp>")]
	paper = strings.Replace(paper, "<ee>https://doi.org/10.1007/978-3-031-60599-4_1</ee>", "", 1)
	own, _ := manifest.DBLPWork("conf/cpaior/JabsBJ24")
	dilkina := []record.Author{{Given: "Bistra", Family: "Dilkina", ORCID: "0000-0002-6784-473X"}}
	for _, kept := range []bool{false, true} {
		n := &dblpVolumeNet{routes: map[string][]byte{
			"/pid/00/0000.xml":            []byte(dblpPage(paper)),
			"/rec/conf/cpaior/2024-2.xml": dblpFixture(t, "rec-conf-cpaior-2024-2.xml"),
		}}
		prev := service.Previous{Source: func(provider string, work manifest.Identity) *record.Record {
			if !kept || provider != "dblp" || work != own {
				return nil
			}
			return &record.Record{Container: cpaiorTitle, ContainerShort: "CPAIOR (2)", Publisher: "Springer", Editors: dilkina}
		}}
		env := n.env(t)
		st, res := expand(context.Background(), env, manifest.Identity{Kind: manifest.KindDBLP, Value: "00/0000"}, prev)
		if st == nil {
			t.Fatal(res.Err)
		}
		for _, step := range st.Steps {
			step(context.Background(), env)
		}
		got := st.Finish()
		if want := map[bool]int{false: 2, true: 1}[kept]; len(n.asked) != want {
			t.Errorf("kept %v: asked %q, want %d requests", kept, n.asked, want)
		}
		if len(got.Discovered) != 1 {
			t.Fatalf("kept %v: %+v", kept, got.Discovered)
		}
		s := got.Discovered[0].Summary
		if s.Publisher != "Springer" || !slices.EqualFunc(s.Editors, dilkina, func(a, b record.Author) bool {
			return a.Given == b.Given && a.Family == b.Family && a.ORCID == b.ORCID && a.Name == b.Name
		}) {
			t.Errorf("kept %v: publisher %q editors %+v, want Springer and Dilkina", kept, s.Publisher, s.Editors)
		}
	}
}

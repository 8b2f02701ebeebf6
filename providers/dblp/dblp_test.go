package dblp

import (
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
)

// dblpFixture reads a recorded dblp answer (testdata/dblp/SOURCES.md).
func dblpFixture(t testing.TB, name string) []byte {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("..", "..", "testdata", "dblp", name))
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// dblpOne reads a recorded answer that holds exactly one record as sent:
// a <dblp> record answer, or a bare record element as a client stored it.
func dblpOne(t *testing.T, name string) dblpWork {
	t.Helper()
	body := dblpFixture(t, name)
	var works []dblpWork
	if l, err := parseDBLP(body); err == nil {
		works = l.Works
	} else {
		d := dblpDecoder(body)
		start, err := dblpRoot(d)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		w, err := decodeDBLPRecord(d, start)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		works = []dblpWork{w}
	}
	if len(works) != 1 {
		t.Fatalf("%s: %d records, want 1", name, len(works))
	}
	return works[0]
}

// dblpWant is what a reader of the recorded XML expects of one record,
// written by hand from the XML, not from the parser's output.
type dblpWant struct {
	key, typ, genre, title string
	authors                []dblpName
	year                   int
	venue, volume, number  string
	pages, doi, arxiv      string
	link                   string
	id                     manifest.Identity
}

func (w dblpWant) check(t *testing.T, got dblpWork) {
	t.Helper()
	for _, f := range []struct{ name, got, want string }{
		{"key", got.Key, w.key}, {"type", got.Type, w.typ}, {"genre", got.Genre, w.genre},
		{"title", got.Title, w.title}, {"venue", got.Venue, w.venue}, {"volume", got.Volume, w.volume},
		{"number", got.Number, w.number}, {"pages", got.Pages, w.pages}, {"doi", got.DOI, w.doi},
		{"arxiv", got.ArXiv, w.arxiv}, {"link", got.Link, w.link},
		{"record url", got.RecordURL, "https://dblp.org/rec/" + w.key},
	} {
		if f.got != f.want {
			t.Errorf("%s: %s = %q, want %q", w.key, f.name, f.got, f.want)
		}
	}
	if got.Year != w.year {
		t.Errorf("%s: year = %d, want %d", w.key, got.Year, w.year)
	}
	if !slices.Equal(got.Authors, w.authors) {
		t.Errorf("%s: authors\n got %+v\nwant %+v", w.key, got.Authors, w.authors)
	}
	if got.identity() != w.id {
		t.Errorf("%s: identity = %+v, want %+v", w.key, got.identity(), w.id)
	}
}

func dblpDOI(v string) manifest.Identity { return manifest.Identity{Kind: manifest.KindDOI, Value: v} }
func dblpArXiv(v string) manifest.Identity {
	return manifest.Identity{Kind: manifest.KindArXiv, Value: v}
}

// dblpNasiopoulos and dblpXu are the co-authors the recorded person page
// names on most records.
var (
	dblpXu          = dblpName{Name: "Di Xu", PID: "95/7448-1"}
	dblpNasiopoulos = dblpName{Name: "Panos Nasiopoulos", PID: "55/3871"}
	dblpDoutre      = dblpName{Name: "Colin Doutre", PID: "58/3497"}
	dblpCoria       = dblpName{Name: "Lino Coria-Mendoza", PID: "32/5783"}
)

// TestDBLPPersonPage reads the recorded person page of Di Xu 0001 (a
// homonym: dblp numbers him 0001 and lists the unnumbered Di Xu apart):
// eight records, journal and conference, every one with a DOI.
func TestDBLPPersonPage(t *testing.T) {
	l, err := parseDBLP(dblpFixture(t, "person-95-7448-1.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "Di Xu" || l.PID != "95/7448-1" || l.Total != 8 || l.ORCID != "" {
		t.Errorf("person = %q %q n=%d orcid %q, want Di Xu 95/7448-1 n=8 and no ORCID", l.Name, l.PID, l.Total, l.ORCID)
	}
	want := []dblpWant{
		{key: "conf/3dtv/Coria-MendozaXN12", typ: "paper-conference", title: "Automatic stereoscopic 3D video reframing",
			authors: []dblpName{dblpCoria, dblpXu, dblpNasiopoulos}, year: 2012, venue: "3DTV-Conference", pages: "1-4",
			doi: "10.1109/3dtv.2012.6365428", id: dblpDOI("10.1109/3dtv.2012.6365428")},
		{key: "conf/iccel/XuCN12", typ: "paper-conference",
			title:   "Quality of experience for the horizontal pixel parallax adjustment of stereoscopic 3D videos",
			authors: []dblpName{dblpXu, {Name: "Lino E. Coria", PID: "161/3963"}, dblpNasiopoulos}, year: 2012, venue: "ICCE",
			pages: "394-395", doi: "10.1109/icce.2012.6161918", id: dblpDOI("10.1109/icce.2012.6161918")},
		{key: "conf/ictai/PourazadXN12", typ: "paper-conference", title: "Random Forests Based View Generation for Multiview TV",
			authors: []dblpName{{Name: "Mahsa T. Pourazad", PID: "55/6295"}, dblpXu, dblpNasiopoulos}, year: 2012, venue: "ICTAI",
			pages: "367-372", doi: "10.1109/ictai.2012.57", link: "https://doi.ieeecomputersociety.org/10.1109/ICTAI.2012.57",
			id: dblpDOI("10.1109/ictai.2012.57")},
		{key: "journals/tvcg/XuDN11", typ: "article-journal", title: "Correction of Clipped Pixels in Color Images",
			authors: []dblpName{dblpXu, dblpDoutre, dblpNasiopoulos}, year: 2011, venue: "IEEE Trans. Vis. Comput. Graph.",
			volume: "17", number: "3", pages: "333-344", doi: "10.1109/tvcg.2010.63",
			link: "http://doi.ieeecomputersociety.org/10.1109/TVCG.2010.63", id: dblpDOI("10.1109/tvcg.2010.63")},
		{key: "conf/icecsys/XuCN10", typ: "paper-conference",
			title:   "Guidelines for capturing high quality stereoscopic content based on a systematic subjective evaluation",
			authors: []dblpName{dblpXu, dblpCoria, dblpNasiopoulos}, year: 2010, venue: "ICECS", pages: "162-165",
			doi: "10.1109/icecs.2010.5724479", id: dblpDOI("10.1109/icecs.2010.5724479")},
		{key: "conf/icip/XuDN10", typ: "paper-conference", title: "An improved Bayesian algorithm for color image desaturation",
			authors: []dblpName{dblpXu, dblpDoutre, dblpNasiopoulos}, year: 2010, venue: "ICIP", pages: "1325-1328",
			doi: "10.1109/icip.2010.5649486", id: dblpDOI("10.1109/icip.2010.5649486")},
		{key: "conf/iscas/XuDN10", typ: "paper-conference", title: "Saturated-pixel enhancement for color images",
			authors: []dblpName{dblpXu, dblpDoutre, dblpNasiopoulos}, year: 2010, venue: "ISCAS", pages: "3377-3380",
			doi: "10.1109/iscas.2010.5537871", id: dblpDOI("10.1109/iscas.2010.5537871")},
		{key: "conf/icip/XuN09", typ: "paper-conference", title: "Logo insertion transcoding for H.264/AVC compressed video",
			authors: []dblpName{dblpXu, dblpNasiopoulos}, year: 2009, venue: "ICIP", pages: "3693-3696",
			doi: "10.1109/icip.2009.5414225", id: dblpDOI("10.1109/icip.2009.5414225")},
	}
	if len(l.Works) != len(want) {
		t.Fatalf("%d works, want %d", len(l.Works), len(want))
	}
	for i, w := range want {
		w.check(t, l.Works[i])
	}
	if got := l.Works[0]; got.Crossref != "conf/3dtv/2012" || got.TOCURL != "https://dblp.org/db/conf/3dtv/3dtv2012.html#Coria-MendozaXN12" {
		t.Errorf("crossref %q, toc %q", got.Crossref, got.TOCURL)
	}
}

// TestDBLPRecords reads single records as clients recorded them: a
// journal article whose authors carry ORCID iDs and homonym numbers, ACL
// and AAAI papers with DOIs, a NeurIPS paper with none (its proceedings
// page is the link), and CoRR e-prints whose only edition is arXiv's DOI.
func TestDBLPRecords(t *testing.T) {
	for _, c := range []struct {
		file string
		want dblpWant
	}{
		{"rec-journals-iotj-WangJWSGZ23.xml", dblpWant{key: "journals/iotj/WangJWSGZ23", typ: "article-journal",
			title: "Blockchain-Aided Network Resource Orchestration in Intelligent Internet of Things",
			authors: []dblpName{
				{Name: "Chao Wang", PID: "188/7759-93", ORCID: "0000-0003-4015-0348"},
				{Name: "Chunxiao Jiang", PID: "00/8334", ORCID: "0000-0002-3703-121X"},
				{Name: "Jingjing Wang", PID: "62/2631-1", ORCID: "0000-0003-3170-8952"},
				{Name: "Shigen Shen", PID: "66/800", ORCID: "0000-0002-7558-5379"},
				{Name: "Song Guo", PID: "01/267-1", ORCID: "0000-0001-9831-2202"},
				{Name: "Peiying Zhang", PID: "24/9047", ORCID: "0000-0002-0990-5581"},
			},
			year: 2023, venue: "IEEE Internet Things J.", volume: "10", number: "7", pages: "6151-6163",
			doi: "10.1109/jiot.2022.3222911", id: dblpDOI("10.1109/jiot.2022.3222911")}},
		{"rec-conf-acl-ChangSRM23.xml", dblpWant{key: "conf/acl/ChangSRM23", typ: "paper-conference",
			title: "Multi-CLS BERT: An Efficient Alternative to Traditional Ensembling",
			authors: []dblpName{{Name: "Haw-Shiuan Chang", PID: "130/1022"}, {Name: "Ruei-Yao Sun", PID: "301/6251"},
				{Name: "Kathryn Ricci", PID: "331/1034"}, {Name: "Andrew McCallum", PID: "m/AndrewMcCallum"}},
			year: 2023, venue: "ACL (1)", pages: "821-854", doi: "10.18653/v1/2023.acl-long.48",
			link: "https://aclanthology.org/2023.acl-long.48", id: dblpDOI("10.18653/v1/2023.acl-long.48")}},
		{"rec-conf-aaai-JiangXFBK0025.xml", dblpWant{key: "conf/aaai/JiangXFBK0025", typ: "paper-conference",
			title: "Bi-level Contrastive Learning for Knowledge-Enhanced Molecule Representations",
			authors: []dblpName{{Name: "Pengcheng Jiang"}, {Name: "Cao Xiao"}, {Name: "Tianfan Fu"}, {Name: "Parminder Bhatia"},
				{Name: "Taha A. Kass-Hout"}, {Name: "Jimeng Sun"}, {Name: "Jiawei Han"}},
			year: 2025, venue: "AAAI", pages: "352-360", doi: "10.1609/aaai.v39i1.32013", id: dblpDOI("10.1609/aaai.v39i1.32013")}},
		{"rec-conf-nips-VaswaniSPUJGKP17.xml", dblpWant{key: "conf/nips/VaswaniSPUJGKP17", typ: "paper-conference",
			title: "Attention is All you Need",
			authors: []dblpName{{Name: "Ashish Vaswani"}, {Name: "Noam Shazeer"}, {Name: "Niki Parmar"}, {Name: "Jakob Uszkoreit"},
				{Name: "Llion Jones"}, {Name: "Aidan N. Gomez"}, {Name: "Lukasz Kaiser"}, {Name: "Illia Polosukhin"}},
			year: 2017, venue: "NIPS", pages: "5998-6008",
			link: "https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html"}},
		{"rec-journals-corr-abs-2508-04024.xml", dblpWant{key: "journals/corr/abs-2508-04024", typ: "article", genre: "Preprint",
			title:   "Identity Theft in AI Conference Peer Review",
			authors: []dblpName{{Name: "Nihar B. Shah"}, {Name: "Melisa Bok"}, {Name: "Xukun Liu"}, {Name: "Andrew McCallum"}},
			year:    2025, venue: "CoRR", doi: "10.48550/arxiv.2508.04024", arxiv: "2508.04024", id: dblpArXiv("2508.04024")}},
		{"rec-journals-corr-abs-2509-05821.xml", dblpWant{key: "journals/corr/abs-2509-05821", typ: "article", genre: "Preprint",
			title:   "Brain Tumor Detection Through Diverse CNN Architectures",
			authors: []dblpName{{Name: "Mohsen Asghari Ilani"}, {Name: "Yaser Mohammadi Banadaki"}},
			year:    2025, venue: "CoRR", doi: "10.48550/arxiv.2509.05821", arxiv: "2509.05821", id: dblpArXiv("2509.05821")}},
	} {
		t.Run(c.want.key, func(t *testing.T) { c.want.check(t, dblpOne(t, c.file)) })
	}
}

// TestDBLPDumpProceedings reads three proceedings records from the dump
// (ISO-8859-1, with its DOCTYPE): edited volumes, whose editors are not
// authors; one filed under CoRR yet a proceedings volume with a DOI and
// an arXiv index.
func TestDBLPDumpProceedings(t *testing.T) {
	l, err := parseDBLP(dblpFixture(t, "dump-proceedings-issue5.xml"))
	if err != nil {
		t.Fatal(err)
	}
	want := []dblpWant{
		{key: "conf/pfe/2001", typ: "book",
			title: "Software Product-Family Engineering, 4th International Workshop, PFE 2001, Bilbao, Spain, October 3-5, 2001, Revised Papers",
			year:  2002, venue: "PFE", volume: "2290", doi: "10.1007/3-540-47833-7", id: dblpDOI("10.1007/3-540-47833-7")},
		{key: "conf/hpcasia/2019", typ: "book",
			title: "Proceedings of the International Conference on High Performance Computing in Asia-Pacific Region, HPC Asia 2019, Guangzhou, China, January 14-16, 2019",
			year:  2019, venue: "HPC Asia", link: "https://dl.acm.org/citation.cfm?id=3293320"},
		{key: "journals/corr/OrchardY16a", typ: "book",
			title: "Proceedings of the Ninth workshop on Programming Language Approaches to Concurrency- and Communication-cEntric Software, PLACES 2016, Eindhoven, The Netherlands, 8th April 2016",
			year:  2016, venue: "PLACES", volume: "211", doi: "10.4204/eptcs.211", arxiv: "1606.05403", id: dblpDOI("10.4204/eptcs.211")},
	}
	if len(l.Works) != len(want) {
		t.Fatalf("%d works, want %d", len(l.Works), len(want))
	}
	for i, w := range want {
		w.check(t, l.Works[i])
	}
	if got := l.Works[0]; !slices.Equal(got.Editors, []dblpName{{Name: "Frank van der Linden"}}) || got.Publisher != "Springer" {
		t.Errorf("pfe 2001: editors %+v, publisher %q", got.Editors, got.Publisher)
	}
	if got := l.Works[2].Editors; len(got) != 2 || got[1] != (dblpName{Name: "Nobuko Yoshida", ORCID: "0000-0002-3925-8557"}) {
		t.Errorf("PLACES 2016 editors %+v", got)
	}
}

// TestDBLPRecordForThePipeline: a conference paper with neither DOI nor
// arXiv id becomes a work of its own, its link the proceedings page.
func TestDBLPRecordForThePipeline(t *testing.T) {
	rec := dblpOne(t, "rec-conf-nips-VaswaniSPUJGKP17.xml").record()
	if rec.Type != "paper-conference" || rec.Container != "NIPS" || rec.Issued.Year != 2017 || rec.Pages != "5998-6008" ||
		!strings.HasPrefix(rec.URL, "https://proceedings.neurips.cc/") || !rec.IDs.IsZero() || len(rec.Authors) != 8 {
		t.Errorf("record = %+v", rec)
	}
	pre := dblpOne(t, "rec-journals-corr-abs-2508-04024.xml").record()
	if pre.Type != "article" || pre.Genre != "Preprint" || pre.IDs.ArXiv != "2508.04024" || pre.Volume != "" {
		t.Errorf("preprint record = %+v", pre)
	}
}

// TestDBLPRules holds the rules no recorded answer at hand shows, on
// records written for the test (constructed, not recorded): entities,
// inline markup, withdrawn and other publtypes, an old CoRR record whose
// edition is an arxiv.org/abs link with a version, theses and data.
func TestDBLPRules(t *testing.T) {
	page := `<?xml version="1.0" encoding="US-ASCII"?>
<dblpperson name="J&#252;rgen M&#252;ller 0002" pid="m/JMuller2" n="7">
<person key="homepages/m/JMuller2"><author pid="m/JMuller2">J&#252;rgen M&#252;ller 0002</author><url>https://orcid.org/0000-0002-1825-0097</url></person>
<r><article key="journals/x/M99" publtype="withdrawn"><author>J&#252;rgen M&#252;ller 0002</author><title>On <i>k</i>-SAT and H<sub>2</sub>O<sup>+</sup>: caf&#233;s &amp; &ouml;.</title><year>1999</year><journal>X</journal></article></r>
<r><article key="journals/corr/abs-1106-0423"><author>A</author><title>Old e-print.</title><year>2011</year><journal>CoRR</journal><volume>abs/1106.0423</volume><ee>http://arxiv.org/abs/1106.0423v2</ee></article></r>
<r><phdthesis key="phd/de/Muller2005"><author>J&#252;rgen M&#252;ller 0002</author><title>Thesis.</title><school>Univ. Trier</school><year>2005</year></phdthesis></r>
<r><data key="data/x/1" publtype="software"><author>B</author><title>A tool.</title><year>2020</year><ee type="oa">https://zenodo.org/records/1</ee></data></r>
<r><article key="tr/meltdown/s18" publtype="informal"><author>C</author><title>Really...</title><year>2018</year><journal>meltdownattack.com</journal></article></r>
<r><article key="journals/corr/abs-0704-0001"><author>E</author><title>Volume only.</title><year>2007</year><journal>CoRR</journal><volume>abs/0704.0001</volume></article></r>
<r><incollection key="reference/x/Y08" publtype="encyclopedia"><author>D</author><title>An entry?</title><year>2008</year><booktitle>Enc.</booktitle></incollection></r>
</dblpperson>`
	l, err := parseDBLP([]byte(page))
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "Jürgen Müller" || l.ORCID != "0000-0002-1825-0097" || len(l.Works) != 7 {
		t.Fatalf("listing %q %q, %d works", l.Name, l.ORCID, len(l.Works))
	}
	w := l.Works[0]
	if w.Title != "On k-SAT and H2O+: cafés & ö" || !w.Withdrawn || w.Authors[0].Name != "Jürgen Müller" {
		t.Errorf("withdrawn: %q withdrawn=%v author %q", w.Title, w.Withdrawn, w.Authors[0].Name)
	}
	if w := l.Works[1]; w.ArXiv != "1106.0423" || w.Genre != "Preprint" || w.Volume != "" || w.identity() != dblpArXiv("1106.0423") {
		t.Errorf("old CoRR: %+v", w)
	}
	if w := l.Works[2]; w.Type != "thesis" || w.Genre != "PhD thesis" || w.Publisher != "Univ. Trier" || w.Title != "Thesis" {
		t.Errorf("thesis: %+v", w)
	}
	if w := l.Works[3]; w.Type != "software" || w.Link != "https://zenodo.org/records/1" || !w.OpenLink {
		t.Errorf("data: %+v", w)
	}
	if w := l.Works[4]; w.Type != "report" || w.Title != "Really..." {
		t.Errorf("technical report: %+v", w)
	}
	if w := l.Works[5]; w.ArXiv != "0704.0001" || w.Volume != "" || w.Genre != "Preprint" {
		t.Errorf("CoRR with its e-print only as volume: %+v", w)
	}
	if w := l.Works[6]; w.Type != "entry-encyclopedia" || w.Title != "An entry?" {
		t.Errorf("encyclopedia entry: %+v", w)
	}
}

// TestDBLPHostileAnswers: what is not a dblp answer fails as malformed,
// and never panics or passes for an empty listing.
func TestDBLPHostileAnswers(t *testing.T) {
	many := strings.Repeat(`<r><article key="k"><title>t</title></article></r>`, dblpMaxRecords+1)
	for name, body := range map[string]string{
		"empty":        "",
		"not XML":      "Too Many Requests",
		"wrong root":   `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry/></feed>`,
		"HTML 429":     "<!DOCTYPE HTML PUBLIC \"-//IETF//DTD HTML 2.0//EN\">\n<html>\n<head>\n<title>429 Too Many Requests</title>\n</head>\n<body>\n<h1>Too Many Requests</h1>\n<p>The vast number of requests from your side has\nled to a temporary block.\n</body></html>",
		"truncated":    `<dblpperson name="A" pid="1/1" n="2"><r><article key="journals/x/A1"><title>Cut`,
		"bad entity":   `<dblpperson name="A" pid="1/1"><r><article key="k"><title>&bogus;</title></article></r></dblpperson>`,
		"bad charset":  `<?xml version="1.0" encoding="UTF-16"?><dblpperson/>`,
		"raw latin1":   "<?xml version=\"1.0\" encoding=\"US-ASCII\"?><dblpperson name=\"M\xfcller\"/>",
		"no key":       `<dblpperson name="A" pid="1/1"><r><article><title>t</title></article></r></dblpperson>`,
		"huge listing": `<dblpperson name="A" pid="1/1">` + many + `</dblpperson>`,
		"huge dump":    `<dblp>` + strings.ReplaceAll(strings.ReplaceAll(many, "<r>", ""), "</r>", "") + `</dblp>`,
	} {
		t.Run(name, func(t *testing.T) {
			l, err := parseDBLP([]byte(body))
			if !errors.Is(err, service.ErrMalformed) {
				t.Errorf("err = %v, listing of %d works; want a malformed answer", err, len(l.Works))
			}
		})
	}
}

// TestDBLPDeepNesting: a page nested far deeper than any dblp answer is
// skipped or refused without exhausting the stack.
func TestDBLPDeepNesting(t *testing.T) {
	body := `<dblpperson name="A" pid="1/1"><x>` + strings.Repeat("<y>", 200000) + strings.Repeat("</y>", 200000) + `</x></dblpperson>`
	if _, err := parseDBLP([]byte(body)); err != nil && !errors.Is(err, service.ErrMalformed) {
		t.Errorf("err = %v", err)
	}
}

// FuzzParseDBLP: any answer is read or refused, never a panic, and what
// is read holds only keyed records.
func FuzzParseDBLP(f *testing.F) {
	for _, name := range []string{"person-95-7448-1.xml", "rec-conf-nips-VaswaniSPUJGKP17.xml", "dump-proceedings-issue5.xml"} {
		f.Add(dblpFixture(f, name))
	}
	f.Add([]byte(`<dblpperson><r><article key="k" publtype="informal"><ee>https://doi.org/10.48550/arXiv.x</ee></article></r></dblpperson>`))
	f.Fuzz(func(t *testing.T, body []byte) {
		l, err := parseDBLP(body)
		if err != nil {
			if !errors.Is(err, service.ErrMalformed) {
				t.Fatalf("error not marked malformed: %v", err)
			}
			return
		}
		for _, w := range l.Works {
			if w.Key == "" || w.Type == "" {
				t.Fatalf("work without key or type: %+v", w)
			}
			_ = w.record()
			_ = w.identity()
		}
	})
}

// TestDBLPDeclaration: the pace and terms come from dblp's own pages, and
// the probe asks for elements the recorded person page holds.
func TestDBLPDeclaration(t *testing.T) {
	s := Spec()
	if s.Name != "dblp" || s.Host != "dblp.org" || s.MinInterval < 2*time.Second || s.Timeout <= 0 {
		t.Errorf("spec = %+v", s)
	}
	if !strings.HasPrefix(s.RateSource, "https://dblp.org/faq/") || !strings.Contains(s.Attribution, "CC0") || s.Terms == "" {
		t.Errorf("rate source %q, terms %q, attribution %q", s.RateSource, s.Terms, s.Attribution)
	}
	page := dblpFixture(t, "person-95-7448-1.xml")
	for _, field := range s.Probe.Fields {
		if !dblpHasPath(t, page, field) {
			t.Errorf("probe field %s is not in the recorded person page", field)
		}
	}
	if want := "/pid/95/7448-1.xml"; s.Probe.Path != want {
		t.Errorf("probe path %q, want the recorded page %q", s.Probe.Path, want)
	}
}

// dblpHasPath reports whether the document holds an element at the
// slash-separated path of local names, with the attribute after @.
func dblpHasPath(t *testing.T, body []byte, path string) bool {
	t.Helper()
	elems, attr, _ := strings.Cut(path, "@")
	want := strings.Split(elems, "/")
	d := xml.NewDecoder(strings.NewReader(string(body)))
	var stack []string
	for {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			stack = append(stack, tok.Name.Local)
			if !slices.Equal(stack, want) {
				continue
			}
			if attr == "" {
				return true
			}
			for _, a := range tok.Attr {
				if a.Name.Local == attr {
					return true
				}
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

// Example-style check that the charset rule is what lets dblp's declared
// US-ASCII through at all: encoding/xml refuses it on its own.
func TestDBLPCharsetIsNeeded(t *testing.T) {
	body := dblpFixture(t, "rec-conf-nips-VaswaniSPUJGKP17.xml")
	var v struct{}
	err := xml.Unmarshal(body, &v)
	if err == nil || !strings.Contains(fmt.Sprint(err), "US-ASCII") {
		t.Errorf("plain encoding/xml: %v; the fixture no longer shows why dblpCharset exists", err)
	}
}

package orchestrator

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/check"
	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// Peter Binfield's ORCID record (testdata/orcid) beside the dblp person
// page assembled from recorded records (testdata/dblp/SOURCES.md): a
// NeurIPS paper with no DOI, a CoRR e-print and an ACL paper with a DOI,
// none of them on his record. The manifest's shape (one iD, one dblp
// person) pairs the two; so does, in one test, the person page's own
// link to his iD. Crossref's listing of his iD is built by hand in its
// documented shape (see discover_test.go): the works it lists, the ACL
// paper added with his iD at author 5, so that one listing names it too.
const recordDiscoverManifest = `mailto = "ada@example.org"
providers = ["orcid", "dblp", "crossref"]

[[identity]]
orcid = "0000-0002-9341-7985"
name = "Peter Binfield"

[[identity]]
dblp = "00/0000"
`

const binfieldCrossrefListingWithACL = `{"status":"ok","message-type":"work-list","message":{"total-results":2,"items-per-page":1000,"next-cursor":"DnF1ZXJ5VGhlbkZldGNo","items":[
{"DOI":"10.3233/ISU-130714","title":["Open access megajournals: have they changed everything?"],"author":[{"given":"Peter","family":"Binfield","ORCID":"http://orcid.org/0000-0002-9341-7985","authenticated-orcid":false,"sequence":"first"}],"issued":{"date-parts":[[2013]]}},
{"DOI":"10.18653/V1/2023.ACL-LONG.48","title":["Multi-CLS BERT: An Efficient Alternative to Traditional Ensembling"],"author":[{"given":"Haw-Shiuan","family":"Chang","sequence":"first"},{"given":"Ruei-Yao","family":"Sun","sequence":"additional"},{"given":"Kathryn","family":"Ricci","sequence":"additional"},{"given":"Andrew","family":"McCallum","sequence":"additional"},{"given":"Peter","family":"Binfield","ORCID":"https://orcid.org/0000-0002-9341-7985","authenticated-orcid":false,"sequence":"additional"}],"issued":{"date-parts":[[2023]]}}]}}`

// recordDiscoverNet is the recorded ORCID record and dblp page; page
// edits the dblp page before it is served (nil: dblp.org answers 500).
func recordDiscoverNet(t *testing.T, page func(string) string) *fakeNet {
	n := recordedNet(t)
	n.agencies["10.18653"] = "Crossref"
	n.listings = map[string]fakeAnswer{"api.crossref.org 0000-0002-9341-7985 *": {200, []byte(binfieldCrossrefListingWithACL)}}
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "dblp", "assembled-person-00-0000.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var body []byte
	if page != nil {
		body = []byte(page(string(raw)))
	}
	xml := http.Header{"Content-Type": {"application/xml; charset=utf-8"}}
	n.Override(fakenet.Host("dblp.org"), func(req *http.Request) (*http.Response, error) {
		if page == nil {
			return fakenet.Response(req, http.StatusInternalServerError, []byte("oops"), nil), nil
		}
		if req.URL.Path == "/pid/00/0000.xml" {
			return fakenet.Response(req, 200, body, xml), nil
		}
		return fakenet.Response(req, http.StatusNotFound, nil, xml), nil // the NeurIPS volume
	})
	return n
}

func asRecorded(page string) string { return page }

// withORCIDLink gives the assembled person dblp's verified link to
// Binfield's iD, a <url> in its <person> as dblp writes it (the shape
// providers/dblp's venues_test.go reads).
func withORCIDLink(page string) string {
	return strings.Replace(page, `<author pid="00/0000">Assembled Person</author>`,
		`<author pid="00/0000">Assembled Person</author>`+"\n"+`<url>https://orcid.org/0000-0002-9341-7985</url>`, 1)
}

// wantNotOnRecord is the researcher's not_on_record as written by hand
// from the recorded dblp records: the three works, each by the key the
// page shows it under, with dblp's record key (the CoRR e-print with the
// arXiv DOI its record's edition gives); the ACL paper with Crossref's
// evidence. links is `"links_orcid": true,` when dblp's page
// links the iD.
func wantNotOnRecord(links string) string {
	listed := func(key, work string) string {
		l := `          "listed": [
            {
`
		if links != "" {
			l += "              " + links + "\n"
		}
		return l + `              "listing": "dblp:00/0000",
              "record": "` + key + `",
              "work": "` + work + `"
            }
          ],
`
	}
	return `      "not_on_record": [
        {
          "arxiv": "2508.04024",
          "doi": "10.48550/arxiv.2508.04024",
` + listed("journals/corr/abs-2508-04024", "arxiv:2508.04024") + `          "title": "Identity Theft in AI Conference Peer Review",
          "work": "arxiv:2508.04024",
          "year": 2025
        },
        {
` + listed("conf/nips/VaswaniSPUJGKP17", "dblp-work:conf/nips/VaswaniSPUJGKP17") + `          "title": "Attention is All you Need",
          "work": "dblp-work:conf/nips/VaswaniSPUJGKP17",
          "year": 2017
        },
        {
          "doi": "10.18653/v1/2023.acl-long.48",
          "evidence": [
            {
              "name": "Peter Binfield",
              "name_check": "agrees",
              "position": 5,
              "provider": "crossref",
              "role": "author"
            }
          ],
` + listed("conf/acl/ChangSRM23", "doi:10.18653/v1/2023.acl-long.48") + `          "title": "Multi-CLS BERT: An Efficient Alternative to Traditional Ensembling",
          "work": "doi:10.18653/v1/2023.acl-long.48",
          "year": 2023
        }
      ],
      "orcid": "0000-0002-9341-7985"
`
}

// TestDiscoverWorksTheRecordLacks: the works the page has through the
// dblp person of the same person as the ORCID record, and that the
// record lacks, are suggested for the record under not_on_record, with
// dblp's record key, Crossref's evidence where its listing by the iD
// names the work too, and whether dblp's page links the iD; the story
// says so in a line; no request is added; the same bytes at -j 1 and 8.
func TestDiscoverWorksTheRecordLacks(t *testing.T) {
	for _, c := range []struct {
		name, links string
		page        func(string) string
		story       string
	}{
		{"paired by shape", "", asRecorded, "0000-0002-9341-7985: 3 works on the page through dblp:00/0000 are not on the ORCID record; a Crossref, DataCite or OpenAlex listing by the iD names 1 of them too\n"},
		{"dblp links the iD", `"links_orcid": true,`, withORCIDLink, "0000-0002-9341-7985: 3 works on the page through dblp:00/0000 are not on the ORCID record; a Crossref, DataCite or OpenAlex listing by the iD names 1 of them too; dblp's page links this iD\n"},
	} {
		var folders []string
		for _, workers := range []int{1, 8} {
			m := newManifest(t, recordDiscoverManifest)
			net := recordDiscoverNet(t, c.page)
			without := newManifest(t, strings.Replace(recordDiscoverManifest, "mailto =", "discover = false\nmailto =", 1))
			before := recordDiscoverNet(t, c.page)
			runOK(t, testOptions(without, before, workers))
			rep := runOK(t, testOptions(m, net, workers))
			got, err := os.ReadFile(filepath.Join(m.Snapshots, snapshots.UnclaimedFile))
			if err != nil {
				t.Fatalf("%s, -j %d: %v", c.name, workers, err)
			}
			if want := wantNotOnRecord(c.links); !strings.Contains(string(got), want) {
				t.Errorf("%s, -j %d: unclaimed.json:\n%s\nwant within it:\n%s", c.name, workers, got, want)
			}
			if !strings.Contains(string(got), `"add_to_record": "works under not_on_record`) {
				t.Errorf("%s, -j %d: unclaimed.json does not say how to add them to the record:\n%s", c.name, workers, got)
			}
			// Nothing more asked: only the Crossref listing, which discovery asks anyway.
			for _, host := range []string{"pub.orcid.org", "dblp.org", "api.openalex.org"} {
				if a, b := net.requests(host), before.requests(host); a != b {
					t.Errorf("%s, -j %d: %s answered %d requests with discovery, %d without", c.name, workers, host, a, b)
				}
			}
			if a, b := worksOnly(t, m.Snapshots), worksOnly(t, without.Snapshots); a != b {
				t.Errorf("%s, -j %d: discovery changed the page's works:\n%s", c.name, workers, firstDiff(b, a))
			}
			checkNotOnRecordStory(t, rep, c.story)
			if p := check.Offline(m, m.Snapshots).Problems; len(p) > 0 {
				t.Errorf("%s, -j %d: check --offline finds problems in the folder fetch wrote: %v", c.name, workers, p)
			}
			folders = append(folders, folderBytes(t, m.Snapshots))
		}
		if folders[0] != folders[1] {
			t.Errorf("%s: the folder differs at -j 1 and -j 8:\n%s", c.name, firstDiff(folders[0], folders[1]))
		}
	}
}

func checkNotOnRecordStory(t *testing.T, rep *report.Report, line string) {
	t.Helper()
	var story bytes.Buffer
	rep.WriteSummary(&story)
	if js, _ := json.Marshal(rep.JSON()); !strings.Contains(string(js), `"not_on_record":[{"orcid":"0000-0002-9341-7985","works":`) {
		t.Errorf("--report lacks not_on_record: %s", js)
	}
	for _, want := range []string{
		"works the page has from dblp or INSPIRE-HEP that the ORCID record lacks (unclaimed.json, not_on_record):\n  " + line,
		"  to add them to the record: on orcid.org, Works, Add works: Search & link, or Import BibTeX",
	} {
		if !strings.Contains(story.String(), want) {
			t.Errorf("the story lacks %q:\n%s", want, story.String())
		}
	}
}

// TestWorksTheRecordLacksKeptWhenUnread: a run whose dblp page fails,
// and one whose ORCID record fails, suggests nothing new and keeps last
// run's not_on_record (the story says it is last run's); discover =
// false removes the file.
func TestWorksTheRecordLacksKeptWhenUnread(t *testing.T) {
	m := newManifest(t, recordDiscoverManifest)
	runOK(t, testOptions(m, recordDiscoverNet(t, asRecorded), 4))
	path := filepath.Join(m.Snapshots, snapshots.UnclaimedFile)
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dblpDown := recordDiscoverNet(t, nil)
	orcidDown := recordDiscoverNet(t, asRecorded)
	orcidDown.down("pub.orcid.org", http.StatusInternalServerError, "oops")
	for _, c := range []struct {
		name string
		net  *fakeNet
	}{{"dblp down", dblpDown}, {"ORCID down", orcidDown}} {
		net := c.net
		rep := runOK(t, testOptions(m, net, 4))
		if got, _ := os.ReadFile(path); !bytes.Equal(got, first) {
			t.Errorf("%s: unclaimed.json changed:\n%s\nwant\n%s", c.name, got, first)
		}
		var story bytes.Buffer
		rep.WriteSummary(&story)
		if !strings.Contains(story.String(), "are not on the ORCID record; a Crossref, DataCite or OpenAlex listing by the iD names 1 of them too (last run's: the record or a listing could not be read this run)") {
			t.Errorf("%s: the story does not say the suggestions are last run's:\n%s", c.name, story.String())
		}
	}
	off := newManifest(t, strings.Replace(recordDiscoverManifest, "mailto =", "discover = false\nmailto =", 1))
	off.Snapshots = m.Snapshots
	runOK(t, testOptions(off, recordDiscoverNet(t, asRecorded), 4))
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("with discover = false, unclaimed.json is still there (%v)", err)
	}
}

// TestDiscoverWorksTheRecordLacksFromINSPIRE: an INSPIRE author beside
// Binfield's record (paired by the manifest's shape) puts the recorded
// search answer's ten works on the page; none is on his record, so all
// ten are under not_on_record, each with its hit's recid (written from
// testdata/inspire/literature-q-a-witten-page1.json).
func TestDiscoverWorksTheRecordLacksFromINSPIRE(t *testing.T) {
	n := recordedNet(t)
	body, err := os.ReadFile(filepath.Join("..", "testdata", "inspire", "literature-q-a-witten-page1.json"))
	if err != nil {
		t.Fatal(err)
	}
	n.Override(fakenet.Host("inspirehep.net"), func(req *http.Request) (*http.Response, error) {
		if req.URL.Path != "/api/literature" || req.URL.Query().Get("page") != "1" {
			return fakenet.Response(req, http.StatusNotFound, nil, nil), nil
		}
		return fakenet.Response(req, 200, body, nil), nil
	})
	m := newManifest(t, "providers = [\"orcid\", \"inspire\"]\n\n[[identity]]\norcid = \"0000-0002-9341-7985\"\n\n[[identity]]\ninspire = \"E.Witten.1\"\n")
	rep := runOK(t, testOptions(m, n, 4))
	var u snapshots.Unclaimed
	if err := snapshots.Read(filepath.Join(m.Snapshots, snapshots.UnclaimedFile), &u); err != nil {
		t.Fatal(err)
	}
	if len(u.Researchers) != 1 || len(u.Researchers[0].NotOnRecord) != 10 {
		t.Fatalf("unclaimed.json: %+v; want Binfield's ten works not on his record", u)
	}
	recids := map[string]string{}
	for _, w := range u.Researchers[0].NotOnRecord {
		if len(w.Listed) != 1 || w.Listed[0].Listing != "inspire:E.Witten.1" || w.Listed[0].LinksORCID {
			t.Errorf("%s: listed %+v; want INSPIRE's listing alone, paired by shape", w.Work, w.Listed)
			continue
		}
		recids[w.Work] = w.Listed[0].Record
	}
	for work, recid := range map[string]string{"doi:10.1007/jhep02(2013)132": "1191456", "doi:10.1088/0264-9381/5/10/006": "23992", "doi:10.1103/physrevlett.56.2763": "233030"} {
		if recids[work] != recid {
			t.Errorf("%s: recid %q, want %q", work, recids[work], recid)
		}
	}
	checkNotOnRecordStory(t, rep, "0000-0002-9341-7985: 10 works on the page through inspire:E.Witten.1 are not on the ORCID record\n")
}

// binfieldLinkingProfiles is Binfield's recorded /person with two
// researcher URLs where it has none, each in the shape of Carberry's
// recorded entries (testdata/orcid/orcid-record-0000-0002-1825-0097.json:
// url-name, url.value, source, put-code, display-index): a dblp person's
// persistent URL and an INSPIRE profile's address. The addresses are
// written for the test; no recorded ORCID answer holding one was found.
func binfieldLinkingProfiles(t *testing.T) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "orcid", "orcid-person-0000-0002-9341-7985.json"))
	if err != nil {
		t.Fatal(err)
	}
	entry := func(putCode, name, addr string) string {
		return `{"created-date":{"value":1446663146890},"last-modified-date":{"value":1462157645967},"source":{"source-orcid":{"uri":"https://orcid.org/0000-0002-9341-7985","path":"0000-0002-9341-7985","host":"orcid.org"},"source-client-id":null,"source-name":{"value":"Peter Binfield"},"assertion-origin-orcid":null,"assertion-origin-client-id":null,"assertion-origin-name":null},` +
			`"url-name":"` + name + `","url":{"value":"` + addr + `"},"visibility":"public","path":"/0000-0002-9341-7985/researcher-urls/` + putCode + `","put-code":` + putCode + `,"display-index":1}`
	}
	urls := `"researcher-url" : [ ` + entry("568401", "dblp", "https://dblp.org/pid/00/0000.html") + `, ` + entry("568402", "INSPIRE-HEP", "https://inspirehep.net/authors/1010907") + ` ],`
	out := strings.Replace(string(raw), `"researcher-url" : [ ],`, urls, 1)
	if out == string(raw) {
		t.Fatal("the recorded /person has no empty researcher-url list to fill")
	}
	return []byte(out)
}

// TestDiscoverProfilesTheRecordLinks: the ORCID record's researcher URLs,
// read with its name (no request more), name a dblp person and an INSPIRE
// profile; the story gives the manifest line that would list the dblp
// person's works, and for the INSPIRE profile, whose address holds a
// record number the inspire identity does not take, what to look up. A
// manifest that names the dblp person is told only of the INSPIRE one.
func TestDiscoverProfilesTheRecordLinks(t *testing.T) {
	for _, c := range []struct {
		name, manifest string
		want, not      []string
	}{
		{"the record alone", "providers = [\"orcid\"]\n\n[[identity]]\norcid = \"0000-0002-9341-7985\"\n",
			[]string{
				"dblp or INSPIRE-HEP profiles the ORCID records link that the manifest does not name:\n",
				"  0000-0002-9341-7985 links https://dblp.org/pid/00/0000.html, which the manifest does not name: to list its works, add to the manifest, as an [[identity]], dblp = \"00/0000\"\n",
				"  0000-0002-9341-7985 links https://inspirehep.net/authors/1010907, whose number is no INSPIRE author id: add to the manifest, as an [[identity]], inspire = \"…\" with the BAI (E.Witten.1) or INSPIRE ID the profile shows\n",
			}, nil},
		{"the dblp person named", recordDiscoverManifest,
			[]string{"  0000-0002-9341-7985 links https://inspirehep.net/authors/1010907, whose number"},
			[]string{"links https://dblp.org/pid/00/0000.html"}},
	} {
		net := recordedNet(t) // asks nothing of dblp.org: the fake fails the test on any request it does not know
		if strings.Contains(c.manifest, "dblp") {
			net = recordDiscoverNet(t, asRecorded)
		}
		net.routes["pub.orcid.org/v3.0/0000-0002-9341-7985/person"] = fakeAnswer{200, binfieldLinkingProfiles(t)}
		rep := runOK(t, testOptions(newManifest(t, c.manifest), net, 4))
		if n := net.requests("pub.orcid.org"); n != 3 {
			t.Errorf("%s: %d requests to ORCID, want its three (works, one bulk page, person)", c.name, n)
		}
		var story bytes.Buffer
		rep.WriteSummary(&story)
		for _, want := range c.want {
			if !strings.Contains(story.String(), want) {
				t.Errorf("%s: the story lacks %q:\n%s", c.name, want, story.String())
			}
		}
		for _, not := range c.not {
			if strings.Contains(story.String(), not) {
				t.Errorf("%s: the story has %q:\n%s", c.name, not, story.String())
			}
		}
	}
}

// TestDBLPPageLinkingAnotherIDIsTold: a dblp person page that links an
// ORCID iD the manifest does not name (dblp's verified link to somebody
// else: the pid is likely a homonym's, dblp telling people of one name
// apart only by the number after it) pairs with no record, and the story
// says so, naming the listing and the iD it links; its works stay on the
// page, the manifest's word. A page that links the manifest's iD, or none,
// is told nothing.
func TestDBLPPageLinkingAnotherIDIsTold(t *testing.T) {
	other := func(page string) string {
		return strings.Replace(withORCIDLink(page), "https://orcid.org/0000-0002-9341-7985", "https://orcid.org/0000-0001-5109-3700", 1)
	}
	for _, c := range []struct {
		name string
		page func(string) string
		told bool
	}{{"another iD", other, true}, {"the manifest's iD", withORCIDLink, false}, {"no iD", asRecorded, false}} {
		m := newManifest(t, recordDiscoverManifest)
		rep := runOK(t, testOptions(m, recordDiscoverNet(t, c.page), 4))
		var story bytes.Buffer
		rep.WriteSummary(&story)
		told := strings.Contains(story.String(), "dblp's page links the ORCID iD 0000-0001-5109-3700, which the manifest does not name")
		if told != c.told {
			t.Errorf("%s: told %v, want %v:\n%s", c.name, told, c.told, story.String())
		}
		if c.told {
			var u snapshots.Unclaimed
			_ = snapshots.Read(filepath.Join(m.Snapshots, snapshots.UnclaimedFile), &u)
			for _, r := range u.Researchers {
				if len(r.NotOnRecord) > 0 {
					t.Errorf("%s: not_on_record suggests the other person's works: %+v", c.name, r.NotOnRecord)
				}
			}
		}
	}
}

package orchestrator

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// One entry per work on real-shaped profiles (#20 item 9). The two ORCID
// records below are built in the shape of the recorded works summary
// (testdata/orcid/orcid-works-0000-0002-9341-7985.json: one group per set
// of shared identifiers, Scopus copies with an eid alone) and hold what
// real profiles hold: a figshare dataset as its base DOI and .v1–.v5, each
// its own group, answered by DataCite with no relatedIdentifiers (the
// recorded figshare answer, DOI swapped for the versions); two bioRxiv
// preprints (one the recorded Crossref answer, whose relation is empty)
// beside their journal articles with no relation either way; a near miss;
// imported copies of a DOI work with and without a year; copies with no
// DOI work; and, in a lab, the same identifier-less work on both members'
// records.

const (
	oneOwner  = "0000-0002-1825-0097"
	oneMember = "0000-0001-5109-3700"
	oneBase   = "10.6084/m9.figshare.1449060"
	onePre1   = "10.1101/2020.12.01.406702"
	onePub1   = "10.5555/joyce.glycolipid"
	onePre2   = "10.1101/2021.06.10.447893"
	onePub2   = "10.5555/carberry.atmospheres"
	oneMissP  = "10.1101/2019.02.02.000111"
	oneMissJ  = "10.5555/carberry.crazing"
	oneHolo   = "10.5555/carberry.holography"
)

const oneEntryManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref", "datacite"]
` + kilnLab

// kilnLab is the lab of two members, oneOwner and oneMember, that the
// constructed records belong to: a manifest's tail after its providers.
const kilnLab = `
[lab]
name = "Kiln Lab"

[[member]]
name = "Josiah Carberry"
orcid = "` + oneOwner + `"

[[member]]
name = "Laure Haak"
orcid = "` + oneMember + `"
`

// profileWork is one entry of a constructed ORCID record: one group each.
type profileWork struct {
	put         int
	source      string
	title, typ  string
	year        int
	idType, idV string // "" for a work with no identifier
}

func (p profileWork) summary(orcid string) string {
	ids := ""
	if p.idType != "" {
		ids = fmt.Sprintf(`{"external-id-type":%q,"external-id-value":%q,"external-id-normalized":{"value":%q,"transient":true},"external-id-url":null,"external-id-relationship":"self"}`,
			p.idType, p.idV, strings.ToLower(p.idV))
	}
	date := "null"
	if p.year != 0 {
		date = fmt.Sprintf(`{"year":{"value":"%d"},"month":null,"day":null}`, p.year)
	}
	return fmt.Sprintf(`{"created-date":{"value":1600000000000},"last-modified-date":{"value":1700000000000},
		"source":{"source-orcid":null,"source-client-id":null,"source-name":{"value":%q}},"put-code":%d,
		"title":{"title":{"value":%q},"subtitle":null,"translated-title":null},"external-ids":{"external-id":[%s]},
		"url":null,"type":%q,"publication-date":%s,"journal-title":null,"visibility":"public","path":"/%s/work/%d","display-index":"1"}`,
		p.source, p.put, p.title, ids, p.typ, date, orcid, p.put)
}

// serveProfile answers a record's works summary and its bulk details.
func serveProfile(n *fakeNet, orcid string, works []profileWork) {
	var groups, bulk, codes []string
	for _, w := range works {
		s := w.summary(orcid)
		groups = append(groups, `{"last-modified-date":null,"external-ids":{"external-id":[]},"work-summary":[`+s+`]}`)
		bulk = append(bulk, `{"work":`+s+`}`)
		codes = append(codes, fmt.Sprint(w.put))
	}
	n.routes["pub.orcid.org/v3.0/"+orcid+"/works"] = fakeAnswer{200, []byte(`{"last-modified-date":null,"group":[` + strings.Join(groups, ",") + `],"path":"/` + orcid + `/works"}`)}
	n.routes["pub.orcid.org/v3.0/"+orcid+"/works/"+strings.Join(codes, ",")] = fakeAnswer{200, []byte(`{"bulk":[` + strings.Join(bulk, ",") + `]}`)}
	n.file("pub.orcid.org", "/v3.0/"+orcid+"/person", 200, "orcid/constructed-orcid-person-0000-0002-1825-0097.json")
}

// crossrefWork is a Crossref work answer with no relation, as the
// recorded bioRxiv answer has none.
func crossrefWork(doi, typ, title string, year int, families ...string) fakeAnswer {
	var authors []string
	for i, f := range families {
		seq := "additional"
		if i == 0 {
			seq = "first"
		}
		authors = append(authors, fmt.Sprintf(`{"given":"A.","family":%q,"sequence":%q}`, f, seq))
	}
	return fakeAnswer{200, []byte(fmt.Sprintf(`{"status":"ok","message-type":"work","message":{"DOI":%q,"type":%q,"title":[%q],
		"author":[%s],"issued":{"date-parts":[[%d]]},"relation":{}}}`, doi, typ, title, strings.Join(authors, ","), year))}
}

func oneEntryNet(t testing.TB) *fakeNet {
	n := newFakeNet(t)
	wings := "Drosophila melanogaster wing images from low and high altitude populations in Ethiopia and Zambia."
	glycolipid := "Identification of a novel cationic glycolipid in Streptococcus agalactiae that contributes to brain entry and meningitis"
	owner := []profileWork{{101, "DataCite", wings, "data-set", 2020, "doi", oneBase}}
	for v := 1; v <= 5; v++ {
		owner = append(owner, profileWork{100 + v + 1, "DataCite", wings, "data-set", 2015 + v, "doi", fmt.Sprintf("%s.v%d", oneBase, v)})
	}
	owner = append(owner,
		profileWork{201, "Crossref", glycolipid, "preprint", 2020, "doi", onePre1},
		profileWork{202, "Crossref", glycolipid, "journal-article", 2022, "doi", onePub1},
		profileWork{211, "Crossref", "Kiln atmospheres and glaze colour", "preprint", 2021, "doi", onePre2},
		profileWork{212, "Crossref", "Kiln atmospheres and glaze colour", "journal-article", 2023, "doi", onePub2},
		profileWork{221, "Crossref", "Crazing in stoneware glazes", "preprint", 2019, "doi", oneMissP},
		profileWork{222, "Crossref", "Crazing in stoneware glazes: a field study", "journal-article", 2020, "doi", oneMissJ},
		profileWork{401, "Crossref", "Reciprocity failure in continuous wave holography", "journal-article", 1993, "doi", oneHolo},
		profileWork{402, "Scopus - Elsevier", "Reciprocity failure in continuous wave holography", "journal-article", 1993, "eid", "2-s2.0-0027639305"},
		profileWork{403, "Europe PubMed Central", "Reciprocity Failure in Continuous Wave Holography.", "journal-article", 0, "other-id", "EPMC-7731"},
		profileWork{501, "Scopus - Elsevier", "Modern developments in holography and its materials", "journal-article", 1992, "eid", "2-s2.0-44049114346"},
		profileWork{502, "Josiah Carberry", "Modern Developments in Holography and its Materials", "journal-article", 0, "", ""},
	)
	serveProfile(n, oneOwner, owner)
	serveProfile(n, oneMember, []profileWork{
		{601, "Scopus - Elsevier", "Modern developments in holography and its materials", "journal-article", 1992, "eid", "2-s2.0-44049114346"},
		{602, "Crossref", "Kiln atmospheres and glaze colour", "journal-article", 2023, "doi", onePub2},
	})
	recorded, err := os.ReadFile(filepath.Join("..", "testdata", "datacite", "datacite-doi-10.6084-m9.figshare.1449060.json"))
	if err != nil {
		t.Fatal(err)
	}
	n.routes["api.datacite.org/dois/"+oneBase] = fakeAnswer{200, recorded}
	for v := 1; v <= 5; v++ {
		doi := fmt.Sprintf("%s.v%d", oneBase, v)
		n.routes["api.datacite.org/dois/"+doi] = fakeAnswer{200, []byte(strings.ReplaceAll(string(recorded), oneBase, doi))}
	}
	n.file("api.crossref.org", "/works/"+onePre1, 200, "crossref/crossref-work-10.1101-2020.12.01.406702.json")
	n.routes["api.crossref.org/works/"+onePub1] = crossrefWork(onePub1, "journal-article", glycolipid, 2022,
		"Joyce", "Manzer", "Mendonça", "Villarreal", "Nagao", "Doran", "Palmer", "Guan")
	n.routes["api.crossref.org/works/"+onePre2] = crossrefWork(onePre2, "posted-content", "Kiln atmospheres and glaze colour", 2021, "Carberry", "Okafor")
	n.routes["api.crossref.org/works/"+onePub2] = crossrefWork(onePub2, "journal-article", "Kiln atmospheres and glaze colour", 2023, "Carberry", "Okafor", "Lind")
	n.routes["api.crossref.org/works/"+oneMissP] = crossrefWork(oneMissP, "posted-content", "Crazing in stoneware glazes", 2019, "Carberry")
	n.routes["api.crossref.org/works/"+oneMissJ] = crossrefWork(oneMissJ, "journal-article", "Crazing in stoneware glazes: a field study", 2020, "Carberry")
	n.routes["api.crossref.org/works/"+oneHolo] = crossrefWork(oneHolo, "journal-article", "Reciprocity failure in continuous wave holography", 1993, "Carberry")
	n.agencies = map[string]string{"10.1101": "Crossref", "10.5555": "Crossref", "10.6084": "DataCite"}
	return n
}

// TestOneEntryPerWorkOnRealProfiles: 18 works, 7 entries. Expected by
// hand from the answers, before → after this rule set:
//
//	works                                  before            after
//	figshare base + .v1–.v5 (6)            6 entries         1 (the base DOI)
//	bioRxiv 406702 + journal article       2                 1 (the article)
//	bioRxiv 447893 + journal article       2                 1 (the article)
//	bioRxiv 000111 + article w/ subtitle   2                 2, and a warning with [[link]]
//	holography DOI + Scopus copy (1993)    1 (typed twice)   1
//	  + Europe PMC copy, no year           +1                (same entry)
//	"Modern developments…" Scopus (1992),
//	  hand-typed copy (no year), and the
//	  other member's Scopus copy           3                 1 (the owner's Scopus copy)
//	total                                  17                7
func TestOneEntryPerWorkOnRealProfiles(t *testing.T) {
	m := newManifest(t, oneEntryManifest)
	rep, links := completeRun(t, m, oneEntryNet(t))
	ow := func(orcid string, put int) string { return fmt.Sprintf("orcid-work:%s/%d", orcid, put) }
	want := map[string]string{
		"doi:" + onePre1:   "doi:" + onePub1,
		"doi:" + onePre2:   "doi:" + onePub2,
		ow(oneOwner, 402):  "doi:" + oneHolo,
		ow(oneOwner, 403):  "doi:" + oneHolo,
		ow(oneOwner, 502):  ow(oneOwner, 501),
		ow(oneMember, 601): ow(oneOwner, 501),
	}
	for v := 1; v <= 5; v++ {
		want[fmt.Sprintf("doi:%s.v%d", oneBase, v)] = "doi:" + oneBase
	}
	var diffs []string
	for k, v := range want {
		if links.ShownAs[k] != v {
			diffs = append(diffs, fmt.Sprintf("%s shown as %q, want %q", k, links.ShownAs[k], v))
		}
	}
	for k, v := range links.ShownAs {
		if _, ok := want[k]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s shown as %q, want its own entry", k, v))
		}
	}
	slices.Sort(diffs)
	if len(diffs) > 0 {
		t.Errorf("shown_as:\n%s", strings.Join(diffs, "\n"))
	}
	works := []string{"doi:" + oneBase, "doi:" + onePub1, "doi:" + onePub2, "doi:" + oneMissP, "doi:" + oneMissJ, "doi:" + oneHolo, ow(oneOwner, 501)}
	for k := range want {
		works = append(works, k)
	}
	for _, k := range works {
		id, err := manifest.ParseKey(k)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(snapshots.Dir{Root: m.Snapshots}.WorkPath(id)); err != nil {
			t.Errorf("work %s not written: %v", k, err)
		}
	}
	if entries := len(works) - len(links.ShownAs); len(works) != 18 || entries != 7 {
		t.Errorf("%d works, %d entries; want 18 and 7", len(works), entries)
	}
	var nearMiss []string
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "[[link]]") {
			nearMiss = append(nearMiss, w.Identity+": "+w.Message)
		}
	}
	if len(nearMiss) != 1 || !strings.HasPrefix(nearMiss[0], "doi:"+oneMissP+": may be the preprint (bioRxiv/medRxiv) of doi:"+oneMissJ) ||
		!strings.Contains(nearMiss[0], "from = \"doi:"+oneMissP+"\"\n    to   = \"doi:"+oneMissJ+"\"\n    kind = \"preprint-of\"") {
		t.Errorf("warnings with [[link]] lines:\n%s\nwant the one near miss", strings.Join(nearMiss, "\n"))
	}
	if problems := checkLinks(m, m.Snapshots); len(problems) > 0 {
		t.Errorf("check --offline re-derives other links: %+v", problems) // the rules read only what work files hold
	}
	evidence := map[string]string{}
	for _, l := range links.Links {
		evidence[l.From] = strings.Join(l.Evidence, " | ")
	}
	for k, part := range map[string]string{
		"doi:" + oneBase + ".v3": "figshare writes versions as <base>.vN (https://info.figshare.com/docs/how-versioning-works)",
		"doi:" + onePre1:         "no relation links doi:" + onePre1 + " (bioRxiv/medRxiv) to a published version",
		ow(oneOwner, 403):        "year ?/1993 unknown, and it is the only work of the record with this title",
		ow(oneMember, 601):       "on ORCID records " + oneMember + " and " + oneOwner,
	} {
		if !strings.Contains(evidence[k], part) {
			t.Errorf("evidence of %s: %q, want %q", k, evidence[k], part)
		}
	}
}

// TestOneEntryByteIdentical: the decisions do not depend on -j.
func TestOneEntryByteIdentical(t *testing.T) {
	folderAtAnyJ(t, oneEntryManifest, oneEntryNet)
}

// completeRun runs m against net with 4 workers, fails unless every job
// finished, and returns the report and the links snapshot it wrote.
func completeRun(t *testing.T, m *manifest.Manifest, net http.RoundTripper) (*report.Report, snapshots.Links) {
	t.Helper()
	rep := runOK(t, testOptions(m, net, 4))
	if rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	var links snapshots.Links
	if err := snapshots.Read(snapshots.Dir{Root: m.Snapshots}.LinksPath(), &links); err != nil {
		t.Fatal(err)
	}
	return rep, links
}

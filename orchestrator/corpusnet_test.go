package orchestrator

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/fakenet"
	"github.com/aboutscholar/about/providers/wire"
)

// The corpus network (testdata/corpus/README.md): every recording of
// testdata/corpus that about asks for, served by the shape of the request
// as the real service answers it. Single lookups answer from the recorded
// single answers; list and batch requests are built from the same
// records (fakeNet's listForms for Crossref, OpenAlex and DataCite, and
// below for Semantic Scholar, Europe PMC and PubMed), so a change in how
// about asks (a list instead of singles, a field dropped from select)
// still reads the very same records.

const corpusOwner = "0000-0002-1825-0097"

// corpusDir is where the corpus lives, relative to this package.
const corpusDir = "../testdata/corpus"

// corpusAgencies is what doi.org's RA lookup names for each prefix of the
// corpus (the registrars that minted them: Crossref's and DataCite's
// member lists).
func corpusAgencies() map[string]string {
	return map[string]string{
		"10.1001": "Crossref", "10.1002": "Crossref", "10.1007": "Crossref", "10.1016": "Crossref", "10.1017": "Crossref",
		"10.1038": "Crossref", "10.1093": "Crossref", "10.1097": "Crossref", "10.1101": "Crossref", "10.1103": "Crossref",
		"10.1109": "Crossref", "10.1111": "Crossref", "10.1145": "Crossref", "10.1148": "Crossref", "10.1371": "Crossref",
		"10.2139": "Crossref", "10.3238": "Crossref", "10.3389": "Crossref", "10.53731": "Crossref", "10.7554": "Crossref",
		"10.5555": "Crossref", "10.1006": "Crossref", "10.1136": "Crossref",
		"10.1594": "DataCite", "10.2737": "DataCite", "10.48550": "DataCite", "10.5063": "DataCite",
		"10.5281": "DataCite", "10.6084": "DataCite", "10.7910": "DataCite",
		"10.18169": "DataCite", // #32: Siemens' prior-art register
		// #32 DataCite's resource types, related items and containers
		"10.5438": "DataCite", "10.12763": "DataCite", "10.4229": "DataCite", "10.18429": "DataCite",
		"10.3204": "DataCite", "10.3205": "DataCite", "10.26102": "DataCite", "10.11588": "DataCite",
		"10.21248": "DataCite", "10.17885": "DataCite", "10.7916": "DataCite", "10.48548": "DataCite",
		"10.25656": "DataCite",
		// The University of Queensland's theses: Crossref, as doi.org's RA
		// lookup answered commonmeta-py on 2026-07-23 (test_phd_thesis.yaml)
		"10.14264": "Crossref",
		"10.3934":  "Crossref", // #32 names: the American Institute of Mathematical Sciences
		"10.14457": "DataCite", // #32 names: King Mongkut's Institute of Technology Ladkrabang (ThaiLIS)
		// J-STAGE's Japanese Journal of Physical Fitness and Sports
		// Medicine: Crossref, whose record commonmeta-py's Crossref
		// reader reads (test_journal_article_original_language)
		"10.7600": "Crossref",
		"10.1117": "Crossref", // SPIE, a Crossref member (#32 editors)
	}
}

// dataCiteKindDOIs are the DataCite works of #32's type from resource
// type, related items and container sanity classes.
func dataCiteKindDOIs() []string {
	return []string{"10.5438/4k3m-nyvg", "10.12763/ona1045", "10.4229/23rdeupvsec2008-5co.8.3", "10.18429/jacow-ipac2016-tupmy003",
		"10.3204/desy-2014-01645", "10.3205/zma001102", "10.26102/2310-6018/2019.24.1.006", "10.11588/diglit.6130",
		"10.21248/jfml.2018.6", "10.17885/heiup.jts.2018.1-2.23812", "10.7916/d8959hr1", "10.48548/pubdata-155", "10.25656/01:28324"}
}

// corpusNet serves the corpus; S2, Europe PMC and PubMed are answered
// here, everything else by the embedded fakeNet.
type corpusNet struct {
	*fakeNet
	s2     map[string]string // Semantic Scholar paper id as asked (DOI:…) → paper object
	epmc   []gjson.Result    // Europe PMC core records
	pubmed map[string]string // PMID → its <PubmedArticle> element
	// served is, by identity key, the providers a recorded answer is
	// served for, so a test can check every recording was read.
	served map[string][]string
}

func (n *corpusNet) serves(key, provider string) {
	n.served[key] = append(n.served[key], provider)
}

func newCorpusNet(t testing.TB) *corpusNet {
	n := &corpusNet{fakeNet: newFakeNet(t), s2: map[string]string{}, pubmed: map[string]string{}, served: map[string][]string{}}
	n.agencies = corpusAgencies()
	provider := map[string]string{"api.crossref.org": "crossref", "api.openalex.org": "openalex", "api.datacite.org": "datacite", "api.unpaywall.org": "unpaywall"}
	serve := func(host, doi, prefix, file string) {
		n.file(host, prefix+wire.EscapeDOI(doi), 200, filepath.Join("corpus", file))
		n.serves("doi:"+doi, provider[host])
	}
	for doi, file := range map[string]string{
		"10.7554/elife.01567": "crossref-work-10.7554-elife.01567.json", "10.1017/9781108348843": "crossref-work-10.1017-9781108348843.json",
		"10.1145/3448016.3452841": "crossref-work-10.1145-3448016.3452841.json", "10.1007/978-3-662-46370-3_13": "crossref-work-10.1007-978-3-662-46370-3_13.json",
		"10.1109/iccv.2007.4408927": "crossref-work-10.1109-iccv.2007.4408927.json", "10.1101/2020.12.01.406702": "crossref-work-10.1101-2020.12.01.406702.json",
		"10.53731/ybhah-9jy85": "crossref-work-10.53731-ybhah-9jy85.json", "10.1371/journal.pone.0033693": "crossref-work-10.1371-journal.pone.0033693.json",
		"10.1038/srep16696":     "crossref-work-10.1038-srep16696.json",
		"10.14264/uql.2020.791": "crossref-work-10.14264-uql.2020.791.json", // #32: a dissertation dated by its approval
		"10.1117/12.2214605":    "crossref-work-10.1117-12.2214605.json",    // #32: a paper in proceedings with the proceedings' editors
	} {
		serve("api.crossref.org", doi, "/works/", "crossref/"+file)
	}
	// The bioRxiv preprint's journal article: no recording exists, so it
	// is built in the recorded answer's shape with no relation, as the
	// recorded preprint has none (see README.md).
	n.routes["api.crossref.org/works/10.5555/joyce.glycolipid"] = crossrefWork("10.5555/joyce.glycolipid", "journal-article",
		"Identification of a novel cationic glycolipid in Streptococcus agalactiae that contributes to brain entry and meningitis", 2022,
		"Joyce", "Manzer", "Mendonça", "Villarreal", "Nagao", "Doran", "Palmer", "Guan")
	n.serveListItem("crossref/crossref-works-filter-has-full-text-true-rows-3.json", 0)
	n.file("api.crossref.org", "/works/10.1371/notarealdoi", 404, "corpus/crossref/crossref-work-not-found-10.1371-notarealdoi.txt")
	n.fallback["api.crossref.org"] = n.routes["api.crossref.org/works/10.1371/notarealdoi"]
	for _, doi := range []string{"10.1371/journal.pone.0000030", "10.1017/9781108348843", "10.1007/978-3-662-46370-3_13", "10.2737/rds-2018-0001",
		"10.1101/097196", "10.1145/3448016.3452841", "10.7554/elife.55167.sa2", "10.14264/uql.2020.791", "10.3389/fpls.2019.00816",
		"10.3934/nhm.2009.4.249", "10.1371/journal.pmed.0030277.g001", // #32 names (manifest DOIs)
		"10.7600/jspfsm.56.60"} { // #32 keys: authors only in kanji
		serve("api.openalex.org", doi, "/works/doi:", "openalex/openalex-work-doi-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	n.otherwise("api.openalex.org", 404, "")
	for _, doi := range []string{"10.1594/pangaea.836178", "10.48550/arxiv.2311.16162", "10.5063/f1m61h5x", "10.5281/zenodo.48440", "10.7910/dvn/nj7xso"} {
		serve("api.datacite.org", doi, "/dois/", "datacite/datacite-doi-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	// #32's placeholders and name lists (manifest DOIs, not on the profile).
	for _, doi := range []string{"10.7910/dvn/eqtqyo", "10.18169/papdeottx00502", "10.14457/kmitl.res.2006.17"} {
		serve("api.datacite.org", doi, "/dois/", "datacite/datacite-doi-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	// #32's resource types, related items and container fields (manifest
	// DOIs; README.md). 10.25656/01:28324's file has no colon, which a
	// module's file names may not hold.
	for _, doi := range dataCiteKindDOIs() {
		serve("api.datacite.org", doi, "/dois/", "datacite/datacite-doi-"+strings.NewReplacer("/", "-", ":", "-").Replace(doi)+".json")
	}
	// figshare's versions .v1–.v5 of the recorded item: its answer with
	// the DOI swapped, as oneEntryNet builds them (DataCite's figshare
	// records carry no relatedIdentifiers; README.md).
	base := "10.6084/m9.figshare.1449060"
	recorded := n.read("datacite/datacite-doi-10.6084-m9.figshare.1449060.json")
	n.routes["api.datacite.org/dois/"+base] = fakeAnswer{200, recorded}
	n.serves("doi:"+base, "datacite")
	for v := 1; v <= 5; v++ {
		doi := fmt.Sprintf("%s.v%d", base, v)
		n.routes["api.datacite.org/dois/"+doi] = fakeAnswer{200, bytes.ReplaceAll(recorded, []byte(base), []byte(doi))}
		n.serves("doi:"+doi, "datacite")
	}
	n.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	for _, doi := range []string{"10.1001/jamadermatol.2015.3091", "10.1103/physrevlett.80.3915"} {
		serve("api.unpaywall.org", doi, "/v2/", "unpaywall/unpaywall-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	// Unpaywall's answer for a DOI it does not hold (its documented 404).
	n.otherwise("api.unpaywall.org", 404, `{"HTTP_status_code": 404, "error": true, "message": "'10.5555/x' is an invalid doi. See https://doi.org/10.5555/x"}`)
	n.loadS2()
	n.epmc = gjson.ParseBytes(n.read("europepmc/europepmc-search-cancer-core.json")).Get("resultList.result").Array()
	for _, r := range n.epmc {
		if doi := r.Get("doi").String(); doi != "" {
			n.serves("doi:"+strings.ToLower(doi), "europepmc")
		} else {
			n.serves("pmid:"+r.Get("pmid").String(), "europepmc")
		}
	}
	n.loadPubMed()
	n.serveProfile()
	n.answerBatches()
	return n
}

// serveListItem serves item i of a recorded Crossref list answer (a whole
// record: the list asked no select) as the single answer for its DOI,
// in the single route's envelope (#32 names: the has-full-text list's
// first item writes its authors in capitals).
func (n *corpusNet) serveListItem(file string, i int) {
	item := gjson.GetBytes(n.read(file), fmt.Sprintf("message.items.%d", i))
	doi := strings.ToLower(item.Get("DOI").String())
	body := `{"status":"ok","message-type":"work","message-version":"1.0.0","message":` + item.Raw + `}`
	n.routes["api.crossref.org/works/"+wire.EscapeDOI(doi)] = fakeAnswer{200, []byte(body)}
	n.serves("doi:"+doi, "crossref")
}

func (n *corpusNet) read(file string) []byte {
	body, err := os.ReadFile(filepath.Join(filepath.FromSlash(corpusDir), file))
	if err != nil {
		n.t.Fatal(err)
	}
	return body
}

// loadS2 indexes the recorded Semantic Scholar papers by the id the batch
// asks them by. The batch recording answered ["CorpusId:470667",
// "10.2139/ssrn.2250500", …] in that order, so its second paper is the
// SSRN work; the single answer for Turing's paper is the paper object the
// batch sends too (the batch "returns the same paper objects" for the
// same fields: https://api.semanticscholar.org/api-docs/graph#tag/Paper-Data/operation/post_graph_get_papers).
// Each holds only the fields its recording asked for.
func (n *corpusNet) loadS2() {
	batch := gjson.ParseBytes(n.read("semanticscholar/s2-paper-batch-fields-authors.json")).Array()
	n.s2["DOI:10.2139/ssrn.2250500"] = batch[1].Raw
	n.s2["DOI:10.1093/mind/lix.236.433"] = string(n.read("semanticscholar/s2-paper-10.1093-mind-lix.236.433-fields-title.json"))
	for id := range n.s2 {
		n.serves("doi:"+strings.TrimPrefix(id, "DOI:"), "semanticscholar")
	}
}

var pubmedArticle = regexp.MustCompile(`(?s)<PubmedArticle>.*?</PubmedArticle>`)
var pubmedPMID = regexp.MustCompile(`<PMID[^>]*>(\d+)</PMID>`)

// loadPubMed splits the recorded EFetch answers into their articles, by
// each article's own (first) PMID.
func (n *corpusNet) loadPubMed() {
	for _, f := range []string{"pubmed-efetch-11748933-11700088.xml", "pubmed-efetch-12091962-9997-abstract.xml", "pubmed-efetch-29106400.xml"} {
		for _, a := range pubmedArticle.FindAllString(string(n.read("pubmed/"+f)), -1) {
			if m := pubmedPMID.FindStringSubmatch(a); m != nil {
				n.pubmed[m[1]] = a
				n.serves("pmid:"+m[1], "pubmed")
			}
		}
	}
}

// serveProfile serves the constructed ORCID record of profile.tsv in the
// shape of the recorded works summary (serveProfile, oneentry_test.go).
func (n *corpusNet) serveProfile() {
	var works []profileWork
	sc := bufio.NewScanner(bytes.NewReader(n.read("profile.tsv")))
	sc.Scan() // the header
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 7 {
			n.t.Fatalf("profile.tsv: %q has %d fields, want 7", sc.Text(), len(f))
		}
		var put, year int
		fmt.Sscan(f[0], &put)
		fmt.Sscan(f[3], &year)
		works = append(works, profileWork{put: put, source: f[1], typ: f[2], year: year, idType: f[4], idV: f[5], title: f[6]})
	}
	serveProfile(n.fakeNet, corpusOwner, works)
}

// answerBatches lays the batch and search forms of S2, Europe PMC and
// PubMed over the fakeNet's single answers, from the same records.
func (n *corpusNet) answerBatches() {
	answered := func(f func(req *http.Request) *fakeAnswer) fakenet.Responder {
		return func(req *http.Request) (*http.Response, error) {
			ans := f(req)
			return fakenet.Response(req, ans.status, ans.body, nil), nil
		}
	}
	at := func(host, path string) fakenet.Matcher { return fakenet.All(fakenet.Host(host), fakenet.Path(path)) }
	n.Override(at("api.semanticscholar.org", "/graph/v1/paper/batch"), answered(n.s2Batch)).Optional()
	n.Override(at("www.ebi.ac.uk", "/europepmc/webservices/rest/search"),
		answered(func(req *http.Request) *fakeAnswer { return n.epmcSearch(req.URL.Query()) })).Optional()
	n.Override(at("eutils.ncbi.nlm.nih.gov", "/entrez/eutils/efetch.fcgi"),
		answered(func(req *http.Request) *fakeAnswer { return n.efetch(req.URL.Query()) })).Optional()
}

// s2Batch answers POST /graph/v1/paper/batch as the docs say: a list in
// the order of the request's ids, null for an id it does not know.
func (n *corpusNet) s2Batch(req *http.Request) *fakeAnswer {
	var body struct{ IDs []string }
	if err := json.NewDecoder(req.Body).Decode(&body); err != nil || req.Method != http.MethodPost {
		n.t.Errorf("fake network: S2 batch %s with body error %v", req.Method, err)
		return &fakeAnswer{status: http.StatusBadRequest}
	}
	items := make([]string, len(body.IDs))
	for i, id := range body.IDs {
		items[i] = "null"
		if p, ok := n.s2[id]; ok {
			items[i] = p
		}
	}
	return &fakeAnswer{status: 200, body: []byte("[" + strings.Join(items, ",") + "]")}
}

var epmcDOI = regexp.MustCompile(`DOI:"((?:[^"\\]|\\.)*)"`)
var epmcExtID = regexp.MustCompile(`EXT_ID:(\d+)`)

// epmcSearch answers a search by DOIs or PMIDs with the core records that
// carry them, in the recorded answer's envelope (hitCount, resultList);
// resultType=core records are what the recording holds, unchanged.
func (n *corpusNet) epmcSearch(q url.Values) *fakeAnswer {
	query := q.Get("query")
	if q.Get("resultType") != "core" || q.Get("format") != "json" {
		n.t.Errorf("fake network: Europe PMC search %v: the corpus holds resultType=core JSON only", q)
	}
	want := map[string]bool{}
	for _, m := range epmcDOI.FindAllStringSubmatch(query, -1) {
		want["doi "+strings.ToLower(strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[1]))] = true
	}
	for _, m := range epmcExtID.FindAllStringSubmatch(query, -1) {
		want["pmid "+m[1]] = true
	}
	var hits []string
	for _, r := range n.epmc {
		if want["doi "+strings.ToLower(r.Get("doi").String())] || want["pmid "+r.Get("pmid").String()] {
			hits = append(hits, r.Raw)
		}
	}
	body := fmt.Sprintf(`{"version":"6.9","hitCount":%d,"nextCursorMark":"*","request":{"queryString":%q,"resultType":"core","cursorMark":"*","pageSize":%s,"sort":"","synonym":false},"resultList":{"result":[%s]}}`,
		len(hits), query, q.Get("pageSize"), strings.Join(hits, ","))
	return &fakeAnswer{status: 200, body: []byte(body)}
}

// efetch answers EFetch for PMIDs with the recorded articles of those
// PMIDs in one PubmedArticleSet, leaving out PMIDs it has none for, as
// EFetch does.
func (n *corpusNet) efetch(q url.Values) *fakeAnswer {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC \"-//NLM//DTD PubMedArticle, 1st January 2018//EN\" \"https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_180101.dtd\">\n<PubmedArticleSet>\n")
	for _, id := range strings.Split(q.Get("id"), ",") {
		if a, ok := n.pubmed[id]; ok {
			b.WriteString(a + "\n")
		}
	}
	b.WriteString("</PubmedArticleSet>\n")
	return &fakeAnswer{status: 200, body: []byte(b.String())}
}

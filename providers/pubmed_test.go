package providers_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

func pubmedIdentity(v string) manifest.Identity {
	return manifest.Identity{Kind: manifest.KindPMID, Value: v}
}

// pubmedURI is the EFetch request for ids, with the mailto of the stub's env.
func pubmedURI(ids string) string {
	return "/entrez/eutils/efetch.fcgi?db=pubmed&id=" + ids + "&retmode=xml&tool=about&email=ada%40example.org"
}

// TestPubMedArticle reads the recording shared as "efetch for 29106400":
// the article in it is PMID 27797938 (Gut 2017), so that is the PMID asked
// for here. Inline markup, a structured abstract, multiple affiliations,
// MeSH headings and PMC/DOI ids are all in it.
func TestPubMedArticle(t *testing.T) {
	s := newStub(t)
	s.file(pubmedURI("27797938"), 200, "pubmed/pubmed-efetch-29106400.xml")
	ids := []manifest.Identity{pubmedIdentity("27797938")}
	res := fetchAll(t, providers.PubMed(), s.env(), ids...)
	if res[0].Status == record.Found {
		rec := res[0].Record
		if rec.Title != "Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer" { // without MEDLINE's full stop
			t.Errorf("title %q", rec.Title)
		}
		if !strings.Contains(rec.Abstract, "(TERT) gene region") || !strings.HasPrefix(rec.Abstract, "OBJECTIVE: ") {
			t.Errorf("abstract %q", rec.Abstract)
		}
	}
	assertBatchGolden(t, ids, res)
}

// TestPubMedAnswerForAnotherPMID: the recording labelled 29106400 holds
// only PMID 27797938. An answer is matched by the citation's own PMID, so
// asking for 29106400 and getting another article is "not found", never
// another work's metadata under this PMID.
func TestPubMedAnswerForAnotherPMID(t *testing.T) {
	s := newStub(t)
	s.file(pubmedURI("29106400"), 200, "pubmed/pubmed-efetch-29106400.xml")
	res := fetchAll(t, providers.PubMed(), s.env(), pubmedIdentity("29106400"))
	if res[0].Status != record.NotFound {
		t.Errorf("status %s, want not_found", res[0].Status)
	}
}

func TestPubMedBatch(t *testing.T) {
	s := newStub(t)
	s.file(pubmedURI("11748933,11700088"), 200, "pubmed/pubmed-efetch-11748933-11700088.xml")
	ids := []manifest.Identity{pubmedIdentity("11748933"), pubmedIdentity("11700088")}
	res := fetchAll(t, providers.PubMed(), s.env(), ids...)
	if res[0].Status == record.Found && !strings.Contains(res[0].Record.Authors[0].Affiliations[0], "Università") {
		t.Errorf("&#xe0; not decoded: %q", res[0].Record.Authors[0].Affiliations)
	}
	assertBatchGolden(t, ids, res)
}

// TestPubMedSeasonAndDay: a PubDate of "1990 Spring" keeps the year only,
// "1976 Sep 28" is a full date; the first citation has no abstract.
func TestPubMedSeasonAndDay(t *testing.T) {
	s := newStub(t)
	s.file(pubmedURI("12091962,9997"), 200, "pubmed/pubmed-efetch-12091962-9997-abstract.xml")
	ids := []manifest.Identity{pubmedIdentity("12091962"), pubmedIdentity("9997")}
	res := fetchAll(t, providers.PubMed(), s.env(), ids...)
	if res[0].Status == record.Found && res[0].Record.Issued != (record.Date{Year: 1990}) {
		t.Errorf("season date %+v, want year only", res[0].Record.Issued)
	}
	if res[1].Status == record.Found && res[1].Record.Issued != (record.Date{Year: 1976, Month: 9, Day: 28}) {
		t.Errorf("date %+v", res[1].Record.Issued)
	}
	assertBatchGolden(t, ids, res)
}

// TestPubMedPartialBatch: EFetch leaves an unknown PMID out of the answer;
// that one is not found, its neighbours found, in the order asked.
func TestPubMedPartialBatch(t *testing.T) {
	s := newStub(t)
	s.file(pubmedURI("11700088,99999999,11748933"), 200, "pubmed/pubmed-efetch-11748933-11700088.xml")
	res := fetchAll(t, providers.PubMed(), s.env(), pubmedIdentity("11700088"), pubmedIdentity("99999999"), pubmedIdentity("11748933"), pubmedIdentity("11700088"))
	want := []record.Status{record.Found, record.NotFound, record.Found, record.Found}
	for i, w := range want {
		if res[i].Status != w {
			t.Errorf("result %d: %s, want %s", i, res[i].Status, w)
		}
	}
	if res[0].Status == record.Found && res[0].Record.IDs.PMID != "11700088" || res[2].Status == record.Found && res[2].Record.IDs.PMID != "11748933" {
		t.Errorf("results out of order: %+v %+v", res[0].Record.IDs, res[2].Record.IDs)
	}
}

func TestPubMedAnswers(t *testing.T) {
	cases := []struct {
		name   string
		status int
		body   string
		want   record.Status
		err    error
	}{
		{"empty set", 200, `<?xml version="1.0" ?><PubmedArticleSet></PubmedArticleSet>`, record.NotFound, nil},
		{"404", 404, "not found", record.NotFound, nil},
		{"400", 400, `{"error":"API key invalid"}`, record.Failed, nil},
		{"500", 500, "oops", record.Failed, nil},
		// EFetch's in-band error document, sent with status 200.
		{"efetch error", 200, `<?xml version="1.0" ?><eFetchResult><ERROR>Empty id list - nothing todo</ERROR></eFetchResult>`, record.Failed, nil},
		{"esummary instead", 200, string(fixture(t, "pubmed/pubmed-esummary-11850928-11482001.xml")), record.Failed, service.ErrMalformed},
		{"truncated", 200, `<?xml version="1.0" ?><PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>11748933</PMID>`, record.Failed, service.ErrMalformed},
		{"empty body", 200, "", record.Failed, service.ErrMalformed},
		{"not xml", 200, `{"result":{}}`, record.Failed, service.ErrMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStub(t)
			s.text(pubmedURI("11748933"), c.status, c.body)
			res := fetchAll(t, providers.PubMed(), s.env(), pubmedIdentity("11748933"))
			if res[0].Status != c.want {
				t.Fatalf("status %s, want %s (%v)", res[0].Status, c.want, res[0].Err)
			}
			if c.err != nil && !errors.Is(res[0].Err, c.err) {
				t.Errorf("err %v, want %v", res[0].Err, c.err)
			}
			if c.name == "efetch error" && (errors.Is(res[0].Err, service.ErrMalformed) || !strings.Contains(res[0].Err.Error(), "Empty id list")) {
				t.Errorf("err %v, want the efetch message", res[0].Err)
			}
		})
	}
}

// TestPubMedParameters: tool is always sent, email only with a mailto, and
// the API key never by Fetch (the transport adds it for this host only).
func TestPubMedParameters(t *testing.T) {
	s := newStub(t)
	s.file("/entrez/eutils/efetch.fcgi?db=pubmed&id=9997&retmode=xml&tool=about", 200, "pubmed/pubmed-efetch-12091962-9997-abstract.xml")
	res := fetchAll(t, providers.PubMed(), s.envAs(""), pubmedIdentity("9997"))
	if res[0].Status != record.Found {
		t.Errorf("status %s (%v)", res[0].Status, res[0].Err)
	}
	if k := providers.PubMed().APIKey; k == nil || k.Env != "NCBI_API_KEY" || k.Query != "api_key" || k.Header != "" {
		t.Errorf("APIKey %+v, want NCBI_API_KEY as api_key", k)
	} else if k.MinInterval < 100*time.Millisecond || k.RateSource == "" {
		t.Errorf("keyed interval %v (source %q): NCBI allows a key 10 requests/s, so at least 100ms, from a documented source", k.MinInterval, k.RateSource)
	}
}

// TestPubMedNotAPMID: an identity that is not a PMID fails alone and is
// never sent.
func TestPubMedNotAPMID(t *testing.T) {
	s := newStub(t)
	s.file(pubmedURI("9997"), 200, "pubmed/pubmed-efetch-12091962-9997-abstract.xml")
	res := fetchAll(t, providers.PubMed(), s.env(),
		doi("10.1002/(sici)1097-4636(199812)42:3<444::aid-jbm16>3.0.co;2-#"),
		pubmedIdentity("09997"),
		pubmedIdentity("9997"))
	if res[0].Status != record.Failed || res[1].Status != record.Failed || res[2].Status != record.Found {
		t.Errorf("statuses %s %s %s, want failed failed found", res[0].Status, res[1].Status, res[2].Status)
	}
}

// pubmedConstructedSet is a constructed answer (no recording has these
// shapes), written from the PubMed DTD: a group author, an ORCID, an
// invalid name, a MedlineDate, Start/EndPage, an ELocationID DOI and a
// Bookshelf chapter.
const pubmedConstructedSet = `<?xml version="1.0" ?>
<PubmedArticleSet>
<PubmedArticle>
  <MedlineCitation Status="MEDLINE" Owner="NLM">
    <PMID Version="1">100</PMID>
    <Article PubModel="Print">
      <Journal>
        <JournalIssue><Volume>7</Volume><PubDate><MedlineDate>1998 Dec-1999 Jan</MedlineDate></PubDate></JournalIssue>
        <Title>Constructed journal</Title>
      </Journal>
      <ArticleTitle>Constructed title with x<sup>2</sup> and <i>Homo sapiens</i>.</ArticleTitle>
      <Pagination><StartPage>e1001</StartPage><MedlinePgn>e1001</MedlinePgn></Pagination>
      <ELocationID EIdType="doi" ValidYN="Y">10.1234/Constructed.100</ELocationID>
      <AuthorList CompleteYN="Y">
        <Author ValidYN="Y"><LastName>Ångström</LastName><ForeName>Anders J</ForeName><Initials>AJ</Initials>
          <Identifier Source="ORCID">https://orcid.org/0000-0002-1825-0097</Identifier>
          <AffiliationInfo><Affiliation>Uppsala universitet, Sweden.</Affiliation></AffiliationInfo></Author>
        <Author ValidYN="N"><LastName>Angstrom</LastName><ForeName>A</ForeName></Author>
        <Author ValidYN="Y"><CollectiveName>Constructed Consortium</CollectiveName></Author>
        <Author ValidYN="Y"><LastName>Initialsonly</LastName><Initials>QX</Initials></Author>
      </AuthorList>
      <PublicationTypeList><PublicationType UI="D000076942">Preprint</PublicationType></PublicationTypeList>
    </Article>
  </MedlineCitation>
  <PubmedData><ArticleIdList><ArticleId IdType="pubmed">100</ArticleId></ArticleIdList></PubmedData>
</PubmedArticle>
<PubmedBookArticle>
  <BookDocument>
    <PMID Version="1">200</PMID>
    <ArticleIdList><ArticleId IdType="bookaccession">NBK0000</ArticleId></ArticleIdList>
    <Book>
      <Publisher><PublisherName>Constructed Press</PublisherName></Publisher>
      <BookTitle book="constructed">Constructed Book</BookTitle>
      <PubDate><Year>2020</Year><Month>Mar</Month></PubDate>
      <AuthorList Type="editors"><Author ValidYN="Y"><LastName>Editor</LastName><ForeName>Ed</ForeName></Author></AuthorList>
      <Isbn>9780000000002</Isbn>
    </Book>
    <ArticleTitle book="constructed" part="ch1">Constructed Chapter</ArticleTitle>
    <PublicationType UI="D016454">Review</PublicationType>
    <Abstract><AbstractText>Chapter text.</AbstractText></Abstract>
  </BookDocument>
</PubmedBookArticle>
</PubmedArticleSet>`

func TestPubMedConstructedShapes(t *testing.T) {
	s := newStub(t)
	s.text(pubmedURI("100,200"), 200, pubmedConstructedSet)
	res := fetchAll(t, providers.PubMed(), s.env(), pubmedIdentity("100"), pubmedIdentity("200"))
	if res[0].Status != record.Found || res[1].Status != record.Found {
		t.Fatalf("statuses %s %s (%v %v)", res[0].Status, res[1].Status, res[0].Err, res[1].Err)
	}
	a := res[0].Record
	if a.Title != "Constructed title with x2 and Homo sapiens" { // MEDLINE's full stop dropped
		t.Errorf("title %q", a.Title)
	}
	if a.Issued != (record.Date{Year: 1998}) || a.Pages != "e1001" || a.IDs.DOI != "10.1234/constructed.100" || a.Type != "article" {
		t.Errorf("record %+v", a)
	}
	want := []record.Author{
		{Given: "Anders J", Family: "Ångström", ORCID: "0000-0002-1825-0097", Affiliations: []string{"Uppsala universitet, Sweden."}},
		{Name: "Constructed Consortium"},
		{Given: "QX", Family: "Initialsonly"},
	}
	if len(a.Authors) != len(want) {
		t.Fatalf("authors %+v", a.Authors)
	}
	for i := range want {
		got, w := a.Authors[i], want[i]
		if got.Name != w.Name || got.Given != w.Given || got.Family != w.Family || got.ORCID != w.ORCID || strings.Join(got.Affiliations, "|") != strings.Join(w.Affiliations, "|") {
			t.Errorf("author %d: %+v, want %+v", i, got, w)
		}
	}
	b := res[1].Record
	if b.Title != "Constructed Chapter" || b.Container != "Constructed Book" || b.Publisher != "Constructed Press" || b.Type != "chapter" ||
		b.Issued != (record.Date{Year: 2020, Month: 3}) || b.Abstract != "Chapter text." || len(b.Authors) != 1 || b.Authors[0].Family != "Editor" ||
		b.IDs.PMID != "200" || len(b.IDs.ISBN) != 1 || b.URL != "https://pubmed.ncbi.nlm.nih.gov/200/" {
		t.Errorf("book record %+v", b)
	}
}

func TestPubMedDates(t *testing.T) {
	cases := []struct {
		d    providers.PubMedDate
		want record.Date
	}{
		{providers.PubMedDate{Year: "2017", Month: "06"}, record.Date{Year: 2017, Month: 6}},
		{providers.PubMedDate{Year: "2001", Month: "Jun"}, record.Date{Year: 2001, Month: 6}},
		{providers.PubMedDate{Year: "2001", Month: "June", Day: "5"}, record.Date{Year: 2001, Month: 6, Day: 5}},
		{providers.PubMedDate{Year: "1990", Season: "Spring"}, record.Date{Year: 1990}},
		{providers.PubMedDate{Year: "2001", Month: "Feb", Day: "30"}, record.Date{Year: 2001, Month: 2}},
		{providers.PubMedDate{MedlineDate: "1998 Dec-1999 Jan"}, record.Date{Year: 1998}},
		{providers.PubMedDate{MedlineDate: "Spring 2000"}, record.Date{Year: 2000}},
		{providers.PubMedDate{MedlineDate: "n.d."}, record.Date{}},
		{providers.PubMedDate{Year: "x"}, record.Date{}},
	}
	for _, c := range cases {
		if got := providers.PubMedDateOf(c.d); got != c.want {
			t.Errorf("%+v: %+v, want %+v", c.d, got, c.want)
		}
	}
}

func TestPubMedSpec(t *testing.T) {
	if providers.PubMed().MinInterval.Seconds() < 1.0/3 {
		t.Errorf("MinInterval %s: NCBI allows 3 requests/s without a key", providers.PubMed().MinInterval)
	}
	if providers.PubMed().BatchSize > 200 {
		t.Errorf("BatchSize %d: NCBI asks for POST past about 200 ids", providers.PubMed().BatchSize)
	}
}

// pubmedCitations are the two recorded citations of the batch recording,
// by PMID, and the set's head and tail around them.
func pubmedCitations(t *testing.T) (head, tail string, byPMID map[string]string) {
	t.Helper()
	body := string(fixture(t, "pubmed/pubmed-efetch-11748933-11700088.xml"))
	start, end := strings.Index(body, "<PubmedArticle>"), strings.LastIndex(body, "</PubmedArticle>")+len("</PubmedArticle>")
	byPMID = map[string]string{}
	for _, c := range strings.SplitAfter(body[start:end], "</PubmedArticle>") {
		for _, pmid := range []string{"11748933", "11700088"} {
			if strings.Contains(c, `<PMID Version="1">`+pmid+"</PMID>") {
				byPMID[pmid] = c
			}
		}
	}
	return body[:start], body[end:], byPMID
}

// pubmedFiled is citation c filed under pmid: only its MedlineCitation's
// PMID changes, or its ArticleIdList's too when thorough.
func pubmedFiled(c, from, pmid string, thorough bool) string {
	c = strings.Replace(c, `<PMID Version="1">`+from+"</PMID>", `<PMID Version="1">`+pmid+"</PMID>", 1)
	if thorough {
		c = strings.Replace(c, `<ArticleId IdType="pubmed">`+from+"</ArticleId>", `<ArticleId IdType="pubmed">`+pmid+"</ArticleId>", 1)
	}
	return c
}

// TestPubMedCitationSpeaksOnlyForItsOwnPMID: an EFetch answer whose
// citations are filed under PMIDs not their own (issue #30) gives no work
// another's record. A citation whose ArticleIdList names another PMID, two
// different citations under one PMID, and a citation under a PMID not
// asked are no evidence: the PMIDs concerned (and any the answer lacks)
// are asked alone, with a warning; asked alone, a citation still in doubt
// fails its work.
func TestPubMedCitationSpeaksOnlyForItsOwnPMID(t *testing.T) {
	const a, b = "11748933", "11700088"
	head, tail, cite := pubmedCitations(t)
	set := func(cs ...string) string { return head + strings.Join(cs, "") + tail }
	titles := map[string]string{a: "Is cryopreservation a homogeneous process?", b: "Proton MRI of (13)C distribution"}
	cases := []struct {
		name   string
		batch  string
		alone  map[string]string // PMID → its answer asked alone
		failed map[string]bool   // PMIDs that fail
	}{
		{"labels swapped", set(pubmedFiled(cite[a], a, b, false), pubmedFiled(cite[b], b, a, false)),
			map[string]string{a: set(cite[a]), b: set(cite[b])}, nil},
		{"A's citation filed under a PMID nobody asked", set(pubmedFiled(cite[a], a, "99999999", true), cite[b]),
			map[string]string{a: set(cite[a])}, nil},
		{"B answered twice, the stranger first", set(cite[a], pubmedFiled(cite[a], a, b, true), cite[b]),
			map[string]string{b: set(cite[b])}, nil},
		{"asked alone, still in doubt", set(pubmedFiled(cite[a], a, b, false), pubmedFiled(cite[b], b, a, false)),
			map[string]string{a: set(pubmedFiled(cite[b], b, a, false)), b: set(cite[b])}, map[string]bool{a: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStub(t)
			s.text(pubmedURI(a+","+b), 200, c.batch)
			for pmid, body := range c.alone {
				s.text(pubmedURI(pmid), 200, body)
			}
			res := fetchAll(t, providers.PubMed(), s.env(), pubmedIdentity(a), pubmedIdentity(b))
			for i, pmid := range []string{a, b} {
				r := res[i]
				if c.failed[pmid] {
					if r.Status != record.Failed || !strings.Contains(r.Err.Error(), "pubmed") {
						t.Errorf("%s: %s %v, want failed, naming pubmed", pmid, r.Status, r.Err)
					}
					continue
				}
				if r.Status != record.Found || !strings.HasPrefix(r.Record.Title, titles[pmid]) {
					t.Errorf("%s: %s %v %+v, want its own title %q", pmid, r.Status, r.Err, r.Record, titles[pmid])
				}
				_, askedAlone := c.alone[pmid]
				if warned := len(r.Warnings) > 0; warned != askedAlone {
					t.Errorf("%s: warnings %v; asked alone: %v", pmid, r.Warnings, askedAlone)
				}
			}
		})
	}
}

// TestPubMedStrayWarningIsBounded: an EFetch answer padded with citations
// for PMIDs nobody asked names only the first few of them in the warning
// of each PMID it lacked, and counts the rest, as every list form does
// (service.StrayList): a warning per lacking work must not grow with the padding.
func TestPubMedStrayWarningIsBounded(t *testing.T) {
	const a, b = "11748933", "11700088"
	head, tail, cite := pubmedCitations(t)
	cs := []string{cite[b]}
	for n := range 10 {
		cs = append(cs, pubmedFiled(cite[a], a, fmt.Sprintf("9999990%d", n), true))
	}
	s := newStub(t)
	s.text(pubmedURI(a+","+b), 200, head+strings.Join(cs, "")+tail)
	s.text(pubmedURI(a), 200, head+cite[a]+tail)
	res := fetchAll(t, providers.PubMed(), s.env(), pubmedIdentity(a), pubmedIdentity(b))
	if res[0].Status != record.Found || len(res[0].Warnings) != 1 {
		t.Fatalf("%s: %s %v, warnings %v; want found alone, with one warning", a, res[0].Status, res[0].Err, res[0].Warnings)
	}
	if msg := res[0].Warnings[0].Message; strings.Contains(msg, "99999909") || !strings.Contains(msg, "and 7 more") {
		t.Errorf("warning %q names every stray, want the first three and \"and 7 more\"", msg)
	}
}

package providers

import (
	"cmp"
	"context"
	"encoding/xml"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/providers/xmltext"
	"github.com/aboutscholar/about/record"
)

const (
	pubmedEFetchPath = "/entrez/eutils/efetch.fcgi"
	// NCBI asks every E-utilities client to name itself (tool=) and give a
	// contact (email=, the manifest's mailto), so it can write before it
	// blocks.
	pubmedTool  = "about"
	pubmedEmail = "email"
)

// PubMed reads MEDLINE/PubMed citations by PMID from NCBI's E-utilities:
// journal, volume, issue, pages, publication date, abstract, authors with
// affiliations and ORCID iDs, DOI and PMCID, language, MeSH headings and publication
// types, up to 200 PMIDs per request.
//
// It uses EFetch (PubmedArticleSet XML) rather than ESummary: only EFetch
// carries the abstract, the MeSH headings, affiliations and author ORCID
// iDs. Its answers are XML, read with encoding/xml, not JSON.
func PubMed() service.Spec {
	return service.Spec{
		Name:  "pubmed",
		Probe: pubmedProbe(),
		Title: "PubMed",
		Host:  "eutils.ncbi.nlm.nih.gov",
		// NCBI allows 3 requests/s per IP without an API key and 10/s with one
		// (NCBI_API_KEY, APIKey.MinInterval below); past that it answers 429.
		// 350ms stays under 3/s.
		MinInterval: 350 * time.Millisecond,
		RateSource:  "https://www.ncbi.nlm.nih.gov/books/NBK25497/",
		Timeout:     60 * time.Second,
		Accepts:     []manifest.Kind{manifest.KindPMID},
		// EFetch takes a comma-separated id list; "if more than about 200 UIDs
		// are to be provided, the request should be made using the HTTP POST
		// method" (https://www.ncbi.nlm.nih.gov/books/NBK25499/), so 200 is
		// the most one GET should carry.
		BatchSize: 200,
		// With a key NCBI allows 10 requests/s ("up to 10 requests per
		// second by default" for a key, NBK25497); 110ms stays under that.
		APIKey: &service.APIKey{Env: "NCBI_API_KEY", Query: "api_key", MinInterval: 110 * time.Millisecond, RateSource: "https://www.ncbi.nlm.nih.gov/books/NBK25497/"},
		// NLM's terms for MEDLINE/PubMed data, which ask for the statement
		// below; some abstracts remain under their publishers' copyright.
		Terms:       "https://www.nlm.nih.gov/databases/download/terms_and_conditions.html",
		Attribution: "This product uses publicly available data from the U.S. National Library of Medicine (NLM), National Institutes of Health, Department of Health and Human Services; NLM is not responsible for the product and does not endorse or recommend this or any other product.",
		Fetch:       fetchPubMed,

		MailtoBenefit: "the contact NCBI asks every E-utilities client for",
	}
}

// pubmedProbe fetches one stable PubMed record with the efetch form the
// run batches with and checks the elements pubmedArticle reads. NCBI
// announces its per-second limit in X-RateLimit-Limit.
func pubmedProbe() service.Probe {
	return service.Probe{
		Path:   pubmedEFetchPath + "?db=pubmed&id=29106400&retmode=xml&tool=" + pubmedTool,
		Mailto: pubmedEmail,
		XML:    true,
		Fields: []string{"PubmedArticleSet/PubmedArticle/MedlineCitation/PMID", "PubmedArticleSet/PubmedArticle/MedlineCitation/Article/ArticleTitle",
			"PubmedArticleSet/PubmedArticle/MedlineCitation/Article/Journal/Title",
			"PubmedArticleSet/PubmedArticle/MedlineCitation/Article/Journal/JournalIssue/PubDate/Year",
			"PubmedArticleSet/PubmedArticle/MedlineCitation/Article/AuthorList/Author/LastName",
			"PubmedArticleSet/PubmedArticle/PubmedData/ArticleIdList/ArticleId@IdType"},
		Rate: &service.RateHeaders{Limit: "X-RateLimit-Limit", Per: time.Second,
			Source: "https://github.com/sckott/pytaxize/pull/69"},
		Doc: "https://www.ncbi.nlm.nih.gov/books/NBK25499/#chapter4.EFetch",
	}
}

// fetchPubMed asks EFetch for every PMID at once and matches the articles
// back by their own PMID (see pubmedSorted); a PMID the answer lacks is
// NotFound (EFetch leaves unknown ids out rather than failing), and one
// the answer leaves in doubt is asked again alone.
func fetchPubMed(ctx context.Context, env service.Env, ids []manifest.Identity) ([]service.Result, error) {
	out, asked, list := pubmedPlan(ids)
	if len(list) == 0 {
		return out, nil
	}
	set, fail := queryPubMed(ctx, env, list)
	sorted := sortPubMed(set, list)
	alone := map[string]service.Result{} // PMID → its answer when asked alone
	for i := range ids {
		switch {
		case asked[i] == "": // failed in the plan, never asked
		case fail != nil:
			out[i] = *fail
		default:
			out[i] = sorted.answer(ctx, env, asked[i], len(list) == 1, alone)
		}
	}
	return out, nil
}

// pubmedSorted is an EFetch answer's citations sorted by the PMID each is
// filed under (MedlineCitation>PMID), which alone says whose it is:
// EFetch documents no order for its answer
// (https://www.ncbi.nlm.nih.gov/books/NBK25499/#chapter4.EFetch). A
// citation is evidence for its PMID only when it is the one citation
// filed under it and the PMID its ArticleIdList gives (IdType "pubmed",
// the citation's own: https://www.nlm.nih.gov/bsd/licensee/elements_descriptions.html),
// if any, agrees; a
// citation filed under a PMID not asked is evidence for no one, and makes
// a PMID the answer lacks doubtful too, since it may be that one's under
// a wrong label.
type pubmedSorted struct {
	one    map[string]service.Result // asked PMID → its one citation's Result
	doubt  map[string]string         // asked PMID → why its citation is no evidence
	strays []string                  // PMIDs of citations for no asked PMID
}

func sortPubMed(set pubmedSet, list []string) pubmedSorted {
	s := pubmedSorted{one: map[string]service.Result{}, doubt: map[string]string{}}
	file := func(pmid string, listed []pubmedID, rec record.Record) {
		pmid = pubmedNormal(pmid)
		kept, seen := s.one[pmid]
		switch other := pubmedListed(listed); {
		case !slices.Contains(list, pmid):
			s.strays = append(s.strays, cmp.Or(pmid, "a citation with no PMID"))
		case other != "" && other != pmid:
			s.doubt[pmid] = "gave this PMID a citation whose ArticleIdList says it is " + other
		case seen && !reflect.DeepEqual(*kept.Record, rec):
			s.doubt[pmid] = "gave this PMID two different citations"
		case !seen:
			s.one[pmid] = service.Result{Status: record.Found, Record: &rec}
		}
	}
	for _, a := range set.Articles {
		file(a.PMID, a.IDs, a.record())
	}
	for _, b := range set.Books {
		file(b.Doc.PMID, b.Doc.IDs, b.record())
	}
	return s
}

// answer is the Result for pmid. A PMID in doubt is asked again alone
// (once, remembered in alone) unless it was asked alone already: then the
// answer is no evidence and the PMID fails.
func (s pubmedSorted) answer(ctx context.Context, env service.Env, pmid string, wasAlone bool, alone map[string]service.Result) service.Result {
	r, ok := s.one[pmid]
	why := s.doubt[pmid]
	// Asked alone, a citation for another PMID cannot be this one's under
	// a wrong label (TestPubMedAnswerForAnotherPMID): the PMID is absent.
	if why == "" && !ok && len(s.strays) > 0 && !wasAlone {
		why = "lacked this PMID and held citations for PMIDs not asked (" + service.StrayList(s.strays) + ")"
	}
	switch {
	case why == "" && ok:
		return r
	case why == "":
		return service.Result{Status: record.NotFound}
	case wasAlone:
		return service.Result{Status: record.Failed, Err: fmt.Errorf("pubmed: pmid:%s: the efetch answer %s", pmid, why)}
	}
	if r, done := alone[pmid]; done {
		return r
	}
	env.Announce(1)
	set, fail := queryPubMed(ctx, env, []string{pmid})
	if fail != nil {
		r = *fail
	} else {
		r = sortPubMed(set, []string{pmid}).answer(ctx, env, pmid, true, alone)
	}
	r.Warnings = append(r.Warnings, service.AskedAlone("pubmed", "pmid:"+pmid, "the efetch answer "+why))
	alone[pmid] = r
	return r
}

// pubmedListed is the PMID an ArticleIdList gives, "" when none.
func pubmedListed(ids []pubmedID) string {
	for _, id := range ids {
		if strings.EqualFold(id.Type, "pubmed") {
			return pubmedNormal(id.Value)
		}
	}
	return ""
}

// pubmedNormal is a PMID as the manifest writes it, or as sent when it
// is none.
func pubmedNormal(s string) string {
	if v, err := manifest.NormalizePMID(s); err == nil {
		return v
	}
	return strings.TrimSpace(s)
}

// pubmedPlan checks every id: one that is not a PMID fails alone. asked
// holds each id's PMID ("" when it failed); list holds each PMID once.
func pubmedPlan(ids []manifest.Identity) (out []service.Result, asked, list []string) {
	out = make([]service.Result, len(ids))
	asked = make([]string, len(ids))
	for i, id := range ids {
		pmid, err := manifest.NormalizePMID(id.Value)
		if err != nil || id.Kind != manifest.KindPMID {
			out[i] = service.Result{Status: record.Failed, Err: fmt.Errorf("pubmed: %s is not a PMID identity", id)}
			continue
		}
		asked[i] = pmid
		if !slices.Contains(list, pmid) {
			list = append(list, pmid)
		}
	}
	return out, asked, list
}

// queryPubMed sends one EFetch request. A non-nil Result is the outcome
// for every PMID asked (not found, or failed).
func queryPubMed(ctx context.Context, env service.Env, list []string) (pubmedSet, *service.Result) {
	// PMIDs are digits only (NormalizePMID checked), so the list needs no
	// escaping and its commas stay literal, as in NCBI's examples.
	u := wire.WithMailto(env.Base+pubmedEFetchPath+"?db=pubmed&id="+strings.Join(list, ",")+"&retmode=xml&tool="+pubmedTool,
		pubmedEmail, env.Mailto)
	ans, err := service.Get(ctx, env, u, "application/xml, text/xml")
	if err != nil {
		return pubmedSet{}, &service.Result{Status: record.Failed, Err: fmt.Errorf("pubmed: %w", err)}
	}
	switch {
	case wire.IsNotFound(ans.Status):
		return pubmedSet{}, &service.Result{Status: record.NotFound}
	case ans.Status < 200 || ans.Status > 299:
		return pubmedSet{}, &service.Result{Status: record.Failed, Err: &service.StatusError{Provider: "pubmed", Code: ans.Status}}
	}
	var set pubmedSet
	if err := xml.Unmarshal(ans.Body, &set); err != nil {
		return pubmedSet{}, &service.Result{Status: record.Failed, Err: service.Malformed("pubmed", "body is not well-formed XML: "+err.Error())}
	}
	switch set.XMLName.Local {
	case "PubmedArticleSet":
		return set, nil
	case "eFetchResult":
		// EFetch's in-band error, sent with status 200 ("API key invalid",
		// "Empty id list", …): the question went unanswered.
		why := service.CleanText(xmltext.Collapse(strings.Join(set.Errors, "; ")))
		return pubmedSet{}, &service.Result{Status: record.Failed, Err: fmt.Errorf("pubmed: efetch answered with an error: %s", why)}
	default:
		return pubmedSet{}, &service.Result{Status: record.Failed, Err: service.Malformed("pubmed", "answer is <"+set.XMLName.Local+">, not a PubmedArticleSet")}
	}
}

// pubmedSet is an EFetch answer: a PubmedArticleSet (journal articles and
// Bookshelf documents) or, on error, an eFetchResult.
type pubmedSet struct {
	XMLName  xml.Name
	Articles []pubmedArticle     `xml:"PubmedArticle"`
	Books    []pubmedBookArticle `xml:"PubmedBookArticle"`
	Errors   []string            `xml:"ERROR"`
}

// pubmedArticle is one PubmedArticle. Paths name direct children only, so
// the PMIDs and article ids of cited works (CommentsCorrections,
// ReferenceList) never match.
type pubmedArticle struct {
	PMID    string               `xml:"MedlineCitation>PMID"`
	Article pubmedJournalArticle `xml:"MedlineCitation>Article"`
	MeSH    []xmltext.Text       `xml:"MedlineCitation>MeshHeadingList>MeshHeading>DescriptorName"`
	IDs     []pubmedID           `xml:"PubmedData>ArticleIdList>ArticleId"`
}

type pubmedJournalArticle struct {
	Journal struct {
		ISSN    []string     `xml:"ISSN"`
		Volume  string       `xml:"JournalIssue>Volume"`
		Issue   string       `xml:"JournalIssue>Issue"`
		PubDate pubmedDate   `xml:"JournalIssue>PubDate"`
		Title   xmltext.Text `xml:"Title"`
	} `xml:"Journal"`
	Title           xmltext.Text `xml:"ArticleTitle"`
	VernacularTitle xmltext.Text `xml:"VernacularTitle"`
	Pagination      struct {
		StartPage  string `xml:"StartPage"`
		EndPage    string `xml:"EndPage"`
		MedlinePgn string `xml:"MedlinePgn"`
	} `xml:"Pagination"`
	ELocationIDs     []pubmedELocation    `xml:"ELocationID"`
	Abstract         []pubmedAbstractText `xml:"Abstract>AbstractText"`
	Authors          []pubmedAuthor       `xml:"AuthorList>Author"`
	PublicationTypes []string             `xml:"PublicationTypeList>PublicationType"`
	Languages        []string             `xml:"Language"`
}

// pubmedTitle drops the full stop MEDLINE ends every article title with
// (https://www.nlm.nih.gov/bsd/mms/medlineelements.html#ti), as
// europePMCTitle does for the same titles, so a citation style adds its
// own punctuation and the title compares equal to the publisher's.
func pubmedTitle(s string) string {
	if strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "..") {
		return strings.TrimSpace(strings.TrimSuffix(s, "."))
	}
	return s
}

// pubmedLanguage is the article's language when MEDLINE names one (its
// indexers' ISO 639-2 code, https://www.nlm.nih.gov/bsd/mms/medlineelements.html#la);
// an article in several languages has no one tag.
func pubmedLanguage(codes []string) string {
	if len(codes) != 1 {
		return ""
	}
	return wire.Language(codes[0])
}

// pubmedBookArticle is a Bookshelf document (a book or one of its
// chapters) that has a PMID.
type pubmedBookArticle struct {
	Doc struct {
		PMID string     `xml:"PMID"`
		IDs  []pubmedID `xml:"ArticleIdList>ArticleId"`
		Book struct {
			Publisher string         `xml:"Publisher>PublisherName"`
			Title     xmltext.Text   `xml:"BookTitle"`
			PubDate   pubmedDate     `xml:"PubDate"`
			Authors   []pubmedAuthor `xml:"AuthorList>Author"`
			Volume    string         `xml:"Volume"`
			ISBN      []string       `xml:"Isbn"`
		} `xml:"Book"`
		Title            xmltext.Text         `xml:"ArticleTitle"`
		Authors          []pubmedAuthor       `xml:"AuthorList>Author"`
		Abstract         []pubmedAbstractText `xml:"Abstract>AbstractText"`
		PublicationTypes []string             `xml:"PublicationType"`
	} `xml:"BookDocument"`
}

type pubmedDate struct {
	Year        string `xml:"Year"`
	Month       string `xml:"Month"`
	Day         string `xml:"Day"`
	Season      string `xml:"Season"`
	MedlineDate string `xml:"MedlineDate"` // free text, e.g. "1998 Dec-1999 Jan"
}

type pubmedID struct {
	Type  string `xml:"IdType,attr"`
	Value string `xml:",chardata"`
}

type pubmedELocation struct {
	Type  string `xml:"EIdType,attr"`
	Valid string `xml:"ValidYN,attr"`
	Value string `xml:",chardata"`
}

type pubmedAuthor struct {
	Valid          string             `xml:"ValidYN,attr"`
	LastName       xmltext.Text       `xml:"LastName"`
	ForeName       xmltext.Text       `xml:"ForeName"`
	Initials       string             `xml:"Initials"`
	CollectiveName xmltext.Text       `xml:"CollectiveName"`
	Identifiers    []pubmedIdentifier `xml:"Identifier"`
	Affiliations   []xmltext.Text     `xml:"AffiliationInfo>Affiliation"`
}

type pubmedIdentifier struct {
	Source string `xml:"Source,attr"`
	Value  string `xml:",chardata"`
}

// record maps a journal article.
func (a pubmedArticle) record() record.Record {
	art := a.Article
	rec := record.Record{
		Title:     pubmedTitle(string(art.Title)),
		Container: string(art.Journal.Title),
		Type:      pubmedType(art.PublicationTypes),
		Issued:    art.Journal.PubDate.date(),
		Volume:    strings.TrimSpace(art.Journal.Volume),
		Issue:     strings.TrimSpace(art.Journal.Issue),
		Pages:     pubmedPages(art.Pagination.StartPage, art.Pagination.EndPage, art.Pagination.MedlinePgn),
		Abstract:  pubmedAbstract(art.Abstract),
		Authors:   pubmedAuthors(art.Authors),
		Extra:     pubmedTypesExtra(art.PublicationTypes),
		Language:  pubmedLanguage(art.Languages),
	}
	if rec.Title == "" {
		rec.Title = pubmedTitle(string(art.VernacularTitle))
	}
	rec.IDs = pubmedIDs(a.PMID, a.IDs)
	if rec.IDs.DOI == "" {
		for _, e := range art.ELocationIDs {
			if strings.EqualFold(e.Type, "doi") && e.Valid != "N" {
				if rec.IDs.DOI = wire.StripDOI(e.Value); rec.IDs.DOI != "" {
					break
				}
			}
		}
	}
	for _, issn := range art.Journal.ISSN {
		if issn = strings.TrimSpace(issn); issn != "" && !slices.Contains(rec.IDs.ISSN, issn) {
			rec.IDs.ISSN = append(rec.IDs.ISSN, issn)
		}
	}
	for _, m := range a.MeSH {
		if s := string(m); s != "" && !slices.Contains(rec.Topics, s) {
			rec.Topics = append(rec.Topics, s)
		}
	}
	rec.URL = pubmedURL(rec.IDs.PMID)
	return rec
}

// record maps a Bookshelf document: a chapter when it has its own title,
// else the book.
func (b pubmedBookArticle) record() record.Record {
	doc := b.Doc
	rec := record.Record{
		Title:     string(doc.Title),
		Container: string(doc.Book.Title),
		Publisher: xmltext.Collapse(doc.Book.Publisher),
		Type:      "chapter",
		Issued:    doc.Book.PubDate.date(),
		Volume:    strings.TrimSpace(doc.Book.Volume),
		Abstract:  pubmedAbstract(doc.Abstract),
		Authors:   pubmedAuthors(doc.Authors),
		Extra:     pubmedTypesExtra(doc.PublicationTypes),
	}
	if rec.Title == "" {
		rec.Title, rec.Container, rec.Type = rec.Container, "", "book"
	}
	if len(rec.Authors) == 0 { // the book's authors (or editors) stand in
		rec.Authors = pubmedAuthors(doc.Book.Authors)
	}
	rec.IDs = pubmedIDs(doc.PMID, doc.IDs)
	for _, isbn := range doc.Book.ISBN {
		if isbn = strings.TrimSpace(isbn); isbn != "" {
			rec.IDs.ISBN = append(rec.IDs.ISBN, isbn)
		}
	}
	rec.URL = pubmedURL(rec.IDs.PMID)
	return rec
}

func pubmedURL(pmid string) string {
	if pmid == "" {
		return ""
	}
	return "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/"
}

// pubmedIDs reads the ArticleIdList; the citation's own PMID wins.
func pubmedIDs(pmid string, list []pubmedID) record.IDs {
	var ids record.IDs
	if v, err := manifest.NormalizePMID(pmid); err == nil {
		ids.PMID = v
	}
	for _, id := range list {
		switch strings.ToLower(id.Type) {
		case "pubmed":
			if v, err := manifest.NormalizePMID(id.Value); err == nil && ids.PMID == "" {
				ids.PMID = v
			}
		case "doi":
			if ids.DOI == "" {
				ids.DOI = wire.StripDOI(id.Value)
			}
		case "pmc":
			if v, err := manifest.NormalizePMCID(id.Value); err == nil && ids.PMCID == "" {
				ids.PMCID = v
			}
		}
	}
	return ids
}

// pubmedAuthors maps an AuthorList, leaving out names PubMed marks as not
// valid (ValidYN="N": a misspelling kept for searching, later corrected).
func pubmedAuthors(list []pubmedAuthor) []record.Author {
	var out []record.Author
	for _, a := range list {
		if a.Valid == "N" {
			continue
		}
		if author := a.author(); author.Family != "" || author.Name != "" {
			out = append(out, author)
		}
	}
	return out
}

// author maps one person or group; a group author (e.g. a consortium) has
// no family name and keeps only its collective name.
func (a pubmedAuthor) author() record.Author {
	author := record.Author{Family: string(a.LastName), Given: string(a.ForeName)}
	if author.Given == "" {
		author.Given = strings.TrimSpace(a.Initials)
	}
	if author.Family == "" {
		author.Given = ""
		author.Name = string(a.CollectiveName)
	}
	author.ORCID = pubmedORCID(a.Identifiers)
	for _, aff := range a.Affiliations {
		if s := string(aff); s != "" {
			author.Affiliations = append(author.Affiliations, s)
		}
	}
	return author
}

// pubmedORCID is the first ORCID among an author's identifiers; other
// sources (ISNI, …) are not kept.
func pubmedORCID(ids []pubmedIdentifier) string {
	for _, id := range ids {
		if strings.EqualFold(strings.TrimSpace(id.Source), "ORCID") {
			if o := wire.StripORCID(id.Value); o != "" {
				return o
			}
		}
	}
	return ""
}

// pubmedAbstract joins structured abstracts' sections as "LABEL: text",
// one paragraph each, so the sections stay apart.
func pubmedAbstract(parts []pubmedAbstractText) string {
	var paras []string
	for _, p := range parts {
		text := p.Text
		if label := xmltext.Collapse(p.Label); label != "" && text != "" {
			text = label + ": " + text
		}
		if text != "" {
			paras = append(paras, text)
		}
	}
	return strings.Join(paras, "\n\n")
}

// pubmedPages prefers the full StartPage–EndPage (newer records) to
// MEDLINE's abbreviated MedlinePgn ("244-55").
func pubmedPages(start, end, medline string) string {
	start, end = strings.TrimSpace(start), strings.TrimSpace(end)
	switch {
	case start != "" && end != "" && end != start:
		return start + "-" + end
	case start != "":
		return start
	}
	return strings.TrimSpace(medline)
}

// pubmedType maps PubMed's publication types onto a CSL type. Every
// PubmedArticle appeared in a journal, so article-journal is the default;
// "Review" is a review article, not a peer review.
func pubmedType(types []string) string {
	for _, t := range types {
		switch strings.ToLower(strings.TrimSpace(t)) {
		case "preprint":
			return "article"
		case "dataset":
			return "dataset"
		case "congress":
			return "paper-conference"
		}
	}
	return "article-journal"
}

// pubmedTypesExtra keeps PubMed's own publication types ("Review",
// "Retracted Publication", "Research Support, N.I.H., Extramural", …),
// which no common field holds.
func pubmedTypesExtra(types []string) []record.Annotation {
	var out []record.Annotation
	for _, t := range types {
		if t = xmltext.Collapse(t); t != "" {
			out = append(out, record.Annotation{Name: "publication_type", Value: t})
		}
	}
	return out
}

// date reads a PubDate at its real precision: a Season keeps the year
// only, as does a free-text MedlineDate ("1998 Dec-1999 Jan").
func (d pubmedDate) date() record.Date {
	year, err := strconv.Atoi(strings.TrimSpace(d.Year))
	if err != nil || year == 0 {
		return record.NewDate(pubmedFirstYear(d.MedlineDate), 0, 0)
	}
	month := pubmedMonth(d.Month)
	day, _ := strconv.Atoi(strings.TrimSpace(d.Day))
	return record.NewDate(year, month, day)
}

// pubmedMonth reads "06", "6", "Jun" or "June"; anything else is 0.
func pubmedMonth(s string) int {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	if len(s) < 3 {
		return 0
	}
	months := []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
	return slices.Index(months, strings.ToLower(s[:3])) + 1
}

// pubmedFirstYear is the first run of four digits in s, or 0.
func pubmedFirstYear(s string) int {
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			run++
			if run == 4 && (i+1 == len(s) || s[i+1] < '0' || s[i+1] > '9') {
				y, _ := strconv.Atoi(s[i-3 : i+1])
				return y
			}
			continue
		}
		run = 0
	}
	return 0
}

// pubmedAbstractText is one AbstractText section and its Label
// (BACKGROUND, METHODS, …) when the abstract is structured.
type pubmedAbstractText struct {
	Label string
	Text  string
}

// UnmarshalXML reads the Label attribute and the section's text.
func (p *pubmedAbstractText) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	for _, a := range start.Attr {
		if a.Name.Local == "Label" {
			p.Label = a.Value
		}
	}
	s, err := xmltext.ElementText(d)
	p.Text = s
	return err
}

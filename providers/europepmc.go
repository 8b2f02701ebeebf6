package providers

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/markup"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

const (
	europePMCSearchPath = "/europepmc/webservices/rest/search"
	europePMCSite       = "https://europepmc.org/article/" // landing pages: {source}/{id}
	// europePMCBatch is how many identifiers of one kind share a search: an
	// OR of 25 typical DOIs keeps the URL near 1,500 bytes.
	europePMCBatch = 25
	// europePMCMaxURI bounds the escaped path and query of one search, so a
	// batch of unusually long DOIs is split rather than refused: 2,000 bytes
	// stays under the most conservative URL limits of proxies and servers.
	europePMCMaxURI = 2000
)

// EuropePMC reads PubMed/MEDLINE, PubMed Central and preprint records from
// Europe PMC: abstracts, affiliations, PMID/PMCID, language, licences and free
// full-text links, and its citation count. It asks for up to 25 works of a
// kind in one search.
func EuropePMC() service.Spec {
	return service.Spec{
		Name:  "europepmc",
		Probe: europePMCProbe(),
		Title: "Europe PMC",
		Host:  "www.ebi.ac.uk",
		// The RESTful service documents no numeric limit; guides commonly quote
		// 10 requests/s per IP. Batched searches need few requests, so 200ms
		// (5/s) costs nothing and leaves room under that figure.
		MinInterval: 200 * time.Millisecond,
		RateSource:  "https://europepmc.org/RestfulWebService",
		Timeout:     30 * time.Second,
		Accepts:     []manifest.Kind{manifest.KindDOI, manifest.KindPMID, manifest.KindPMCID},
		BatchSize:   europePMCBatch,
		Terms:       "https://www.ebi.ac.uk/about/terms-of-use",
		// EMBL-EBI adds no restrictions of its own; abstracts stay under their
		// publishers' copyright (https://europepmc.org/Copyright).
		Attribution: "Data from Europe PMC (EMBL-EBI); abstracts remain under their publishers' copyright",
		Counts:      true,
		Fetch:       fetchEuropePMC,
	}
}

// europePMCProbe asks the search the run batches with about one stable
// work (resultType=core) and checks the hit list and the fields
// europePMCWork reads. Europe PMC announces no pace in its headers.
func europePMCProbe() service.Probe {
	return service.Probe{
		Path: europePMCSearchPath + "?format=json&pageSize=2&query=DOI%3A%2210.1093%2Fnutrit%2Fnuae105%22&resultType=core",
		Fields: []string{"hitCount", "resultList.result[].id", "resultList.result[].source", "resultList.result[].doi",
			"resultList.result[].title", "resultList.result[].authorList.author[].lastName", "resultList.result[].journalInfo.journal.title",
			"resultList.result[].pubYear"},
		Doc: "https://europepmc.org/RestfulWebService#!/Europe32PMC32Articles32RESTful32API/search",
	}
}

// fetchEuropePMC asks one search per kind of identifier (and per URL-sized
// chunk) and hands each identity the record that carries it.
func fetchEuropePMC(ctx context.Context, env service.Env, ids []manifest.Identity) ([]service.Result, error) {
	out := make([]service.Result, len(ids))
	for _, chunk := range europePMCChunks(ids) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if europePMCTerm(ids[chunk[0]]) == "" {
			for _, i := range chunk {
				out[i] = service.Result{Status: record.Failed, Err: fmt.Errorf("europepmc: cannot look up %s identities", ids[i].Kind)}
			}
			continue
		}
		europePMCSearch(ctx, env, ids, chunk, out)
	}
	return out, nil
}

// europePMCChunks groups the positions of ids by kind, in first-seen order,
// then splits each group so no search holds more than europePMCBatch ids or
// passes europePMCMaxURI.
func europePMCChunks(ids []manifest.Identity) [][]int {
	var kinds []manifest.Kind
	byKind := map[manifest.Kind][]int{}
	for i, id := range ids {
		if _, seen := byKind[id.Kind]; !seen {
			kinds = append(kinds, id.Kind)
		}
		byKind[id.Kind] = append(byKind[id.Kind], i)
	}
	var chunks [][]int
	for _, k := range kinds {
		chunks = append(chunks, wire.Chunks(byKind[k], europePMCBatch, europePMCMaxURI, func(run []int) string {
			return europePMCRequestURI(ids, run)
		})...)
	}
	return chunks
}

// europePMCTerm is the search clause that finds one identity, or "" for a
// kind Europe PMC cannot be asked about. A DOI is a quoted phrase, with the
// two characters special inside quotes escaped.
func europePMCTerm(id manifest.Identity) string {
	switch id.Kind {
	case manifest.KindDOI:
		return `DOI:"` + wire.EscapeQuoted(id.Value) + `"`
	case manifest.KindPMID:
		return "EXT_ID:" + id.Value
	case manifest.KindPMCID:
		return "PMCID:" + id.Value
	}
	return ""
}

// europePMCQuery ORs the chunk's clauses; PMIDs are external ids of the
// MEDLINE source, so that restriction applies to the whole OR.
func europePMCQuery(ids []manifest.Identity, chunk []int) string {
	terms := make([]string, len(chunk))
	for j, i := range chunk {
		terms[j] = europePMCTerm(ids[i])
	}
	q := strings.Join(terms, " OR ")
	if ids[chunk[0]].Kind == manifest.KindPMID {
		if len(terms) > 1 {
			q = "(" + q + ")"
		}
		q += " AND SRC:MED"
	}
	return q
}

// europePMCRequestURI is the escaped path and query of the chunk's search.
// pageSize leaves room for a second record per identity (a DOI shared by
// two records) so a full page is rarely cut short.
func europePMCRequestURI(ids []manifest.Identity, chunk []int) string {
	v := url.Values{}
	v.Set("query", europePMCQuery(ids, chunk))
	v.Set("format", "json")
	v.Set("resultType", "core")
	v.Set("pageSize", strconv.Itoa(min(2*len(chunk), 1000)))
	return europePMCSearchPath + "?" + v.Encode()
}

// europePMCSearch runs one chunk's search and fills out for its positions.
func europePMCSearch(ctx context.Context, env service.Env, ids []manifest.Identity, chunk []int, out []service.Result) {
	fail := func(err error) {
		for _, i := range chunk {
			out[i] = service.Result{Status: record.Failed, Err: err}
		}
	}
	ans, err := service.Get(ctx, env, env.Base+europePMCRequestURI(ids, chunk), "application/json")
	switch {
	case err != nil:
		fail(err)
		return
	case ans.Status < 200 || ans.Status > 299:
		// The search endpoint answers "no such work" with an empty list, so
		// any other status, 404 included, means the question went unanswered.
		fail(&service.StatusError{Provider: "europepmc", Code: ans.Status})
		return
	case !gjson.ValidBytes(ans.Body):
		fail(service.Malformed("europepmc", "body is not valid JSON"))
		return
	}
	doc := service.ParseBody(ans.Body)
	list := doc.Get("resultList")
	results := list.Get("result")
	if !list.IsObject() || (results.Exists() && !results.IsArray()) {
		fail(service.Malformed("europepmc", "answer has no resultList"))
		return
	}
	hits := results.Array()
	// A page shorter than the hit count may have left an identity's record
	// on a later page: that identity is unanswered, not absent.
	truncated := doc.Get("hitCount").Int() > int64(len(hits))
	var lacking []int
	for _, i := range chunk {
		hit, ok := europePMCMatch(ids[i], hits)
		switch {
		case ok:
			out[i] = europePMCResult(hit)
		case truncated:
			out[i] = service.Result{Status: record.Failed, Err: fmt.Errorf("europepmc: %s not among the first %d of %d hits", ids[i].Key(), len(hits), doc.Get("hitCount").Int())}
		default:
			out[i] = service.Result{Status: record.NotFound}
			lacking = append(lacking, i)
		}
	}
	europePMCAskLacking(ctx, env, ids, chunk, hits, lacking, out)
}

// europePMCAskLacking asks alone about each identity a search of several
// lacked when the search returned records that carry none of the
// identities it asked about (issue #30): such a record is evidence for no
// one, and may be a lacking one's under a wrong label. A DOI shared by two
// records is no such case (europePMCMatch chooses between them).
func europePMCAskLacking(ctx context.Context, env service.Env, ids []manifest.Identity, chunk []int, hits []gjson.Result, lacking []int, out []service.Result) {
	if len(chunk) < 2 || len(lacking) == 0 {
		return
	}
	var strays []string
	for _, h := range hits {
		if !slices.ContainsFunc(chunk, func(i int) bool { _, ok := europePMCMatch(ids[i], []gjson.Result{h}); return ok }) {
			strays = append(strays, cmp.Or(h.Get("doi").String(), h.Get("pmid").String(), h.Get("id").String(), "a record with no id"))
		}
	}
	if len(strays) == 0 {
		return
	}
	env.Announce(len(lacking))
	for _, i := range lacking {
		europePMCSearch(ctx, env, ids, []int{i}, out)
		out[i].Warnings = append(out[i].Warnings, service.AskedAlone("europepmc", ids[i].Key(),
			"the search lacked this identity and held records for none asked ("+service.StrayList(strays)+")"))
	}
}

// europePMCMatch finds the record that carries id: DOIs compare without
// regard to case, PMCIDs in capitals. When several do, a MEDLINE record is
// preferred, then a PMC one, then the first in the answer.
func europePMCMatch(id manifest.Identity, hits []gjson.Result) (gjson.Result, bool) {
	var best gjson.Result
	bestRank := -1
	for _, h := range hits {
		var carries bool
		switch id.Kind {
		case manifest.KindDOI:
			carries = strings.EqualFold(wire.StripDOI(h.Get("doi").String()), id.Value)
		case manifest.KindPMID:
			carries = strings.TrimSpace(h.Get("pmid").String()) == id.Value
		case manifest.KindPMCID:
			carries = strings.EqualFold(strings.TrimSpace(h.Get("pmcid").String()), id.Value)
		}
		if !carries {
			continue
		}
		rank := 0
		switch h.Get("source").String() {
		case "MED":
			rank = 2
		case "PMC":
			rank = 1
		}
		if rank > bestRank {
			best, bestRank = h, rank
		}
	}
	return best, bestRank >= 0
}

// europePMCResult is the Result for one core result: its record, or a
// failure when a counter is not a count (see service.Counter).
func europePMCResult(r gjson.Result) service.Result {
	c := service.Counter{Provider: "europepmc"}
	counts := record.Counts{CitedBy: c.Count("citedByCount", r.Get("citedByCount"))}
	if c.Err != nil {
		return service.Result{Status: record.Failed, Err: c.Err}
	}
	rec := europePMCRecord(r)
	return service.Result{Status: record.Found, Record: &rec, Counts: counts}
}

// europePMCRecord maps one core result.
func europePMCRecord(r gjson.Result) record.Record {
	journal := r.Get("journalInfo")
	rec := record.Record{
		Title:     europePMCTitle(r.Get("title").String()),
		Container: strings.TrimSpace(journal.Get("journal.title").String()),
		Publisher: strings.TrimSpace(r.Get("bookOrReportDetails.publisher").String()),
		Type:      europePMCType(r),
		Issued:    europePMCDate(r),
		Volume:    strings.TrimSpace(journal.Get("volume").String()),
		Issue:     wire.Issue(journal.Get("issue").String()),
		Pages:     wire.Pages(r.Get("pageInfo").String(), wire.StripDOI(r.Get("doi").String())),
		Abstract:  wire.AbstractText(r.Get("abstractText").String()),
		// MEDLINE's language of the article, assigned by its indexers
		// (ISO 639-2, "eng"): not detected from the text.
		Language: wire.Language(r.Get("language").String()),
	}
	if src, id := r.Get("source").String(), r.Get("id").String(); src != "" && id != "" {
		rec.URL = europePMCSite + url.PathEscape(src) + "/" + url.PathEscape(id)
	}
	rec.IDs = record.IDs{
		DOI:   wire.StripDOI(r.Get("doi").String()),
		PMID:  strings.TrimSpace(r.Get("pmid").String()),
		PMCID: strings.ToUpper(strings.TrimSpace(r.Get("pmcid").String())),
	}
	for _, f := range []string{"journal.issn", "journal.essn"} {
		if s := strings.TrimSpace(journal.Get(f).String()); s != "" {
			rec.IDs.ISSN = appendNew(rec.IDs.ISSN, s)
		}
	}
	r.Get("authorList.author").ForEach(func(_, a gjson.Result) bool {
		if author := europePMCAuthor(a); author.Display() != "" {
			rec.Authors = append(rec.Authors, author)
		}
		return true
	})
	if !r.Get("authorList").Exists() {
		rec.Authors = europePMCAuthorString(r.Get("authorString").String()) // index_names.go
	}
	rec.OA = europePMCAccess(r)
	rec.Funding = europePMCFunding(r.Get("grantsList.grant"))
	if types := wire.Strings(r.Get("pubTypeList.pubType")); len(types) > 0 {
		// The MEDLINE publication types say what CSL cannot (erratum,
		// review, retraction notice); kept as given.
		rec.Extra = append(rec.Extra, record.Annotation{Name: "europepmc:pub_type", Value: strings.Join(types, "; ")})
	}
	return rec
}

// europePMCFunding is a core result's grantsList: each grant's agency
// as MEDLINE indexes it ("NCI NIH HHS", or an acknowledgement's words)
// with its grantId, no funder id (https://europepmc.org/RestfulWebService,
// resultType=core; recorded in testdata/corpus/europepmc). Kept below the
// registrar's deposit (works' mergeFunding), it is the list NIH's report
// reads when the deposit names no NIH funder.
func europePMCFunding(grants gjson.Result) []record.Funding {
	var f wire.Funders
	grants.ForEach(func(_, g gjson.Result) bool {
		f.Add(g.Get("agency").String(), "", "", g.Get("grantId").String())
		return true
	})
	return f.List()
}

// europePMCTitle drops the full stop MEDLINE ends every title with, so the
// title compares equal to the publisher's.
func europePMCTitle(s string) string {
	t := markup.PlainText(s)
	if strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "..") {
		t = strings.TrimSpace(strings.TrimSuffix(t, "."))
	}
	return t
}

func europePMCAuthor(a gjson.Result) record.Author {
	author := record.Author{
		Given:  strings.TrimSpace(a.Get("firstName").String()),
		Family: strings.TrimSpace(a.Get("lastName").String()),
	}
	if author.Given == "" && author.Family == "" {
		// Consortia come as collectiveName; fullName ("Tay RYK") is the
		// fallback for a person listed without split names.
		author.Name = strings.TrimSpace(a.Get("collectiveName").String())
		if author.Name == "" {
			author = europePMCNamed(a.Get("fullName").String()) // index_names.go
		}
	}
	if strings.EqualFold(a.Get("authorId.type").String(), "ORCID") {
		author.ORCID = wire.StripORCID(a.Get("authorId.value").String())
	}
	a.Get("authorAffiliationDetailsList.authorAffiliation.#.affiliation").ForEach(func(_, s gjson.Result) bool {
		if v := strings.TrimSpace(s.String()); v != "" {
			author.Affiliations = appendNew(author.Affiliations, v)
		}
		return true
	})
	if len(author.Affiliations) == 0 {
		if v := strings.TrimSpace(a.Get("affiliation").String()); v != "" {
			author.Affiliations = []string{v}
		}
	}
	return author
}

// europePMCType: Europe PMC's sources and publication types, in CSL terms.
func europePMCType(r gjson.Result) string {
	for _, t := range wire.Strings(r.Get("pubTypeList.pubType")) {
		if strings.EqualFold(t, "preprint") {
			return "article"
		}
	}
	switch r.Get("source").String() {
	case "PPR":
		return "article"
	case "PAT":
		return "patent"
	case "ETH":
		return "thesis"
	case "NBK":
		return "book"
	}
	if r.Get("journalInfo.journal").Exists() {
		return "article-journal"
	}
	return ""
}

// europePMCDate is the journal issue date at the precision MEDLINE gives
// it. dateOfPublication ("2025 Jul", "2025 Jun 15", "2025") carries the
// precision; printPublicationDate pads it ("2025-07-01") and so is used
// only for year and month. Records without a journal (preprints) fall back
// to firstPublicationDate, then pubYear.
func europePMCDate(r gjson.Result) record.Date {
	j := r.Get("journalInfo")
	if d := europePMCMedlineDate(j.Get("dateOfPublication").String()); !d.IsZero() {
		return d
	}
	if y := int(j.Get("yearOfPublication").Int()); y > 0 {
		return record.NewDate(y, int(j.Get("monthOfPublication").Int()), 0)
	}
	if d := record.ParseDate(j.Get("printPublicationDate").String()); !d.IsZero() {
		return record.NewDate(d.Year, d.Month, 0)
	}
	if !j.Exists() {
		if d := record.ParseDate(r.Get("firstPublicationDate").String()); !d.IsZero() {
			return d
		}
	}
	y, _ := strconv.Atoi(strings.TrimSpace(r.Get("pubYear").String()))
	return record.NewDate(y, 0, 0)
}

// europePMCMedlineDate reads "YYYY", "YYYY Mon", "YYYY Mon DD"; a range or a
// season ("2025 Jul-Aug", "2025 Spring") keeps what is certain: the first
// month, or the year alone.
func europePMCMedlineDate(s string) record.Date {
	f := strings.Fields(s)
	if len(f) == 0 {
		return record.Date{}
	}
	y, err := strconv.Atoi(f[0])
	if err != nil {
		return record.Date{}
	}
	if len(f) < 2 {
		return record.NewDate(y, 0, 0)
	}
	mon, _, ranged := strings.Cut(f[1], "-")
	m := europePMCMonth(mon)
	if m == 0 || ranged || len(f) < 3 {
		return record.NewDate(y, m, 0)
	}
	d, err := strconv.Atoi(f[2])
	if err != nil {
		return record.NewDate(y, m, 0)
	}
	return record.NewDate(y, m, d)
}

// europePMCMonth is 1-12 for a MEDLINE month abbreviation ("Jul"), else 0.
func europePMCMonth(s string) int {
	if len(s) != 3 {
		return 0
	}
	if i := strings.Index("janfebmaraprmayjunjulaugsepoctnovdec", strings.ToLower(s)); i >= 0 && i%3 == 0 {
		return i/3 + 1
	}
	return 0
}

// europePMCAccess is the free copy: an open-access full-text link ("OA"),
// else a free-to-read one ("F"), a PDF before HTML; with the licence when
// one is given. A licence alone is kept, as for Crossref.
func europePMCAccess(r gjson.Result) *record.OpenAccess {
	urls := r.Get("fullTextUrlList.fullTextUrl").Array()
	pick := func(code, style string) string {
		for _, u := range urls {
			if u.Get("availabilityCode").String() == code && (style == "" || u.Get("documentStyle").String() == style) {
				if s := strings.TrimSpace(u.Get("url").String()); s != "" {
					return s
				}
			}
		}
		return ""
	}
	oa := record.OpenAccess{
		URL:     firstNonEmpty(pick("OA", "pdf"), pick("OA", "html"), pick("OA", ""), pick("F", "pdf"), pick("F", "html"), pick("F", "")),
		License: europePMCLicense(r.Get("license").String()),
	}
	if oa.URL != "" && (r.Get("authMan").String() == "Y" || r.Get("epmcAuthMan").String() == "Y" || r.Get("nihAuthMan").String() == "Y") {
		// Author manuscripts are the accepted, not the published, version.
		oa.Version = "acceptedVersion"
	}
	if oa.URL == "" && oa.License == "" {
		return nil
	}
	return &oa
}

// europePMCLicense writes Europe PMC's "cc by-nc-nd" as "cc-by-nc-nd",
// the spelling Unpaywall and OpenAlex use.
func europePMCLicense(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), "-")
}

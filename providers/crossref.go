package providers

import (
	"context"
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
	crossrefWorksPath = "/works/"
	crossrefListPath  = "/works"
	crossrefMailto    = "mailto" // Crossref's polite-pool parameter
	// crossrefBatch caps how many DOIs one list query asks about; the URL
	// is the real bound (crossrefBatchURLBytes). The filter takes the doi
	// filter repeated (a repeated filter is an OR, "But you may hit some URL
	// size limits": https://github.com/CrossRef/rest-api-doc/issues/301) and
	// rows goes up to 1,000; the API documents no cap on filter values. 100
	// is what the URL budget lets DOIs of 25 characters reach (about 80 of
	// 35: TestLaneSizesBatchesByURL), and keeps the scheduler's window as
	// small as Semantic Scholar's batch does.
	crossrefBatch = 100
	// crossrefMaxURI: Crossref's server takes "4096 for the initial line …
	// So 4092 bytes are available for the URL path" and answers 414 past
	// it (https://github.com/CrossRef/rest-api-doc/issues/251). A batch of
	// unusually long DOIs is split rather than sent longer than this.
	crossrefMaxURI = 4000
	// crossrefBatchURLBytes is the part of crossrefMaxURI a batch's DOIs
	// may fill (as the orchestrator counts them: escaped, plus 10 bytes
	// each for "doi:" and the comma). The other 260 bytes hold the path
	// and rows (31 bytes) and a mailto of up to about 230; a longer mailto
	// only makes service.ListForm split a batch in two (and say so: Env.More).
	// They were 600 while the list also carried a select= of 340.
	crossrefBatchURLBytes = crossrefMaxURI - 260
)

// A list query asks for whole records, with no select=. select would cut
// each record to the fields named (the reference lists alone are often
// most of a record), but it offers only the route's valid selects (the
// list the API names in its "select-not-available" answer, as a
// maintainer gave it: https://github.com/CrossRef/rest-api-doc/issues/306,
// with "published" and "resource" added since), and "language",
// "institution" and "subtype" are not among them. A selected list lost
// every work's language and needed a single re-ask, at the list's 1 s
// pace, for each preprint (subtype) and each work with no container title
// (institution): 270 of 10,000 works, the run's critical path (issue #23).
// A second list without select for those works would still lose the
// language of all the others. Measured over the nine recorded records in
// testdata/crossref: a whole record is 17.8 KB on average (median 15.2,
// 3.2–41.8 KB; 78% of it reference lists), 7.6 times the 2.3 KB select
// kept, so a list of 100 is about 1.8 MB, under 6% of the transport's
// 32 MiB cap, read in a fraction of the 1 s the list pace leaves between
// requests (docs/performance.md has the figures). select works only on
// list routes anyway (https://github.com/CrossRef/rest-api-doc/issues/281),
// so a single record and a list item are now the same object.

// crossrefFields are the top-level fields crossrefWork reads, which the
// probe checks a list answer still carries.
func crossrefFields() []string {
	return []string{
		"DOI", "ISBN", "ISSN", "abstract", "approved", "article-number", "author", "container-title", "degree", "editor", "funder", "group-title",
		"institution", "is-referenced-by-count", "issue", "issued", "language", "license", "page", "published",
		"published-online", "published-print", "publisher", "references-count", "relation", "resource", "subject",
		"subtitle", "subtype", "title", "type", "volume",
	}
}

// Crossref reads the registration record of Crossref DOIs (journal
// articles, proceedings, books, preprints) from the Crossref REST API.
func Crossref() service.Spec {
	return service.Spec{
		Name:  "crossref",
		Probe: crossrefProbe(),
		Title: "Crossref",
		Host:  "api.crossref.org",
		// Since 1 December 2025 (Crossref blog, "Announcing changes to REST API
		// rate limits"): public pool 5 single-record requests/s and 1 list
		// request/s, one in flight; polite pool (mailto) 10/s and 3/s, three in
		// flight. 200ms and 1s keep within the public pool, so a run without a
		// mailto is as polite as one with.
		MinInterval:   200 * time.Millisecond,
		BatchInterval: time.Second,
		RateSource:    "https://www.crossref.org/blog/announcing-changes-to-rest-api-rate-limits/",
		Timeout:       30 * time.Second,
		Accepts:       []manifest.Kind{manifest.KindDOI},
		Agency:        CrossrefAgency,
		BatchSize:     crossrefBatch,
		BatchURLBytes: crossrefBatchURLBytes,
		Terms:         "https://www.crossref.org/documentation/retrieve-metadata/rest-api/",
		Attribution:   "Metadata from Crossref (CC0; facts, no restrictions on reuse)",
		// a count without a list of citing works: Crossref's cited-by is for
		// members only (https://www.crossref.org/documentation/cited-by/)
		Counts: true,
		// lists of whole records, no select= (see above): no work is asked
		// again alone, and every work's language is in the answer
		Fetch: service.Batched(fetchCrossref, crossrefListable, fetchCrossrefList),

		Discover: discoverCrossref, // the works carrying an ORCID iD: crossref_discover.go

		MailtoBenefit: "the polite pool, 10 requests/s instead of 5",
	}
}

// crossrefProbe asks the list form the run batches with — the same URI,
// built by crossrefListURI — about one stable work, and checks the
// work-list envelope, every field crossrefWork reads (bar those this work
// has not got: crossrefProbeLacks) and the nested parts it reads inside.
// Crossref announces its pace in X-Rate-Limit-Limit and X-Rate-Limit-Interval.
func crossrefProbe() service.Probe {
	return service.Probe{
		Path:   crossrefListURI(service.Env{}, []manifest.Identity{{Kind: manifest.KindDOI, Value: crossrefProbeDOI}}),
		Mailto: crossrefMailto,
		Fields: crossrefProbeFields(),
		Rate: &service.RateHeaders{Limit: "X-Rate-Limit-Limit", Window: "X-Rate-Limit-Interval",
			Source: "https://www.crossref.org/documentation/retrieve-metadata/rest-api/access-and-authentication/"},
		Doc: "https://api.crossref.org/swagger-ui/index.html#/Works/get_works",
	}
}

// crossrefProbeDOI is an eLife research article of 2014 (CC BY), whose
// record holds most of what crossrefWork reads.
const crossrefProbeDOI = "10.7554/elife.01567"

// crossrefProbeLacks are the fields crossrefWork reads that
// crossrefProbeDOI's record has not got (a journal article: no ISBN,
// approval date, degree, editor, group title, issue, page, print date,
// posting institution or subtype); Crossref leaves out what a record lacks, so
// the probe cannot expect them.
func crossrefProbeLacks() []string {
	return []string{"ISBN", "approved", "degree", "editor", "funder", "group-title", "institution", "issue", "page", "published-print", "subtype"}
}

// crossrefProbeFields: the envelope, each field crossrefWork reads that the
// probe's work has, and the nested parts it reads inside them.
func crossrefProbeFields() []string {
	fields := []string{"status", "message-type", "message.total-results"}
	for _, f := range crossrefFields() {
		if !slices.Contains(crossrefProbeLacks(), f) {
			fields = append(fields, "message.items[]."+f)
		}
	}
	return append(fields, "message.items[].issued.date-parts", "message.items[].author[].family",
		"message.items[].author[].given", "message.items[].resource.primary.URL", "message.items[].license[].URL")
}

func fetchCrossref(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	u := wire.WithMailto(env.Base+crossrefWorksPath+wire.EscapeDOI(id.Value), crossrefMailto, env.Mailto)
	return service.GetJSONRecord(ctx, env, "crossref", u, parseCrossref)
}

// crossrefListable: a comma would end the filter value, so such a DOI
// (legal, and rare) is asked on its own.
func crossrefListable(id manifest.Identity) bool { return !strings.Contains(id.Value, ",") }

// fetchCrossrefList asks the list form: its items are whole records, so a
// batched snapshot equals an unbatched one with no request more.
func fetchCrossrefList(ctx context.Context, env service.Env, ids []manifest.Identity) []service.Result {
	return crossrefList().Fetch(ctx, env, ids)
}

// crossrefList asks GET /works?filter=doi:A,doi:B,…&rows=N about the DOIs
// and reads the work-list answer:
// {"status":"ok","message-type":"work-list","message":{"total-results":n,"items":[…]}}.
func crossrefList() service.ListForm {
	return service.ListForm{
		Provider: "crossref",
		MaxURI:   crossrefMaxURI,
		URI:      crossrefListURI,
		Items:    crossrefItems,
		DOI:      func(it gjson.Result) string { return it.Get("DOI").String() },
		// A work's "URL" is its DOI at doi.org (the Work schema's URL,
		// https://api.crossref.org/swagger-ui/index.html; "https://doi.org/…"
		// in every record in testdata/crossref), a second statement of whose
		// item it is.
		Also:   func(it gjson.Result) []string { return []string{it.Get("URL").String()} },
		Parse:  crossrefItem,
		Single: fetchCrossref, // Crossref registers one record per DOI: two items for one are not its answer
	}
}

func crossrefListURI(env service.Env, ids []manifest.Identity) string {
	filters := make([]string, len(ids))
	for i, id := range ids {
		filters[i] = "doi:" + id.Value
	}
	v := url.Values{}
	v.Set("filter", strings.Join(filters, ","))
	v.Set("rows", strconv.Itoa(len(ids)))
	if env.Mailto != "" {
		v.Set(crossrefMailto, env.Mailto)
	}
	return crossrefListPath + "?" + v.Encode()
}

func crossrefItems(doc gjson.Result) ([]gjson.Result, int64, error) {
	items := doc.Get("message.items")
	if doc.Get("status").String() != "ok" || !items.IsArray() {
		return nil, 0, service.Malformed("crossref", "no work list in the answer")
	}
	return items.Array(), doc.Get("message.total-results").Int(), nil
}

// parseCrossref reads a /works/{doi} envelope:
// {"status":"ok","message-type":"work","message":{…}}.
func parseCrossref(doc gjson.Result) (service.Result, error) {
	if doc.Get("status").String() != "ok" || !doc.Get("message").IsObject() {
		return service.Result{}, service.Malformed("crossref", "no work message in the answer")
	}
	return crossrefItem(doc.Get("message"))
}

// crossrefItem is the Result for one work object, of a single or a list
// answer.
func crossrefItem(m gjson.Result) (service.Result, error) {
	rec := crossrefWork(m)
	counts, err := crossrefCounts(m)
	if err != nil {
		return service.Result{}, err
	}
	return service.Result{Status: record.Found, Record: &rec, Counts: counts}, nil
}

// crossrefWork maps one Crossref work object; shared by single and list
// answers.
func crossrefWork(m gjson.Result) record.Record {
	rec := record.Record{
		Title:     markup.PlainText(wire.First(m.Get("title"))),
		Container: markup.PlainText(wire.First(m.Get("container-title"))),
		Publisher: strings.TrimSpace(m.Get("publisher").String()),
		Type:      crossrefType(m),
		Issued:    crossrefDate(m),
		Volume:    m.Get("volume").String(),
		Issue:     m.Get("issue").String(),
		Pages:     m.Get("page").String(),
		Abstract:  wire.AbstractText(m.Get("abstract").String()),
		URL:       m.Get("resource.primary.URL").String(),
		Topics:    wire.Strings(m.Get("subject")),
		// the language the member deposited (the journal's or the work's),
		// an ISO 639 code: https://github.com/CrossRef/rest-api-doc/issues/309
		// ("See the "language" field"), the Work schema's "language" at
		// https://api.crossref.org/swagger-ui/index.html; case normalised only
		Language: wire.Language(m.Get("language").String()),
	}
	if sub := markup.PlainText(wire.First(m.Get("subtitle"))); sub != "" && rec.Title != "" && !strings.Contains(rec.Title, sub) {
		rec.Title += ": " + sub
	}
	if rec.Pages == "" {
		rec.Pages = m.Get("article-number").String()
	}
	if rec.Container == "" && m.Get("subtype").String() == "blog" {
		// A blog post's blog is its group-title; institution is the platform
		// that posts it (Crossref's posted content: "group_title" names the
		// collection a posting belongs to,
		// https://www.crossref.org/documentation/research-nexus/posted-content-includes-preprints/)
		rec.Container = strings.TrimSpace(m.Get("group-title").String())
	}
	if rec.Container == "" { // preprints name their server as the posting institution
		rec.Container = strings.TrimSpace(m.Get("institution.0.name").String())
	}
	rec.IDs.DOI = wire.StripDOI(m.Get("DOI").String())
	if rec.Genre = crossrefGenre(m); rec.Genre == "Preprint" {
		if server := preprintServer(rec.IDs.DOI, m.Get("institution.0.name").String()); server != "" {
			rec.Publisher = server
		}
	}
	crossrefKind(m, &rec)
	rec.IDs.ISSN = wire.Strings(m.Get("ISSN"))
	if len(rec.IDs.ISSN) == 0 { // a posting names the serial it is part of by relation (a blog's ISSN)
		m.Get(`relation.is-part-of.#(id-type=="issn")#.id`).ForEach(func(_, v gjson.Result) bool {
			rec.IDs.ISSN = addDistinct(rec.IDs.ISSN, strings.TrimSpace(v.String()))
			return true
		})
	}
	rec.IDs.ISBN = wire.Strings(m.Get("ISBN"))
	rec.Funding = crossrefFunding(m.Get("funder"))
	// Editors are editors, never authors: an edited book's editors are
	// CSL "editor" (styles print "(Ed.)", BibTeX's @book takes "editor"
	// for "author or editor"), and a chapter's "editor" are its book's.
	rec.Authors = crossrefPeople(m.Get("author"))
	rec.Editors = crossrefPeople(m.Get("editor"))
	if lic, start := crossrefLicense(m); lic != "" {
		rec.OA = &record.OpenAccess{License: lic, LicenseStart: start}
	}
	m.Get("relation").ForEach(func(relType, targets gjson.Result) bool {
		targets.ForEach(func(_, t gjson.Result) bool {
			if strings.EqualFold(t.Get("id-type").String(), "doi") {
				if doi := wire.StripDOI(t.Get("id").String()); doi != "" {
					rec.Relations = append(rec.Relations, record.Relation{Type: relType.String(), ID: "doi:" + doi})
				}
			}
			return true
		})
		return true
	})
	return rec
}

// crossrefPeople reads a Crossref contributor list ("author" or
// "editor"), in the order deposited.
func crossrefPeople(list gjson.Result) []record.Author {
	var out []record.Author
	list.ForEach(func(_, a gjson.Result) bool {
		person := record.Author{
			Given:  strings.TrimSpace(a.Get("given").String()),
			Family: strings.TrimSpace(a.Get("family").String()),
			Name:   strings.TrimSpace(a.Get("name").String()),
			ORCID:  wire.StripORCID(a.Get("ORCID").String()),
		}
		if person.Given == "" && person.Family == "" && person.Name == "" && person.ORCID == "" {
			return true // an empty object, or an affiliation alone: nobody to cite
		}
		person.Given, person.Family = wire.StructuredName(person.Given, person.Family) // "BO" / "VAHLQUIST"
		a.Get("affiliation.#.name").ForEach(func(_, n gjson.Result) bool {
			person.Affiliations = append(person.Affiliations, markup.PlainText(n.String()))
			return true
		})
		out = append(out, person)
		return true
	})
	return out
}

// crossrefCounts reads a work's counters; one that is not a count makes
// the answer malformed (see service.Counter).
func crossrefCounts(m gjson.Result) (record.Counts, error) {
	c := service.Counter{Provider: "crossref"}
	counts := record.Counts{
		CitedBy:    c.Count("is-referenced-by-count", m.Get("is-referenced-by-count")),
		References: c.Count("references-count", m.Get("references-count")),
	}
	return counts, c.Err
}

// crossrefType reads "type", refining posted-content by its subtype so a
// preprint is called one.
func crossrefType(m gjson.Result) string {
	t := m.Get("type").String()
	if t == "posted-content" && m.Get("subtype").String() != "" && m.Get("subtype").String() != "preprint" {
		return record.CSLType(m.Get("subtype").String())
	}
	return record.CSLType(t)
}

// crossrefGenre is "Preprint" for posted content that is a preprint (the
// subtype, or no subtype: Crossref's posted content is mostly preprints,
// https://www.crossref.org/documentation/content-registration/content-type-markup-guide/posted-content-includes-preprints/).
func crossrefGenre(m gjson.Result) string {
	if m.Get("type").String() != "posted-content" {
		return ""
	}
	if sub := m.Get("subtype").String(); sub != "" && sub != "preprint" {
		return ""
	}
	return "Preprint"
}

// preprintServer names a preprint's server, the publisher a citation of a
// preprint gives: the posting institution Crossref records when it names
// one (bioRxiv and medRxiv share CSHL's prefix 10.1101, so only the
// record can tell them apart), else the server that registered the DOI's
// prefix (record.DOIRepository), never the ambiguous 10.1101 guessed.
func preprintServer(doi, institution string) string {
	if inst := strings.TrimSpace(institution); inst != "" {
		return inst
	}
	if r, ok := record.DOIRepository(doi); ok && r.Preprint && !strings.Contains(r.Name, "/") {
		return r.Name
	}
	return ""
}

// crossrefDate prefers "issued" (the earliest of print and online, as
// Crossref defines it), then "published", keeping the given precision.
// A dissertation's deposit has an approval date and no publication date
// (Crossref's schema: <dissertation> holds <approval_date>, required,
// https://data.crossref.org/reports/help/schema_doc/5.3.1/index.html),
// so its record's issued is often [[null]]: the approval date
// ("approved") is then the thesis's date, as Zotero's Crossref REST
// translator takes it for every dissertation.
func crossrefDate(m gjson.Result) record.Date {
	fields := []string{"issued", "published", "published-print", "published-online"}
	if m.Get("type").String() == "dissertation" {
		fields = append(fields, "approved")
	}
	for _, field := range fields {
		parts := m.Get(field + ".date-parts.0")
		if !parts.IsArray() || !parts.Get("0").Exists() || parts.Get("0").Type == gjson.Null {
			continue
		}
		if d := record.NewDate(int(parts.Get("0").Int()), int(parts.Get("1").Int()), int(parts.Get("2").Int())); !d.IsZero() {
			return d
		}
	}
	return record.Date{}
}

// crossrefFunding reads funder[]: each funder's name, its Open Funder
// Registry DOI and its award numbers, as the member deposited them
// (https://www.crossref.org/documentation/funder-registry/; the Work
// schema's "funder" at https://api.crossref.org/swagger-ui/index.html).
func crossrefFunding(funders gjson.Result) []record.Funding {
	var f wire.Funders
	funders.ForEach(func(_, v gjson.Result) bool {
		f.Add(v.Get("name").String(), v.Get("DOI").String(), "", wire.Strings(v.Get("award"))...)
		return true
	})
	return f.List()
}

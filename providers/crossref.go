package providers

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/markup"
	"github.com/aboutscholar/about/manifest"
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
	// is more than the URL budget lets typical DOIs reach (about 90 of 25
	// characters: TestLaneSizesBatchesByURL), and keeps the scheduler's
	// window as small as Semantic Scholar's batch does.
	crossrefBatch = 100
	// crossrefMaxURI: Crossref's server takes "4096 for the initial line …
	// So 4092 bytes are available for the URL path" and answers 414 past
	// it (https://github.com/CrossRef/rest-api-doc/issues/251). A batch of
	// unusually long DOIs is split rather than sent longer than this.
	crossrefMaxURI = 4000
	// crossrefBatchURLBytes is the part of crossrefMaxURI a batch's DOIs
	// may fill (as the orchestrator counts them: escaped, plus 10 bytes
	// each for "doi:" and the comma). The other 600 bytes hold the path,
	// rows, select (about 340 escaped) and a mailto of up to about 230;
	// a longer mailto only makes listForm split a batch in two.
	crossrefBatchURLBytes = crossrefMaxURI - 600
)

// crossrefSelect names exactly the top-level fields crossrefWork reads, so
// a list answer carries nothing else (the reference lists alone are often
// most of a record). select works only on list routes, not /works/{doi}
// ("The select parameter only works on "list like" responses":
// https://github.com/CrossRef/rest-api-doc/issues/281); names are
// case-sensitive, and one the route does not offer fails the whole request
// ("select-not-available": https://github.com/CrossRef/rest-api-doc/issues/302).
// Each is in the route's list of valid selects (issues #306 and #289, with
// "published" and "resource" in the list the API sends today).
// "institution" and "subtype" are not selectable: see crossrefNeedsWhole.
func crossrefSelect() []string {
	return []string{
		"DOI", "ISBN", "ISSN", "abstract", "article-number", "author", "container-title", "editor",
		"is-referenced-by-count", "issue", "issued", "license", "page", "published", "published-online",
		"published-print", "publisher", "references-count", "relation", "resource", "subject", "subtitle",
		"title", "type", "volume",
	}
}

// Crossref reads the registration record of Crossref DOIs (journal
// articles, proceedings, books, preprints) from the Crossref REST API.
func Crossref() Spec {
	return Spec{
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
		Fetch:  Batched(fetchCrossref, crossrefListable, fetchCrossrefList),

		Discover: discoverCrossref, // the works carrying an ORCID iD: crossref_discover.go

		MailtoBenefit: "the polite pool, 10 requests/s instead of 5",
	}
}

// crossrefProbe asks the list form the run batches with — the same URI,
// select= included, built by crossrefListURI — about one stable work, and
// checks the work-list envelope, every selected field (bar those this work
// has not got: crossrefProbeLacks) and the nested parts crossrefWork reads.
// Crossref announces its pace in X-Rate-Limit-Limit and X-Rate-Limit-Interval.
func crossrefProbe() Probe {
	return Probe{
		Path:   crossrefListURI(Env{}, []manifest.Identity{{Kind: manifest.KindDOI, Value: crossrefProbeDOI}}),
		Mailto: crossrefMailto,
		Fields: crossrefProbeFields(),
		Rate: &RateHeaders{Limit: "X-Rate-Limit-Limit", Window: "X-Rate-Limit-Interval",
			Source: "https://www.crossref.org/documentation/retrieve-metadata/rest-api/access-and-authentication/"},
		Doc: "https://api.crossref.org/swagger-ui/index.html#/Works/get_works",
	}
}

// crossrefProbeDOI is an eLife research article of 2014 (CC BY), whose
// record holds most of what crossrefSelect asks for.
const crossrefProbeDOI = "10.7554/elife.01567"

// crossrefProbeLacks are the selected fields crossrefProbeDOI's record has
// not got (a journal article: no ISBN, editor, issue, page or print date);
// select leaves out what a record lacks, so the probe cannot expect them.
func crossrefProbeLacks() []string {
	return []string{"ISBN", "editor", "issue", "page", "published-print"}
}

// crossrefProbeFields: the envelope, each selected field the probe's work
// has, and the nested parts crossrefWork reads inside them.
func crossrefProbeFields() []string {
	fields := []string{"status", "message-type", "message.total-results"}
	for _, f := range crossrefSelect() {
		if !slices.Contains(crossrefProbeLacks(), f) {
			fields = append(fields, "message.items[]."+f)
		}
	}
	return append(fields, "message.items[].issued.date-parts", "message.items[].author[].family",
		"message.items[].author[].given", "message.items[].resource.primary.URL", "message.items[].license[].URL")
}

func fetchCrossref(ctx context.Context, env Env, id manifest.Identity) Result {
	u := wire.WithMailto(env.Base+crossrefWorksPath+wire.EscapeDOI(id.Value), crossrefMailto, env.Mailto)
	return GetJSONRecord(ctx, env, "crossref", u, parseCrossref)
}

// crossrefListable: a comma would end the filter value, so such a DOI
// (legal, and rare) is asked on its own.
func crossrefListable(id manifest.Identity) bool { return !strings.Contains(id.Value, ",") }

// errNotSelected marks a list item that may lack a field select cannot ask
// for; its work is asked again of the single record.
var errNotSelected = errors.New("crossref: list item lacks fields select cannot ask for")

// fetchCrossrefList asks the list form, then the single record for each
// work whose list copy lacks what crossrefWork would read (see
// crossrefNeedsWhole), so a batched snapshot equals an unbatched one.
func fetchCrossrefList(ctx context.Context, env Env, ids []manifest.Identity) []Result {
	return crossrefList().FetchThenReask(ctx, env, ids, errNotSelected, fetchCrossref)
}

// crossrefNeedsWhole reports a list item for which crossrefWork would read
// a field select cannot ask for: "subtype" refines posted-content, and
// "institution" names the container of a work with no container-title
// (a preprint's server).
func crossrefNeedsWhole(m gjson.Result) bool {
	return m.Get("type").String() == "posted-content" || markup.PlainText(wire.First(m.Get("container-title"))) == ""
}

// crossrefListItem is crossrefItem for a list item asked with select.
func crossrefListItem(m gjson.Result) (Result, error) {
	if crossrefNeedsWhole(m) {
		return Result{}, errNotSelected
	}
	return crossrefItem(m)
}

// crossrefList asks GET /works?filter=doi:A,doi:B,…&select=… about the
// DOIs and reads the work-list answer:
// {"status":"ok","message-type":"work-list","message":{"total-results":n,"items":[…]}}.
func crossrefList() listForm {
	return listForm{
		Provider: "crossref",
		MaxURI:   crossrefMaxURI,
		URI:      crossrefListURI,
		Items:    crossrefItems,
		DOI:      func(it gjson.Result) string { return it.Get("DOI").String() },
		Parse:    crossrefListItem,
	}
}

func crossrefListURI(env Env, ids []manifest.Identity) string {
	filters := make([]string, len(ids))
	for i, id := range ids {
		filters[i] = "doi:" + id.Value
	}
	v := url.Values{}
	v.Set("filter", strings.Join(filters, ","))
	v.Set("rows", strconv.Itoa(len(ids)))
	v.Set("select", strings.Join(crossrefSelect(), ","))
	if env.Mailto != "" {
		v.Set(crossrefMailto, env.Mailto)
	}
	return crossrefListPath + "?" + v.Encode()
}

func crossrefItems(doc gjson.Result) ([]gjson.Result, int64, error) {
	items := doc.Get("message.items")
	if doc.Get("status").String() != "ok" || !items.IsArray() {
		return nil, 0, Malformed("crossref", "no work list in the answer")
	}
	return items.Array(), doc.Get("message.total-results").Int(), nil
}

// parseCrossref reads a /works/{doi} envelope:
// {"status":"ok","message-type":"work","message":{…}}.
func parseCrossref(doc gjson.Result) (Result, error) {
	if doc.Get("status").String() != "ok" || !doc.Get("message").IsObject() {
		return Result{}, Malformed("crossref", "no work message in the answer")
	}
	return crossrefItem(doc.Get("message"))
}

// crossrefItem is the Result for one work object, of a single or a list
// answer.
func crossrefItem(m gjson.Result) (Result, error) {
	rec, counts := crossrefWork(m)
	return Result{Status: record.Found, Record: &rec, Counts: counts}, nil
}

// crossrefWork maps one Crossref work object; shared by single and list
// answers.
func crossrefWork(m gjson.Result) (record.Record, record.Counts) {
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
	}
	if sub := markup.PlainText(wire.First(m.Get("subtitle"))); sub != "" && rec.Title != "" && !strings.Contains(rec.Title, sub) {
		rec.Title += ": " + sub
	}
	if rec.Pages == "" {
		rec.Pages = m.Get("article-number").String()
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
	rec.IDs.ISBN = wire.Strings(m.Get("ISBN"))
	for _, kind := range []string{"author", "editor"} {
		m.Get(kind).ForEach(func(_, a gjson.Result) bool {
			author := record.Author{
				Given:  strings.TrimSpace(a.Get("given").String()),
				Family: strings.TrimSpace(a.Get("family").String()),
				Name:   strings.TrimSpace(a.Get("name").String()),
				ORCID:  wire.StripORCID(a.Get("ORCID").String()),
			}
			a.Get("affiliation.#.name").ForEach(func(_, n gjson.Result) bool {
				author.Affiliations = append(author.Affiliations, markup.PlainText(n.String()))
				return true
			})
			rec.Authors = append(rec.Authors, author)
			return true
		})
		if len(rec.Authors) > 0 {
			break // editors stand in only for works with no authors (edited books)
		}
	}
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
	var counts record.Counts
	if v := m.Get("is-referenced-by-count"); v.Exists() {
		counts.CitedBy = record.Int(int(v.Int()))
	}
	if v := m.Get("references-count"); v.Exists() {
		counts.References = record.Int(int(v.Int()))
	}
	return rec, counts
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
func crossrefDate(m gjson.Result) record.Date {
	for _, field := range []string{"issued", "published", "published-print", "published-online"} {
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

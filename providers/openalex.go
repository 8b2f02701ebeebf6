package providers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sort"
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
	openAlexWorksPath = "/works/doi:"
	openAlexWorksByID = "/works/" // followed by pmid:… or pmcid:…
	openAlexListPath  = "/works"
	// openAlexBatch is how many DOIs one filter=doi:A|B|… list call asks
	// about. The current docs allow 100 values OR-ed in one filter, older
	// ones 50; 50 keeps to both. Singleton lookups are free against the
	// daily budget and list calls are not ($0.0001 each), but one list call
	// per 50 works costs 1/50 of the requests for a negligible share of the
	// budget (a 1,000-work profile: 20 calls, $0.002 of the free $1/day).
	openAlexBatch = 50
	// openAlexMaxURI splits a batch of unusually long DOIs.
	openAlexMaxURI = 4000
)

// OpenAlex reads identifiers (OpenAlex, MAG, PMID, PMCID), institutions,
// topics, open-access status and citation counts from OpenAlex.
func OpenAlex() service.Spec {
	return service.Spec{
		Name:  "openalex",
		Probe: openAlexProbe(),
		Title: "OpenAlex",
		Host:  "api.openalex.org",
		// Every user may send at most 100 requests/s; singleton lookups by DOI
		// cost nothing against the daily budget. 100ms stays far below.
		MinInterval: 100 * time.Millisecond,
		RateSource:  "https://developers.openalex.org/api-reference/authentication",
		Timeout:     30 * time.Second,
		// 403 means "slow down" at OpenAlex; 429 means the daily budget is
		// spent (with a Retry-After of hours), which the transport turns into a
		// stopped host rather than a sleep.
		SlowDown:       []int{403},
		RequestProblem: openAlexRequestProblem,
		Accepts:        []manifest.Kind{manifest.KindDOI, manifest.KindPMID, manifest.KindPMCID},
		BatchSize:      openAlexBatch,
		// Keyless strategy. "API key required starting February 13, 2026. API
		// keys are free"; "Without an API key, you're limited to $0.01/day of
		// usage" (https://developers.openalex.org/api-reference/authentication).
		// Singletons (/works/doi:…, /works/pmid:…) cost nothing; a list call
		// costs $0.0001 (the proxy's endpointClassifier.ts: singleton 0
		// credits, list 1). Without a key about still batches: 50 works a list
		// call is 1/50 of the requests, and a 2,000-work run spends 40 calls
		// ($0.004), inside the keyless allowance; works a list cannot take and
		// re-asks of cut authorships go to the free singleton. When the
		// allowance is spent OpenAlex answers 429 until midnight UTC, which
		// stops the host (MaxWait) and the hint names the key.
		APIKey: &service.APIKey{Env: "OPENALEX_API_KEY", Query: "api_key",
			Benefit: "OpenAlex $1 a day of list calls (10,000 calls of 50 works) instead of the keyless $0.01 (100 calls)"},
		Terms:       "https://openalex.org/about",
		Attribution: "Data from OpenAlex (CC0)",
		Counts:      true,
		// The page's counts when the manifest names none: OpenAlex counts
		// every work type (datasets and software too) and lists the
		// citing works at a public address.
		DefaultCounts: true,
		// OpenAlex lists the citing works with the cites filter
		// (https://docs.openalex.org/api-entities/works/filter-works#cites).
		Citing: &service.Citing{Prefix: "https://openalex.org/works?filter=cites:", ID: func(ids record.IDs) string { return ids.OpenAlex }},
		Fetch:  service.Batched(fetchOpenAlex, openAlexListable, fetchOpenAlexList),

		Discover: discoverOpenAlex, // the works carrying an ORCID iD: openalex_discover.go
	}
}

// openAlexProbe asks the list form the run batches with (filter=doi:…)
// about one stable work and checks the list envelope and the fields
// openAlexWork reads. OpenAlex's X-RateLimit-* headers count the daily
// budget, not a pace, so none are compared.
func openAlexProbe() service.Probe {
	return service.Probe{
		Path:   "/works?filter=doi%3Ahttps%3A%2F%2Fdoi.org%2F10.1145%2F3448016.3452841&per_page=1",
		Mailto: "mailto",
		Fields: []string{"meta.count", "results[].id", "results[].doi", "results[].title", "results[].type", "results[].publication_date",
			"results[].ids.doi", "results[].authorships[].author.display_name", "results[].authorships[].author.orcid",
			"results[].primary_location.landing_page_url", "results[].open_access.is_oa", "results[].open_access.oa_status",
			"results[].biblio.volume", "results[].cited_by_count", "results[].counts_by_year"},
		Doc: "https://docs.openalex.org/api-entities/works/filter-works",
	}
}

// fetchOpenAlex asks the free singleton endpoint, which takes a DOI, a
// PMID or a PMCID as the work's id (/works/pmid:29106400), so works known
// only by a PubMed id still get OpenAlex's identifiers and counts.
func fetchOpenAlex(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	// An id is read from the path after decoding, and OpenAlex has refused
	// ids holding ',' or '&' (its parameter separators): both go escaped,
	// ',' by EscapeDOI and '&' here, which the path grammar would allow raw.
	path := openAlexWorksPath + strings.ReplaceAll(wire.EscapeDOI(id.Value), "&", "%26")
	switch id.Kind {
	case manifest.KindPMID:
		path = openAlexWorksByID + "pmid:" + url.PathEscape(id.Value)
	case manifest.KindPMCID:
		path = openAlexWorksByID + "pmcid:" + url.PathEscape(id.Value)
	}
	return service.GetJSONRecord(ctx, env, "openalex", env.Base+path, parseOpenAlex)
}

// openAlexListable: only DOIs go in the list filter; '|' separates OR-ed
// values and ',' filters, so a DOI holding either is asked on its own.
func openAlexListable(id manifest.Identity) bool {
	return id.Kind == manifest.KindDOI && !strings.ContainsAny(id.Value, "|,")
}

// openAlexRequestProblem: a 400 or 403 whose body names a request problem
// faults that request only; any other 403 stays a slow-down, as the docs
// list it (https://developers.openalex.org/api-reference/errors). The API
// server answers a request it cannot take with {"error": description,
// "message": why} (app.py's handle_exception and core/exceptions.py in
// https://github.com/ourresearch/openalex-elastic-api). Those came with 403
// (openalexR#94: "[403] Invalid query parameters error. <Search filters do
// not support the | operator>"; #254, a comma in a filter value; #202, a
// bad field) and come with 400 now, while rate limits come from the proxy
// as {"error":"Rate limit exceeded", …}.
func openAlexRequestProblem(code int, body []byte) bool {
	if code != http.StatusBadRequest && code != http.StatusForbidden {
		return false
	}
	switch gjson.GetBytes(body, "error").String() {
	case "Invalid query parameters error.", "Pagination error.", "Invalid filter":
		return true
	}
	return false
}

// errAuthorsCut marks a list item whose authorships OpenAlex cut short.
var errAuthorsCut = errors.New("openalex: authorships cut at 100 in a list answer")

// fetchOpenAlexList asks the list form, then asks the free singleton about
// each work whose list copy has its authorships cut: list answers stop at
// 100 and set is_authors_truncated, while "the individual record for the
// work … is never truncated"
// (https://docs.openalex.org/api-entities/authors/limitations).
func fetchOpenAlexList(ctx context.Context, env service.Env, ids []manifest.Identity) []service.Result {
	return openAlexList().FetchThenReask(ctx, env, ids, errAuthorsCut, fetchOpenAlex)
}

// parseOpenAlexListItem is parseOpenAlex for a list item, which may be a
// shortened copy. A missing is_authors_truncated is false: OpenAlex sends
// it only for some works (https://github.com/ropensci/openalexR/issues/234).
func parseOpenAlexListItem(w gjson.Result) (service.Result, error) {
	if w.Get("is_authors_truncated").Bool() {
		return service.Result{}, errAuthorsCut
	}
	return parseOpenAlex(w)
}

// openAlexList asks GET /works?filter=doi:A|B|… about the DOIs and reads
// the list answer: {"meta":{"count":n,…},"results":[…]}.
func openAlexList() service.ListForm {
	return service.ListForm{
		Provider: "openalex",
		MaxURI:   openAlexMaxURI,
		URI:      openAlexListURI,
		Items:    openAlexItems,
		DOI:      func(w gjson.Result) string { return w.Get("doi").String() },
		Also:     func(w gjson.Result) []string { return []string{w.Get("ids.doi").String()} }, // https://docs.openalex.org/api-entities/works/work-object#ids
		Parse:    parseOpenAlexListItem,
		Single:   fetchOpenAlex,
		// OpenAlex may hold two works under one DOI (duplicates not yet
		// merged): the list's doi filter returns both, while the singleton
		// /works/doi:… takes the first hit of a term query on ids.doi
		// (works_id_get in ids/views.py,
		// https://github.com/ourresearch/openalex-elastic-api). Such a DOI
		// is asked of the free singleton, so a batched run keeps what an
		// unbatched one would, and no warning is due: it is OpenAlex's
		// answer, not a fault.
		Twins: true,
	}
}

func openAlexListURI(_ service.Env, ids []manifest.Identity) string {
	values := make([]string, len(ids))
	for i, id := range ids {
		values[i] = "https://doi.org/" + id.Value
	}
	v := url.Values{}
	v.Set("filter", "doi:"+strings.Join(values, "|"))
	// Room for a DOI OpenAlex holds twice (duplicate works), so a full
	// page is rarely cut short.
	v.Set("per_page", strconv.Itoa(min(2*len(ids), 100)))
	return openAlexListPath + "?" + v.Encode()
}

func openAlexItems(doc gjson.Result) ([]gjson.Result, int64, error) {
	results := doc.Get("results")
	if !results.IsArray() || !doc.Get("meta.count").Exists() {
		return nil, 0, service.Malformed("openalex", "no results list in the answer")
	}
	return results.Array(), doc.Get("meta.count").Int(), nil
}

func parseOpenAlex(w gjson.Result) (service.Result, error) {
	if !strings.HasPrefix(w.Get("id").String(), "https://openalex.org/W") {
		return service.Result{}, service.Malformed("openalex", "answer is not a work")
	}
	rec := openAlexWork(w)
	counts, err := openAlexCounts(w)
	if err != nil {
		return service.Result{}, err
	}
	return service.Result{Status: record.Found, Record: &rec, Counts: counts}, nil
}

// openAlexWork maps one OpenAlex work object; shared with list answers.
func openAlexWork(w gjson.Result) record.Record {
	rec := record.Record{
		Title:     markup.PlainText(w.Get("title").String()),
		Container: strings.TrimSpace(w.Get("primary_location.source.display_name").String()),
		Publisher: strings.TrimSpace(w.Get("primary_location.source.host_organization_name").String()),
		Type:      record.CSLType(w.Get("type").String()),
		Genre:     record.CSLGenre(w.Get("type").String()), // of the work types only "preprint" implies one: https://developers.openalex.org/api-reference/work-types
		Issued:    record.ParseDate(w.Get("publication_date").String()),
		Volume:    w.Get("biblio.volume").String(),
		Issue:     w.Get("biblio.issue").String(),
		Pages:     pageRange(w.Get("biblio.first_page").String(), w.Get("biblio.last_page").String()),
		Abstract:  wire.WithoutAbstractWord(invertedAbstract(w.Get("abstract_inverted_index"))),
		URL:       w.Get("primary_location.landing_page_url").String(),
		Language:  wire.Language(w.Get("language").String()), // detected from title and abstract; merged below a registrar's (works/language.go)
	}
	if rec.Issued.IsZero() {
		rec.Issued = record.NewDate(int(w.Get("publication_year").Int()), 0, 0)
	}
	ids := w.Get("ids")
	rec.IDs = record.IDs{
		DOI:      wire.StripDOI(ids.Get("doi").String()),
		OpenAlex: strings.TrimPrefix(ids.Get("openalex").String(), "https://openalex.org/"),
		MAG:      ids.Get("mag").String(),
		PMID:     lastPathPart(ids.Get("pmid").String()),
		PMCID:    strings.ToUpper(lastPathPart(ids.Get("pmcid").String())),
		ISSN:     wire.Strings(w.Get("primary_location.source.issn")),
	}
	rec.Container, rec.Publisher = openAlexVenue(w.Get("primary_location.source"), rec.IDs.DOI, w.Get("type").String())
	w.Get("authorships").ForEach(func(_, a gjson.Result) bool {
		author, ok := openAlexAuthor(a) // index_names.go
		if !ok {
			return true
		}
		a.Get("institutions.#.display_name").ForEach(func(_, n gjson.Result) bool {
			author.Affiliations = append(author.Affiliations, n.String())
			return true
		})
		rec.Authors = append(rec.Authors, author)
		return true
	})
	w.Get("topics.#.display_name").ForEach(func(_, t gjson.Result) bool {
		rec.Topics = append(rec.Topics, t.String())
		return true
	})
	rec.Funding = openAlexFunding(w)
	if w.Get("open_access.is_oa").Bool() {
		rec.OA = &record.OpenAccess{
			URL:     firstNonEmpty(w.Get("best_oa_location.pdf_url").String(), w.Get("best_oa_location.landing_page_url").String(), w.Get("open_access.oa_url").String()),
			License: w.Get("best_oa_location.license").String(),
			Status:  w.Get("open_access.oa_status").String(),
			Version: w.Get("best_oa_location.version").String(),
		}
	} else if status := strings.TrimSpace(w.Get("open_access.oa_status").String()); status != "" {
		// "closed" is an answer too, and the same one Unpaywall would give:
		// the orchestrator relies on it to skip asking Unpaywall.
		rec.OA = &record.OpenAccess{Status: status}
	}
	return rec
}

// openAlexCounts reads a work's counters, per year too; one that is not a
// count makes the answer malformed (see service.Counter).
func openAlexCounts(w gjson.Result) (record.Counts, error) {
	c := service.Counter{Provider: "openalex"}
	counts := record.Counts{
		CitedBy:    c.Count("cited_by_count", w.Get("cited_by_count")),
		References: c.Count("referenced_works_count", w.Get("referenced_works_count")),
		ByYear:     openAlexByYear(&c, w.Get("counts_by_year")),
	}
	return counts, c.Err
}

// openAlexByYear reads counts_by_year, "cited_by_count for each of the
// last ten years, binned by year … Any citations older than ten years old
// aren't included. Years with zero citations have been removed"
// (https://docs.openalex.org/api-entities/works/work-object#counts_by_year):
// so a year missing inside the window is none, and citations before it
// have no year (render says so rather than guess them). The window is
// not always ten: the recorded PLOS ONE answer bins 2012–2026. Nil when
// the answer has no such list.
func openAlexByYear(c *service.Counter, v gjson.Result) *[]record.YearCount {
	if !v.IsArray() {
		return nil
	}
	var years []record.YearCount
	v.ForEach(func(_, y gjson.Result) bool {
		year, _ := c.Year("counts_by_year[].year", y.Get("year"))
		n, _ := c.Number("counts_by_year[].cited_by_count", y.Get("cited_by_count"))
		years = append(years, record.YearCount{Year: year, CitedBy: n})
		return true
	})
	byYear := record.ByYearOf(years)
	for _, y := range *byYear {
		if !record.CountOK(y.CitedBy) { // a year given twice adds up, past a count
			c.FailSum("counts_by_year[].cited_by_count", y)
		}
	}
	return byYear
}

// invertedAbstract rebuilds the text OpenAlex ships as word → positions
// (it may not redistribute abstracts as plain text).
func invertedAbstract(index gjson.Result) string {
	if !index.IsObject() {
		return ""
	}
	type placed struct {
		pos  int64
		word string
	}
	var words []placed
	index.ForEach(func(word, positions gjson.Result) bool {
		positions.ForEach(func(_, p gjson.Result) bool {
			words = append(words, placed{p.Int(), word.String()})
			return true
		})
		return true
	})
	sort.Slice(words, func(i, j int) bool {
		if words[i].pos != words[j].pos {
			return words[i].pos < words[j].pos
		}
		return words[i].word < words[j].word
	})
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.word
	}
	return strings.Join(parts, " ")
}

func pageRange(first, last string) string {
	switch {
	case first == "":
		return ""
	case last == "" || last == first:
		return first
	}
	return first + "-" + last
}

func lastPathPart(s string) string {
	s = strings.TrimRight(strings.TrimSpace(s), "/")
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// openAlexFunding reads the work's funders[] (name, ROR id) and awards[]
// (each a funder's award number, naming its funder by OpenAlex id), which
// replaced grants[] in 2025 (https://docs.openalex.org/api-entities/awards:
// "replaces the older grants property which has been removed"). An award
// whose funder is not among funders[] still names its funder.
func openAlexFunding(w gjson.Result) []record.Funding {
	var f wire.Funders
	byID := map[string][3]string{}
	w.Get("funders").ForEach(func(_, v gjson.Result) bool {
		e := [3]string{v.Get("display_name").String(), v.Get("doi").String(), v.Get("ror").String()}
		byID[v.Get("id").String()] = e
		f.Add(e[0], e[1], e[2])
		return true
	})
	w.Get("awards").ForEach(func(_, a gjson.Result) bool {
		e, ok := byID[a.Get("funder_id").String()]
		if !ok {
			e = [3]string{a.Get("funder_display_name").String(), "", ""}
		}
		f.Add(e[0], e[1], e[2], a.Get("funder_award_id").String())
		return true
	})
	return f.List()
}

package providers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
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
	s2BatchPath   = "/graph/v1/paper/batch"
	s2FieldsParam = "fields" // a query parameter even for the POST form, as the docs insist
	// s2Fields are the paper fields asked for. Author ORCIDs are not among
	// what the paper batch can return for authors (only authorId and name
	// by default), so Authors carry names only.
	s2Fields = "paperId,externalIds,title,abstract,venue,year,publicationDate,authors," +
		"citationCount,influentialCitationCount,referenceCount,fieldsOfStudy,s2FieldsOfStudy," +
		"tldr,isOpenAccess,openAccessPdf,publicationTypes,journal"
	// s2NoValidIDs is the 400 error Semantic Scholar gives, instead of a
	// list of nulls, when it recognises none of a batch's ids.
	s2NoValidIDs = "No valid paper ids given"
	// s2Batch is how many ids one batch request carries.
	s2Batch = 100
)

// SemanticScholar reads Semantic Scholar's view of a work (identifiers,
// fields of study, TL;DR, open-access PDF) and its citation counts,
// including "influential" citations, from the Academic Graph API's paper
// batch endpoint: one POST answers up to 100 works.
func SemanticScholar() service.Spec {
	return service.Spec{
		Name:  "semanticscholar",
		Probe: s2Probe(),
		Title: "Semantic Scholar",
		Host:  "api.semanticscholar.org",
		// Without a key, requests come from a pool shared by every
		// unauthenticated user (429 when it is busy); a key gives an
		// introductory dedicated rate of 1 request/s across all endpoints
		// (APIKey.MinInterval below). One request a second keeps within the
		// key's rate and is polite to the shared pool, so a key buys a rate
		// of one's own (fewer 429s), not a faster pace; a batch of 100 works
		// still costs one request.
		MinInterval: time.Second,
		RateSource:  "https://www.semanticscholar.org/product/api#rate-limits",
		Timeout:     60 * time.Second,
		Accepts:     []manifest.Kind{manifest.KindDOI, manifest.KindArXiv, manifest.KindPMID},
		// POST /paper/batch: "Can only process 500 paper ids at a time."
		// (https://api.semanticscholar.org/api-docs/graph#tag/Paper-Data/operation/post_graph_get_papers),
		// but batches of 200–500 with heavy fields have timed out at the
		// gateway (https://github.com/allenai/s2-folks/issues/59): 100, and
		// a batch that still times out is split (s2Ask).
		BatchSize: s2Batch,
		// A 504 goes straight back to s2Ask, which splits the batch, rather
		// than being retried whole by the transport.
		RequestProblem: func(code int, _ []byte) bool { return code == http.StatusGatewayTimeout },
		// The header name is case-sensitive per the docs. A key's dedicated
		// rate is 1 request/s across all endpoints: the keyless pace.
		APIKey:      &service.APIKey{Env: "S2_API_KEY", Header: "x-api-key", MinInterval: time.Second, RateSource: "https://www.semanticscholar.org/product/api#rate-limits"},
		Terms:       "https://www.semanticscholar.org/product/api/license",
		Attribution: "Data from Semantic Scholar (Allen Institute for AI), https://www.semanticscholar.org, under the Semantic Scholar API License Agreement",
		Counts:      true,
		// Semantic Scholar's paper page lists a paper's citations.
		Citing: &service.Citing{Prefix: "https://www.semanticscholar.org/paper/", ID: func(ids record.IDs) string { return ids.S2 }},
		Fetch:  fetchSemanticScholar,
	}
}

// s2Probe asks the single-paper form for the same fields the batch asks
// (the batch is a POST of the same paper objects) and checks the fields
// s2Paper reads. Semantic Scholar announces no pace in its headers.
func s2Probe() service.Probe {
	return service.Probe{
		Path: "/graph/v1/paper/DOI:10.18653/v1/2020.acl-main.447?fields=" + s2Fields,
		Fields: []string{"paperId", "externalIds.DOI", "title", "venue", "year", "publicationDate", "authors[].name",
			"citationCount", "referenceCount", "openAccessPdf", "publicationTypes", "journal"},
		Doc: "https://api.semanticscholar.org/api-docs/graph#tag/Paper-Data/operation/get_graph_get_paper",
	}
}

// fetchSemanticScholar asks the paper batch endpoint about every id in one
// request. The answer is a list in request order with null for ids it does
// not know.
func fetchSemanticScholar(ctx context.Context, env service.Env, ids []manifest.Identity) ([]service.Result, error) {
	out := make([]service.Result, len(ids))
	var keys []string // Semantic Scholar ids, in request order
	var slots []int   // the index in ids each key answers for
	for i, id := range ids {
		key, ok := s2PaperID(id)
		if !ok {
			out[i] = service.Result{Status: record.Failed, Err: fmt.Errorf("semanticscholar: cannot look up %s", id)}
			continue
		}
		keys = append(keys, key)
		slots = append(slots, i)
	}
	if len(keys) == 0 {
		return out, nil
	}
	for j, r := range s2Ask(ctx, env, keys) {
		for w := range r.Warnings { // s2Settle names the batch id; the story names the work
			if r.Warnings[w].Identity == keys[j] {
				r.Warnings[w].Identity = ids[slots[j]].Key()
			}
		}
		out[slots[j]] = r
	}
	return out, nil
}

// s2TimedOut: the answer or error says the batch took too long for the
// gateway (504, or no answer within the timeout), which a smaller batch
// avoids.
func s2TimedOut(status int, err error) bool {
	var timeout interface{ Timeout() bool }
	return status == http.StatusGatewayTimeout || (errors.As(err, &timeout) && timeout.Timeout())
}

// s2Ask asks the batch endpoint about keys and returns one Result per key.
// A batch that times out is asked again in halves, down to single ids, so
// one slow batch does not fail every work in it: batches of a few hundred
// with heavy fields have met a ~30 s gateway timeout
// (https://github.com/allenai/s2-folks/issues/59, /issues/58).
func s2Ask(ctx context.Context, env service.Env, keys []string) []service.Result {
	status, body, err := s2Post(ctx, env, keys)
	if s2TimedOut(status, err) && len(keys) > 1 && ctx.Err() == nil {
		half := len(keys) / 2
		return append(s2Ask(ctx, env, keys[:half]), s2Ask(ctx, env, keys[half:])...)
	}
	out := make([]service.Result, len(keys))
	all := func(r service.Result) []service.Result {
		for i := range out {
			out[i] = r
		}
		return out
	}
	switch {
	case err != nil:
		return all(service.Result{Status: record.Failed, Err: err})
	case wire.IsNotFound(status):
		return all(service.Result{Status: record.NotFound})
	case status == http.StatusBadRequest && gjson.GetBytes(body, "error").String() == s2NoValidIDs:
		// Not one id of the batch is known: that is an answer, not a fault.
		return all(service.Result{Status: record.NotFound})
	case status < 200 || status > 299:
		err := error(&service.StatusError{Provider: "semanticscholar", Code: status})
		if msg := service.CleanText(strings.TrimSpace(gjson.GetBytes(body, "error").String())); msg != "" {
			err = fmt.Errorf("semanticscholar: %s: %w", msg, err)
		}
		return all(service.Result{Status: record.Failed, Err: err})
	case !gjson.ValidBytes(body):
		return all(service.Result{Status: record.Failed, Err: service.Malformed("semanticscholar", "body is not valid JSON")})
	}
	doc := service.ParseBody(body)
	if !doc.IsArray() {
		return all(service.Result{Status: record.Failed, Err: service.Malformed("semanticscholar", "batch answer is not a list")})
	}
	papers := doc.Array()
	if len(papers) > len(keys) {
		// Answers are matched to ids by position; with more answers than
		// ids no position can be trusted.
		return all(service.Result{Status: record.Failed, Err: service.Malformed("semanticscholar",
			fmt.Sprintf("batch answer has %d papers for %d ids", len(papers), len(keys)))})
	}
	for j := range out {
		if j >= len(papers) { // a short answer: the missing tail is unknown
			out[j] = service.Result{Status: record.NotFound}
			continue
		}
		out[j] = s2Result(papers[j])
	}
	return s2Settle(ctx, env, keys, papers, out)
}

// s2Settle checks a batch answer's papers against the ids at their
// places. The batch documents its order (results in the order of the
// posted ids, null for an id not found:
// https://api.semanticscholar.org/api-docs/graph#tag/Paper-Data/operation/post_graph_get_papers),
// so a paper answers for the id at its place, but only when
// the ids it carries agree: a paper whose externalIds name another id of
// the kind asked is no evidence for that place, and then nor is a null
// (its paper may be the one found elsewhere). Those ids are asked again
// alone, where the place cannot be mistaken; a paper Semantic Scholar
// files under another DOI (it keeps one DOI for the versions of a paper it
// merged) comes back the same, and only a different answer is warned of.
func s2Settle(ctx context.Context, env service.Env, keys []string, papers []gjson.Result, out []service.Result) []service.Result {
	if len(keys) < 2 {
		return out
	}
	var wrong []int
	for j := range min(len(keys), len(papers)) {
		if !s2Carries(papers[j], keys[j]) {
			wrong = append(wrong, j)
		}
	}
	if len(wrong) == 0 {
		return out
	}
	for j := range out {
		if out[j].Status == record.NotFound && !slices.Contains(wrong, j) {
			wrong = append(wrong, j)
		}
	}
	env.Announce(len(wrong))
	for _, j := range wrong {
		alone := s2Ask(ctx, env, keys[j:j+1])[0]
		if s2PaperOf(alone) != s2PaperOf(out[j]) {
			alone.Warnings = append(alone.Warnings, record.Warning{Identity: keys[j], Transient: true,
				Message: fmt.Sprintf("semanticscholar: the batch answer gave %s another paper (%s) than asking for it alone (%s); the batch's was set aside",
					keys[j], orNone(s2PaperOf(out[j])), orNone(s2PaperOf(alone)))})
		}
		out[j] = alone
	}
	return out
}

// s2Carries says whether paper p carries the id key asks for, or names
// no id of that kind (then nothing contradicts its place).
func s2Carries(p gjson.Result, key string) bool {
	kind, want, _ := strings.Cut(key, ":")
	ext := p.Get("externalIds")
	var got string
	switch kind {
	case "DOI":
		got = wire.StripDOI(ext.Get("DOI").String())
	case "ARXIV":
		got = s2StripArXivVersion(s2Normalized(manifest.NormalizeArXiv, ext.Get("ArXiv").String()))
	case "PMID":
		got = s2Normalized(manifest.NormalizePMID, ext.Get("PubMed").String())
	}
	return got == "" || strings.EqualFold(got, want)
}

// s2PaperOf is the Semantic Scholar paper id a Result holds, "" for none.
func s2PaperOf(r service.Result) string {
	if r.Record == nil {
		return ""
	}
	return r.Record.IDs.S2
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// s2Post sends one batch request about keys.
func s2Post(ctx context.Context, env service.Env, keys []string) (status int, body []byte, err error) {
	reqBody, err := s2Body(keys)
	if err != nil {
		return 0, nil, fmt.Errorf("semanticscholar: encode request: %w", err)
	}
	u := env.Base + s2BatchPath + "?" + s2FieldsParam + "=" + s2Fields
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(reqBody))
	if err != nil {
		return 0, nil, fmt.Errorf("semanticscholar: build request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	ans, err := service.Send(env, req)
	if err != nil {
		return 0, nil, err
	}
	return ans.Status, ans.Body, nil
}

// s2PaperID is the batch form of an identity: DOI:…, ARXIV:…, PMID:….
func s2PaperID(id manifest.Identity) (string, bool) {
	switch id.Kind {
	case manifest.KindDOI:
		return "DOI:" + id.Value, id.Value != ""
	case manifest.KindArXiv:
		// Semantic Scholar has one paper for all versions of a preprint; the
		// docs' examples name it without a version.
		v := s2StripArXivVersion(id.Value)
		return "ARXIV:" + v, v != ""
	case manifest.KindPMID:
		return "PMID:" + id.Value, id.Value != ""
	}
	return "", false
}

// s2StripArXivVersion drops a trailing vN; "solv-int/9901001" keeps its v.
func s2StripArXivVersion(id string) string {
	i := strings.LastIndexByte(id, 'v')
	if i <= 0 || i == len(id)-1 {
		return id
	}
	for _, r := range id[i+1:] {
		if r < '0' || r > '9' {
			return id
		}
	}
	return id[:i]
}

// s2Body is the JSON request body {"ids":[…]}. HTML escaping is off so a
// DOI's '<', '>' and '&' travel as themselves (still valid JSON), which
// keeps recorded requests readable.
func s2Body(keys []string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		IDs []string `json:"ids"`
	}{keys}); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// s2Result reads one entry of the batch answer: null for an unknown id,
// else a paper object.
func s2Result(p gjson.Result) service.Result {
	switch {
	case p.Type == gjson.Null:
		return service.Result{Status: record.NotFound}
	case !p.IsObject():
		return service.Result{Status: record.Failed, Err: service.Malformed("semanticscholar", "batch entry is neither a paper nor null")}
	case strings.TrimSpace(p.Get("paperId").String()) == "":
		return service.Result{Status: record.Failed, Err: service.Malformed("semanticscholar", "paper has no paperId")}
	}
	c := service.Counter{Provider: "semanticscholar"}
	counts := record.Counts{
		CitedBy:            c.Count("citationCount", p.Get("citationCount")),
		InfluentialCitedBy: c.Count("influentialCitationCount", p.Get("influentialCitationCount")),
		References:         c.Count("referenceCount", p.Get("referenceCount")),
	}
	if c.Err != nil {
		return service.Result{Status: record.Failed, Err: c.Err}
	}
	rec := s2Paper(p)
	return service.Result{Status: record.Found, Record: &rec, Counts: counts}
}

// s2Paper maps one Graph API paper object.
func s2Paper(p gjson.Result) record.Record {
	journal := p.Get("journal")
	rec := record.Record{
		Title:     markup.PlainText(p.Get("title").String()),
		Container: firstNonEmpty(journal.Get("name").String(), p.Get("venue").String()),
		Type:      s2Type(p.Get("publicationTypes")),
		Issued:    record.ParseDate(p.Get("publicationDate").String()),
		Volume:    strings.TrimSpace(journal.Get("volume").String()),
		Pages:     strings.TrimSpace(journal.Get("pages").String()),
		Abstract:  markup.AbstractText(p.Get("abstract").String()),
	}
	if rec.Issued.IsZero() {
		rec.Issued = record.NewDate(int(p.Get("year").Int()), 0, 0) // year only stays year only
	}
	ext := p.Get("externalIds")
	rec.IDs = record.IDs{
		S2:    strings.TrimSpace(p.Get("paperId").String()),
		DOI:   wire.StripDOI(ext.Get("DOI").String()),
		ArXiv: s2Normalized(manifest.NormalizeArXiv, ext.Get("ArXiv").String()),
		PMID:  s2Normalized(manifest.NormalizePMID, ext.Get("PubMed").String()),
		PMCID: s2Normalized(manifest.NormalizePMCID, ext.Get("PubMedCentral").String()),
		MAG:   strings.TrimSpace(ext.Get("MAG").String()), // a string of digits, or a number in older answers
	}
	p.Get("authors").ForEach(func(_, a gjson.Result) bool {
		if name := strings.TrimSpace(a.Get("name").String()); name != "" {
			rec.Authors = append(rec.Authors, indexAuthor(name)) // split: index_names.go
		}
		return true
	})
	seen := map[string]bool{}
	addTopic := func(t string) {
		if t = strings.TrimSpace(t); t != "" && !seen[t] {
			seen[t] = true
			rec.Topics = append(rec.Topics, t)
		}
	}
	p.Get("fieldsOfStudy").ForEach(func(_, t gjson.Result) bool {
		addTopic(t.String())
		return true
	})
	p.Get("s2FieldsOfStudy").ForEach(func(_, t gjson.Result) bool {
		addTopic(t.Get("category").String())
		return true
	})
	if tldr := strings.TrimSpace(p.Get("tldr.text").String()); tldr != "" {
		rec.Extra = append(rec.Extra, record.Annotation{Name: "tldr", Value: tldr})
	}
	// A closed paper still has an openAccessPdf object, with url "": only a
	// real URL makes an open-access location.
	if pdf := p.Get("openAccessPdf"); strings.TrimSpace(pdf.Get("url").String()) != "" {
		rec.OA = &record.OpenAccess{
			URL:     strings.TrimSpace(pdf.Get("url").String()),
			License: s2License(pdf.Get("license").String()),
			Status:  strings.ToLower(strings.TrimSpace(pdf.Get("status").String())),
		}
	}
	return rec
}

// s2Normalized keeps an external id only when it is well formed.
func s2Normalized(normalize func(string) (string, error), raw string) string {
	if strings.TrimSpace(raw) == "" {
		return ""
	}
	v, err := normalize(raw)
	if err != nil {
		return ""
	}
	return v
}

// s2Type maps Semantic Scholar's publicationTypes (JournalArticle,
// Conference, Review, Book, BookSection, Dataset, …) to a CSL type: the
// first type in the list that has a CSL counterpart wins. Kinds of journal
// content (reviews, editorials, case reports, …) are journal articles.
func s2Type(types gjson.Result) string {
	out := ""
	types.ForEach(func(_, t gjson.Result) bool {
		// The docs' own example spells "Journal Article" with a space.
		switch strings.ReplaceAll(strings.TrimSpace(t.String()), " ", "") {
		case "JournalArticle", "Review", "MetaAnalysis", "CaseReport", "ClinicalTrial", "Study", "Editorial", "LettersAndComments":
			out = "article-journal"
		case "Conference":
			out = "paper-conference"
		case "Book":
			out = "book"
		case "BookSection":
			out = "chapter"
		case "Dataset":
			out = "dataset"
		}
		return out == ""
	})
	return out
}

// s2License spells Semantic Scholar's compact Creative Commons codes
// (CCBY, CCBYNCND, …) the way Unpaywall and OpenAlex do (cc-by,
// cc-by-nc-nd); anything else is kept as given.
func s2License(raw string) string {
	s := strings.TrimSpace(raw)
	code := strings.ToLower(s)
	if code == "cc0" {
		return "cc0"
	}
	rest, ok := strings.CutPrefix(code, "ccby")
	if !ok {
		return s
	}
	out := "cc-by"
	for _, part := range []string{"nc", "nd", "sa"} {
		if r, ok := strings.CutPrefix(rest, part); ok {
			out += "-" + part
			rest = r
		}
	}
	if rest != "" {
		return s
	}
	return out
}

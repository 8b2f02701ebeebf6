package providers

import (
	"context"
	"fmt"
	"mime"
	"net/http"
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
	// doiOrgCSLJSON asks doi.org's content negotiation for CSL-JSON; doi.org
	// redirects to the registration agency's own service, which answers.
	doiOrgCSLJSON = "application/vnd.citationstyles.csl+json"
	// doiOrgRAPath is the Which RA? service in the form the DOI Handbook
	// documents (section "Which RA? Service",
	// https://doi.info/doi-handbook/HTML/which-ra_-service.html):
	// https://doi.org/doiRA/<doi-names>, "single DOI name or a list of DOI
	// names separated by commas", commas inside a name percent-encoded.
	// /ra/ and bare prefixes are widely used but undocumented, so a DOI
	// name stands in for its prefix (see RegistrationAgencies).
	doiOrgRAPath = "/doiRA/"
)

// doiOrgServes is what content negotiation gives for the agencies with no
// provider of their own. doi.org sends a request for a type other than
// text/html to the agency's own metadata service ("will generally be
// redirected to a metadata service hosted by the DOI's registration
// agency. Most DOI registration agencies support content negotiated DOIs":
// https://citation.doi.org/docs.html). Crossref names itself, DataCite and
// mEDRA as offering it (https://www.crossref.org/documentation/retrieve-metadata/content-negotiation/),
// and JaLC documents its CSL-JSON as the way to import its metadata, in
// the DOI Foundation's normalised tags (given/family names), with the
// caveat that not every JaLC field is carried
// (https://japanlinkcenter.org/top/service/doi_content_negotiation_guide_ja.html).
// For the others (KISTI, CNKI, Airiti, ISTIC, OP, …) nothing is
// documented: they are asked the same way, and an agency that answers
// with its landing page or 406 gives no record and a warning
// (fetchDOIOrg).
const doiOrgServes = "the DOIs of every agency with no provider of its own, read from the agency's CSL-JSON: " +
	"JaLC and mEDRA document content negotiation (title, authors as family and given, container, date, volume, issue, " +
	"pages, publisher, type, language, ISSN/ISBN, URL, as far as the agency's record has them); KISTI, CNKI, Airiti, " +
	"ISTIC, OP and others are asked the same way, and one that answers with a web page gives no record and a warning"

// RABatchSize is the most DOIs RegistrationAgencies puts in one Which RA?
// request. The service takes a comma-separated list and documents no
// maximum; 20 typical DOIs make a path of about a kilobyte, far below the
// 8 KB request lines servers and proxies commonly accept, and one bad DOI
// in a batch costs at most 19 neighbours a retry.
const RABatchSize = 20

// CrossrefAgency is how doi.org's Which RA? service names Crossref (see
// DataCiteAgency for DataCite).
const CrossrefAgency = "Crossref"

// DOIOrg asks doi.org for a DOI's metadata by content negotiation: doi.org
// redirects to the registration agency (Crossref, DataCite, mEDRA, …),
// which answers in CSL-JSON. It repeats what the agency's own API says, so
// it is optional: useful for agencies with no provider of their own.
func DOIOrg() service.Spec {
	return service.Spec{
		Name:  "doi",
		Probe: doiOrgProbe(),
		Title: "doi.org content negotiation",
		Host:  "doi.org",
		// doi.org documents no rate limit of its own. The agencies behind it
		// do: DataCite allows 1000 content-negotiation requests per 5 minutes
		// per IP (one per 300ms), the strictest published figure, so that is
		// the pace. The Which RA? lookups share this host and so this pace.
		MinInterval: 300 * time.Millisecond,
		RateSource:  "https://support.datacite.org/docs/rate-limit",
		Timeout:     30 * time.Second,
		Accepts:     []manifest.Kind{manifest.KindDOI},
		BatchSize:   1,
		// Content negotiation repeats what the agency's own REST record says, so
		// by default it is asked only about DOIs of agencies with no provider here.
		AgencyFallback: true,
		Serves:         doiOrgServes,
		Terms:          "https://www.doi.org/the-identifier/resources/factsheets/doi-resolution-documentation",
		Attribution:    "Metadata by DOI content negotiation (doi.org), from the DOI's registration agency",
		Fetch:          service.One(fetchDOIOrg),

		// The Which RA? service lives on this host: it routes DOIs to their
		// agency's provider whenever one serves a single agency.
		AgencyLookup: true,
	}
}

// doiOrgProbe asks the Which RA? service, in the form the DOI Handbook
// documents (/doiRA/ with DOI names), about one DOI and checks the answer
// is the array of {DOI, RA} the agency lookup reads.
func doiOrgProbe() service.Probe {
	return service.Probe{
		Path:   "/doiRA/10.7554/elife.01567",
		Fields: []string{"[].DOI", "[].RA"},
		Doc:    "https://www.doi.org/doi-handbook/HTML/which-ra_-service.html",
	}
}

// fetchDOIOrg asks doi.org for CSL-JSON; the Doer follows the redirect to
// the agency, so the answer read here is the agency's.
func fetchDOIOrg(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	ans, err := service.Get(ctx, env, env.Base+"/"+wire.EscapeDOI(id.Value), doiOrgCSLJSON)
	if err != nil {
		return service.Result{Status: record.Failed, Err: err}
	}
	switch {
	case wire.IsNotFound(ans.Status):
		return service.Result{Status: record.NotFound}
	case ans.Status == http.StatusNotAcceptable:
		// The agency exists but offers no CSL-JSON: no answer will come.
		return service.Result{Status: record.NotFound, Warnings: []record.Warning{{Identity: id.Key(),
			Message: "doi.org: the registration agency offers no CSL-JSON for this DOI"}}}
	case ans.Status < 200 || ans.Status > 299:
		return service.Result{Status: record.Failed, Err: &service.StatusError{Provider: "doi", Code: ans.Status}}
	case isHTML(ans.Header.Get("Content-Type")):
		// Agencies without content negotiation send the reader on to the
		// landing page: an answer, but not metadata.
		return service.Result{Status: record.NotFound, Warnings: []record.Warning{{Identity: id.Key(),
			Message: "doi.org: the registration agency answered with a web page, not CSL-JSON"}}}
	case !gjson.ValidBytes(ans.Body):
		return service.Result{Status: record.Failed, Err: service.Malformed("doi", "body is not valid JSON")}
	}
	r, err := parseCSL(gjson.ParseBytes(ans.Body))
	if err != nil {
		return service.Result{Status: record.Failed, Err: err}
	}
	return r
}

// isHTML reports a web page answer (a landing page, not metadata).
func isHTML(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

// parseCSL reads one CSL-JSON item. Crossref's answer is "CSL-JSON-ish":
// Crossref type names, arrays where CSL has strings, and extra fields; each
// field accepts both spellings.
func parseCSL(item gjson.Result) (service.Result, error) {
	if !item.IsObject() {
		return service.Result{}, service.Malformed("doi", "CSL-JSON answer is not an object")
	}
	if !item.Get("title").Exists() && !item.Get("DOI").Exists() && !item.Get("type").Exists() {
		return service.Result{}, service.Malformed("doi", "CSL-JSON item has no title, DOI or type")
	}
	rec := record.Record{
		Title:     markup.PlainText(wire.First(item.Get("title"))),
		Container: markup.PlainText(wire.First(item.Get("container-title"))),
		Publisher: strings.TrimSpace(item.Get("publisher").String()),
		Type:      cslItemType(item.Get("type").String()),
		Issued:    cslIssued(item),
		Volume:    strings.TrimSpace(item.Get("volume").String()),
		Issue:     strings.TrimSpace(item.Get("issue").String()),
		Pages:     strings.TrimSpace(item.Get("page").String()),
		Abstract:  markup.AbstractText(item.Get("abstract").String()),
		URL:       cslURL(item),
		Language:  wire.Language(item.Get("language").String()), // the agency's own, as its CSL-JSON carries it
	}
	// CSL has no subtitle; Crossref adds one, and its own citation formats
	// (BibTeX, APA) join it to the title, as the crossref provider does.
	if sub := markup.PlainText(wire.First(item.Get("subtitle"))); sub != "" && rec.Title != "" && !strings.Contains(rec.Title, sub) {
		rec.Title += ": " + sub
	}
	rec.IDs.DOI = wire.StripDOI(item.Get("DOI").String())
	rec.IDs.ISSN = cslList(item.Get("ISSN"))
	rec.IDs.ISBN = cslList(item.Get("ISBN"))
	item.Get("author").ForEach(func(_, a gjson.Result) bool {
		author := record.Author{
			Given:  strings.TrimSpace(a.Get("given").String()),
			Family: strings.TrimSpace(a.Get("family").String()),
			Name:   strings.TrimSpace(a.Get("literal").String()),
			ORCID:  wire.StripORCID(a.Get("ORCID").String()),
		}
		author.Given, author.Family = wire.StructuredName(author.Given, author.Family)
		if author.Name == "" && author.Given == "" && author.Family == "" {
			author.Name = strings.TrimSpace(a.Get("name").String())
		}
		if author.ORCID == "" {
			author.ORCID = wire.StripORCID(a.Get("orcid").String())
		}
		a.Get("affiliation").ForEach(func(_, aff gjson.Result) bool {
			n := aff.String()
			if aff.IsObject() {
				n = aff.Get("name").String()
			}
			author.Affiliations = addDistinct(author.Affiliations, strings.TrimSpace(n))
			return true
		})
		if author.Name != "" || author.Given != "" || author.Family != "" {
			rec.Authors = append(rec.Authors, author)
		}
		return true
	})
	return service.Result{Status: record.Found, Record: &rec}, nil
}

// cslItemType keeps a CSL type and maps an agency's own vocabulary
// (Crossref answers with "journal-article") onto CSL. doi.org answers in
// CSL already, so a CSL type is kept as it is (CSLType would read its
// "article" as a journal article).
func cslItemType(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	if manifest.IsCSLType(t) {
		return t
	}
	return record.CSLType(t)
}

// cslIssued reads "issued" as date-parts at their precision (numbers, or
// strings as some agencies write them), else its "raw" or "literal" text;
// Crossref's published-print/online stand in when issued is missing.
func cslIssued(item gjson.Result) record.Date {
	for _, field := range []string{"issued", "published", "published-print", "published-online"} {
		v := item.Get(field)
		parts := v.Get("date-parts.0")
		if parts.IsArray() && parts.Get("0").Exists() && parts.Get("0").Type != gjson.Null {
			if d := record.NewDate(int(parts.Get("0").Int()), int(parts.Get("1").Int()), int(parts.Get("2").Int())); !d.IsZero() {
				return d
			}
		}
		for _, text := range []string{"raw", "literal"} {
			if d := record.ParseDate(v.Get(text).String()); !d.IsZero() {
				return d
			}
		}
	}
	return record.Date{}
}

// cslURL is the landing page: Crossref's resource.primary.URL when given,
// else "URL" unless that is only the DOI's own resolver link.
func cslURL(item gjson.Result) string {
	if u := strings.TrimSpace(item.Get("resource.primary.URL").String()); u != "" {
		return u
	}
	u := strings.TrimSpace(item.Get("URL").String())
	if wire.StripDOI(u) != "" {
		return ""
	}
	return u
}

// cslList reads a CSL string variable that may hold one value or, in
// Crossref's answers, an array of them.
func cslList(v gjson.Result) []string {
	if v.IsArray() {
		var out []string
		for _, s := range wire.Strings(v) {
			out = addDistinct(out, s)
		}
		return out
	}
	if s := strings.TrimSpace(v.String()); s != "" {
		return []string{s}
	}
	return nil
}

// RegistrationAgencies asks doi.org's Which RA? service which agency
// registered each DOI; up to RABatchSize DOI names per request,
// comma-separated in the path, answered as a JSON array of
// {"DOI":…,"RA":…} or {"DOI":…,"status":"DOI does not exist"} (the
// Handbook's error states are "Invalid DOI", "DOI does not exist" and
// "Unknown"). Returns one agency name per input DOI in the same order (""
// when unknown, does not exist, or not a DOI name: the documented service
// takes DOI names only, so bare prefixes are not asked).
//
// The orchestrator calls it before fetching so that DataCite DOIs never
// cost a Crossref request and Crossref DOIs never cost a DataCite one.
// More than RABatchSize DOIs are split into several requests; an error
// from any request is returned (with nothing else), since a partial
// routing table would send DOIs to the wrong agency.
func RegistrationAgencies(ctx context.Context, env service.Env, dois []string) ([]string, error) {
	keys := make([]string, len(dois))
	var ask []string // distinct DOIs, in first-seen order
	seen := map[string]bool{}
	for i, d := range dois {
		keys[i] = wire.StripDOI(d)
		if keys[i] != "" && !seen[keys[i]] {
			seen[keys[i]] = true
			ask = append(ask, keys[i])
		}
	}
	agency := map[string]string{}
	for start := 0; start < len(ask); start += RABatchSize {
		batch := ask[start:min(start+RABatchSize, len(ask))]
		if err := askRA(ctx, env, batch, agency); err != nil {
			return nil, err
		}
	}
	out := make([]string, len(dois))
	for i, k := range keys {
		out[i] = agency[k]
	}
	return out, nil
}

// askRA sends one Which RA? request and records each answered agency in
// agency, keyed by normalised DOI. Each DOI is escaped as in any doi.org
// path, which also escapes a comma inside a DOI (%2C), as the DOI Handbook
// requires for this service; the separating commas stay bare.
func askRA(ctx context.Context, env service.Env, batch []string, agency map[string]string) error {
	escaped := make([]string, len(batch))
	for i, d := range batch {
		escaped[i] = wire.EscapeDOI(d)
	}
	ans, err := service.Get(ctx, env, env.Base+doiOrgRAPath+strings.Join(escaped, ","), "application/json")
	if err != nil {
		return fmt.Errorf("doi: which ra: %w", err)
	}
	// A lone unknown DOI may come back as 404 with the same JSON array.
	if (ans.Status < 200 || ans.Status > 299) && !(wire.IsNotFound(ans.Status) && gjson.ValidBytes(ans.Body)) {
		return fmt.Errorf("which ra: %w", &service.StatusError{Provider: "doi", Code: ans.Status})
	}
	if !gjson.ValidBytes(ans.Body) {
		return service.Malformed("doi", "which ra answer is not valid JSON")
	}
	doc := gjson.ParseBytes(ans.Body)
	if !doc.IsArray() {
		if wire.IsNotFound(ans.Status) {
			return nil // nothing known about any of them
		}
		return service.Malformed("doi", "which ra answer is not a JSON array")
	}
	doc.ForEach(func(_, item gjson.Result) bool {
		k := wire.StripDOI(item.Get("DOI").String())
		ra := strings.TrimSpace(item.Get("RA").String())
		if k != "" && ra != "" && !item.Get("status").Exists() {
			agency[k] = ra
		}
		return true
	})
	return nil
}

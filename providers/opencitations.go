package providers

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

const openCitationsCountPath = "/index/v2/citation-count/doi:" // the id is scheme-prefixed: doi:, pmid: or omid:

// OpenCitations reads how many works cite a DOI in the OpenCitations Index
// (open DOI-to-DOI citations from Crossref, DataCite, PubMed and others).
// It gives a count only: no bibliographic fields.
func OpenCitations() service.Spec {
	return service.Spec{
		Name:  "opencitations",
		Probe: openCitationsProbe(),
		Title: "OpenCitations Index",
		Host:  "api.opencitations.net",
		// OpenCitations documents no rate limit (the Index API v2 docs and the
		// access-token page ask only that applications send a token); 200ms,
		// at most five requests a second, is our own cautious default.
		MinInterval: 200 * time.Millisecond,
		RateSource:  "https://api.opencitations.net/index/v2",
		// Each count is a SPARQL query behind the API, and the service resolves
		// the DOI to its internal ids first; answers can be slow.
		Timeout:   60 * time.Second,
		Accepts:   []manifest.Kind{manifest.KindDOI},
		BatchSize: 1,
		// The token is optional and anonymous; OpenCitations uses it to count
		// unique users. The v2 docs send it in the "authorization" header.
		APIKey: &service.APIKey{Env: "OPENCITATIONS_ACCESS_TOKEN", Header: "authorization"},
		// Opt-in: the count is the only thing it adds, and it costs one request
		// per work. citation-count takes one id (and counts the citations of
		// everything the id resolves to, so a list of ids would give one sum,
		// not a count each: index_v2.hf in github.com/opencitations/api), while
		// Crossref, OpenAlex and Semantic Scholar already report cited-by
		// counts in batches. Name it in providers = […] or --only to ask it.
		Optional:    true,
		Terms:       "https://opencitations.net/about",
		Attribution: "Citation counts from the OpenCitations Index (CC0)",
		Counts:      true,
		Fetch:       service.One(fetchOpenCitations),
	}
}

// openCitationsProbe asks the citation count of one stable work and
// checks the one-row answer fetchOpenCitations reads.
func openCitationsProbe() service.Probe {
	return service.Probe{
		Path:   openCitationsCountPath + "10.1108/jd-12-2013-0166",
		Fields: []string{"[].count"},
		Doc:    "https://api.opencitations.net/index/v2",
	}
}

func fetchOpenCitations(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	u := env.Base + openCitationsCountPath + wire.EscapeDOI(id.Value)
	return service.GetJSONRecord(ctx, env, "opencitations", u, func(doc gjson.Result) (service.Result, error) {
		return parseOpenCitationsCount(id.Value, doc)
	})
}

// parseOpenCitationsCount reads a /citation-count answer: [{"count":"34"}].
//
// A DOI OpenCitations has never seen also answers [{"count":"0"}]: the
// service counts the citations pointing at whatever the DOI resolves to,
// and an unknown DOI resolves to nothing, which has no citations. The
// answer cannot tell "unknown" from "known and uncited", so a zero is
// reported as what it is, Found with a count of 0, rather than guessed to
// be NotFound.
func parseOpenCitationsCount(doi string, doc gjson.Result) (service.Result, error) {
	if !doc.IsArray() {
		return service.Result{}, service.Malformed("opencitations", "citation-count answer is not a list")
	}
	rows := doc.Array()
	if len(rows) == 0 {
		return service.Result{Status: record.NotFound}, nil
	}
	c := rows[0].Get("count")
	if c.Type != gjson.String && c.Type != gjson.Number { // documented as a string of digits
		return service.Result{}, service.Malformed("opencitations", "citation-count answer has no count")
	}
	n, err := strconv.ParseUint(strings.TrimSpace(c.String()), 10, 31)
	if err != nil || n > record.MaxCount {
		return service.Result{}, service.Malformed("opencitations", "count "+strconv.Quote(c.String())+" is not a count (a whole number from 0 to "+strconv.Itoa(record.MaxCount)+")")
	}
	return service.Result{
		Status: record.Found,
		Record: &record.Record{IDs: record.IDs{DOI: doi}},
		Counts: record.Counts{CitedBy: record.Int(int(n))},
	}, nil
}

package providers

import (
	"context"
	"errors"
	"fmt"
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
	unpaywallPath  = "/v2/"
	unpaywallEmail = "email" // Unpaywall's contact parameter; required on every request
)

// ErrNeedsMailto marks a provider that cannot be asked without a contact
// e-mail: Unpaywall refuses requests that carry none.
var ErrNeedsMailto = errors.New("needs a contact e-mail: set mailto in the manifest or the ABOUT_MAILTO environment variable")

// Unpaywall reads where legal free copies of a DOI's work live (the best
// open-access location, its licence and version) and Unpaywall's OA status.
// Its bibliographic fields are Crossref's, as Unpaywall stored them.
func Unpaywall() service.Spec {
	return service.Spec{
		Name:  "unpaywall",
		Probe: unpaywallProbe(),
		Title: "Unpaywall",
		Host:  "api.unpaywall.org",
		// The API asks users to "limit use to 100,000 calls per day" and sets no
		// per-second rate. A daily budget cannot be kept by an interval alone;
		// 100ms (at most 10/s) keeps bursts polite, and a profile of a thousand
		// works still takes under two minutes and 1% of the day's budget.
		MinInterval: 100 * time.Millisecond,
		RateSource:  "https://unpaywall.org/products/api",
		Timeout:     30 * time.Second,
		Accepts:     []manifest.Kind{manifest.KindDOI},
		BatchSize:   1,
		NeedsMailto: true, // "requests must include your email as a parameter"
		Terms:       "https://unpaywall.org/products/api",
		// The API terms ask for no attribution; naming the source is still owed
		// to the reader.
		Attribution: "Open-access data from Unpaywall (OurResearch)",
		Fetch:       service.One(fetchUnpaywall),

		// Since 2025 Unpaywall is built on OpenAlex's own data, so its OA
		// location, licence and status say what OpenAlex's open_access block
		// said: asked only when OpenAlex gave no open-access status (no record,
		// a failure, or a record without one).
		Redundant: &service.Redundancy{
			After: "openalex",
			Covered: func(r service.Result) bool {
				if r.Status != record.Found || r.Record == nil || r.Record.OA == nil {
					return false
				}
				return r.Record.OA.Status != "" || r.Record.OA.URL != ""
			},
			What: "open-access status",
			Why:  "built on the same data",
		},
	}
}

// unpaywallProbe asks about one stable DOI and checks the fields
// parseUnpaywall reads.
func unpaywallProbe() service.Probe {
	return service.Probe{
		Path:   unpaywallPath + "10.1001/jamadermatol.2015.3091",
		Mailto: unpaywallEmail,
		Fields: []string{"doi", "title", "journal_name", "publisher", "genre", "published_date", "year", "z_authors[].family",
			"is_oa", "oa_status", "best_oa_location.url", "best_oa_location.version"},
		Doc: "https://unpaywall.org/products/api",
	}
}

func fetchUnpaywall(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	if env.Mailto == "" {
		// Unpaywall answers 422 without an e-mail; asking would only spend a
		// request on a known refusal.
		return service.Result{Status: record.Failed, Err: fmt.Errorf("unpaywall: %w", ErrNeedsMailto)}
	}
	u := wire.WithMailto(env.Base+unpaywallPath+wire.EscapeDOI(id.Value), unpaywallEmail, env.Mailto)
	res := service.GetJSONRecord(ctx, env, "unpaywall", u, parseUnpaywall)
	var se *service.StatusError
	if res.Status == record.Failed && errors.As(res.Err, &se) && se.Code == http.StatusUnprocessableEntity {
		// 422 is how Unpaywall refuses a contact address it will not accept
		// (placeholders such as test@example.com), so say which one.
		res.Err = fmt.Errorf("unpaywall: contact e-mail %q refused, use an address you read: %w", env.Mailto, res.Err)
	}
	return res
}

// parseUnpaywall reads a /v2/{doi} DOI object
// (https://unpaywall.org/data-format).
func parseUnpaywall(doc gjson.Result) (service.Result, error) {
	if !doc.IsObject() || doc.Get("doi").String() == "" {
		return service.Result{}, service.Malformed("unpaywall", "answer is not a DOI object")
	}
	rec := record.Record{
		Title:     markup.PlainText(doc.Get("title").String()),
		Container: strings.TrimSpace(doc.Get("journal_name").String()),
		Publisher: strings.TrimSpace(doc.Get("publisher").String()),
		Type:      record.CSLType(doc.Get("genre").String()),
		Issued:    unpaywallDate(doc.Get("published_date").String(), int(doc.Get("year").Int())),
	}
	rec.IDs.DOI = wire.StripDOI(doc.Get("doi").String())
	for _, issn := range strings.Split(doc.Get("journal_issns").String(), ",") {
		if issn = strings.TrimSpace(issn); issn != "" {
			rec.IDs.ISSN = append(rec.IDs.ISSN, issn)
		}
	}
	// z_authors is Crossref's author list as Unpaywall stored it.
	doc.Get("z_authors").ForEach(func(_, a gjson.Result) bool {
		author := record.Author{
			Given:  strings.TrimSpace(a.Get("given").String()),
			Family: strings.TrimSpace(a.Get("family").String()),
			Name:   strings.TrimSpace(a.Get("name").String()),
			ORCID:  wire.StripORCID(firstNonEmpty(a.Get("ORCID").String(), a.Get("orcid").String())),
		}
		author.Given, author.Family = wire.StructuredName(author.Given, author.Family)
		a.Get("affiliation.#.name").ForEach(func(_, n gjson.Result) bool {
			if s := strings.TrimSpace(n.String()); s != "" {
				author.Affiliations = append(author.Affiliations, s)
			}
			return true
		})
		if author.Display() != "" {
			rec.Authors = append(rec.Authors, author)
		}
		return true
	})
	status := strings.TrimSpace(doc.Get("oa_status").String())
	best := doc.Get("best_oa_location")
	switch {
	case doc.Get("is_oa").Bool() && best.IsObject():
		rec.OA = &record.OpenAccess{
			URL:     firstNonEmpty(best.Get("url_for_pdf").String(), best.Get("url").String(), best.Get("url_for_landing_page").String()),
			License: strings.TrimSpace(best.Get("license").String()),
			Status:  status,
			Version: strings.TrimSpace(best.Get("version").String()),
		}
		if host := strings.TrimSpace(best.Get("host_type").String()); host != "" {
			// OpenAccess has no host field; publisher vs repository is
			// still worth keeping (it tells gold/hybrid from green copies).
			rec.Extra = append(rec.Extra, record.Annotation{Name: "unpaywall:host_type", Value: host})
		}
	case status != "":
		// "closed" (or an OA status without a location) is an answer too.
		rec.OA = &record.OpenAccess{Status: status}
	}
	return service.Result{Status: record.Found, Record: &rec}, nil
}

// unpaywallDate reads published_date. Unpaywall builds it from Crossref's
// "issued" date-parts and pads a missing month or day with 1
// (get_citeproc_date in ourresearch/oadoi pub.py), so a first day, and a
// 1 January, cannot be told from padding: they are lowered to month or year
// precision rather than claim a day nobody gave. year is the fallback.
func unpaywallDate(published string, year int) record.Date {
	d := record.ParseDate(published)
	if d.Day == 1 {
		d.Day = 0
		if d.Month == 1 {
			d.Month = 0
		}
	}
	if d.IsZero() {
		d = record.NewDate(year, 0, 0)
	}
	return d
}

package providers

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/markup"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

const (
	// crossrefDiscoverRows is a page of GET /works?filter=orcid:…: rows
	// goes up to 1,000 (https://api.crossref.org/swagger-ui/index.html#/Works/get_works;
	// rcrossref's cr_works documents "Max: 1000"),
	// and with select= a work is a few hundred bytes, so most researchers
	// take one call.
	crossrefDiscoverRows = 1000
	// crossrefDiscoverPages bounds the calls per researcher (5,000 works).
	crossrefDiscoverPages = 5
)

// crossrefDiscoverSelect is what a claim reads: select keeps list answers
// small ("The select parameter only works on list like responses":
// https://github.com/CrossRef/rest-api-doc/issues/281).
func crossrefDiscoverSelect() []string {
	return []string{"DOI", "author", "editor", "issued", "title"}
}

// discoverCrossref lists the works whose Crossref metadata carries the iD:
// the orcid filter matches "works where that ORCID has been included in
// the metadata" (Crossref's answer in
// https://community.crossref.org/t/query-api-by-orcid/3209), authors and
// editors alike. Pages follow the deep-paging cursor: cursor=* first, then
// each answer's message.next-cursor, which is given even past the end, so
// a page with fewer items than rows, or the total-results reached, ends it
// (https://github.com/CrossRef/rest-api-doc/blob/master/rest_api.md#deep-paging-with-cursors).
// List requests keep Crossref's list pace (Spec.BatchInterval).
func discoverCrossref(ctx context.Context, env service.Env, orcid string) (*service.Listing, error) {
	fetched := 0
	p := service.Pager{
		Provider: "crossref",
		MaxPages: crossrefDiscoverPages,
		URL:      crossrefDiscoverURL,
		Start:    "*",
		Page: func(doc gjson.Result) ([]gjson.Result, int64, string, error) {
			items, total, err := crossrefItems(doc)
			fetched += len(items)
			if len(items) < crossrefDiscoverRows || int64(fetched) >= total {
				return items, total, "", err // next-cursor is given even past the end
			}
			return items, total, doc.Get("message.next-cursor").String(), err
		},
		Claim: crossrefClaim,
	}
	return p.List(ctx, env, orcid)
}

func crossrefDiscoverURL(env service.Env, orcid, cursor string) string {
	v := url.Values{}
	v.Set("filter", "orcid:"+orcid)
	v.Set("rows", strconv.Itoa(crossrefDiscoverRows))
	v.Set("select", strings.Join(crossrefDiscoverSelect(), ","))
	v.Set("cursor", cursor)
	return service.DiscoverURL(env, crossrefListPath, crossrefMailto, v)
}

// crossrefClaim reads one listed work: the author carrying the iD, else
// the editor.
func crossrefClaim(m gjson.Result, orcid string) (service.Claim, bool) {
	doi := wire.StripDOI(m.Get("DOI").String())
	if doi == "" {
		return service.Claim{}, false
	}
	title := markup.PlainText(wire.First(m.Get("title")))
	year := int(m.Get("issued.date-parts.0.0").Int())
	for _, role := range []string{"author", "editor"} {
		var people []record.Author
		m.Get(role).ForEach(func(_, a gjson.Result) bool {
			people = append(people, record.Author{
				Given:  strings.TrimSpace(a.Get("given").String()),
				Family: strings.TrimSpace(a.Get("family").String()),
				Name:   strings.TrimSpace(a.Get("name").String()),
				ORCID:  wire.StripORCID(a.Get("ORCID").String()),
			})
			return true
		})
		if c, ok := service.ClaimOf(doi, title, year, role, people, orcid); ok {
			return c, true
		}
	}
	return service.Claim{DOI: doi, Title: title, Year: year}, true
}

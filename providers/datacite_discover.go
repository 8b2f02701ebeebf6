package providers

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

const (
	// dataCiteDiscoverSize is a page of the list; a DataCite record is a
	// few kilobytes, so 100 keeps an answer near a megabyte.
	dataCiteDiscoverSize = 100
	// dataCiteDiscoverPages bounds the calls per researcher (1,000 works).
	dataCiteDiscoverPages = 10
)

// discoverDataCite lists the DOIs whose creators carry the iD, with the
// index's user-id parameter (https://github.com/datacite/lupo): the dois
// controller passes it to the model's query, which filters on the term
// creators.nameIdentifiers.nameIdentifier = "https://orcid.org/<iD>", and
// a hyphenated parameter reaches it as user_id (ApplicationController's
// transform_params). The controller's links.next carries query= and other
// filters but not user-id (app/controllers/datacite_dois_controller.rb),
// so the next page is built here from links.next's page[cursor] rather
// than followed. Cursor paging starts at page[cursor]=1; anonymous
// clients are shown findable DOIs only (the same controller).
func discoverDataCite(ctx context.Context, env service.Env, orcid string) (*service.Listing, error) {
	p := service.Pager{
		Provider: "datacite",
		MaxPages: dataCiteDiscoverPages,
		URL:      dataCiteDiscoverURL,
		Start:    "1",
		Page: func(doc gjson.Result) ([]gjson.Result, int64, string, error) {
			items, total, err := dataCiteItems(doc)
			return items, total, dataCiteNextCursor(doc), err
		},
		Claim: dataCiteClaim,
	}
	return p.List(ctx, env, orcid)
}

func dataCiteDiscoverURL(env service.Env, orcid, cursor string) string {
	v := url.Values{}
	v.Set("user-id", orcid)
	v.Set("page[size]", strconv.Itoa(dataCiteDiscoverSize))
	v.Set("page[cursor]", cursor)
	v.Set("disable-facets", "true") // see dataCiteListURI
	return service.DiscoverURL(env, dataCiteListPath, dataCiteMailto, v)
}

// dataCiteNextCursor is links.next's page[cursor]; "" when there is no
// next page.
func dataCiteNextCursor(doc gjson.Result) string {
	next, err := url.Parse(doc.Get("links.next").String())
	if err != nil {
		return ""
	}
	return next.Query().Get("page[cursor]")
}

// dataCiteClaim reads one listed resource: the creator carrying the iD.
func dataCiteClaim(r gjson.Result, orcid string) (service.Claim, bool) {
	a := r.Get("attributes")
	doi := wire.StripDOI(a.Get("doi").String())
	if doi == "" {
		return service.Claim{}, false
	}
	var people []record.Author
	a.Get("creators").ForEach(func(_, c gjson.Result) bool {
		author, _ := dataCiteCreator(c)
		people = append(people, author)
		return true
	})
	title := strings.TrimSpace(a.Get("titles.0.title").String())
	year := int(a.Get("publicationYear").Int())
	c, _ := service.ClaimOf(doi, title, year, "author", people, orcid)
	return c, true
}

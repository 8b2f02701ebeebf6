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
	// openAlexDiscoverPerPage: per_page is 1–100 in the current docs
	// (https://developers.openalex.org/guides/page-through-results) and
	// 1–200 in older ones; 100 keeps to both.
	openAlexDiscoverPerPage = 100
	// openAlexDiscoverPages bounds the calls per researcher (2,000 works):
	// each list call spends $0.0001 of the daily budget (see OpenAlex()).
	openAlexDiscoverPages = 20
)

// discoverOpenAlex lists the works whose authorships carry the iD:
// filter=authorships.author.orcid:… (https://docs.openalex.org/api-entities/works/filter-works),
// paged by cursor: cursor=* first, then meta.next_cursor, "until
// next_cursor is null and results is empty"
// (https://developers.openalex.org/guides/page-through-results). A list
// answer cuts authorships at 100 and so does the filter: an author past
// the hundredth place is not found this way
// (https://docs.openalex.org/api-entities/authors/limitations). OpenAlex
// works without a DOI are left out: there is no [[identity]] to paste.
func discoverOpenAlex(ctx context.Context, env service.Env, orcid string) (*service.Listing, error) {
	p := service.Pager{
		Provider: "openalex",
		MaxPages: openAlexDiscoverPages,
		URL:      openAlexDiscoverURL,
		Start:    "*",
		Page: func(doc gjson.Result) ([]gjson.Result, int64, string, error) {
			items, total, err := openAlexItems(doc)
			return items, total, doc.Get("meta.next_cursor").String(), err
		},
		Claim: openAlexClaim,
	}
	return p.List(ctx, env, orcid)
}

func openAlexDiscoverURL(env service.Env, orcid, cursor string) string {
	v := url.Values{}
	v.Set("filter", "authorships.author.orcid:https://orcid.org/"+orcid)
	v.Set("per_page", strconv.Itoa(openAlexDiscoverPerPage))
	v.Set("select", "doi,title,publication_year,authorships")
	v.Set("cursor", cursor)
	return service.DiscoverURL(env, openAlexListPath, "mailto", v)
}

// openAlexClaim reads one listed work. The name is the one the source
// wrote (raw_author_name), which is what a mistyped iD shows; OpenAlex's
// display_name is its own choice for the author's profile.
func openAlexClaim(w gjson.Result, orcid string) (service.Claim, bool) {
	doi := wire.StripDOI(w.Get("doi").String())
	if doi == "" {
		return service.Claim{}, false
	}
	var people []record.Author
	w.Get("authorships").ForEach(func(_, a gjson.Result) bool {
		name := strings.TrimSpace(a.Get("raw_author_name").String())
		if name == "" {
			name = strings.TrimSpace(a.Get("author.display_name").String())
		}
		people = append(people, record.Author{Name: name, ORCID: wire.StripORCID(a.Get("author.orcid").String())})
		return true
	})
	title := strings.TrimSpace(w.Get("title").String())
	year := int(w.Get("publication_year").Int())
	c, _ := service.ClaimOf(doi, title, year, "author", people, orcid)
	return c, true
}

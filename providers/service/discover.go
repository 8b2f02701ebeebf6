package service

import (
	"context"
	"net/url"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// Discovery: the registrars and OpenAlex list the works whose metadata
// carries an ORCID iD, whether or not the work reached the ORCID record
// (publishers send the iD to Crossref or DataCite; the record is updated
// only once its owner lets them: see the orchestrator's unclaimed works).
// Each service's list form is paged; a listing asks a few pages at most.

// DiscoverFunc lists the works a service attributes to an ORCID iD (bare,
// normalised). An error fails the whole listing.
type DiscoverFunc func(ctx context.Context, env Env, orcid string) (*Listing, error)

// Listing is what a service listed for one ORCID iD.
type Listing struct {
	Claims []Claim // one per DOI, in the service's order
	Total  int     // works the service counted for the iD
	Cut    bool    // the pages asked did not hold them all: the rest are not listed
	Pages  int     // list requests made (retries aside)
}

// Claim is one listed work and where the iD stands in it.
type Claim struct {
	DOI   string // normalised
	Title string
	Year  int
	// Position is the 1-based place, among the work's authors (or, for
	// Crossref, its editors: Role says which), of the one carrying the
	// iD; 0 when the service matched the iD elsewhere.
	Position int
	Role     string        // "author" or "editor"
	Author   record.Author // the name written at Position, with its iD
}

// Pager walks a service's paged list of the works carrying an iD; each
// service pages by a cursor it hands back in the answer.
type Pager struct {
	Provider string
	MaxPages int                                                                                // list calls per iD at most
	URL      func(env Env, orcid, cursor string) string                                         // a page's URL
	Start    string                                                                             // the first page's cursor
	Page     func(doc gjson.Result) (items []gjson.Result, total int64, next string, err error) // one answer's works and the next page's cursor, "" when none
	Claim    func(item gjson.Result, orcid string) (Claim, bool)                                // false: no usable DOI
}

// List asks page after page until the service has no more, or MaxPages
// were asked (the listing is then Cut).
func (p Pager) List(ctx context.Context, env Env, orcid string) (*Listing, error) {
	l := &Listing{}
	seen := map[string]bool{}
	u := p.URL(env, orcid, p.Start)
	for asked := 0; u != ""; asked++ {
		if asked == p.MaxPages {
			l.Cut = true
			break
		}
		doc, err := getJSON(ctx, env, p.Provider, u)
		l.Pages++
		if err != nil {
			return nil, err
		}
		items, total, next, err := p.Page(doc)
		if err != nil {
			return nil, err
		}
		l.Total = int(total)
		for _, it := range items {
			if c, ok := p.Claim(it, orcid); ok && !seen[c.DOI] {
				seen[c.DOI] = true
				l.Claims = append(l.Claims, c.detached()) // not a piece of the page (see Claim.detached)
			}
		}
		u = ""
		if next != "" && len(items) > 0 {
			u = p.URL(env, orcid, next)
		}
	}
	return l, nil
}

// DiscoverURL is a list page's address: the query v, with the polite
// pool's address under the service's own key when one is set.
func DiscoverURL(env Env, path, mailtoKey string, v url.Values) string {
	if env.Mailto != "" {
		v.Set(mailtoKey, env.Mailto)
	}
	return env.Base + path + "?" + v.Encode()
}

// ClaimOf is the claim for the first of authors that carries orcid; when
// none does (ok false) it is still the work's claim, at Position 0.
func ClaimOf(doi, title string, year int, role string, authors []record.Author, orcid string) (c Claim, ok bool) {
	c = Claim{DOI: doi, Title: title, Year: year}
	for i, a := range authors {
		if strings.EqualFold(a.ORCID, orcid) {
			c.Position, c.Role, c.Author = i+1, role, a
			return c, true
		}
	}
	return c, false
}

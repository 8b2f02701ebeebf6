package inspire

import (
	"context"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// arXivDOIPrefix is arXiv's own DOIs: the e-print's, not a version of record.
const arXivDOIPrefix = "10.48550/"

// fetch lists the works of one INSPIRE author (List), one Discovered a
// hit: a hit with a DOI is the DOI's work, one with an arXiv id only the
// e-print's, one with neither a work of its own, inspire-work:<recid>;
// INSPIRE's record is each one's lowest source but dblp's and arXiv's.
func fetch(ctx context.Context, env service.Env, id manifest.Identity) service.Result {
	if id.Kind != manifest.KindINSPIRE {
		return service.Result{Status: record.NotFound}
	}
	l, err := List(ctx, env, id.Value)
	if err != nil {
		return service.Result{Status: record.Failed, Err: err}
	}
	if l.Total == 0 {
		return service.Result{Status: record.NotFound} // no author INSPIRE knows by the id has works
	}
	res := service.Result{Status: record.Found, Record: &record.Record{}} // the person is no work
	seen := map[string]bool{}
	for _, h := range l.Hits {
		w := identityOf(h)
		if seen[w.Key()] {
			continue
		}
		seen[w.Key()] = true
		res.Discovered = append(res.Discovered, service.Discovered{ID: w, Summary: *h.Record(), Counts: h.Counts, Source: "inspire:" + id.Value + " " + strconv.Itoa(h.RecID)})
	}
	if l.Cut {
		res.Warnings = append(res.Warnings, record.Warning{Identity: id.Key(),
			Message: "INSPIRE lists " + strconv.Itoa(l.Total) + " works for " + id.Value + " and pages no more than " + strconv.Itoa(inspireMaxResults) + ": the rest are not listed"})
	}
	return res
}

// identityOf is the identity a hit is known by: its first DOI that is not
// arXiv's, else its e-print, else its INSPIRE record.
func identityOf(h Hit) manifest.Identity {
	for _, d := range h.DOIs {
		if !strings.HasPrefix(d, arXivDOIPrefix) {
			return manifest.Identity{Kind: manifest.KindDOI, Value: d}
		}
	}
	if h.ArXiv != "" {
		return manifest.Identity{Kind: manifest.KindArXiv, Value: h.ArXiv}
	}
	return manifest.INSPIREWork(h.RecID)
}

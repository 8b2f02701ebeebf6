package dblp

import (
	"context"
	"net/url"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

// expand lists the works of one dblp person: one request for the person
// page, read into one Discovered a work (see discovered); its steps are
// one request for each distinct volume a work dblp alone describes sits
// in whose full title the last run did not keep (venues.go).
func expand(ctx context.Context, env service.Env, id manifest.Identity, prev service.Previous) (*service.Staged, service.Result) {
	if id.Kind != manifest.KindDBLP {
		return nil, service.Result{Status: record.NotFound}
	}
	ans, err := service.Get(ctx, env, env.Base+dblpPersonPath+escapePID(id.Value)+".xml", "application/xml")
	if err != nil {
		return nil, service.Result{Status: record.Failed, Err: err}
	}
	switch {
	case wire.IsNotFound(ans.Status):
		return nil, service.Result{Status: record.NotFound}
	case ans.Status < 200 || ans.Status > 299:
		return nil, service.Result{Status: record.Failed, Err: &service.StatusError{Provider: "dblp", Code: ans.Status}}
	}
	l, err := parseDBLP(ans.Body)
	if err != nil {
		return nil, service.Result{Status: record.Failed, Err: err}
	}
	if l.PID != "" && l.PID != id.Value {
		// dblp answers a merged or renamed person at the old pid with the
		// current one's page; the works are theirs all the same.
		l.PID = id.Value
	}
	v := l.volumes(id, prev)
	st := &service.Staged{Steps: v.steps()}
	for _, d := range l.discovered(id.Value) {
		st.Works = append(st.Works, d.ID)
	}
	st.Finish = func() service.Result {
		l.withVolumeTitles(v.titles)
		// The person is no work: the record is empty, as ORCID's is.
		res := service.Result{Status: record.Found, Record: &record.Record{}, Discovered: l.discovered(id.Value), Warnings: v.warnings}
		if l.ORCID != "" {
			// dblp's verified link: the person is that iD's owner (the
			// works core pairs the page with that ORCID record). The name
			// stays out: the same-name check is the record's.
			res.Person = &record.Owner{ORCID: l.ORCID}
		}
		return res
	}
	return st, service.Result{Status: record.Found}
}

// escapePID escapes each segment of a pid, keeping its slashes.
func escapePID(pid string) string {
	parts := strings.Split(pid, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// discovered is the works a person page lists, one each, in dblp's order:
//
//   - a record with a DOI is that DOI's work (the other services answer
//     for it), dblp's record its lowest source;
//   - an e-print (CoRR) and a formal record of the same distinctive
//     title are one entry: the formal record's DOI work when it has a
//     DOI, carrying the e-print's id; else the e-print's arXiv work and
//     the formal record's own work, carrying the e-print's id, which the
//     link pass makes one entry shown as the published version (arXiv
//     says the e-print is a preprint, so one record for both would be a
//     preprint in NeurIPS);
//   - a record with neither is a work of its own, dblp-work:<key>;
//   - withdrawn records are no work to list; a second record known by an
//     identity already listed adds nothing, but a formal record replaces
//     an e-print of its identity (a paper dblp knows by its arXiv id).
func (l dblpListing) discovered(pid string) []service.Discovered {
	works := make([]dblpWork, 0, len(l.Works))
	for _, w := range l.Works {
		if !w.Withdrawn {
			works = append(works, w)
		}
	}
	pairs := pairPreprints(works)
	var out []service.Discovered
	seen := map[string]int{} // identity key → its index in out
	for i, w := range works {
		if f, isPreprint := pairs.formalOf[i]; isPreprint && works[f].identity().Kind == manifest.KindDOI {
			continue // listed as its formal version's DOI, which carries its id
		}
		rec, id := w.record(), w.identity()
		if p, ok := pairs.preprintOf[i]; ok {
			pre := works[p].ArXiv
			if id.Kind == manifest.KindDOI {
				rec.IDs.ArXiv = pre // the DOI's work holds the e-print's id
			} else {
				// Two works, the e-print (asked of arXiv) and this record:
				// the relation makes the link pass join them as preprint
				// and published version, so the entry is this one. A
				// shared arXiv id would join them as one and the same,
				// shown as the e-print (the better identity).
				rec.Relations = append(rec.Relations, record.Relation{Type: "has-preprint", ID: manifest.Identity{Kind: manifest.KindArXiv, Value: pre}.Key()})
			}
		}
		if id.Kind == "" {
			own, ok := manifest.DBLPWork(w.Key)
			if !ok {
				continue // a key no identity can carry; dblp's keys all can
			}
			id = own
			rec.URL = firstNonEmpty(rec.URL, w.RecordURL)
		}
		d := service.Discovered{ID: id, Summary: rec, Source: "dblp:" + pid + " " + w.Key}
		if at, ok := seen[id.Key()]; ok {
			// The same identity twice: a paper whose only edition is its
			// e-print and that e-print's CoRR record. The paper describes
			// the work, whichever dblp lists first.
			if out[at].Summary.Genre == "Preprint" && rec.Genre != "Preprint" {
				out[at] = d
			}
			continue
		}
		seen[id.Key()] = len(out)
		out = append(out, d)
	}
	return out
}

// preprintPairs says which e-print records are the formal records'
// preprints, by index into the works.
type preprintPairs struct {
	formalOf   map[int]int // e-print → its formal record
	preprintOf map[int]int // formal record → its e-print
}

// pairPreprints pairs each e-print with an arXiv id to the first formal
// record (not an e-print, not a book or proceedings volume) of the same
// distinctive title, each at most once. dblp files an arXiv e-print and
// the paper it became as two records of one person, and lists no link
// between them; the title is what they share.
func pairPreprints(works []dblpWork) preprintPairs {
	p := preprintPairs{formalOf: map[int]int{}, preprintOf: map[int]int{}}
	formal := map[string][]int{}
	for i, w := range works {
		if w.Genre != "Preprint" && w.Type != "book" && distinctive(w.Title) {
			k := record.Fold(w.Title)
			formal[k] = append(formal[k], i)
		}
	}
	for i, w := range works {
		if w.Genre != "Preprint" || w.ArXiv == "" || !distinctive(w.Title) {
			continue
		}
		for _, f := range formal[record.Fold(w.Title)] {
			if _, taken := p.preprintOf[f]; !taken && works[f].ArXiv == "" {
				p.formalOf[i], p.preprintOf[f] = f, i
				break
			}
		}
	}
	return p
}

// distinctive: a title long enough that two records sharing it are one
// work: three words and twelve letters, the rule the works core pairs a
// preprint and its article by when their authors are unknown.
func distinctive(title string) bool {
	words := strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return len(words) >= 3 && len([]rune(record.Fold(title))) >= 12
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

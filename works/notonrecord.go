package works

import (
	"cmp"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// Works the record lacks. A dblp person or INSPIRE author the manifest
// names lists works that reach the page whatever the ORCID record says;
// the record of the same person (samePersonLists) often lacks them, as
// ORCID's auto-update from Crossref never brings a paper with no DOI.
// NotOnRecord finds them, for discovery to suggest adding to the record:
// nothing is added to the record or the page by it.
//
// The comparison is by entry, as the page shows works: an entry (the
// works the link pass shows as one, links.json's shown_as) is on the
// record when any of its works is one the record lists. So a work is not
// suggested when the record lists the same identity (its DOI, its arXiv
// id, ORCID's own grouping of aliases included), a preprint or
// published version of it the link pass joins to it, or a work typed by
// hand whose title the link pass matches to it (handtyped.go).

// MissingFromRecord is one entry of the page that a listing of the same
// person as an ORCID record lists and that record lacks.
type MissingFromRecord struct {
	ORCID  string     // the record's key, "orcid:<iD>"
	Work   string     // the key of the work the entry is shown as
	DOI    string     // the shown work's DOI, "" when none
	ArXiv  string     // the shown work's arXiv id, "" when none
	Title  string     // the shown work's title
	Year   int        // the shown work's year, 0 when unknown
	Listed []ListedBy // each listing's work of the entry, by listing then work
}

// ListedBy is one listing's work of an entry.
type ListedBy struct {
	Listing string // the listing's identity key ("dblp:00/0000")
	Work    string // the key of the work it lists
	// ByLink: the listing's own page names this iD (dblp's verified link),
	// not only the manifest's shape.
	ByLink bool
}

// NotOnRecord is every entry of works (the run's, after l, their links)
// that a listing paired with an ORCID record lists and that record does
// not, sorted by record then shown work.
func (r *Run) NotOnRecord(works []*Linkable, l Linked) []MissingFromRecord {
	pairs := samePersonLists(r.m, r.sameAs)
	if len(pairs) == 0 {
		return nil
	}
	entryOf := func(k string) string { return cmp.Or(l.Links.ShownAs[k], k) }
	byKey := make(map[string]*Linkable, len(works))
	onRecord := map[string]bool{} // entry + "\n" + ORCID key
	for _, w := range works {
		k := w.id.Key()
		byKey[k] = w
		for _, o := range w.origins {
			if strings.HasPrefix(o, "orcid:") {
				onRecord[entryOf(k)+"\n"+o] = true
			}
		}
	}
	found := map[string]*MissingFromRecord{} // entry + "\n" + ORCID key
	var out []*MissingFromRecord
	for _, w := range works {
		k := w.id.Key()
		for _, lister := range w.origins {
			orcid, paired := pairs[lister]
			if !paired || onRecord[entryOf(k)+"\n"+orcid] {
				continue
			}
			at := entryOf(k) + "\n" + orcid
			m := found[at]
			if m == nil {
				m = missingOf(orcid, byKey[entryOf(k)], w)
				found[at] = m
				out = append(out, m)
			}
			m.Listed = append(m.Listed, ListedBy{Listing: lister, Work: k, ByLink: r.sameAs[lister] == orcid})
		}
	}
	slices.SortFunc(out, func(a, b *MissingFromRecord) int {
		return cmp.Or(cmp.Compare(a.ORCID, b.ORCID), cmp.Compare(a.Work, b.Work))
	})
	res := make([]MissingFromRecord, len(out))
	for i, m := range out {
		slices.SortFunc(m.Listed, func(a, b ListedBy) int { return cmp.Or(cmp.Compare(a.Listing, b.Listing), cmp.Compare(a.Work, b.Work)) })
		res[i] = *m
	}
	return res
}

// missingOf is the entry shown as shown (nil when it is not among the
// works: then the listed work w stands for it) as the record lacks it.
func missingOf(orcid string, shown, w *Linkable) *MissingFromRecord {
	if shown == nil {
		shown = w
	}
	m := &MissingFromRecord{ORCID: orcid, Work: shown.id.Key(), Title: shown.title, Year: shown.year}
	for _, id := range shown.ids {
		switch id.id.Kind {
		case manifest.KindDOI:
			m.DOI = id.id.Value
		case manifest.KindArXiv:
			m.ArXiv = id.id.Value
		}
	}
	return m
}

// SamePersons is, for each dblp or INSPIRE listing of the manifest, the
// key of the ORCID record of the same person (samePersonLists), as this
// run has read the listings so far.
func (r *Run) SamePersons() map[string]string { return samePersonLists(r.m, r.sameAs) }

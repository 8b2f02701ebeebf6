package render

import (
	"sort"
	"strings"

	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/wording"
	"github.com/aboutscholar/about/snapshots"
)

// pickCount is the entry's count from the page's counts source alone, so
// every count on a page is one service's and they compare; nil when that
// service gave none.
func pickCount(cited []folder.Citation, source string) *folder.Citation {
	for _, c := range cited {
		if c.Provider == source {
			c := c
			return &c
		}
	}
	return nil
}

// ownerName is the name the first of the person's ORCID records gives
// (in manifest order): the credit name the owner publishes under when
// set, else given and family names.
func ownerName(owners map[string]snapshots.OwnerName, orcids []string) string {
	for _, id := range orcids {
		n, ok := owners[id]
		if !ok {
			continue
		}
		if c := wording.Clean(n.Credit); c != "" {
			return c
		}
		if s := wording.Clean(strings.TrimSpace(n.Given + " " + n.Family)); s != "" {
			return s
		}
	}
	return ""
}

// nameFromORCIDs is the person's name as the works write it beside their
// ORCID iD — the name the researcher's ORCID-linked authorships carry —
// for a manifest that gives none: the most frequent spelling, ties to the
// alphabetically first, so the heading is stable.
func nameFromORCIDs(works []folder.Work, orcids []string) string {
	if len(orcids) == 0 {
		return ""
	}
	seen := map[string]int{}
	for _, w := range works {
		for _, a := range w.Record.Authors {
			if a.ORCID != "" && containsFold(orcids, a.ORCID) {
				if n := wording.Clean(a.Display()); n != "" {
					seen[n]++
				}
			}
		}
	}
	best := ""
	for n, c := range seen {
		if best == "" || c > seen[best] || (c == seen[best] && n < best) {
			best = n
		}
	}
	return best
}

// supplementRelations are the relation types by which a registrar ties
// material to a work (Crossref's relation vocabulary,
// https://www.crossref.org/documentation/schema-library/markup-guide-metadata-segments/relationships/;
// DataCite's relationType hyphenated the same way,
// https://datacite-metadata-schema.readthedocs.io/en/4.5/appendices/appendix-1/relationType/),
// read in both directions.
var supplementRelations = map[string]bool{
	"is-supplemented-by": true, "is-supplement-to": true,
	"has-related-material": true, "is-related-material": true,
	"is-derived-from": true, "is-source-of": true,
	"references": true, "is-referenced-by": true,
}

// relate gives each entry the software and datasets in the folder that a
// supplement relation of either work ties to it: its code and data links.
func relate(all []*entry, byID map[string]*entry) {
	link := func(e, other *entry) {
		for e.in != nil { // a preprint's material shows on the entry it is within
			e = e.in
		}
		if e == other {
			return
		}
		switch other.rec.Type {
		case "software":
			e.code = appendOnce(e.code, other)
		case "dataset":
			e.data = appendOnce(e.data, other)
		}
	}
	for _, e := range all {
		for _, r := range e.rec.Relations {
			if !supplementRelations[r.Type] {
				continue
			}
			if other := byID[relationKey(r.ID)]; other != nil {
				link(e, other)
				link(other, e)
			}
		}
	}
	for _, e := range all {
		sort.Slice(e.code, func(i, j int) bool { return e.code[i].id < e.code[j].id })
		sort.Slice(e.data, func(i, j int) bool { return e.data[i].id < e.data[j].id })
	}
}

func appendOnce(list []*entry, e *entry) []*entry {
	for _, x := range list {
		if x == e {
			return list
		}
	}
	return append(list, e)
}

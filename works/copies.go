package works

import (
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// Identifier-less copies. A real profile holds the same paper two or
// three times: the DOI work, and copies other sources imported with only
// an other-id (Scopus's eid, a Europe PMC import's ext-id; the real
// record in testdata/orcid/orcid-works-0000-0002-9341-7985.json has four
// Scopus works with an eid alone). ORCID groups entries only by the
// identifiers they share (docs/identity.md), so each copy is a work of
// its own, keyed orcid-work:<iD>/<put-code>.
// Imports often lack the year (the summary's publication-date is
// optional). handtyped.go matches such a work with the DOI works of its
// record when the years agree; this file adds what it left out:
//
//   - year or no year: when no candidate's title and year agree, one
//     candidate whose title agrees and whose year (or the copy's) is
//     unknown is the work; two are ambiguous, warned about and linked to
//     neither, since "exactly one fits" is all the evidence there is;
//   - copies with each other: identifier-less works with equal titles
//     after record.Fold, on one record or on several members' records of
//     a lab manifest, whose known years are at most one apart and whose
//     types do not contradict, are one work: each is linked to one of
//     them (one already linked to a DOI work, else the first with a
//     year, else the first), so a chain reaches the DOI work's entry and
//     the lab page shows the work once. Known years further apart are a
//     near miss: warned about, not linked.

// yearlessMatch: titles agree, types do not contradict, and a year is
// unknown, so the years neither agree nor disagree.
func yearlessMatch(h, c titleWork) bool {
	return h.fold != "" && h.fold == c.fold && (h.year == 0 || c.year == 0) && !typesContradict(h.typ, c.typ)
}

// matchYearless links h to the one candidate whose title agrees when a
// year is unknown; more than one is ambiguous.
func (l *linker) matchYearless(h titleWork, yearless []titleWork) []edge {
	switch len(yearless) {
	case 0:
		return nil
	case 1:
		c := yearless[0]
		return []edge{{kind: manifest.LinkSameAs, from: h.key, to: c.key, evidence: fmt.Sprintf(
			"ORCID lists %s without identifiers; its title matches %s's after normalisation (%q); year %s/%s unknown, and it is the only work of the record with this title; types %s/%s do not contradict",
			h.key, c.key, c.fold, yearOrUnknown(h.year), yearOrUnknown(c.year), orUnknown(h.typ), orUnknown(c.typ))}}
	}
	for _, c := range yearless {
		l.warnNearMiss(h, c, fmt.Sprintf("its title matches %d works of the record after normalisation and a year is unknown", len(yearless)))
	}
	return nil
}

func yearOrUnknown(y int) string {
	if y == 0 {
		return "?"
	}
	return fmt.Sprint(y)
}

// copyEdges links identifier-less works with equal titles to each other;
// edges are the title edges already made, whose sources count as linked.
func (l *linker) copyEdges(hand []*Linkable, edges []edge) []edge {
	linked := map[string]bool{}
	for _, e := range edges {
		linked[e.from] = true
	}
	var folds []string
	groups := map[string][]titleWork{}
	for _, w := range hand {
		t := asTitleWork(w)
		if t.fold == "" {
			continue
		}
		if groups[t.fold] == nil {
			folds = append(folds, t.fold)
		}
		groups[t.fold] = append(groups[t.fold], t)
	}
	var out []edge
	for _, f := range folds {
		if g := groups[f]; len(g) > 1 {
			out = append(out, l.copyGroup(g, linked)...)
		}
	}
	return out
}

// copyGroup decides one group of identifier-less works with one title.
func (l *linker) copyGroup(g []titleWork, linked map[string]bool) []edge {
	rep := copyRepresentative(g, linked)
	lo, hi := 0, 0
	for _, t := range g {
		if t.year != 0 && (lo == 0 || t.year < lo) {
			lo = t.year
		}
		hi = max(hi, t.year)
		for _, u := range g {
			if typesContradict(t.typ, u.typ) {
				return nil // a dataset and its article: different works
			}
		}
	}
	var out []edge
	for _, t := range g {
		if t.key == rep.key || linked[t.key] {
			continue
		}
		if hi-lo > 1 {
			if !l.manifestNames(t.key, rep.key) {
				l.warnNearMiss(t, rep, fmt.Sprintf("identifier-less copies with this title have years %d to %d, more than one apart", lo, hi))
			}
			continue
		}
		out = append(out, edge{kind: manifest.LinkSameAs, from: t.key, to: rep.key, evidence: fmt.Sprintf(
			"ORCID lists %s and %s without identifiers (%s); their titles match after normalisation (%q); years %s/%s; types %s/%s do not contradict",
			t.key, rep.key, recordsOf(t.key, rep.key), t.fold, yearOrUnknown(t.year), yearOrUnknown(rep.year), orUnknown(t.typ), orUnknown(rep.typ)),
			directed: true}) // shown as rep, the copy with a year or a DOI work
	}
	return out
}

// copyRepresentative is the copy the others are linked to: one already
// linked to a work with identifiers, else the first with a year, else
// the first.
func copyRepresentative(g []titleWork, linked map[string]bool) titleWork {
	for _, t := range g {
		if linked[t.key] {
			return t
		}
	}
	for _, t := range g {
		if t.year != 0 {
			return t
		}
	}
	return g[0]
}

// recordsOf says whose records two orcid-work keys are from.
func recordsOf(a, b string) string {
	ra, _, _ := strings.Cut(strings.TrimPrefix(a, "orcid-work:"), "/")
	rb, _, _ := strings.Cut(strings.TrimPrefix(b, "orcid-work:"), "/")
	if ra == rb {
		return "both on ORCID record " + ra
	}
	return "on ORCID records " + ra + " and " + rb
}

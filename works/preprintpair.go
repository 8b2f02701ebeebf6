package works

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Preprint and published version with no relation. Preprint servers
// deposit the link to the journal article only some of the time: on a
// curated set of 343 medRxiv/bioRxiv preprints, 121 of them published,
// the servers had linked 39.7% (Cabanac, Oikonomidi & Boutron,
// "Day-to-day discovery of preprint–publication links", Scientometrics
// 126, 2021, https://doi.org/10.1007/s11192-021-03900-7), and the Crossref
// record then has no is-preprint-of (the bioRxiv answer recorded in
// testdata/crossref/crossref-work-10.1101-2020.12.01.406702.json has an
// empty "relation"). When bioRxiv/medRxiv do know the journal version,
// their posted-content record carries "is-preprint-of" asserted by the
// subject (https://github.com/CrossRef/rest-api-doc/issues/229), and
// Crossref shows the article the reverse "has-preprint", though not
// always (https://github.com/CrossRef/rest-api-doc/issues/442): the
// relation types of Crossref's relationships guide
// (https://www.crossref.org/documentation/schema-library/markup-guide-metadata-segments/relationships/),
// which relationEdges reads first. Their linker, like arXiv's PreprintResolver
// (https://arxiv.org/abs/2309.01373), matches on title, authors and
// dates. So a preprint-server DOI (record.DOIRepository: bioRxiv/medRxiv
// 10.1101, arXiv, SSRN, Research Square, Preprints.org, OSF, ChemRxiv…)
// or an arXiv id, and a DOI that is no repository's, are one work shown as the published
// version when all three agree:
//
//   - the titles are equal after record.Fold (case, accents, punctuation);
//   - the authors overlap: at least half of the shorter list's family
//     names (folded) are in the other list, or an ORCID iD is shared;
//     when no service gives the authors of one, both being listed on
//     the same ORCID record is the overlap if the published work is a
//     text (its owner claims both: on real profiles a bioRxiv preprint
//     and its article sit on the record with no author list and no
//     relation anywhere, #32) and the title is more than a bare
//     "Introduction" or "Editorial" (distinctiveTitle);
//   - the published year is from one year before the preprint's (a
//     journal's online-first date can precede the preprint's posted date
//     in the records, as Europe PMC's analysis of bioRxiv found:
//     https://medium.com/@OmnesRes/biorxiv-a-postprint-server-944359ac65d4)
//     to three years after it (most bioRxiv preprints that are published
//     are published within months, a median of 166 days: Abdill &
//     Blekhman, eLife 2019, https://doi.org/10.7554/eLife.45133; three
//     years leaves room for a slow journal without matching a later work
//     that reuses the title).
//
// A preprint matching two published works is ambiguous and linked to
// neither. When two of the three agree and the title at least nearly
// does (equal, a few letters apart, or one the other with a subtitle),
// the pair is a near miss: warned about with the [[link]] lines. A pair
// a relation already links, or that a [[link]] names, is left alone.

// mostYearsToPublication and mostYearsBeforePreprint bound the published
// year against the preprint's (see above).
const (
	mostYearsToPublication  = 3
	mostYearsBeforePreprint = 1
)

// pairWork is what preprint pairing knows of one work.
type pairWork struct {
	titleWork
	families map[string]bool // folded family names
	orcids   []string        // sorted, so evidence names the same iD every run
	server   string          // the preprint server's name, for a preprint
	records  []string        // the ORCID records that list it ("orcid:<iD>" origins), in origin order
	// of is the work, for a published one whose authors are read only
	// when a preprint's title matches or nearly matches its own: a map of
	// family names for each of 50,000 works was 25 MB at the run's end.
	of *Linkable
}

func asPairWork(w *Linkable) pairWork {
	p := pairWork{titleWork: asTitleWork(w), families: map[string]bool{}}
	eachName(w.families, func(family string) {
		if f := record.Fold(family); f != "" {
			p.families[f] = true
		}
	})
	eachName(w.orcids, func(id string) { p.orcids = append(p.orcids, id) })
	slices.Sort(p.orcids)
	for _, o := range w.origins {
		if strings.HasPrefix(o, "orcid:") {
			p.records = append(p.records, o)
		}
	}
	return p
}

// preprintsLinked is the works an edge already makes a preprint.
func preprintsLinked(edges []edge) map[string]bool {
	out := map[string]bool{}
	for _, e := range edges {
		if e.kind == manifest.LinkPreprintOf {
			out[e.from] = true
		}
	}
	return out
}

// preprintEdges is the preprint-of evidence from title, authors and
// years, with warnings for near misses; linked holds the works relations
// or identifiers already make a preprint, which are left to them.
func (l *linker) preprintEdges(linked map[string]bool) []edge {
	var preprints []pairWork
	published := make([]pairWork, 0, len(l.works)) // most works are; grown, the list was twice its size
	for _, w := range l.works {
		if (w.id.Kind != manifest.KindDOI && w.id.Kind != manifest.KindArXiv) || w.title == "" {
			continue
		}
		r, isRepo := record.DOIRepository(w.id.Value)
		if w.id.Kind == manifest.KindArXiv { // an e-print known by its arXiv id
			r, isRepo = record.Repository{Name: "arXiv", Preprint: true}, true
		}
		switch {
		case isRepo && r.Preprint && !linked[w.id.Key()]:
			p := asPairWork(w)
			p.server = r.Name
			preprints = append(preprints, p)
		case !isRepo:
			published = append(published, pairWork{titleWork: asTitleWork(w), of: w})
		}
	}
	if len(preprints) == 0 {
		return nil
	}
	folds := func(ws []pairWork) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = w.fold
		}
		return out
	}
	var edges []edge
	var near []pairWork
	// Only the published works whose titles a preprint's may be near can
	// match it or be a near miss (nearPairs): the rest are not compared.
	for i, candidates := range nearPairs(folds(preprints), folds(published)) {
		near = near[:0]
		for _, j := range candidates {
			near = append(near, published[j])
		}
		edges = append(edges, l.pairPreprint(preprints[i], near)...)
	}
	return edges
}

// pairPreprint decides one preprint against the published works.
func (l *linker) pairPreprint(p pairWork, published []pairWork) []edge {
	var matches []pairWork
	var evidence []string
	for _, c := range published {
		if typesContradict(p.typ, c.typ) || l.manifestNames(p.key, c.key) {
			continue
		}
		titleSame := p.fold == c.fold
		if !titleSame && nearMiss(p.titleWork, c.titleWork) == "" {
			continue // neither a match nor a near miss, whatever the authors
		}
		if c.of != nil {
			c = asPairWork(c.of)
		}
		authors, authorsWhy := authorsOverlap(p, c)
		years := c.year != 0 && p.year != 0 && c.year-p.year <= mostYearsToPublication && p.year-c.year <= mostYearsBeforePreprint
		if titleSame && authors && years {
			matches = append(matches, c)
			evidence = append(evidence, fmt.Sprintf("no relation links %s (%s) to a published version; its title matches %s's after normalisation (%q); %s; years %d/%d (published from %d year before to %d after the preprint)",
				p.key, p.server, c.key, c.fold, authorsWhy, p.year, c.year, mostYearsBeforePreprint, mostYearsToPublication))
			continue
		}
		l.preprintNearMiss(p, c, titleSame, authors, years, authorsWhy)
	}
	switch len(matches) {
	case 0:
		return nil
	case 1:
		return []edge{{kind: manifest.LinkPreprintOf, from: p.key, to: matches[0].key, evidence: evidence[0]}}
	}
	for _, c := range matches {
		l.warnLink(p.key, c.key, manifest.LinkPreprintOf, fmt.Sprintf("may be the preprint of %s (%q, %d): its title, authors and year match %d published works, so it is linked to none",
			c.key, c.title, c.year, len(matches)))
	}
	return nil
}

// preprintNearMiss warns when two of the three agree and the title at
// least nearly does.
func (l *linker) preprintNearMiss(p, c pairWork, titleSame, authors, years bool, authorsWhy string) {
	if !titleSame && nearMiss(p.titleWork, c.titleWork) == "" {
		return
	}
	agree := 0
	var missing []string
	for _, x := range []struct {
		ok   bool
		what string
	}{
		{titleSame, "the titles differ a little (" + nearMiss(p.titleWork, c.titleWork) + ")"},
		{authors, authorsWhy},
		{years, fmt.Sprintf("the years %d/%d are not from %d year before to %d after", p.year, c.year, mostYearsBeforePreprint, mostYearsToPublication)},
	} {
		if x.ok {
			agree++
		} else {
			missing = append(missing, x.what)
		}
	}
	if agree != 2 {
		return
	}
	l.warnLink(p.key, c.key, manifest.LinkPreprintOf, fmt.Sprintf("may be the preprint (%s) of %s (%q, %d; this one %q, %d): no relation says so and %s, so they are not linked",
		p.server, c.key, c.title, c.year, p.title, p.year, strings.Join(missing, "; ")))
}

// authorsOverlap: an ORCID iD in common, or at least half of the shorter
// list's family names in the other, or, when the authors of one are
// unknown, an ORCID record listing both while b (the published work) is
// a text (an article, a paper, a chapter: what a preprint becomes, not a
// dataset or a work of unknown type); why says which, or why not.
func authorsOverlap(a, b pairWork) (bool, string) {
	for _, id := range a.orcids {
		if slices.Contains(b.orcids, id) {
			return true, "ORCID iD " + id + " is an author of both"
		}
	}
	short, long := a.families, b.families
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) == 0 {
		if r := sharedRecord(a.records, b.records); r != "" && typeKind(b.typ) == "text" && distinctiveTitle(b.title) {
			return true, "no service gives the authors of one, and both are on ORCID record " + strings.TrimPrefix(r, "orcid:") + ", whose owner claims both"
		}
		return false, "the authors of one are unknown"
	}
	shared := 0
	for f := range short {
		if long[f] {
			shared++
		}
	}
	if 2*shared >= len(short) {
		return true, fmt.Sprintf("%d of %d family names shared", shared, len(short))
	}
	return false, fmt.Sprintf("only %d of %d family names shared", shared, len(short))
}

// fewestDistinctiveWords is the fewest words a title needs before being
// on the same ORCID record can stand in for the authors: a record holds
// many works called "Introduction", "Editorial", "Reply" or "Concluding
// remarks", and a bare title shared with an e-print says nothing of
// whether they are one work.
const fewestDistinctiveWords = 3

// distinctiveTitle: a title of at least shortestComparable folded
// letters, in at least fewestDistinctiveWords words where the script
// spaces its words (a Japanese or Chinese title is one run of letters).
func distinctiveTitle(title string) bool {
	if len([]rune(record.Fold(title))) < shortestComparable {
		return false
	}
	words := strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return len(words) >= fewestDistinctiveWords || strings.ContainsFunc(title, func(r rune) bool {
		return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai)
	})
}

// sharedRecord is the first ORCID record of a that lists b too, or "".
func sharedRecord(a, b []string) string {
	for _, r := range a {
		if slices.Contains(b, r) {
			return r
		}
	}
	return ""
}

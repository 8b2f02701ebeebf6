package works

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Same work, typed twice. ORCID groups a record's works only by their
// identifiers, so a work the researcher typed in by hand (no DOI, its
// title Title Cased, often with a trailing period) stands beside the DOI
// work ORCID imported for the same paper. The data gives no identifier to
// join them on; the title, year and type are all there is, so the rule is
// narrow and every near miss is left to the researcher:
//
//   - only a work known from an ORCID record alone (an orcid-work: key,
//     with no identifier in its merged record) is matched, and only with
//     a work with identifiers that the same ORCID record lists, or with
//     a [[work]] the manifest keeps without one (a key: work, as about
//     import writes a DOI-less entry of the researcher's bibliography);
//   - the titles must be equal after record.Fold (Unicode normalised, case
//     and accents folded, punctuation, spaces and a trailing period
//     dropped), the years known and at most one apart (a journal's online
//     and print years), and the types not of different kinds (a dataset is
//     never the article; an unknown or generic type contradicts nothing);
//   - a title matching two or more such works is ambiguous and not merged;
//   - a near miss (equal titles whose years are further apart or unknown,
//     or titles a few letters apart, or one the other plus a subtitle) is
//     never merged but warned about with the [[link]] lines to paste;
//   - any [[link]] in the manifest naming the pair decides it instead:
//     "same-as" merges it, "distinct" keeps it apart and silences the
//     warning. A pair the rule would merge keeps the rule's evidence, so
//     links.json records the researcher's word: the link with both
//     evidences, or (distinct) the link under undone.
//
// A type-contradicting pair (a dataset titled as its article) is not a
// near miss: the two are different works, as they usually are.

// titleWork is what title matching knows of one work.
type titleWork struct {
	key   string
	title string // as the merged record has it, for messages
	fold  string // record.Fold of the title
	year  int
	typ   string
}

// shortestComparable is the shortest folded title that near-miss matching
// compares by edit distance or prefix: shorter titles ("Editorial",
// "Reply") are too alike by chance to be worth a warning.
const shortestComparable = 12

// orcidOnlyOwner is the ORCID iD whose record alone gives w (an
// orcid-work: key without identifiers), or "".
func orcidOnlyOwner(w *Linkable) string {
	if w.id.Kind != manifest.KindORCIDWork || len(w.ids) > 0 {
		return ""
	}
	owner, _, _ := strings.Cut(w.id.Value, "/")
	return owner
}

// titleEdges is the same-as evidence from titles, and the warnings for
// near misses, in work order.
func (l *linker) titleEdges() []edge {
	var hand []*Linkable
	for _, w := range l.works {
		if orcidOnlyOwner(w) != "" && w.title != "" {
			hand = append(hand, w)
		}
	}
	if len(hand) == 0 {
		return nil
	}
	var edges []edge
	for i, candidates := range l.identifiedNear(hand) {
		edges = append(edges, l.matchTitle(asTitleWork(hand[i]), candidates)...)
	}
	return append(edges, l.copyEdges(hand, edges)...)
}

func asTitleWork(w *Linkable) titleWork {
	return titleWork{key: w.id.Key(), title: w.title, fold: record.Fold(w.title), year: w.year, typ: w.typ}
}

// identifiedNear is, for each of hand, the works with identifiers that
// its ORCID record lists whose titles may be near its own (titleIndex),
// in work order: of every work of the record, the only ones matchTitle
// can match or warn about. Each record's hand-typed works are indexed
// and each work asks once, so this grows with the works, not with their
// number times the hand-typed ones.
func (l *linker) identifiedNear(hand []*Linkable) [][]titleWork {
	records := withSamePersons(handByRecord(hand), l.m, l.sameAs)
	out := make([][]titleWork, len(hand))
	last := make([]*Linkable, len(hand)) // the work last added to each, so a work is added once
	var hits []int32
	var offsets []int
	every := slices.Sorted(maps.Keys(records))
	for _, w := range l.works {
		if w.id.Kind == manifest.KindORCIDWork || w.title == "" {
			continue
		}
		origins := w.origins
		if w.id.Kind == manifest.KindKey {
			// a [[work]] without an identifier is the researcher's own
			// (about import writes one per DOI-less entry of their
			// bibliography): any ORCID record of the manifest may list it
			origins = every
		}
		var fold string
		for _, origin := range origins {
			r := records[origin]
			if r == nil {
				continue
			}
			if fold == "" {
				fold = record.Fold(w.title)
			}
			hits, offsets = r.index.near(fold, hits[:0], offsets)
			for _, k := range hits {
				if i := r.hand[k]; last[i] != w {
					last[i] = w
					out[i] = append(out[i], asTitleWork(w))
				}
			}
		}
	}
	return out
}

// handOfRecord is one ORCID record's hand-typed works: their positions
// in the list of them all, and their titles indexed in that order.
type handOfRecord struct {
	hand  []int
	index *titleIndex
}

// handByRecord is the hand-typed works by the origin of their record.
func handByRecord(hand []*Linkable) map[string]*handOfRecord {
	records := map[string]*handOfRecord{}
	folds := map[string][]string{}
	for i, h := range hand {
		origin := "orcid:" + orcidOnlyOwner(h)
		if records[origin] == nil {
			records[origin] = &handOfRecord{}
		}
		records[origin].hand = append(records[origin].hand, i)
		folds[origin] = append(folds[origin], record.Fold(h.title))
	}
	for origin, r := range records {
		r.index = newTitleIndex(folds[origin])
	}
	return records
}

// matchTitle decides hand-typed work h against the identified works of
// its record: a same-as edge for the one match, a warning for each near
// miss and for an ambiguous match.
func (l *linker) matchTitle(h titleWork, candidates []titleWork) []edge {
	if h.fold == "" {
		return nil
	}
	var matches, yearless []titleWork
	var decided []edge // the data's word on pairs the researcher has decided
	for _, c := range candidates {
		match := c.fold == h.fold && yearsAgree(h.year, c.year) && !typesContradict(h.typ, c.typ)
		switch {
		case l.manifestNames(h.key, c.key):
			// The [[link]] decides the pair; the match it confirms or
			// undoes is kept as evidence, so links.json shows both words.
			if match {
				decided = append(decided, titleEdge(h, c))
			}
		case match:
			matches = append(matches, c)
		case yearlessMatch(h, c):
			yearless = append(yearless, c) // decided below (copies.go)
		case c.fold != h.fold || !yearsAgree(h.year, c.year):
			if why := nearMiss(h, c); why != "" {
				l.warnNearMiss(h, c, why)
			}
		}
	}
	if len(matches) == 0 {
		return append(decided, l.matchYearless(h, yearless)...)
	}
	for _, c := range yearless {
		l.warnNearMiss(h, c, nearMiss(h, c))
	}
	if len(matches) == 1 {
		return append(decided, titleEdge(h, matches[0]))
	}
	for _, c := range matches {
		l.warnNearMiss(h, c, fmt.Sprintf("its title matches %d works of the record after normalisation", len(matches)))
	}
	return decided
}

// titleEdge is the same-as evidence that hand-typed h is c.
func titleEdge(h, c titleWork) edge {
	return edge{kind: manifest.LinkSameAs, from: h.key, to: c.key, evidence: titleEvidence(h, c)}
}

// manifestNames reports whether any [[link]] names the pair.
func (l *linker) manifestNames(a, b string) bool {
	if l.m == nil {
		return false
	}
	for _, ml := range l.m.Links {
		from, to := ml.From.Key(), ml.To.Key()
		if (from == a && to == b) || (from == b && to == a) {
			return true
		}
	}
	return false
}

// yearsAgree: both known and at most one apart, as a journal's online
// and print issues are.
func yearsAgree(a, b int) bool {
	return a != 0 && b != 0 && a-b <= 1 && b-a <= 1
}

func titleEvidence(h, c titleWork) string {
	years := fmt.Sprintf("years %d/%d agree", h.year, c.year)
	if h.year != c.year {
		years = fmt.Sprintf("years %d/%d within one (online/print)", h.year, c.year)
	}
	return fmt.Sprintf("ORCID lists %s without identifiers; its title matches %s's after normalisation (%q); %s; types %s/%s do not contradict",
		h.key, c.key, c.fold, years, orUnknown(h.typ), orUnknown(c.typ))
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// nearMiss says why h and c look like one work without meeting the rule,
// or "" when they do not.
func nearMiss(h, c titleWork) string {
	if typesContradict(h.typ, c.typ) {
		return ""
	}
	if h.fold == c.fold {
		if h.year == 0 || c.year == 0 {
			return "their titles match after normalisation but a year is unknown"
		}
		return fmt.Sprintf("their titles match after normalisation but their years %d/%d are more than one apart", h.year, c.year)
	}
	short, long := h.fold, c.fold
	if utf8.RuneCountInString(short) > utf8.RuneCountInString(long) {
		short, long = long, short
	}
	n := utf8.RuneCountInString(short)
	if n < shortestComparable {
		return ""
	}
	if strings.HasPrefix(long, short) {
		return "one title is the other with more after it (a subtitle?)"
	}
	limit := editLimit(n)
	if d := boundedLevenshtein(short, long, limit); d <= limit {
		return fmt.Sprintf("their titles differ in only %d %s after normalisation", d, english.Plural(d, "letter", "letters"))
	}
	return ""
}

// warnNearMiss warns about a pair not merged, with the lines that decide
// it either way.
func (l *linker) warnNearMiss(h, c titleWork, why string) {
	msg := fmt.Sprintf("may be the same work as %s (%q, %d; this one %q, %d): %s, so they are not merged. To decide, paste into the manifest:\n"+
		"    [[link]]\n    from = %q\n    to   = %q\n    kind = \"same-as\"    # or \"distinct\" to keep them apart",
		c.key, c.title, c.year, h.title, h.year, why, h.key, c.key)
	l.res.Warnings = append(l.res.Warnings, record.Warning{Identity: h.key, Message: msg})
}

// typeKind groups CSL types into kinds of work that cannot be one
// another; "" for a type that says nothing (unknown or generic).
func typeKind(t string) string {
	switch t {
	case "", "article", "document":
		return ""
	case "dataset":
		return "data"
	case "software":
		return "software"
	case "speech":
		return "talk"
	case "patent":
		return "patent"
	case "figure", "graphic", "map", "motion_picture", "musical_score", "song":
		return "other media"
	}
	return "text"
}

// typesContradict reports whether two CSL types are of different kinds.
func typesContradict(a, b string) bool {
	ka, kb := typeKind(a), typeKind(b)
	return ka != "" && kb != "" && ka != kb
}

// boundedLevenshtein is the Levenshtein distance between a and b in runes
// (a swap of neighbours costs two), or limit+1 as soon as it must exceed
// limit.
func boundedLevenshtein(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if len(rb)-len(ra) > limit || len(ra)-len(rb) > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

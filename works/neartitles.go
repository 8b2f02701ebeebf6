package works

import (
	"slices"
	"sort"
	"strings"
)

// Near titles without comparing every pair. Preprint pairing compares
// each preprint with every published work, and title matching each
// hand-typed work with every work of its record; one comparison a pair
// (an edit distance, nearMiss) was the whole of the run's tail at tens
// of thousands of works: at 50,000 works with one in fifty a preprint,
// 47 million edit distances before the first file was written. Yet only
// a pair whose titles are equal after record.Fold, one the other's start,
// or a few letters apart can be a match or a near miss, and those are
// found from the titles themselves: a titleIndex holds the few works'
// folded titles (the preprints, a record's hand-typed works), and each
// of the many others asks it which of them its title may be near. Every
// pair nearMiss or an equal title could accept is among the answers
// (TestNearTitlesMissNothing), and the rules then decide each as they
// did, in the same order.
//
// "A few letters apart" is found by pigeonhole, as in Pass-Join (Li,
// Deng, Wang and Feng, "Pass-Join: A Partition-based Method for
// Similarity Joins", PVLDB 5(3), 2011, https://doi.org/10.14778/2078331.2078335):
// an indexed title of n letters is cut into editLimit(n)+1 pieces; two
// titles at most k ≤ editLimit(n) edits apart leave one piece untouched,
// so it appears whole in the other title, moved by at most k letters.

// editLimit is the most letters two titles may differ in to be a near
// miss, the shorter having n letters (runes) after record.Fold.
func editLimit(n int) int { return max(2, n/10) }

// titleIndex holds a few folded titles, by position, for near.
type titleIndex struct {
	folds   []string
	runes   []int                   // each fold's length in runes
	byFold  map[string][]int32      // fold → its titles
	sorted  []int32                 // every title, in fold order, for "starts with"
	pieces  map[string][]titlePiece // a piece's letters → where it is cut from
	lengths []int                   // the pieces' lengths in runes, each once
}

// titlePiece is one piece of an indexed title: the title and the rune
// the piece starts at.
type titlePiece struct{ title, start int32 }

func newTitleIndex(folds []string) *titleIndex {
	x := &titleIndex{folds: folds, runes: make([]int, len(folds)), byFold: map[string][]int32{},
		sorted: make([]int32, len(folds)), pieces: map[string][]titlePiece{}}
	var offsets []int
	for i, f := range folds {
		x.byFold[f] = append(x.byFold[f], int32(i))
		x.sorted[i] = int32(i)
		offsets = runeOffsets(f, offsets[:0])
		n := len(offsets) - 1
		x.runes[i] = n
		if n < shortestComparable {
			continue // compared only when equal (nearMiss)
		}
		cuts := editLimit(n) + 1
		for p := range cuts {
			from, to := p*n/cuts, (p+1)*n/cuts
			piece := f[offsets[from]:offsets[to]]
			x.pieces[piece] = append(x.pieces[piece], titlePiece{title: int32(i), start: int32(from)})
			if !slices.Contains(x.lengths, to-from) {
				x.lengths = append(x.lengths, to-from)
			}
		}
	}
	sort.Slice(x.sorted, func(a, b int) bool { return folds[x.sorted[a]] < folds[x.sorted[b]] })
	slices.Sort(x.lengths)
	return x
}

// runeOffsets appends the byte offset of each rune of s, and len(s).
func runeOffsets(s string, out []int) []int {
	for i := range s {
		out = append(out, i)
	}
	return append(out, len(s))
}

// near appends to hits the indexed titles that fold q may be near:
// equal, one the start of the other, or within editLimit letters of it.
// A title may be named more than once, in no order.
func (x *titleIndex) near(q string, hits []int32, offsets []int) ([]int32, []int) {
	hits = append(hits, x.byFold[q]...)
	offsets = runeOffsets(q, offsets[:0])
	n := len(offsets) - 1
	if n < shortestComparable {
		return hits, offsets // only an equal title can be near (nearMiss)
	}
	// Indexed titles that start with q: a run of the fold order.
	from := sort.Search(len(x.sorted), func(k int) bool { return x.folds[x.sorted[k]] >= q })
	for k := from; k < len(x.sorted) && strings.HasPrefix(x.folds[x.sorted[k]], q); k++ {
		hits = append(hits, x.sorted[k])
	}
	// Indexed titles q starts with, of shortestComparable runes or more.
	for r := shortestComparable; r < n; r++ {
		hits = append(hits, x.byFold[q[:offsets[r]]]...)
	}
	return x.piecesIn(q, n, offsets, hits), offsets
}

// piecesIn appends the indexed titles a piece of which q holds where an
// edit distance within both titles' limits would leave it.
func (x *titleIndex) piecesIn(q string, n int, offsets []int, hits []int32) []int32 {
	for _, length := range x.lengths {
		for s := 0; s+length <= n; s++ {
			for _, p := range x.pieces[q[offsets[s]:offsets[s+length]]] {
				m := x.runes[p.title]
				k := editLimit(min(n, m))
				if n-m <= k && m-n <= k && s-int(p.start) <= k && int(p.start)-s <= k {
					hits = append(hits, p.title)
				}
			}
		}
	}
	return hits
}

// nearPairs is, for each of the folded titles few, the positions in
// many (ascending) of the titles it may be near: the only pairs of the
// two lists whose titles can match or nearly match.
func nearPairs(few, many []string) [][]int32 {
	x := newTitleIndex(few)
	out := make([][]int32, len(few))
	var hits []int32
	var offsets []int
	for j, fold := range many {
		hits, offsets = x.near(fold, hits[:0], offsets)
		for _, i := range hits {
			if l := len(out[i]); l == 0 || out[i][l-1] != int32(j) {
				out[i] = append(out[i], int32(j))
			}
		}
	}
	return out
}

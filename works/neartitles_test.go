package works

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// TestNearTitlesMissNothing: every pair of titles that nearMiss accepts
// or that are equal after Fold is among nearPairs' answers, on titles
// made to be near one another (a letter or a few changed, inserted or
// dropped, a subtitle added or cut, accented and non-Latin letters, titles
// around shortestComparable's length), so pairing only those decides as
// comparing every pair did.
func TestNearTitlesMissNothing(t *testing.T) {
	m := nearTitleMaker{rng: rand.New(rand.NewPCG(31, 2026)), alphabet: []rune("abcdefghijklmnopqrstuvwxyz0123456789éøλж")}
	for range 60 {
		var b strings.Builder
		for range 1 + m.rng.IntN(10) {
			b.WriteString(m.word())
		}
		m.bases = append(m.bases, b.String())
	}
	few, many := make([]titleWork, 150), make([]titleWork, 1500)
	for i := range few {
		few[i] = titleWork{key: fmt.Sprint(i), fold: record.Fold(m.variant())}
	}
	for j := range many {
		many[j] = titleWork{key: fmt.Sprint(j), fold: record.Fold(m.variant())}
	}
	folds := func(ts []titleWork) []string {
		out := make([]string, len(ts))
		for i, t := range ts {
			out[i] = t.fold
		}
		return out
	}
	got := nearPairs(folds(few), folds(many))
	pairs, near := 0, 0
	for i, a := range few {
		if !slices.IsSorted(got[i]) || len(slices.Compact(slices.Clone(got[i]))) != len(got[i]) {
			t.Fatalf("title %d: candidates %v not ascending and each once", i, got[i])
		}
		for j, b := range many {
			if a.fold != b.fold && nearMiss(a, b) == "" {
				continue
			}
			pairs++
			if _, found := slices.BinarySearch(got[i], int32(j)); !found {
				t.Errorf("%q and %q are near (%s), but nearPairs did not pair them", a.fold, b.fold, cmp.Or(nearMiss(a, b), "equal"))
			}
		}
		near += len(got[i])
	}
	t.Logf("%d near pairs of %d; nearPairs gave %d candidates", pairs, len(few)*len(many), near)
	if pairs < 1000 {
		t.Fatalf("only %d near pairs: the test's titles are too far apart to test anything", pairs)
	}
}

// nearTitleMaker makes titles near one another: variants of a few bases.
type nearTitleMaker struct {
	rng      *rand.Rand
	alphabet []rune
	bases    []string
}

// word is a few letters, mostly of the alphabet's first four, so words
// repeat and titles share pieces.
func (m *nearTitleMaker) word() string {
	r := make([]rune, 1+m.rng.IntN(12))
	for i := range r {
		r[i] = m.alphabet[m.rng.IntN(4)+m.rng.IntN(len(m.alphabet)-4)*m.rng.IntN(2)]
	}
	return string(r)
}

// variant is a base as it is, with a word after it, cut short, or edited.
func (m *nearTitleMaker) variant() string {
	s := m.bases[m.rng.IntN(len(m.bases))]
	switch m.rng.IntN(5) {
	case 0:
		return s
	case 1:
		return s + m.word()
	case 2:
		if r := []rune(s); len(r) > 2 {
			return string(r[:m.rng.IntN(len(r))])
		}
		return s
	}
	return m.edit(s)
}

// edit changes, inserts or drops a letter, one to eight times.
func (m *nearTitleMaker) edit(s string) string {
	r := []rune(s)
	for range 1 + m.rng.IntN(8) {
		i := m.rng.IntN(len(r) + 1)
		c := m.alphabet[m.rng.IntN(len(m.alphabet))]
		switch op := m.rng.IntN(3); {
		case op == 0:
			r = slices.Insert(r, i, c)
		case i == len(r):
		case op == 1:
			r = slices.Delete(r, i, i+1)
		default:
			r[i] = c
		}
	}
	return string(r)
}

// linkCorpus is n works as a lab's five ORCID records list them: one in
// fifty a bioRxiv preprint, half of those beside their published
// version of the same title and authors (so the rule links them); one in
// a hundred typed in by hand beside the DOI work of its title; the rest
// journal articles with titles of their own.
func linkCorpus(n int) []*Linkable {
	rng := rand.New(rand.NewPCG(uint64(n), 31))
	words := make([]string, 3000)
	for i := range words {
		var b strings.Builder
		for range 2 + rng.IntN(3) {
			b.WriteString([]string{"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qu", "di", "fo", "gu", "he", "jo", "be", "co", "wy", "xi"}[rng.IntN(20)])
		}
		words[i] = b.String()
	}
	titleOf := make([]string, n)
	out := make([]*Linkable, 0, n)
	for i := range n {
		var t strings.Builder
		for k := range 6 + rng.IntN(8) {
			if k > 0 {
				t.WriteByte(' ')
			}
			t.WriteString(words[rng.IntN(len(words))])
		}
		titleOf[i] = t.String()
		owner := fmt.Sprintf("0000-0002-1825-%04d", i%5)
		key := fmt.Sprintf("doi:10.5555/w.%d", i)
		switch {
		case i%50 == 11:
			key = fmt.Sprintf("doi:10.1101/2020.01.01.%06d", i)
		case i%100 == 12:
			titleOf[i] = titleOf[i-1] // the published version of the preprint before it
		case i%100 == 37:
			key = fmt.Sprintf("orcid-work:%s/%d", owner, i)
			titleOf[i] = strings.ToUpper(titleOf[i-5]) + "." // typed by hand beside the DOI work of the same record
		}
		id, err := manifest.ParseKey(key)
		if err != nil {
			panic(err)
		}
		rec := record.Record{Title: titleOf[i], Issued: record.Date{Year: 2015 + i%5}, Type: "article-journal"}
		if id.Kind == manifest.KindDOI {
			rec.IDs.DOI = id.Value
		}
		for k := range 6 {
			rec.Authors = append(rec.Authors, record.Author{Given: "A.", Family: words[(i/100+k)%len(words)]})
		}
		w := Work{id: id, merged: rec, origins: []string{"orcid:" + owner}, provenance: map[string]string{}}
		l := w.ForLinking()
		out = append(out, &l)
	}
	return out
}

// TestLinkPassGrowsWithTheWorks: the link pass on four times the works
// allocates at most five times as often. Preprint pairing compared every
// preprint with every published work and title matching every hand-typed
// work with every work of its record, so the pass grew with the square
// of the works (the ratio was 13.3 before nearPairs); allocations are
// counted, not timed, so a busy machine cannot fail it.
func TestLinkPassGrowsWithTheWorks(t *testing.T) {
	allocs := func(n int) (float64, Linked) {
		ws := linkCorpus(n)
		var res Linked
		a := testing.AllocsPerRun(1, func() { res = Decide(ws, nil) })
		return a, res
	}
	small, resSmall := allocs(1000)
	large, resLarge := allocs(4000)
	t.Logf("allocations: %.0f at 1,000 works, %.0f at 4,000 (%.1f×); links %d and %d",
		small, large, large/small, len(resSmall.Links.Links), len(resLarge.Links.Links))
	if len(resLarge.Links.Links) < 4000/50 {
		t.Fatalf("%d links at 4,000 works: the corpus's preprints and hand-typed works were not linked", len(resLarge.Links.Links))
	}
	if large > 5*small {
		t.Errorf("the link pass allocates %.1f times as often on four times the works; want at most 5 (linear)", large/small)
	}
}

// BenchmarkLinkPass is the link pass (Decide) at two sizes, for the ratio
// of their times per work (flat when the pass grows with the works):
//
//	go test ./works -run '^$' -bench LinkPass -benchtime 3x
func BenchmarkLinkPass(b *testing.B) {
	for _, n := range []int{10000, 40000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ws := linkCorpus(n)
			b.ResetTimer()
			for range b.N {
				Decide(ws, nil)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/work")
		})
	}
}

package english

// Nearest is the candidate fewest edits from word, at most two (one slip
// or one swap of neighbours, as a typo makes), or "" when none is that
// close: the "did you mean" of an unknown command or key.
func Nearest(word string, candidates []string) string {
	best, bestDistance := "", 3
	for _, c := range candidates {
		if d := osaDistance(word, c); d < bestDistance && d < len([]rune(c)) {
			best, bestDistance = c, d
		}
	}
	return best
}

// osaDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each cost one, so
// "frtch" and "fecth" are both one from "fetch".
func osaDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

package orchestrator

import "net/url"

// batchIDSlack is what each identity adds to a list URL besides its own
// query-escaped value: a filter name and a separator (Crossref's
// "doi%3A" and "%2C" are 9 bytes).
const batchIDSlack = 10

// batchFill is how many of q's first jobs (all of one provider) one call
// takes at most size of, and whether that makes a full batch, one worth
// sending before more jobs arrive. A provider with BatchURLBytes stops
// where the next identity would pass that budget: the URL, not a count,
// is what its list form is bounded by.
func batchFill(q []*job, size int) (n int, full bool) {
	n = min(len(q), size)
	budget := q[0].spec().BatchURLBytes
	if budget <= 0 || size <= 1 {
		return n, n == size
	}
	used := 0
	for i, j := range q[:n] {
		used += len(url.QueryEscape(j.id.Value)) + batchIDSlack
		if used > budget && i > 0 {
			return i, true
		}
	}
	return n, n == size
}

// batchCalls is how many calls q's jobs (all of one provider, in queue
// order) take when each call takes what batchFill gives it, so the plan's
// estimate and the lanes' calls follow one rule.
func batchCalls(q []*job, size int) int {
	calls := 0
	for len(q) > 0 {
		n, _ := batchFill(q, size)
		q = q[max(n, 1):]
		calls++
	}
	return calls
}

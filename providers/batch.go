package providers

import (
	"context"
	"fmt"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
)

// GetJSON is Get for a JSON answer that must be a 2xx: any other status
// or an invalid body is the error, so a batch can fail all its members at
// once. 404 and 410 are errors here too: a list endpoint answers "none of
// these" with an empty list, not with a 404.
func GetJSON(ctx context.Context, env Env, provider, rawURL string) (gjson.Result, error) {
	ans, err := Get(ctx, env, rawURL, "application/json")
	switch {
	case err != nil:
		return gjson.Result{}, err
	case ans.Status < 200 || ans.Status > 299:
		return gjson.Result{}, &StatusError{Provider: provider, Code: ans.Status}
	case !gjson.ValidBytes(ans.Body):
		return gjson.Result{}, Malformed(provider, "body is not valid JSON")
	}
	return gjson.ParseBytes(ans.Body), nil
}

// ByDOI hands each id of a batch the item of a list answer that carries
// its DOI, compared in normalised form (case-insensitive), and parses it
// with parse. An id no item carries is NotFound when the answer is
// complete, and Failed when it may have been cut short (the service
// counted more hits than it returned), since its record could be on a page
// that was not asked for. When several items carry one DOI, prefer picks
// the one to keep (nil keeps the first).
func ByDOI(provider string, ids []manifest.Identity, items []gjson.Result, complete bool,
	doiOf func(gjson.Result) string, prefer func(candidate, kept gjson.Result) bool,
	parse func(gjson.Result) (Result, error)) []Result {
	found := map[string]gjson.Result{}
	for _, it := range items {
		doi := StripDOI(doiOf(it))
		if doi == "" {
			continue
		}
		if kept, ok := found[doi]; !ok || (prefer != nil && prefer(it, kept)) {
			found[doi] = it
		}
	}
	out := make([]Result, len(ids))
	for i, id := range ids {
		it, ok := found[id.Value]
		switch {
		case ok:
			r, err := parse(it)
			if err != nil {
				r = Result{Status: Failed, Err: err}
			}
			out[i] = r
		case complete:
			out[i] = Result{Status: NotFound}
		default:
			out[i] = Result{Status: Failed, Err: fmt.Errorf("%s: %s not among the %d records of a cut-short answer", provider, id.Key(), len(items))}
		}
	}
	return out
}

// Chunks splits positions 0..n-1 into runs whose request URI, as built by
// uri, stays within maxURI bytes (a run of one is always allowed), so a
// batch of unusually long identifiers is split rather than refused.
func Chunks(n, maxURI int, uri func(positions []int) string) [][]int {
	var chunks [][]int
	var cur []int
	for i := range n {
		next := append(append([]int(nil), cur...), i)
		if len(cur) > 0 && len(uri(next)) > maxURI {
			chunks = append(chunks, cur)
			next = []int{i}
		}
		cur = next
	}
	if len(cur) > 0 {
		chunks = append(chunks, cur)
	}
	return chunks
}

// Batched is the FetchFunc shape of a service with a list form: a single
// id is asked of the single-record endpoint (cheaper, and the answer the
// rest of the batch is checked against), ids that single cannot put in a
// list are asked one by one, and the rest go to list in chunks.
func Batched(single func(ctx context.Context, env Env, id manifest.Identity) Result,
	listable func(id manifest.Identity) bool,
	list func(ctx context.Context, env Env, ids []manifest.Identity) []Result) FetchFunc {
	return func(ctx context.Context, env Env, ids []manifest.Identity) ([]Result, error) {
		out := make([]Result, len(ids))
		var batch []manifest.Identity
		var slots []int
		for i, id := range ids {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if len(ids) == 1 || !listable(id) {
				out[i] = single(ctx, env, id)
				continue
			}
			batch = append(batch, id)
			slots = append(slots, i)
		}
		if len(batch) == 1 {
			out[slots[0]] = single(ctx, env, batch[0])
			return out, nil
		}
		if len(batch) > 0 {
			for j, r := range list(ctx, env, batch) {
				out[slots[j]] = r
			}
		}
		return out, nil
	}
}

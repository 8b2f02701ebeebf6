package providers

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
)

// getJSON is Get for a JSON answer that must be a 2xx: any other status
// or an invalid body is the error, so a batch can fail all its members at
// once. 404 and 410 are errors here too: a list endpoint answers "none of
// these" with an empty list, not with a 404.
func getJSON(ctx context.Context, env Env, provider, rawURL string) (gjson.Result, error) {
	ans, err := Get(ctx, env, rawURL, "application/json")
	switch {
	case err != nil:
		return gjson.Result{}, err
	case ans.Status < 200 || ans.Status > 299:
		return gjson.Result{}, &StatusError{Provider: provider, Code: ans.Status}
	case !gjson.ValidBytes(ans.Body):
		return gjson.Result{}, Malformed(provider, "body is not valid JSON")
	}
	return parseBody(ans.Body), nil
}

// byDOI hands each id of a batch the item of a list answer that carries
// its DOI, compared in normalised form (case-insensitive), and parses it
// with parse. An id no item carries is NotFound when the answer is
// complete, and Failed when it may have been cut short (the service
// counted more hits than it returned), since its record could be on a page
// that was not asked for. When several items carry one DOI, prefer picks
// the one to keep (nil keeps the first).
func byDOI(provider string, ids []manifest.Identity, items []gjson.Result, complete bool,
	doiOf func(gjson.Result) string, prefer func(candidate, kept gjson.Result) bool,
	parse func(gjson.Result) (Result, error)) []Result {
	found := map[string]gjson.Result{}
	for _, it := range items {
		doi := wire.StripDOI(doiOf(it))
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
				r = Result{Status: record.Failed, Err: err}
			}
			out[i] = r
		case complete:
			out[i] = Result{Status: record.NotFound}
		default:
			out[i] = Result{Status: record.Failed, Err: fmt.Errorf("%s: %s not among the %d records of a cut-short answer", provider, id.Key(), len(items))}
		}
	}
	return out
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
			if len(ids) > 1 && listable(id) {
				batch = append(batch, id)
				slots = append(slots, i)
			}
		}
		if singles := len(ids) - len(batch); len(ids) > 1 && singles > 0 {
			env.more(singles - boolInt(len(batch) == 0)) // the call was planned as one request
		}
		for i, id := range ids {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if len(ids) == 1 || !listable(id) {
				out[i] = single(ctx, env, id)
			}
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

// listForm is a service's list endpoint for DOIs: how to ask it about
// several at once and how to read its answer. Each provider declares its
// own beside its single lookup; Fetch does the rest.
type listForm struct {
	Provider string // name for errors
	MaxURI   int    // longest path and query of one request; a longer chunk is split
	// URI is the path and query that asks about ids.
	URI func(env Env, ids []manifest.Identity) string
	// Items reads a 2xx JSON answer: its items and the number of hits the
	// service counted, or an error when it holds no list.
	Items  func(doc gjson.Result) (items []gjson.Result, total int64, err error)
	DOI    func(item gjson.Result) string          // the DOI an item carries
	Prefer func(candidate, kept gjson.Result) bool // of two items with one DOI, whether candidate wins; nil keeps the first
	Parse  func(item gjson.Result) (Result, error) // one item's Result
	// Absent, when set, answers for a DOI a complete answer lacks instead
	// of NotFound (a service whose list search may miss what it holds).
	Absent func(ctx context.Context, env Env, id manifest.Identity) Result
}

// Fetch asks the list form about ids, one request per URL-sized chunk,
// and hands each id its item (see byDOI); a request that fails fails just
// the ids it asked about. It is the list argument of Batched.
func (l listForm) Fetch(ctx context.Context, env Env, ids []manifest.Identity) []Result {
	asked := func(chunk []int) []manifest.Identity {
		out := make([]manifest.Identity, len(chunk))
		for j, i := range chunk {
			out[j] = ids[i]
		}
		return out
	}
	positions := make([]int, len(ids))
	for i := range positions {
		positions[i] = i
	}
	out := make([]Result, len(ids))
	chunks := wire.Chunks(positions, 0, l.MaxURI, func(chunk []int) string { return l.URI(env, asked(chunk)) })
	env.more(len(chunks) - 1) // a URL too long for one request (a long mailto)
	for _, chunk := range chunks {
		batch := asked(chunk)
		results := l.ask(ctx, env, batch)
		if l.Absent != nil {
			env.more(countStatus(results, record.NotFound))
		}
		for j, r := range results {
			if r.Status == record.NotFound && l.Absent != nil {
				r = l.Absent(ctx, env, batch[j])
			}
			out[chunk[j]] = r
		}
	}
	return out
}

// countStatus is how many of results have status.
func countStatus(results []Result, status record.Status) int {
	n := 0
	for _, r := range results {
		if r.Status == status {
			n++
		}
	}
	return n
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ask sends one list request about ids and matches its items back to them.
func (l listForm) ask(ctx context.Context, env Env, ids []manifest.Identity) []Result {
	doc, err := getJSON(ctx, env, l.Provider, env.Base+l.URI(env, ids))
	if err == nil {
		var items []gjson.Result
		var total int64
		if items, total, err = l.Items(doc); err == nil {
			return byDOI(l.Provider, ids, items, total <= int64(len(items)), l.DOI, l.Prefer, l.Parse)
		}
	}
	out := make([]Result, len(ids))
	for i := range out {
		out[i] = Result{Status: record.Failed, Err: err}
	}
	return out
}

// FetchThenReask asks the list form, then asks single once more for each
// work whose list copy failed with short: a list answer that leaves out
// what a single record has (OpenAlex cuts authorships at 100) must not
// make a batched snapshot differ from an unbatched one.
func (l listForm) FetchThenReask(ctx context.Context, env Env, ids []manifest.Identity, short error, single func(context.Context, Env, manifest.Identity) Result) []Result {
	out := l.Fetch(ctx, env, ids)
	var again []int
	for i, r := range out {
		if errors.Is(r.Err, short) {
			again = append(again, i)
		}
	}
	env.more(len(again)) // known now, before the first is sent
	for _, i := range again {
		out[i] = single(ctx, env, ids[i])
	}
	return out
}

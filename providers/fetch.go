package providers

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
)

// Answer is a read response: status and body, with the body fully read and
// the connection released.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}

// Get sends a GET to rawURL with the given Accept header and reads the
// whole answer. Transport-level failures (exhausted retries, a stopped
// host, an oversized body) come back as the error.
func Get(ctx context.Context, env Env, rawURL, accept string) (Answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return Answer{}, fmt.Errorf("build request: %w", err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return Send(env, req)
}

// Send sends req with env.Do and reads the whole answer.
func Send(env Env, req *http.Request) (Answer, error) {
	resp, err := env.Do(req)
	if err != nil {
		return Answer{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return Answer{}, fmt.Errorf("read %s answer: %w", req.URL.Host, err)
	}
	return Answer{Status: resp.StatusCode, Header: resp.Header, Body: body}, nil
}

// IsNotFound reports the statuses services use for "no such work".
func IsNotFound(status int) bool { return status == http.StatusNotFound || status == http.StatusGone }

// One adapts a single-identity lookup into a FetchFunc: each id is asked
// for on its own (BatchSize 1), and one failing id does not fail the rest.
func One(lookup func(ctx context.Context, env Env, id manifest.Identity) Result) FetchFunc {
	return func(ctx context.Context, env Env, ids []manifest.Identity) ([]Result, error) {
		out := make([]Result, len(ids))
		for i, id := range ids {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			out[i] = lookup(ctx, env, id)
		}
		return out, nil
	}
}

// GetJSONRecord is the common single lookup: GET rawURL as JSON; 404/410
// is NotFound; other non-2xx fail; a 2xx body must be valid JSON and is
// handed to parse.
func GetJSONRecord(ctx context.Context, env Env, provider, rawURL string, parse func(gjson.Result) (Result, error)) Result {
	ans, err := Get(ctx, env, rawURL, "application/json")
	if err != nil {
		return Result{Status: Failed, Err: err}
	}
	switch {
	case IsNotFound(ans.Status):
		return Result{Status: NotFound}
	case ans.Status < 200 || ans.Status > 299:
		return Result{Status: Failed, Err: &StatusError{Provider: provider, Code: ans.Status}}
	case !gjson.ValidBytes(ans.Body):
		return Result{Status: Failed, Err: Malformed(provider, "body is not valid JSON")}
	}
	r, err := parse(gjson.ParseBytes(ans.Body))
	if err != nil {
		return Result{Status: Failed, Err: err}
	}
	return r
}

// EscapeDOI escapes a DOI for use as URL path segments: each '/'-separated
// part is path-escaped, so '<', '>', ';', '#', '?', '%' and spaces survive
// the trip while the prefix/suffix slash stays a slash, as the APIs expect.
func EscapeDOI(doi string) string {
	parts := strings.Split(doi, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// WithMailto appends the polite-pool contact parameter when one is set.
func WithMailto(rawURL, param, mailto string) string {
	if mailto == "" || param == "" {
		return rawURL
	}
	sep := "?"
	if strings.Contains(rawURL, "?") {
		sep = "&"
	}
	return rawURL + sep + param + "=" + url.QueryEscape(mailto)
}

// StripORCID reduces an ORCID given as URL or bare to its normalised form,
// or "" when it is not a valid iD.
func StripORCID(s string) string {
	v, err := manifest.NormalizeORCID(s)
	if err != nil {
		return ""
	}
	return v
}

// StripDOI reduces a DOI given as URL or bare to its normalised form, or ""
// when it is not a DOI.
func StripDOI(s string) string {
	v, err := manifest.NormalizeDOI(s)
	if err != nil {
		return ""
	}
	return v
}

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

// escapeQuoted escapes the two characters special inside a quoted phrase
// of a Lucene or Elasticsearch query (backslash and double quote).
func escapeQuoted(s string) string {
	if !strings.ContainsAny(s, `\"`) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r == '\\' || r == '"' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

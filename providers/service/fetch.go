package service

import (
	"context"
	"fmt"
	"net/http"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/internal/whole"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/wire"
	"github.com/aboutscholar/about/record"
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
	body, err := whole.Read(resp.Body) // the transport's bytes, not a copy
	if err != nil {
		return Answer{}, fmt.Errorf("read %s answer: %w", req.URL.Host, err)
	}
	return Answer{Status: resp.StatusCode, Header: resp.Header, Body: body}, nil
}

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
		return Result{Status: record.Failed, Err: err}
	}
	switch {
	case wire.IsNotFound(ans.Status):
		return Result{Status: record.NotFound}
	case ans.Status < 200 || ans.Status > 299:
		return Result{Status: record.Failed, Err: &StatusError{Provider: provider, Code: ans.Status}}
	case !gjson.ValidBytes(ans.Body):
		return Result{Status: record.Failed, Err: Malformed(provider, "body is not valid JSON")}
	}
	r, err := parse(ParseBody(ans.Body))
	if err != nil {
		return Result{Status: record.Failed, Err: err}
	}
	return r
}

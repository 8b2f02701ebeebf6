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

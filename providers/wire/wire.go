// Package wire holds what the provider adapters share about what crosses
// the wire to and from a service, with no network of its own: request URL
// forms (escaped DOIs, the contact parameter, quoted query phrases, URLs
// cut to a length) and reading values out of answers (gjson strings,
// identifiers given as URLs, "not found" statuses).
package wire

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
)

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

// EscapeQuoted escapes the two characters special inside a quoted phrase
// of a Lucene or Elasticsearch query (backslash and double quote).
func EscapeQuoted(s string) string {
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

// IsNotFound reports the statuses services use for "no such work".
func IsNotFound(status int) bool { return status == http.StatusNotFound || status == http.StatusGone }

// Chunks splits positions, in order, into runs of at most maxLen (0: no
// bound) whose request URI, as built by uri, stays within maxURI bytes (a
// run of one is always allowed), so a batch of unusually long identifiers
// is split rather than refused.
func Chunks(positions []int, maxLen, maxURI int, uri func(run []int) string) [][]int {
	var chunks [][]int
	var cur []int
	for _, i := range positions {
		next := append(append([]int(nil), cur...), i)
		if len(cur) > 0 && ((maxLen > 0 && len(next) > maxLen) || len(uri(next)) > maxURI) {
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

// First returns the first non-empty string among a JSON array's items or
// the value itself when it is a string (Crossref wraps titles in arrays).
func First(v gjson.Result) string {
	if v.IsArray() {
		for _, item := range v.Array() {
			if s := strings.TrimSpace(item.String()); s != "" {
				return s
			}
		}
		return ""
	}
	return strings.TrimSpace(v.String())
}

// Strings collects the non-empty strings of a JSON array, in order.
func Strings(v gjson.Result) []string {
	var out []string
	v.ForEach(func(_, item gjson.Result) bool {
		if s := strings.TrimSpace(item.String()); s != "" {
			out = append(out, s)
		}
		return true
	})
	return out
}

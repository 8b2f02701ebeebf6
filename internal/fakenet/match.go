package fakenet

import (
	"net/http"
	"strings"
)

// Any matches every request.
func Any(*http.Request) bool { return true }

// Method matches requests of method m (GET, POST, ...).
func Method(m string) Matcher {
	return func(req *http.Request) bool { return strings.EqualFold(req.Method, m) }
}

// Host matches requests to host (host[:port], as in the URL).
func Host(host string) Matcher {
	return func(req *http.Request) bool { return strings.EqualFold(req.URL.Host, host) }
}

// Path matches requests whose escaped path is p.
func Path(p string) Matcher {
	return func(req *http.Request) bool { return req.URL.EscapedPath() == p }
}

// PathPrefix matches requests whose escaped path starts with p.
func PathPrefix(p string) Matcher {
	return func(req *http.Request) bool { return strings.HasPrefix(req.URL.EscapedPath(), p) }
}

// PathSuffix matches requests whose escaped path ends with s.
func PathSuffix(s string) Matcher {
	return func(req *http.Request) bool { return strings.HasSuffix(req.URL.EscapedPath(), s) }
}

// Query matches requests whose query parameter key has value (the first
// value, decoded), as gh's QueryMatcher does for each of its parameters.
func Query(key, value string) Matcher {
	return func(req *http.Request) bool {
		q := req.URL.Query()
		return q.Has(key) && q.Get(key) == value
	}
}

// URL matches requests to raw exactly: host, escaped path and raw query
// (the scheme is not compared, so a stub holds for http and https).
func URL(raw string) Matcher {
	_, rest, ok := strings.Cut(raw, "://")
	if !ok {
		rest = raw
	}
	return func(req *http.Request) bool {
		u := req.URL.Host + req.URL.EscapedPath()
		if req.URL.RawQuery != "" {
			u += "?" + req.URL.RawQuery
		}
		return u == rest
	}
}

// GET matches a GET of raw exactly (URL).
func GET(raw string) Matcher { return All(Method(http.MethodGet), URL(raw)) }

// All matches what every one of ms matches.
func All(ms ...Matcher) Matcher {
	return func(req *http.Request) bool {
		for _, m := range ms {
			if !m(req) {
				return false
			}
		}
		return true
	}
}

// Not matches what m does not.
func Not(m Matcher) Matcher { return func(req *http.Request) bool { return !m(req) } }

package transport

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// sending is the innermost layer before the network: it dresses the request
// for its host (credentials, User-Agent), bounds the attempt in time, and
// caps the response body.
type sending struct {
	c    *Client           // shared state
	next http.RoundTripper // Options.Base
}

func (s *sending) RoundTrip(req *http.Request) (*http.Response, error) {
	c := s.c
	r := req.Clone(req.Context())
	if r.Header == nil {
		r.Header = http.Header{}
	}
	pol, declared := c.opts.Hosts[r.URL.Host]
	if ua := c.userAgent(declared); ua != "" {
		r.Header.Set("User-Agent", ua)
	}
	c.scrubForeign(r)
	if !declared {
		c.scrubContact(r)
	}
	if declared && pol.Credential != nil && pol.Credential.Value != "" {
		cred := pol.Credential
		if cred.Header != "" {
			r.Header.Set(cred.Header, cred.Value)
		}
		if cred.Query != "" {
			r.URL.RawQuery = setParam(r.URL.RawQuery, cred.Query, cred.Value)
		}
	}
	if !declared {
		pol = c.opts.Default
	}

	parent := r.Context()
	// A connection that is accepted and then kept silent (a proxy that
	// never answers CONNECT) ends the attempt long before its Timeout.
	guarded, guard, endGuard := c.guardConnect(parent, c.opts.ConnectSilence)
	r = r.WithContext(guarded)
	attempt, cancel := guarded, context.CancelFunc(func() {})
	if pol.Timeout > 0 {
		attempt, cancel = c.attemptContext(guarded, pol.Timeout)
		r = r.WithContext(attempt)
	}
	h := c.host(r.URL.Host)
	// expired turns an error into a *TimeoutError when it was this
	// attempt's own deadline (not the caller's) that ended it, and counts
	// the silence against the host.
	expired := func(err error, inBody bool) error {
		if pol.Timeout <= 0 || context.Cause(attempt) != errAttemptTimeout || parent.Err() != nil {
			return err
		}
		te := &TimeoutError{Host: h.name, After: pol.Timeout, Body: inBody, Err: err}
		c.noteSilent(h, te)
		return te
	}
	resp, err := s.next.RoundTrip(r)
	guard.disarm()
	if err != nil {
		if silent := guard.silent(viaProxy(s.next, r)); silent != nil && parent.Err() == nil {
			err = silent
		} else {
			err = expired(err, false)
		}
		cancel()
		endGuard(context.Canceled)
		return nil, err
	}
	if resp.Body == nil {
		resp.Body = http.NoBody
	}
	// The attempt's deadline must outlive RoundTrip to cover the body read;
	// closing the body is what ends the attempt. A body closed without
	// timing out is an answer, which ends the host's run of silences.
	body := &cappedBody{rc: resp.Body, max: c.opts.MaxBody, left: c.opts.MaxBody}
	body.expired = func(err error) error { return expired(err, true) }
	body.hook = func() {
		cancel()
		endGuard(context.Canceled)
		if !body.timedOut.Load() {
			c.noteAnswered(h)
		}
	}
	resp.Body = body
	// resp.Request would carry the credential; hand back the request we got.
	resp.Request = req
	return resp, nil
}

// scrubForeign removes other hosts' credentials from a request, in case a
// server echoed a key into a redirect Location or a caller copied it over.
func (c *Client) scrubForeign(r *http.Request) {
	for name, p := range c.opts.Hosts {
		cred := p.Credential
		if name == r.URL.Host || cred == nil || cred.Value == "" {
			continue
		}
		if cred.Header != "" && r.Header.Get(cred.Header) == cred.Value {
			r.Header.Del(cred.Header)
		}
		if cred.Query != "" && r.URL.RawQuery != "" {
			r.URL.RawQuery = filterQuery(r.URL.RawQuery, func(k, v string) bool {
				return k == cred.Query && v == cred.Value
			})
		}
	}
}

// userAgent is the User-Agent for a declared host or any other.
func (c *Client) userAgent(declared bool) string {
	if declared {
		return c.opts.UserAgent
	}
	return c.opts.ForeignUserAgent
}

// scrubContact removes from a request to an undeclared host every query
// parameter holding the Contact: a service may echo its mailto= into the
// Location it redirects to, and the e-mail is for the service alone.
func (c *Client) scrubContact(r *http.Request) {
	if c.opts.Contact == "" || r.URL.RawQuery == "" {
		return
	}
	r.URL.RawQuery = filterQuery(r.URL.RawQuery, func(_, v string) bool { return c.isContact(v) })
}

// isContact says whether a query parameter's value is the Contact.
func (c *Client) isContact(v string) bool {
	return c.opts.Contact != "" && strings.EqualFold(v, c.opts.Contact)
}

// redact renders a URL without any credential query parameter, the
// Contact or a password, for error messages and recordings.
func (c *Client) redact(u *url.URL) string {
	if u == nil {
		return ""
	}
	v := *u
	if v.RawQuery != "" && (len(c.secrets) > 0 || c.opts.Contact != "") {
		v.RawQuery = filterQuery(v.RawQuery, func(k, val string) bool {
			return slices.Contains(c.secrets, k) || c.isContact(val)
		})
	}
	return string(c.scrub([]byte(v.Redacted())))
}

// setParam sets one query parameter, keeping the other parameters in their
// original order and encoding (url.Values.Encode would sort and re-escape).
func setParam(raw, name, value string) string {
	raw = filterQuery(raw, func(k, _ string) bool { return k == name })
	kv := url.QueryEscape(name) + "=" + url.QueryEscape(value)
	if raw == "" {
		return kv
	}
	return raw + "&" + kv
}

// filterQuery drops the raw query pairs for which drop reports true, given
// the unescaped key and value.
func filterQuery(raw string, drop func(k, v string) bool) string {
	parts := strings.Split(raw, "&")
	kept := parts[:0]
	for _, part := range parts {
		k, v, _ := strings.Cut(part, "=")
		if uk, err := url.QueryUnescape(k); err == nil {
			k = uk
		}
		if uv, err := url.QueryUnescape(v); err == nil {
			v = uv
		}
		if !drop(k, v) {
			kept = append(kept, part)
		}
	}
	return strings.Join(kept, "&")
}

// checkRedirect is the http.Client's redirect policy: at most maxRedirects
// hops, and never from https back to http, where a key or a cookie could be
// read on the wire.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	// net/http sets the previous URL as Referer on each hop; that URL holds
	// the mailto= (and the path asked), which is nobody else's business.
	// about never sends a Referer of its own.
	req.Header.Del("Referer")
	if len(via) >= maxRedirects {
		return fmt.Errorf("%w: stopped after %d, the last to %s", ErrTooManyRedirects, maxRedirects, c.redact(req.URL))
	}
	if req.URL.Scheme == "https" {
		return nil
	}
	for _, prev := range via {
		if prev.URL.Scheme == "https" {
			return fmt.Errorf("%w: %s to %s", ErrInsecureRedirect, c.redact(prev.URL), c.redact(req.URL))
		}
	}
	return nil
}

var _ http.RoundTripper = (*sending)(nil)

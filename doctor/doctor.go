// Package doctor is about doctor's logic: one cheap probe per service a
// fetch would ask, read for the fields its parser reads and the pace the
// service announces, and the verdict on the whole. It does not choose the
// services or build the transport (orchestrator.ServicesOf does, as for a
// fetch), and it sets no exit code (the command line does).
package doctor

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/providers/wire"
)

// Health is the verdict of one service's checkup.
type Health string

// The verdicts. Only OK and Skipped leave a doctor run healthy: the rest
// mean a fetch today would land wrong data, be refused, or go faster than
// the service allows.
const (
	HealthOK      Health = "ok"      // answered in the shape the parser reads
	HealthDrift   Health = "drift"   // a field moved, the answer is not what it was, or the pace announced is stricter than declared
	HealthAbsent  Health = "absent"  // the probe work was not in the (list) answer, so no field could be checked
	HealthRefused Health = "refused" // 401/403: key missing or refused
	HealthFailed  Health = "failed"  // no answer at all (network, stopped host, no recording)
	HealthSkipped Health = "skipped" // not asked (it needs a contact e-mail and none is set)
)

// Checkup is what about doctor learned about one service from its probe.
type Checkup struct {
	Provider string   `json:"provider"`
	Health   Health   `json:"health"`
	What     string   `json:"what"`              // one line for people: "OK", "message.items[].title missing", …
	Missing  []string `json:"missing,omitempty"` // the probe's fields the answer lacks
	Notes    []string `json:"notes,omitempty"`   // worth knowing, not a failure
	URL      string   `json:"url"`               // the probe's request, credentials removed
	Status   int      `json:"status,omitempty"`  // the HTTP status answered, 0 when none
}

// Healthy reports whether the service is fit for a fetch.
func (c Checkup) Healthy() bool { return c.Health == HealthOK || c.Health == HealthSkipped }

// Options is what a doctor run probes and how it reaches the services.
type Options struct {
	Manifest *manifest.Manifest  // its mailto goes with each probe that takes one; its intervals are the declared pace
	Services []service.Spec      // the services to probe, in order (orchestrator.ServicesOf: a fetch's, with the agency lookup)
	Bases    map[string]string   // provider → the scheme://host it is asked at
	Client   Doer                // the fetch's own transport (orchestrator.ServicesOf)
	Getenv   func(string) string // where API keys are read from: a refusal names the variable, set or not
}

// Doer sends one request; *transport.Client is the one a fetch uses.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Run sends each service's probe (service.Probe) through the fetch's
// own transport, so pacing, the User-Agent with the mailto and the API
// keys (each only to its host) are those of a fetch, and tells per
// service whether the answer still has what the parser reads. Cancelling
// ctx stops before the next probe, with the checkups made so far.
func Run(ctx context.Context, o Options) ([]Checkup, error) {
	out := make([]Checkup, 0, len(o.Services))
	for _, s := range o.Services {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		out = append(out, probe(ctx, o.Client, s, o.Bases[s.Name], o.Manifest, o.Getenv))
	}
	return out, nil
}

// probe sends s's probe and diagnoses the answer.
func probe(ctx context.Context, client Doer, s service.Spec, base string, m *manifest.Manifest, getenv func(string) string) Checkup {
	p := s.Probe
	u := base + p.Path
	c := Checkup{Provider: s.Name, URL: u}
	if s.NeedsMailto && m.Mailto == "" {
		c.Health, c.What = HealthSkipped, "not asked: it requires a contact e-mail (set mailto in the manifest or ABOUT_MAILTO)"
		return c
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, wire.WithMailto(u, p.Mailto, m.Mailto), nil)
	if err != nil {
		c.Health, c.What = HealthFailed, fmt.Sprintf("probe request: %v", err)
		return c
	}
	if p.Accept != "" {
		req.Header.Set("Accept", p.Accept)
	}
	resp, err := client.Do(req)
	if err != nil {
		c.Health, c.What = HealthFailed, fmt.Sprintf("no answer: %v", err)
		return c
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		c.Health, c.What = HealthFailed, fmt.Sprintf("answer cut short: %v", err)
		return c
	}
	keySet := s.APIKey != nil && getenv != nil && strings.TrimSpace(getenv(s.APIKey.Env)) != ""
	return Diagnose(c, s, declaredGap(s, m), keySet, resp.StatusCode, resp.Header, body)
}

// declaredGap is the shortest gap about keeps between requests to s's
// host in any run with m: the single-record pace, or the manifest's
// slower interval.
func declaredGap(s service.Spec, m *manifest.Manifest) time.Duration {
	if o, ok := m.Intervals[s.Name]; ok && o > s.MinInterval {
		return o
	}
	return s.MinInterval
}

// Diagnose reads one probe answer: refused (and why), drifted (and
// which field), or OK, with what the service announced about its pace
// held against gap, the least interval about keeps. keySet says whether
// the provider's API key variable was set.
func Diagnose(c Checkup, s service.Spec, gap time.Duration, keySet bool, status int, header http.Header, body []byte) Checkup {
	c.Status = status
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		c.Health, c.What = HealthRefused, refusal(s, keySet, status)
		return c
	case status != http.StatusOK:
		c.Health, c.What = HealthDrift, fmt.Sprintf("answered %d %s to the probe", status, http.StatusText(status))
		return c
	}
	missing, err := probeMissing(s.Probe, body)
	switch {
	case err != nil:
		c.Health, c.What = HealthDrift, err.Error()
		return c
	case len(missing) > 0:
		if list, ok := absentWork(s.Probe, body, missing); ok {
			c.Health, c.What = HealthAbsent, "the probe work was not in the answer ("+list+" is empty), so no field could be checked"
			return c
		}
		c.Missing = missing
		c.Health, c.What = HealthDrift, strings.Join(missing, ", ")+" missing"
		return c
	}
	c.Health, c.What = HealthOK, "OK"
	if s.APIKey != nil && !keySet {
		c.Notes = append(c.Notes, fmt.Sprintf("no %s set: keyless allowance", s.APIKey.Env))
	}
	if s.Probe.Rate != nil {
		pace(&c, s, gap, header)
	}
	return c
}

// absentWork reports a JSON probe answer whose work list is empty while
// every field found missing lies inside that list: the probe work was not
// in the answer (the service did not find it this time), which says
// nothing about the fields, so none is drift. list names the empty list
// ("message.items", or "the answer" for a top-level array). A missing
// envelope field, or a field missing from a list that has elements, is
// drift as before.
func absentWork(p service.Probe, body []byte, missing []string) (list string, ok bool) {
	if p.XML {
		return "", false
	}
	doc := gjson.ParseBytes(body)
	for _, f := range missing {
		head, _, each := strings.Cut(f, "[]")
		if !each {
			return "", false
		}
		head = strings.TrimSuffix(head, ".")
		node, name := doc, "the answer"
		if head != "" {
			node, name = doc.Get(head), head
		}
		if !node.IsArray() || len(node.Array()) > 0 {
			return "", false
		}
		if list == "" {
			list = name
		}
	}
	return list, list != ""
}

// refusal says why a 401/403 came back: which variable to set or check.
func refusal(s service.Spec, keySet bool, status int) string {
	code := fmt.Sprintf("%d %s", status, http.StatusText(status))
	switch {
	case s.APIKey == nil:
		return "refused (" + code + ")"
	case keySet:
		return fmt.Sprintf("key refused (%s): check %s", code, s.APIKey.Env)
	default:
		return fmt.Sprintf("key missing (%s): set %s", code, s.APIKey.Env)
	}
}

// pace holds the pace the service announced against the declared gap: a
// stricter announcement is drift (a fetch would go faster than allowed);
// a looser one is a note (the declaration is deliberately cautious, or
// the service has relaxed).
func pace(c *Checkup, s service.Spec, gap time.Duration, header http.Header) {
	r := s.Probe.Rate
	limit, window, ok := announcedPace(*r, header)
	if !ok {
		c.Notes = append(c.Notes, fmt.Sprintf("announced no pace (%s absent); declared %s", r.Limit, gap))
		return
	}
	allowed := window / time.Duration(limit)
	said := fmt.Sprintf("announces %d requests per %s (one per %s)", limit, window, roundForDisplay(allowed))
	switch {
	case gap < allowed:
		c.Health = HealthDrift
		c.What = fmt.Sprintf("pace: %s but about declares %s, faster; see %s", said, gap, s.RateSource)
	case gap > allowed:
		c.What = fmt.Sprintf("OK; %s, about keeps %s", said, gap)
	default:
		c.What = fmt.Sprintf("OK; %s, as declared", said)
	}
}

// roundForDisplay rounds a duration for a line people read: "333ms", not the
// "333.333333ms" of 1s/3. Comparisons use the exact value.
func roundForDisplay(d time.Duration) time.Duration {
	if d >= time.Millisecond {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Microsecond)
}

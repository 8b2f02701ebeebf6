package doctor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/transport"
)

// Verdict is doctor's judgement on the checkups: a nil problem when every
// service is fit, else a short statement and the hint that says what to
// do (the command line makes it exit 1). When every unfit service is a
// probe the replay folder has no answer for, the folder is the cause,
// not the services: a fetch's recording holds fetch's requests, not
// doctor's probes. misses is nil for a live doctor.
func Verdict(checkups []Checkup, replay string, misses *ReplayMisses) (problem error, hint string) {
	unhealthy, missed, absent := 0, 0, 0
	for _, c := range checkups {
		if c.Healthy() {
			continue
		}
		unhealthy++
		if c.Health == HealthAbsent {
			absent++
		}
		if c.Health == HealthFailed && misses.missed(c.URL) {
			missed++
		}
	}
	switch {
	case unhealthy == 0:
		return nil, ""
	case replay != "" && missed == unhealthy:
		return fmt.Errorf("the replay folder %s has no answer for %d of %d probes", replay, missed, len(checkups)),
			"a folder from about fetch --record holds fetch's requests, not doctor's probes; omit --replay to use the recordings shipped with this build, or --live to ask the services"
	}
	var hints []string
	if absent < unhealthy {
		hints = append(hints, "a moved field or a changed answer needs a newer about; a refused key needs its variable (about providers names it); a stricter pace needs a slower [intervals] entry in the manifest")
	}
	if absent > 0 {
		hints = append(hints, "a probe work not in the answer is the service not finding it this time, not a moved field: ask again later, and if it lasts, the service has lost the work or changed its list query")
	}
	return fmt.Errorf("%d of %d %s not fit for a fetch", unhealthy, len(checkups),
		english.Plural(len(checkups), "service is", "services are")), strings.Join(hints, "; ")
}

// ReplayMisses is the replay network of an offline doctor, noting each
// host a probe found no recorded answer for.
type ReplayMisses struct {
	base  http.RoundTripper
	mu    sync.Mutex
	hosts map[string]bool
}

// NewReplayMisses notes the misses of base, a replay (transport.LoadReplay).
func NewReplayMisses(base http.RoundTripper) *ReplayMisses {
	return &ReplayMisses{base: base, hosts: map[string]bool{}}
}

// RoundTrip asks base, noting the host when it has no recorded answer.
func (m *ReplayMisses) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := m.base.RoundTrip(req)
	var miss *transport.ReplayMissError
	if errors.As(err, &miss) {
		m.mu.Lock()
		m.hosts[req.URL.Host] = true
		m.mu.Unlock()
	}
	return resp, err
}

// missed reports whether a probe of rawURL's host found no answer; false
// for a live doctor (nil).
func (m *ReplayMisses) missed(rawURL string) bool {
	if m == nil {
		return false
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hosts[u.Host]
}

// Print writes one line per service, or the JSON array.
func Print(w io.Writer, asJSON bool, checkups []Checkup) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(checkups)
	}
	w = termtext.NewWriter(w) // a drift's notes quote what the service answered
	for _, c := range checkups {
		line := c.Provider + ": " + c.What
		if len(c.Notes) > 0 {
			line += " (" + strings.Join(c.Notes, "; ") + ")"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}

package works

import (
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// Answer is what one provider said this run about one work.
type Answer struct {
	Provider string
	Status   record.Status
	Record   *record.Record // when Found
	Counts   record.Counts  // when Found and the service gives them
	// Unrouted: the job went to a provider that may not hold the work
	// (a DOI's agency not known), so its "not found" may only mean "not
	// ours" and the previous value stands.
	Unrouted bool
}

// Previous is a work's last snapshot: its document and counts, zero when
// there was none.
type Previous struct {
	Work   snapshots.Work
	Counts snapshots.Counts
}

// Sources is one work's sources and counts by provider: this run's
// answers, and the previous snapshot's values wherever this run has no
// news of a provider. A failed, skipped or unasked provider is no news, so
// its previous value stands; only an answer replaces it.
type Sources struct {
	BySource map[string]snapshots.Source // provider → its source
	Counts   map[string]record.Counts
	Stale    bool // some answer came back short and a previous value stands in for it
	// Unread is the providers whose previous source stands because they
	// could not be read this run (failed, skipped, or a record unread),
	// in the order kept: their values are last time's, so their conflicts
	// are too (KeepConflicts).
	Unread      []string
	attribution map[string]string // provider → the attribution its source carries
	prev        Previous
}

// NewSources starts a work's sources from nothing but its previous
// snapshot, to keep from.
func NewSources(attribution map[string]string, prev Previous) *Sources {
	return &Sources{BySource: map[string]snapshots.Source{}, Counts: map[string]record.Counts{}, attribution: attribution, prev: prev}
}

// Found sets provider's source to a found record.
func (s *Sources) Found(provider string, rec *record.Record) {
	s.BySource[provider] = snapshots.Source{Provider: provider, Status: string(record.Found), Attribution: s.attribution[provider], Record: rec}
}

// Add adds this run's answers: a found record and its counts, a "not
// found", or for an answer that came back short the previous source and
// counts.
func (s *Sources) Add(answers []Answer) {
	for _, a := range answers {
		switch {
		case a.Status == record.Found:
			s.Found(a.Provider, a.Record)
			if !a.Counts.IsZero() {
				s.Counts[a.Provider] = a.Counts
			}
		case a.Status == record.NotFound && !a.Unrouted:
			s.BySource[a.Provider] = snapshots.Source{Provider: a.Provider, Status: string(record.NotFound), Attribution: s.attribution[a.Provider]}
		default:
			s.Stale = s.KeepUnread(a.Provider) || s.Stale
		}
	}
}

// Keep keeps the previous snapshot's source and counts of provider, and
// reports whether there was a source to keep.
func (s *Sources) Keep(provider string) bool {
	src, ok := previousSource(s.prev.Work, provider)
	if ok {
		s.BySource[provider] = src
	}
	for _, c := range s.prev.Counts.Sources {
		if c.Provider == provider {
			s.Counts[provider] = c.Counts
		}
	}
	return ok
}

// KeepUnread is Keep for a provider that could not be read this run,
// noted in Unread when there was a source to keep.
func (s *Sources) KeepUnread(provider string) bool {
	ok := s.Keep(provider)
	if ok {
		s.Unread = append(s.Unread, provider)
	}
	return ok
}

// KeepUnanswered keeps the previous values of each of providers this run
// has no answer of (not asking is no news about a work) and returns
// those it kept.
func (s *Sources) KeepUnanswered(providers []string) []string {
	var kept []string
	for _, p := range providers {
		if _, have := s.BySource[p]; !have && s.Keep(p) {
			kept = append(kept, p)
		}
	}
	return kept
}

// PreviousProviders is every provider of the previous snapshot's sources,
// in its order: a work no provider of this run was asked about keeps them
// all (KeepUnanswered), so its file stays as it was rather than becoming
// an empty record that renders as "Untitled".
func (s *Sources) PreviousProviders() []string {
	out := make([]string, len(s.prev.Work.Sources))
	for i, src := range s.prev.Work.Sources {
		out[i] = src.Provider
	}
	return out
}

// previousSource is provider's source in the previous document.
func previousSource(prev snapshots.Work, provider string) (snapshots.Source, bool) {
	for _, s := range prev.Sources {
		if s.Provider == provider {
			return s, true
		}
	}
	return snapshots.Source{}, false
}

// NotFoundAnywhere is the warning for a work every service asked answered
// "not found" about (a typo in the DOI, or an invisible character): the
// run did all it could, so it is a warning, not a failure; "" otherwise.
func (s *Sources) NotFoundAnywhere(id manifest.Identity, answers []Answer) string {
	var asked []string
	unrouted := false
	for _, a := range answers {
		if a.Status != record.NotFound {
			return ""
		}
		// An unrouted "not found" (the agency lookup failed, so each
		// agency was asked) still says the agency asked does not hold it:
		// with every other service saying the same, nobody does. Its
		// previous found source, if any, stands (Add), and is checked
		// below.
		unrouted = unrouted || a.Unrouted
		asked = append(asked, a.Provider)
	}
	for _, src := range s.BySource {
		// the user's typed fields are no service's word: a mistyped DOI
		// with a typed title is still one no service knows
		if src.Status == string(record.Found) && src.Provider != TypedSource {
			return ""
		}
	}
	if len(asked) == 0 {
		return ""
	}
	what := "identifier"
	if id.Kind == manifest.KindDOI {
		what = "DOI"
	}
	lookup := ""
	if unrouted {
		lookup = "; its agency could not be looked up, so every agency was asked"
	}
	return fmt.Sprintf("%s: not found anywhere (%s answered \"not found\"%s) — check the %s", id.Key(), strings.Join(asked, ", "), lookup, what)
}

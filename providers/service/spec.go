// Package service is what every provider is built from. A provider is
// one scholarly service (ORCID, Crossref, DataCite, …) declared as data:
// its Spec says where the service lives, how often it may be asked, which
// identity kinds it answers for, its terms of use, and how to ask it
// (Fetch; Expand, Discover and Probe where it has them). A Fetch is handed
// an Env whose Doer the caller owns (pacing, retries and the network are
// not a provider's) and gives one Result per identity.
//
// The adapters of package providers are built from the pieces here:
// sending a request and reading its answer whole (Get, Send, One,
// GetJSONRecord), a list form asked about several DOIs at once and held
// to the DOI each item carries (Batched, ListForm), an expansion read in
// steps (ExpandFunc, RunStaged), a paged listing of the works carrying an
// ORCID iD (DiscoverFunc, Pager, ClaimOf), strict counters (Counter), and
// the cleaning every answer gets before anything reads it (Clean). It
// holds no provider: the adapters, the registry and the order their
// fields win in a merge are package providers'.
package service

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Spec declares one provider. Every service rule (host, documented rate
// limit, slow-down statuses, terms) is a field here so a change upstream is
// a one-line edit in that provider's file.
type Spec struct {
	Name        string        // short lower-case name used in manifests, flags and snapshots
	Title       string        // the service's own name, for people
	Host        string        // exact URL host all requests go to (no scheme)
	MinInterval time.Duration // least gap between two requests to Host, from the service's documented limit
	Timeout     time.Duration // per attempt, headers and body
	SlowDown    []int         // statuses besides 429 the service uses for "slow down"
	// SlowDownWait, when set, is the least wait the service asks for after
	// it refused a request (a slow-down) without naming one in
	// Retry-After; each further retry waits twice the one before. 0 keeps
	// the transport's backoff (1 s, 2 s, 4 s, with jitter).
	SlowDownWait time.Duration
	// RequestProblem, when set, tells an error answer (status >= 400) that
	// faults this one request (a malformed id, an invalid parameter) from
	// one about the host's load: it fails that request at once, is not
	// retried and never counts toward stopping the host, even when its
	// status is one of SlowDown.
	RequestProblem func(code int, body []byte) bool
	Accepts        []manifest.Kind // identity kinds it can answer for
	BatchSize      int             // identities per request; 1 when the service has no batch form
	// BatchURLBytes, when set, bounds a batch by its URL as well: the
	// orchestrator puts in identities while the sum of their query-escaped
	// values, 10 bytes each added for a filter name and separator, fits.
	// For a service whose list form documents no cap but the URL's length.
	BatchURLBytes int
	// BatchInterval is the least gap between requests when the service
	// paces its batch (list) form more strictly than single lookups; 0
	// means MinInterval. It applies to the whole host while batching.
	BatchInterval time.Duration
	Optional      bool   // true: runs only when asked for (--only or the manifest's providers)
	NeedsMailto   bool   // the service refuses requests without a contact e-mail
	Agency        string // the registration agency whose DOIs it serves ("Crossref", "DataCite"); "" serves any
	// AgencyFallback: by default it serves only DOIs whose agency has no
	// provider of its own (mEDRA, JaLC, KISTI, …); named explicitly, all DOIs.
	AgencyFallback bool
	APIKey         *APIKey                         // credential read from the environment, sent only to Host
	Terms          string                          // link to the terms of use
	Attribution    string                          // what the terms ask a reuser to say
	RateSource     string                          // link to the documented rate limit MinInterval is set from
	Applies        func(id manifest.Identity) bool // optional narrower test than Accepts
	Fetch          FetchFunc                       // asks the service about up to BatchSize identities
	// Expand, when set, reads an expanding identity (an ORCID record) in
	// steps, so a run routes the works it lists before the rest is read;
	// Fetch must answer as Expand's steps do (RunStaged).
	Expand ExpandFunc
	// MailtoBenefit says what a contact e-mail buys at this service beyond
	// being reachable (e.g. "the polite pool"), for the hint shown when no
	// mailto is set; "" when it buys nothing more.
	MailtoBenefit string
	// Serves says, for people (`about providers`), which agencies' DOIs a
	// fallback answers for and what their answers give.
	Serves string
	// FetchUnrouted, when set, is Fetch for DOIs whose agency is unknown
	// (the agency lookup failed): most are not the service's, so a list's
	// "not found" is the answer, never re-asked one DOI at a time.
	FetchUnrouted FetchFunc

	// Counts: the service gives citation counts (Result.Counts), so a
	// manifest may name it as the page's counts_source.
	Counts bool
	// DefaultCounts: a page shows this service's counts when the manifest
	// names no counts_source. Exactly one provider says so (the registry
	// test holds it).
	DefaultCounts bool
	// Citing, when set, says where the service lists the works citing
	// one, for a page's count to link to.
	Citing *Citing
	// AgencyLookup: the provider's host answers which registration agency
	// registered a DOI prefix, so it is asked (selected or not) whenever
	// DOIs are routed to the agency's own provider.
	AgencyLookup bool
	// Redundant, when set, is asked only when another provider's answer
	// fell short of what this one would say; nil means always asked.
	Redundant *Redundancy
	// Probe is the one cheap request about doctor sends to check the
	// service still answers in the shape Fetch reads (see Probe).
	Probe Probe
	// Discover, when set, lists the works the service attributes to an
	// ORCID iD, for the works missing from a record (manifest discover).
	// Its requests are list requests: they keep BatchInterval.
	Discover DiscoverFunc
}

// Redundancy says when a provider's answer would add nothing: when the
// provider After answered and Covered holds for that answer. A provider
// the user named (manifest providers or --only) is asked regardless.
type Redundancy struct {
	After   string            // provider whose answer is awaited
	Covered func(Result) bool // whether that answer already says it all
	What    string            // what that answer gives, for the run's note ("open-access status")
	Why     string            // why it is the same, for the note ("built on the same data")
}

// Citing is a service's public list of the works citing a work: Prefix
// followed by the work's own id at the service, escaped.
type Citing struct {
	Prefix string                  // e.g. "https://openalex.org/works?filter=cites:"
	ID     func(record.IDs) string // the work's id at the service, "" when it has none
}

// APIKey says where a provider's credential comes from and how it is sent.
type APIKey struct {
	Env    string // environment variable, e.g. OPENALEX_API_KEY
	Header string // header to carry it, or ""
	Query  string // query parameter to carry it, or ""
	// Benefit says what a key would change for a run without one, for the
	// run's hint; "" when nothing worth saying.
	Benefit string
	// MinInterval is the least gap between two requests to Host when the
	// key is set, from the allowance the service documents for keyed
	// clients (RateSource); 0 means the Spec's MinInterval, key or not.
	// The orchestrator uses it only when Env is set.
	MinInterval time.Duration
	RateSource  string // link to the documented keyed allowance
}

// FetchFunc asks the service about ids and returns one Result per id, in
// the same order. An error fails every id of the call (the orchestrator
// records it per job); a per-id problem goes in that Result.
type FetchFunc func(ctx context.Context, env Env, ids []manifest.Identity) ([]Result, error)

// Doer sends a request; the caller's Doer paces, retries and caps size.
type Doer func(*http.Request) (*http.Response, error)

// Env is what a Fetch may use: the way to send, where the service lives,
// and who is asking.
type Env struct {
	Do     Doer   // sends one request
	Base   string // scheme://host of the service; tests point it at a fake
	Mailto string // polite-pool contact, "" when none
	// CV asks an ORCID record's CV sections with its name (manifest cv).
	CV bool
	// More, when set, is told as soon as a Fetch knows it will send n
	// requests beyond the one its call was planned as (works a list
	// answer left short asked again alone, a batch split by its URL), so
	// a live view's estimate counts them before they are sent.
	More func(n int)
}

// Announce tells e.More of n requests more, if anyone listens.
func (e Env) Announce(n int) {
	if e.More != nil && n > 0 {
		e.More(n)
	}
}

// Result is what a provider said about one identity.
type Result struct {
	Status     record.Status    // Found, NotFound or Failed
	Record     *record.Record   // when Found
	Counts     record.Counts    // volatile counters, when the service gives them
	Discovered []Discovered     // works found by expansion (ORCID records)
	Person     *record.Owner    // whose record was expanded, when the service says
	Listing    *Listing         // the works carrying an ORCID iD (Spec.Discover), when listed
	Warnings   []record.Warning // problems worth telling the user
	Err        error            // when Failed
}

// ErrMalformed marks an answer that could not be read.
var ErrMalformed = errors.New("malformed answer")

// StatusError is an HTTP answer the provider could not use (a 4xx that
// is neither "not found" nor retried by the transport).
type StatusError struct {
	Provider string
	Code     int
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s answered %d %s", e.Provider, e.Code, http.StatusText(e.Code))
}

// AppliesTo reports whether the provider answers for id.
func (s Spec) AppliesTo(id manifest.Identity) bool {
	if !slices.Contains(s.Accepts, id.Kind) {
		return false
	}
	return s.Applies == nil || s.Applies(id)
}

// BaseURL is the service's default scheme and host.
func (s Spec) BaseURL() string { return "https://" + s.Host }

// Malformed builds the error for an answer that could not be read.
func Malformed(provider, why string) error {
	return fmt.Errorf("%s: %w: %s", provider, ErrMalformed, why)
}

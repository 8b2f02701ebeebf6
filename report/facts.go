package report

import "time"

// The facts a run hands the story, in report's own types: report imports
// no adapter (providers, transport), so it tells what happened, not how
// a layer below represents it. The orchestrator, where those layers meet,
// translates (orchestrator/facts.go).

// Provider is what the story tells of one provider of the run.
type Provider struct {
	Name  string // the manifest's name for it ("crossref")
	Title string // the service's own name ("Crossref")
	Host  string // its API host

	KeyEnv     string // the environment variable of its API key; "" when it takes none
	KeyBenefit string // what a key gives, for the hint; "" when nothing to tell

	MailtoBenefit string // what a contact e-mail gives it, for the hint; "" when nothing

	// Redundant is set when it is not asked about a work another
	// provider's answer already covered.
	Redundant *Redundancy
}

// Redundancy is why a provider was not asked: what another's answer gave.
type Redundancy struct {
	What  string // what the other answer gave ("an abstract")
	After string // the provider whose answer covered it (its name)
	Why   string // why asking again adds nothing
}

// HostFigures is what a run spent on one host.
type HostFigures struct {
	Host        string        // URL host
	Requests    int           // attempts that went to the network, retries included
	Retries     int           // attempts repeated after a retryable failure
	Answers     int           // answers read whole and handed to the caller (any status)
	Stopped     bool          // whether the host is stopped for the rest of the run
	StopReason  string        // why it was stopped, or ""
	Unreachable bool          // stopped because it could not be reached at all, or kept silent
	Busy        time.Duration // time from request start to body close, summed
	Waited      time.Duration // waits before retries (Retry-After, backoff), summed
}

// Fault is what the run knows of why a job came back short beyond its
// error's words: the layer that failed it names these facts, and the
// story chooses its words from them. Outcome.Fault is nil when the error
// carries none of them (then the story tells the error's own words).
type Fault struct {
	// Code is the HTTP status behind the failure: an answer's, or the
	// one that stopped the job's host; 0 when there is none.
	Code int
	// NeedsMailto: the provider answers only requests with a contact
	// e-mail and none was set.
	NeedsMailto bool
	// HostStopped: the job's host was stopped for the rest of the run.
	HostStopped bool

	// Told is the fact the job's reason is told from, and what it needs.
	Told     Told
	Status   int    // GaveUp, Answered: the answer's status
	Attempts int    // GaveUp: the attempts made
	Words    string // TimedOut: the transport's words, naming the host (a redirect's, perhaps, not the line's); Stopped: why the host was stopped
}

// Told is which fact a short job's reason is told from.
type Told uint8

// The facts a reason is told from, in the order the run looks for them.
const (
	ToldWords    Told = iota // the error's own words
	ToldTimedOut             // the request ran out of time
	ToldGaveUp               // the transport gave up on a status after its attempts
	ToldStopped              // the host was stopped for the rest of the run
	ToldAnswered             // the provider could not use an answer's status
)

// Package report is the story of a run: what it asked, what came back
// and what changed in the folder, told to people (WriteSummary, Hints)
// and to machines (JSON, the run report). It only reads what the
// orchestrator recorded; it asks nothing and writes no snapshot.
package report

import (
	"strings"
	"time"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Report is what a run did, for the summary and the exit code: the facts
// the run hands over, in four groups, and the warnings. The story and
// --report are told from them and nothing else.
type Report struct {
	RunFacts
	FolderFacts
	NoteFacts
	DiscoveryFacts
	Warnings []record.Warning // in the order the run met them

	// warningWorks lists, for a warning about several works whose
	// message names only the first few (the story stays short), every
	// one of them, for the machine-readable report (warningKey → keys):
	// see ListWorks.
	warningWorks map[string][]string
}

// RunFacts is what the run was asked and how it went: its providers,
// every job's outcome, what each host cost, and how it ended.
type RunFacts struct {
	Manifest      string          // the manifest's path, as given
	Snapshots     string          // the snapshot folder
	Providers     []Provider      // the run's, in registry order
	Expansions    []Outcome       // one per ORCID identity × expanding provider
	Outcomes      []Outcome       // one per work × provider, in job order
	Hosts         []HostFigures   // what the transport spent on each host
	Elapsed       time.Duration   // wall time of the run
	Interrupted   bool            // the run was cancelled
	MissingMailto bool            // no contact e-mail was set
	APIKeys       map[string]bool // provider → whether its API key variable was set
	Replayed      bool            // the answers came from a recording: a key would change nothing
}

// FolderFacts is what became of the snapshot folder: the works and files
// written, removed and kept, and why some were not.
type FolderFacts struct {
	Works         []manifest.Identity // the works written, in output order
	WorksAdded    []string            // identity keys of works whose file is new
	WorksChanged  []string            // identity keys of works whose work or counts file changed
	WorksRemoved  []string            // identity keys of works whose file was removed (they left the manifest)
	Written       []string            // files that changed
	Removed       []string            // files of works that left the manifest
	StraysRemoved []string            // snapshot-named files no earlier index listed, removed: no work left
	Kept          []string            // identity keys whose files were kept because their source could not be read
	Excluded      []manifest.Exclude  // the [[exclude]]s that left a work out, in the order the run met them
	Followed      []FollowedVersion   // published versions fetched in the second round
	Unwritten     []string            // identity keys of works no service answered about and with no file yet: not written
	WriteErr      error               // why writing the snapshot folder stopped (FailWrite); nil when it did not
	Unsaved       []string            // identity keys of works whose files WriteErr kept from being written
	Repaired      []string            // snapshot files the run found corrupt and rewrote (each also a warning)
	Damaged       []string            // snapshot files found corrupt that no answer could replace: left as they are (each also a warning)
	Links         int                 // links among works written to links.json
	NotPruned     WhyNotPruned        // why nothing was pruned, when nothing was
	Held          []HeldRemoval       // ORCID records that lost all or most works at once: those works were kept, in manifest order
	Cut           *WriteCut           // an interrupt left works unwritten (all of them, when it came before writing); nil when none

	// LineEndings are the files of Written rewritten only to end their
	// lines in LF, not the CRLF a checkout with git's core.autocrlf
	// gives them: the same content, so no work changed for them.
	LineEndings []string
}

// NoteFacts is what the notes are told from (Notes), in the order they
// are told.
type NoteFacts struct {
	NeedMailto       []string        // providers not asked: they require a contact e-mail and none was set
	LookupFailures   []LookupFailure // registration agency lookups that failed
	NotAsked         map[string]int  // provider → works it was not asked about because another's answer covered them
	LeftOut          []string        // providers the manifest chooses that this run did not ask
	WorksKeptLeftOut int             // works in which those providers' previous values stand
	KeptWhole        []string        // identity keys of works no provider of this run applies to: their previous file stands
	Dropped          map[string]int  // provider no longer chosen → works its data was removed from
	LinkNotes        []string        // what deciding the links suggests (works.Linked.Notes)
}

// DiscoveryFacts is what manifest discover found: the listings of the
// works carrying each ORCID iD, and what they name beyond the page
// (unclaimed.json).
type DiscoveryFacts struct {
	Listings    []Listing
	Unclaimed   []Unclaimed
	NotOnRecord []NotOnRecord // per researcher, what dblp or INSPIRE lists that the ORCID record lacks
	Profiles    []ProfileLink // dblp persons and INSPIRE authors the ORCID records link that the manifest does not name
}

// Incomplete reports whether any job failed or was skipped.
func (r *Report) Incomplete() bool {
	return len(r.ShortJobs()) > 0
}

// HeldBack reports whether some ORCID record's removals were held back
// (Held): the run could not trust every answer, so it is not complete and
// exits 1, as a short run does.
func (r *Report) HeldBack() bool {
	return len(r.Held) > 0
}

// ListWorks notes every work a warning is about when its message names
// only the first few, for the machine-readable report.
func (r *Report) ListWorks(w record.Warning, keys []string) {
	if r.warningWorks == nil {
		r.warningWorks = map[string][]string{}
	}
	r.warningWorks[warningKey(w)] = keys
}

// WhyNotPruned is why a run removed no file of a work that left the
// manifest; the zero value is a run that pruned.
type WhyNotPruned int

const (
	Pruned             WhyNotPruned = iota // the run pruned
	PruneInterrupted                       // the run was interrupted
	PruneRecordUnread                      // an ORCID record could not be read
	PruneWriteFailed                       // a snapshot file could not be written (FailWrite)
	PruneOffline                           // no service answered: nothing was changed
	PruneDBLPUnread                        // a dblp person page could not be read
	PruneINSPIREUnread                     // an INSPIRE author's listing could not be read
)

// PruneUnread is the reason a run whose person listing key (an ORCID
// record, a dblp person page, an INSPIRE author's listing) could not be
// read pruned nothing: the story names the listing's kind.
func PruneUnread(key string) WhyNotPruned {
	switch {
	case strings.HasPrefix(key, "dblp:"):
		return PruneDBLPUnread
	case strings.HasPrefix(key, "inspire:"):
		return PruneINSPIREUnread
	}
	return PruneRecordUnread
}

// String is the reason as the story tells it; "" for a run that pruned.
func (w WhyNotPruned) String() string {
	switch w {
	case PruneInterrupted:
		return "the run was interrupted"
	case PruneRecordUnread, PruneDBLPUnread, PruneINSPIREUnread:
		return listingOf(map[WhyNotPruned]string{PruneDBLPUnread: "dblp:", PruneINSPIREUnread: "inspire:"}[w]) + " could not be read, so the full list of works is unknown"
	case PruneWriteFailed:
		return "a snapshot file could not be written"
	case PruneOffline:
		return "no service answered, so nothing was changed"
	}
	return ""
}

// listingOf is what a person's listing is called, by its identity key:
// "an ORCID record", "a dblp person page", "an INSPIRE author's listing".
func listingOf(key string) string {
	switch {
	case strings.HasPrefix(key, "dblp:"):
		return "a dblp person page"
	case strings.HasPrefix(key, "inspire:"):
		return "an INSPIRE author's listing"
	}
	return "an ORCID record"
}

// HeldRemoval is an ORCID record (or a dblp or INSPIRE listing) whose
// answer dropped all or most of the
// works its last file listed at once: far likelier a fault of the answer
// than the owner's edit, so their files were kept until the user accepts
// the removal (fetch --accept-removals).
type HeldRemoval struct {
	Record string   // the record's identity key, "orcid:…"
	Had    int      // works its last file listed
	Lists  int      // works its answer listed this run
	Works  []string // identity keys of the works kept, in the last file's order
}

// Asked is which provider a job asked, at which host. A run makes one per
// provider and its jobs' outcomes share it: a run keeps an outcome per
// job (300,000 at 50,000 works), and two strings in each were 7 MB of
// its peak heap.
type Asked struct {
	Provider string
	Host     string
}

// FollowedVersion is a published version the second round fetched, and
// the preprint of the run that led there (identity keys).
type FollowedVersion struct{ Published, Preprint string }

// Outcome is what became of one job, as the report keeps it for every
// job of the run: small, since a run has one per work and provider.
type Outcome struct {
	Identity manifest.Identity
	*Asked   // which provider, at which host: shared by the provider's jobs
	Status   record.Status
	Err      error  // why it failed or was skipped
	Fault    *Fault // what the run named of Err beyond its words; nil when nothing
}

// WriteCut is how far an interrupted run's writing went: an interrupt
// before the write phase writes nothing, and one during it stops writing
// once its budget is spent. Works not written keep their previous files,
// works new to the folder are removed again, and the index, links.json
// and ORCID lists are left as they were, so the folder stays the one the
// last complete write made, with some works newer (a first run: none).
type WriteCut struct {
	Works     int // works the run would have written
	Written   int // of them, rewritten before the cut (works that had a file)
	Withdrawn int // works new to the folder written before the cut and removed again: no index lists them yet
}

package report

import (
	"time"

	"github.com/aboutscholar/about/record"
)

// RunReportSchema names the version of the RunReport layout. It changes
// only when a field is removed or changes meaning; new fields may be added
// under the same name.
const RunReportSchema = "about.run-report/1"

// RunReport is the end-of-run story for machines (about fetch --report
// FILE): the same facts as WriteSummary, with every job that came back
// short listed one by one. Field names are a contract documented in
// docs/run.md; lists are never null, and times are whole milliseconds.
type RunReport struct {
	Schema    string           `json:"schema"`     // RunReportSchema
	Outcome   string           `json:"outcome"`    // "complete", "incomplete" (jobs short, or removals held back), "interrupted" or "write_failed"
	ElapsedMS int64            `json:"elapsed_ms"` // wall time of the run
	Providers []ProviderReport `json:"providers"`  // one per provider of the run, in registry order
	Hosts     []HostReport     `json:"hosts"`      // every host asked, sorted
	Short     []ShortJob       `json:"short"`      // jobs that failed or were skipped, in job order
	Snapshots SnapshotsReport  `json:"snapshots"`
	Notes     []string         `json:"notes"`
	Warnings  []WarningReport  `json:"warnings"`
	Hints     []string         `json:"hints"` // what the user can do, as printed after "about: hint:"
	// Listings are the discovery listings (manifest discover), one per
	// ORCID identity × listing provider; Unclaimed is what they found
	// beyond the page, as unclaimed.json holds it.
	Listings  []ListingReport   `json:"listings"`
	Unclaimed []UnclaimedReport `json:"unclaimed"`
	// NotOnRecord is, per researcher, what unclaimed.json's not_on_record
	// holds; absent when nothing is.
	NotOnRecord []NotOnRecordReport `json:"not_on_record,omitempty"`
}

// ProviderReport is one row of the summary table.
type ProviderReport struct {
	ProviderCounts
	TimeMS int64 `json:"time_ms"` // hostTime: attempts and the waits before retries
}

// HostReport is what the transport did with one host.
type HostReport struct {
	Host       string `json:"host"`
	Requests   int    `json:"requests"`
	Retries    int    `json:"retries"`
	Stopped    bool   `json:"stopped"`
	StopReason string `json:"stop_reason,omitempty"`
	TimeMS     int64  `json:"time_ms"`
}

// ShortJob is one job that came back without an answer.
type ShortJob struct {
	Identity string `json:"identity"` // e.g. "doi:10.7554/elife.01567"
	Provider string `json:"provider"`
	Host     string `json:"host"`
	Status   string `json:"status"` // "failed" or "skipped"
	Reason   string `json:"reason"` // in few words, as the summary prints it
	Error    string `json:"error"`  // the whole error
	Hint     string `json:"hint,omitempty"`
}

// SnapshotsReport says where the snapshots went and what changed there.
// Works are identity keys; files are paths as the run wrote them.
type SnapshotsReport struct {
	Folder       string   `json:"folder"`
	Works        int      `json:"works"`    // works in the folder after the run
	Added        []string `json:"added"`    // works whose file is new
	Changed      []string `json:"changed"`  // works whose work or counts file changed
	Removed      []string `json:"removed"`  // works that left the manifest
	Kept         []string `json:"kept"`     // works that kept a previous value because a provider could not answer
	Excluded     []string `json:"excluded"` // works [[exclude]] left out, with where and why
	Followed     []string `json:"followed"` // published versions of preprints fetched in the second round
	Links        int      `json:"links"`    // links among the works, in links.json
	FilesWritten []string `json:"files_written"`
	FilesRemoved []string `json:"files_removed"`
	StrayRemoved []string `json:"stray_files_removed"`   // snapshot-named files no work listed; among files_removed
	Pruned       bool     `json:"pruned"`                // false when the run could not know the full list of works, or did not get that far
	NotPruned    string   `json:"not_pruned,omitempty"`  // why, when Pruned is false
	NotWritten   []string `json:"not_written"`           // works whose files a failed write kept from being written (outcome "write_failed")
	WriteError   string   `json:"write_error,omitempty"` // what stopped the writing, when something did
	Repaired     []string `json:"repaired"`              // files found corrupt and rewritten; the warnings say what was wrong
	Damaged      []string `json:"left_damaged"`          // files found corrupt that no answer could replace, left as they are
	// RemovalsHeld are the ORCID records that dropped all or most of their
	// works at once: those works and their files were kept (outcome
	// "incomplete") until a run with --accept-removals.
	RemovalsHeld []HeldReport `json:"removals_held"`
}

// HeldReport is one ORCID record whose removals were held back.
type HeldReport struct {
	Record string   `json:"record"` // e.g. "orcid:0000-0002-9341-7985"
	Had    int      `json:"had"`    // works its last snapshot listed
	Lists  int      `json:"lists"`  // works its answer listed this run
	Works  []string `json:"works"`  // the works kept, whose removal was held back
}

// WarningReport is a problem in the data worth a look.
type WarningReport struct {
	Identity string   `json:"identity"`
	Message  string   `json:"message"`
	Works    []string `json:"works,omitempty"` // every work a warning about several is about; its message may list only some
}

// JSON returns the report in its machine-readable form.
func (r *Report) JSON() RunReport {
	short := r.ShortJobs()
	out := RunReport{
		Schema:    RunReportSchema,
		Outcome:   "complete",
		ElapsedMS: ms(r.Elapsed),
		Providers: []ProviderReport{},
		Hosts:     []HostReport{},
		Short:     []ShortJob{},
		Snapshots: SnapshotsReport{
			Folder:       r.Snapshots,
			Works:        len(r.Works),
			Added:        orEmpty(r.WorksAdded),
			Changed:      orEmpty(r.WorksChanged),
			Removed:      orEmpty(r.WorksRemoved),
			Kept:         orEmpty(r.Kept),
			Excluded:     orEmpty(r.excludedLines()),
			Followed:     orEmpty(r.followedLines()),
			Links:        r.Links,
			FilesWritten: orEmpty(r.Written),
			FilesRemoved: orEmpty(r.Removed),
			StrayRemoved: orEmpty(r.StraysRemoved),
			Pruned:       r.NotPruned == Pruned,
			NotPruned:    r.NotPruned.String(),
			NotWritten:   orEmpty(r.Unsaved),
			Repaired:     orEmpty(r.Repaired),
			Damaged:      orEmpty(r.Damaged),
			RemovalsHeld: []HeldReport{},
		},
		Notes:    orEmpty(r.Notes()),
		Warnings: []WarningReport{},
		Hints:    orEmpty(r.Hints()),
	}
	switch {
	case r.Interrupted:
		out.Outcome = "interrupted"
	case r.WriteErr != nil: // exit 3 wins over a short run's 1
		out.Outcome = OutcomeWriteFailed
	case len(short) > 0, r.HeldBack():
		out.Outcome = "incomplete"
	}
	for _, h := range r.Held {
		out.Snapshots.RemovalsHeld = append(out.Snapshots.RemovalsHeld, HeldReport{Record: h.Record, Had: h.Had, Lists: h.Lists, Works: orEmpty(h.Works)})
	}
	if r.WriteErr != nil {
		out.Snapshots.WriteError = r.WriteErr.Error()
	}
	out.Listings, out.Unclaimed = r.discoveryJSON()
	out.NotOnRecord = r.notOnRecordJSON()
	for _, s := range r.Summaries() {
		out.Providers = append(out.Providers, ProviderReport{ProviderCounts: s.ProviderCounts, TimeMS: ms(s.Busy)})
	}
	for _, h := range r.Hosts {
		out.Hosts = append(out.Hosts, HostReport{Host: h.Host, Requests: h.Requests, Retries: h.Retries,
			Stopped: h.Stopped, StopReason: shortURLs(h.StopReason), TimeMS: ms(hostTime(h))})
	}
	for _, o := range short {
		j := ShortJob{Identity: o.Identity.Key(), Provider: o.Provider, Host: o.Host, Status: string(o.Status),
			Reason: jobReason(o), Hint: r.Hint(o)}
		if o.Err != nil {
			j.Error = o.Err.Error()
		}
		out.Short = append(out.Short, j)
	}
	for _, w := range r.Warnings {
		out.Warnings = append(out.Warnings, WarningReport{Identity: w.Identity, Message: warningMessage(w), Works: r.warningWorks[warningKey(w)]})
	}
	return out
}

// warningKey names a warning among the report's, for warningWorks.
func warningKey(w record.Warning) string { return w.Identity + "\x00" + w.Message }

func ms(d time.Duration) int64 { return d.Milliseconds() }

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

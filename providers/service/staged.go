package service

import (
	"context"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// ExpandFunc reads an expanding identity (an ORCID record) in steps: its
// first request lists the works, so a run can plan and route them while
// the rest of the record (details, the owner's name) is still being read.
// A nil Staged comes with the first answer's failure (or "not found") as
// the Result; otherwise the Result is Found and carries nothing else.
// prev is what the last read kept: entries the first answer says are
// unchanged since are not asked again.
type ExpandFunc func(ctx context.Context, env Env, id manifest.Identity, prev Previous) (*Staged, Result)

// Previous is what the last read of a record kept, so that a rerun asks
// only about what changed; the zero value knows nothing.
type Previous struct {
	// Entry is the work record one entry's details gave last time, when
	// that entry is unchanged since: the same work, chosen by the same
	// put-code, whose summary gives the same last-modified-date
	// (milliseconds). Nil when not known.
	Entry func(work manifest.Identity, putCode string, modified int64) *record.Record
	// Owner is the record's name as last read (nil: none, private, or
	// never read): the contributors' names were split by it.
	Owner *record.Owner
	// Source is the record provider gave for work last time, as the
	// work's file keeps it (nil: none, or not found then), for an
	// expansion to reuse what it asked once (dblp: a volume's title).
	// Nil when nothing is known.
	Source func(provider string, work manifest.Identity) *record.Record
}

// Staged is an expansion whose works are listed and whose other requests
// are still to make.
type Staged struct {
	// Works is every work the expansion lists, in its order: exactly the
	// identities of the Discovered works Finish gives, whatever the steps
	// read.
	Works []manifest.Identity
	// Steps are the requests left, one request each, in order. A step
	// that returns false ends the reading: the answer failed, and the
	// steps after it are not made (Finish says why).
	Steps []Step
	// Finish is the whole answer, from what the steps read; called once,
	// after the last step run (or the one that failed).
	Finish func() Result
}

// Step is one request of a staged expansion; false: the expansion failed.
type Step func(ctx context.Context, env Env) bool

// RunStaged reads an expansion in one go, as a single call: the listing,
// then every step, then the whole answer. A provider's Fetch is this, so
// its one-call answer and the staged one cannot differ.
func RunStaged(expand ExpandFunc) func(ctx context.Context, env Env, id manifest.Identity) Result {
	return func(ctx context.Context, env Env, id manifest.Identity) Result {
		st, res := expand(ctx, env, id, Previous{})
		if st == nil {
			return res
		}
		for _, step := range st.Steps {
			if !step(ctx, env) {
				break
			}
		}
		return st.Finish()
	}
}

package report

import (
	"fmt"
	"slices"

	"github.com/aboutscholar/about/internal/english"
)

// OutcomeWriteFailed is the run report's outcome when the snapshot folder
// could not be written (a full disk, a path under a file): the run exits
// 3, and some works' files, the index or links.json are as the last run
// left them.
const OutcomeWriteFailed = "write_failed"

// FailWrite records that writing the snapshot folder stopped at err and
// which works' files were not written (identity keys, in output order).
// pruned says the run had pruned before it stopped (only what comes after
// pruning failed); otherwise nothing was pruned, pruning coming last.
//
// A work not written is neither added nor changed: the writer counts a
// work as it hands its files over, and files handed over after the
// failure are dropped, so a first fetch onto a full disk told "13 added,
// … -7 unchanged, 7 not written".
func (r *Report) FailWrite(err error, unsaved []string, pruned bool) {
	r.WriteErr = err
	r.Unsaved = unsaved
	set := make(map[string]bool, len(unsaved))
	for _, k := range unsaved {
		set[k] = true
	}
	notWritten := func(k string) bool { return set[k] }
	r.WorksAdded = slices.DeleteFunc(r.WorksAdded, notWritten)
	r.WorksChanged = slices.DeleteFunc(r.WorksChanged, notWritten)
	if r.NotPruned == Pruned && !pruned {
		r.NotPruned = PruneWriteFailed
	}
}

// unsavedLine is the verdict of a run whose folder could not be written,
// which a story must never call complete (CONTRACTS.md §1, exit 3).
func (r *Report) unsavedLine() string {
	n := len(r.Unsaved)
	return fmt.Sprintf("failed: the snapshot folder could not be written; %d %s not written (each keeps the file the last run wrote, if any)",
		n, english.Plural(n, "work was", "works were"))
}

package report

import (
	"fmt"

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
func (r *Report) FailWrite(err error, unsaved []string, pruned bool) {
	r.WriteErr = err
	r.Unsaved = unsaved
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

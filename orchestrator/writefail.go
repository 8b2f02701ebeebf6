package orchestrator

import "github.com/aboutscholar/about/snapshots"

// WriteSnapshotFunc writes one snapshot file as snapshots.Write does:
// canonically, atomically, and not at all when its bytes are unchanged;
// it reports whether the file changed.
type WriteSnapshotFunc func(path string, v any) (changed bool, err error)

// writeSnapshot writes as the run's WriteSnapshotFunc: snapshots.Rewrite
// unless a test gives one that fails as a full disk does (which tells no
// line endings apart).
func (w *writer) writeSnapshot(path string, v any) (snapshots.Change, error) {
	if w.writeFile == nil {
		return snapshots.Rewrite(path, v)
	}
	changed, err := w.writeFile(path, v)
	if changed {
		return snapshots.Changed, err
	}
	return snapshots.Unchanged, err
}

// failWrite tells the report that the folder could not be written and
// which works' files the failure kept from being written: every work of
// the run but those the second pass wrote (or found unchanged) before it
// stopped, and those not written on purpose (no answer, no file yet).
func (rn *run) failWrite(err error) {
	saved := map[string]bool{}
	for _, k := range rn.rep.Unwritten {
		saved[k] = true
	}
	if rn.w != nil {
		for _, pw := range rn.w.works[:rn.w.saved] {
			saved[pw.link.ID().Key()] = true
		}
	}
	var unsaved []string
	for _, id := range rn.plan.order {
		if k := id.Key(); !saved[k] {
			unsaved = append(unsaved, k)
		}
	}
	rn.rep.FailWrite(err, unsaved, rn.w != nil && rn.w.pruned)
}

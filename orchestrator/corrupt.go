package orchestrator

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// damagedWork is what the writer learned reading a work's last files:
// what is wrong with each that is damaged (path → what), so the run
// names them instead of rewriting them without a word.
type damagedWork map[string]string

// readPreviousWork reads a work's last work and counts files. A file that
// is not this work's (its id another's) is damaged too: its values are
// no previous values of this work.
func (w *writer) readPreviousWork(id manifest.Identity, prev *snapshots.Work, counts *snapshots.Counts) (existed bool, damaged damagedWork) {
	damaged = damagedWork{}
	k := id.Key()
	path := w.d.WorkPath(id)
	existed, what := snapshots.ReadPrevious(path, prev)
	if what == "" && existed && prev.ID != k {
		what, *prev = fmt.Sprintf("not of the snapshot schema: its id is %q, not %q", prev.ID, k), snapshots.Work{}
	}
	if what != "" {
		damaged[path] = what
	}
	path = w.d.CountsPath(id)
	countsExisted, what := snapshots.ReadPrevious(path, counts)
	if what == "" && countsExisted && counts.ID != k {
		what, *counts = fmt.Sprintf("not of the snapshot schema: its id is %q, not %q", counts.ID, k), snapshots.Counts{}
	}
	if what != "" {
		damaged[path] = what
	}
	return existed, damaged
}

// repairs tells the run about a work's damaged files. When no service
// answered about the work they are left as they are, for a later run to
// rewrite (kept from pruning), and named now; otherwise it returns, per
// file, the warning to give once the file is rewritten (writeWork), with
// the providers whose previous values are lost, their jobs short.
func (w *writer) repairs(k string, damaged damagedWork, outcomes []*reply, rewritten bool) damagedWork {
	var lost []string
	for _, o := range outcomes {
		if o.Status == record.Failed || o.Status == record.Skipped {
			lost = append(lost, o.Provider)
		}
	}
	pending := damagedWork{}
	for _, path := range slices.Sorted(maps.Keys(damaged)) {
		if !rewritten {
			w.keepDamaged = append(w.keepDamaged, filepath.Base(filepath.Dir(path))+"/"+strings.TrimSuffix(filepath.Base(path), ".json"))
			w.warnings = append(w.warnings, record.Warning{Identity: path, Message: fmt.Sprintf("the file of %s is corrupt and no service answered about it this run, so it is left as it is (run about fetch again when they answer); what is wrong: %s", k, damaged[path])})
			w.rep.Damaged = append(w.rep.Damaged, path)
			continue
		}
		msg := fmt.Sprintf("the file of %s was corrupt and is rewritten from this run's answers", k)
		if len(lost) > 0 {
			msg += fmt.Sprintf(", without the previous values of %s, which did not answer", strings.Join(lost, ", "))
		}
		pending[path] = msg + "; what was wrong: " + damaged[path]
	}
	return pending
}

// repaired names, once written, the damaged files a work's write replaced.
func (w *writer) repaired(pending damagedWork) {
	for _, path := range slices.Sorted(maps.Keys(pending)) {
		w.rep.Warnings = append(w.rep.Warnings, record.Warning{Identity: path, Message: pending[path]})
		w.rep.Repaired = append(w.rep.Repaired, path)
	}
}

// repairing runs write, which replaces the file at path (index.json,
// links.json, an orcid/ file), and names the previous file when it was
// damaged (read into v first) and write replaced it. The report's
// warnings are told by now, so this one is added to them.
func (w *writer) repairing(path string, v any, write func() error) error {
	_, what := snapshots.ReadPrevious(path, v)
	if err := write(); err != nil {
		return err
	}
	if what != "" {
		w.repaired(damagedWork{path: "was corrupt and is rewritten whole by this run; what was wrong: " + what})
	}
	return nil
}

// leftDamaged names an unread ORCID record's file, which the run keeps
// as it is, when it is damaged.
func (w *writer) leftDamaged(path string) {
	if _, what := snapshots.ReadPrevious(path, &snapshots.Expansion{}); what != "" {
		w.rep.Warnings = append(w.rep.Warnings, record.Warning{Identity: path, Message: "is corrupt and its ORCID record could not be read this run, so it is left as it is (run about fetch again); what is wrong: " + what})
		w.rep.Damaged = append(w.rep.Damaged, path)
	}
}

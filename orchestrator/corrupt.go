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

// repairs tells the run about a work's damaged files: rewritten from this
// run's answers (with the providers whose previous values are lost, as
// their jobs came back short), or, when no service answered about the
// work, left as they are for a later run to rewrite (kept from pruning).
func (w *writer) repairs(k string, damaged damagedWork, outcomes []*reply, rewritten bool) {
	var lost []string
	for _, o := range outcomes {
		if o.Status == record.Failed || o.Status == record.Skipped {
			lost = append(lost, o.Provider)
		}
	}
	for _, path := range slices.Sorted(maps.Keys(damaged)) {
		if !rewritten {
			w.keepDamaged = append(w.keepDamaged, filepath.Base(filepath.Dir(path))+"/"+strings.TrimSuffix(filepath.Base(path), ".json"))
			w.warnings = append(w.warnings, record.Warning{Identity: path, Message: fmt.Sprintf("the file of %s is corrupt and no service answered about it this run, so it is left as it is (run about fetch again when they answer); what is wrong: %s", k, damaged[path])})
			w.rep.LeftDamaged = append(w.rep.LeftDamaged, path)
			continue
		}
		msg := fmt.Sprintf("the file of %s was corrupt and is rewritten from this run's answers", k)
		if len(lost) > 0 {
			msg += fmt.Sprintf(", without the previous values of %s, which did not answer", strings.Join(lost, ", "))
		}
		msg += "; what was wrong: " + damaged[path]
		w.warnings = append(w.warnings, record.Warning{Identity: path, Message: msg})
		w.rep.Repaired = append(w.rep.Repaired, path)
	}
}

// noteDamagedFile reads the previous file at path into v before the
// second pass replaces it (index.json, links.json, an orcid/ file) and
// names it when it is damaged; replaced says whether this run rewrites it
// (an unread ORCID record's file is left as it is). The report's
// warnings are told by now, so this one is added to them.
func (w *writer) noteDamagedFile(path string, v any, replaced bool) {
	_, what := snapshots.ReadPrevious(path, v)
	switch {
	case what == "":
		return
	case replaced:
		w.rep.Warnings = append(w.rep.Warnings, record.Warning{Identity: path, Message: "was corrupt and is rewritten whole by this run; what was wrong: " + what})
		w.rep.Repaired = append(w.rep.Repaired, path)
	default:
		w.rep.Warnings = append(w.rep.Warnings, record.Warning{Identity: path, Message: "is corrupt and its ORCID record could not be read this run, so it is left as it is (run about fetch again); what is wrong: " + what})
		w.rep.LeftDamaged = append(w.rep.LeftDamaged, path)
	}
}

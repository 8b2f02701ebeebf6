package snapshots

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Writer writes a fetch's snapshot folder and knows its rules: which
// files a work owns (works/ and counts/, by FileName), that the works'
// files go in one Batch (each replaced atomically, the folder synced
// once), that a damaged file is named when it is rewritten or left as it
// is, what the index lists, and which files a prune removes (every
// snapshot-named file this run did not keep) and how each is told (a work
// that left, a counts file gone, a stray). What to write and when is the
// run's (orchestrator); what a work's document says is the core's
// (works): a Writer takes the documents encoded.
//
// A fetch writes, in order: each work (BeginWorks, WriteWork, EndWorks),
// the expansion files, the index, links.json, then prunes. It keeps what
// it did in its own Tally, which the run takes once the writing is done
// (Told).
type Writer struct {
	dir       Dir
	writeFile WriteFunc
	tally     Tally
	withdrawn map[string]bool // files Withdraw removed again: not told as written
	keep      map[string]bool // "works/<name>", "counts/<name>", "orcid/<name>": the files Prune leaves
	index     Index           // the identities, then each work as it is written
	batch     *Batch          // while the works' files are written
	// digests are the digests of each work's files, at its place in
	// index.Works; otherDigests the other files' (orcid/, kept as they
	// are: "orcid/<name>.json" → "sha256:<hex>"). See indexdigests.go.
	digests      []workDigests
	otherDigests map[string]string
	slotOf       map[string]int // a work file's name → its place; nil until a file must be forgotten
	// keptAsIs are the files (as index.json names them: "orcid/<name>.json")
	// kept without being written: their digest is the earlier index's.
	keptAsIs []string
	// batchRepairs are the damaged files the batch's writes replace, told
	// as repaired only once the batch has them on disk.
	batchRepairs []Damaged
	// listedBefore is the work files the earlier index listed, read just
	// before WriteIndex replaces it; nil when there was none, so every
	// removed work file counts as a work.
	listedBefore map[string]bool
}

// Tally is what a Writer did, in the order it did it, so the story tells
// the files in the order they were written.
type Tally struct {
	Written     []string         // files that changed
	LineEndings []string         // of them, the files rewritten only to end their lines in LF
	Repaired    []string         // damaged files rewritten (each also a warning)
	Damaged     []string         // damaged files left as they are (each also a warning)
	Warnings    []record.Warning // what was wrong with each damaged file, and what became of it
}

// WriteFunc writes one snapshot file as Write does: canonically,
// atomically, and not at all when its bytes are unchanged; it reports
// whether the file changed. For tests that make the disk fail part-way.
type WriteFunc func(path string, v any) (changed bool, err error)

// NewWriter starts writing the folder d of a run of the manifest's
// identities (in its order: the index lists them so); writeFile nil means
// Rewrite (and the works in a Batch).
func NewWriter(d Dir, identities []manifest.Entry, writeFile WriteFunc) *Writer {
	w := &Writer{dir: d, writeFile: writeFile, keep: map[string]bool{}}
	for _, e := range identities {
		w.index.Identities = append(w.index.Identities, e.Key())
	}
	return w
}

// Dir is the folder the writer writes.
func (w *Writer) Dir() Dir { return w.dir }

// Told is what the writer did, for the run's story, the files Withdraw
// removed again taken out of those written. Its lists are handed over,
// not copied (a large run writes 100,000 files), and the writer keeps
// none of them: call it once, when the writing is done.
func (w *Writer) Told() Tally {
	t := w.tally
	w.tally = Tally{}
	if len(w.withdrawn) > 0 {
		t.Written = slices.DeleteFunc(t.Written, func(p string) bool { return w.withdrawn[p] })
	}
	return t
}

// Damaged is what is wrong with each damaged file of a work (path →
// what), so the run names them instead of rewriting them without a word;
// or, once the run knows, the warning to give for each once rewritten.
type Damaged map[string]string

// ReadPreviousWork reads a work's last work and counts files. A file that
// is not this work's (its id another's) is damaged too: its values are
// no previous values of this work.
func (w *Writer) ReadPreviousWork(id manifest.Identity, prev *Work, counts *Counts) (existed bool, damaged Damaged) {
	damaged = Damaged{}
	k := id.Key()
	path := w.dir.WorkPath(id)
	existed, what := ReadPrevious(path, prev)
	if what == "" && existed && prev.ID != k {
		what, *prev = fmt.Sprintf("not of the snapshot schema: its id is %q, not %q", prev.ID, k), Work{}
	}
	if what != "" {
		damaged[path] = what
	}
	path = w.dir.CountsPath(id)
	countsExisted, what := ReadPrevious(path, counts)
	if what == "" && countsExisted && counts.ID != k {
		what, *counts = fmt.Sprintf("not of the snapshot schema: its id is %q, not %q", counts.ID, k), Counts{}
	}
	if what != "" {
		damaged[path] = what
	}
	return existed, damaged
}

// LeaveDamaged is work k's damaged files when no service answered about
// it: they are left as they are, for a later run to rewrite, kept from
// the prune and told as damaged now. It returns the warnings naming them.
func (w *Writer) LeaveDamaged(k string, damaged Damaged) []record.Warning {
	var warnings []record.Warning
	for _, path := range slices.Sorted(maps.Keys(damaged)) {
		rel := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
		w.keep[strings.TrimSuffix(rel, ".json")] = true
		w.keptAsIs = append(w.keptAsIs, rel)
		warnings = append(warnings, record.Warning{Identity: path, Message: fmt.Sprintf("the file of %s is corrupt and no service answered about it this run, so it is left as it is (run about fetch again when they answer); what is wrong: %s", k, damaged[path])})
		w.tally.Damaged = append(w.tally.Damaged, path)
	}
	return warnings
}

// Repairs is, per damaged file of work k that this run's answers rewrite,
// the warning to give once it is written (WriteWork): lost names the
// providers whose previous values are lost, their jobs short.
func Repairs(k string, damaged Damaged, lost []string) Damaged {
	pending := Damaged{}
	for _, path := range slices.Sorted(maps.Keys(damaged)) {
		msg := fmt.Sprintf("the file of %s was corrupt and is rewritten from this run's answers", k)
		if len(lost) > 0 {
			msg += fmt.Sprintf(", without the previous values of %s, which did not answer", strings.Join(lost, ", "))
		}
		pending[path] = msg + "; what was wrong: " + damaged[path]
	}
	return pending
}

// repaired names, once written, the damaged files a work's write replaced.
func (w *Writer) repaired(pending Damaged) {
	for _, path := range slices.Sorted(maps.Keys(pending)) {
		w.tally.Warnings = append(w.tally.Warnings, record.Warning{Identity: path, Message: pending[path]})
		w.tally.Repaired = append(w.tally.Repaired, path)
	}
}

// repairing runs write, which replaces the file at path (index.json,
// links.json, an orcid/ file), and names the previous file when it was
// damaged (read into v first) and write replaced it.
func (w *Writer) repairing(path string, v any, write func() error) error {
	_, what := ReadPrevious(path, v)
	if err := write(); err != nil {
		return err
	}
	if what != "" {
		w.repaired(Damaged{path: "was corrupt and is rewritten whole by this run; what was wrong: " + what})
	}
	return nil
}

// leftDamaged names an unread ORCID record's file, which the run keeps
// as it is, when it is damaged.
func (w *Writer) leftDamaged(path string) {
	if _, what := ReadPrevious(path, &Expansion{}); what != "" {
		w.tally.Warnings = append(w.tally.Warnings, record.Warning{Identity: path, Message: "is corrupt and its ORCID record could not be read this run, so it is left as it is (run about fetch again); what is wrong: " + what})
		w.tally.Damaged = append(w.tally.Damaged, path)
	}
}

// write writes one snapshot file and tells it if it changed.
func (w *Writer) write(path string, v any) error {
	_, err := w.writeChanged(path, v)
	return err
}

// writeChanged is write, also telling what writing changed.
func (w *Writer) writeChanged(path string, v any) (Change, error) {
	c, err := w.writeSnapshot(path, v)
	if err != nil {
		return c, fmt.Errorf("write snapshots: %w", err)
	}
	w.noteWritten(path, c)
	return c, nil
}

// writeSnapshot writes as the run's WriteFunc: Rewrite unless a test
// gives one that fails as a full disk does (which tells no line endings
// apart).
func (w *Writer) writeSnapshot(path string, v any) (Change, error) {
	if w.writeFile == nil {
		return Rewrite(path, v)
	}
	changed, err := w.writeFile(path, v)
	if changed {
		return Changed, err
	}
	return Unchanged, err
}

// writeEncoded writes a file already encoded canonically (index.json,
// tens of megabytes at 50,000 works: not encoded again) and tells it if
// it changed.
func (w *Writer) writeEncoded(path string, data []byte) error {
	if w.writeFile != nil { // a test's disk
		return w.write(path, json.RawMessage(data))
	}
	c, err := rewriteEncoded(path, data)
	if err != nil {
		return fmt.Errorf("write snapshots: %w", err)
	}
	w.noteWritten(path, c)
	return nil
}

// writeBytes writes a work's file, already encoded, in the works' batch
// and tells it if it changed.
func (w *Writer) writeBytes(path string, data []byte) (Change, error) {
	if w.writeFile != nil { // a test's disk, which fails as a full one does: written at once
		return w.writeChanged(path, json.RawMessage(data))
	}
	c, err := w.batch.Replace(path, data)
	if err != nil {
		return c, fmt.Errorf("write snapshots: %w", err)
	}
	w.noteWritten(path, c)
	return c, nil
}

// noteWritten tells a file written, and one written only to give it LF
// line endings.
func (w *Writer) noteWritten(path string, c Change) {
	if c != Unchanged {
		w.tally.Written = append(w.tally.Written, path)
	}
	if c == LineEndings {
		w.tally.LineEndings = append(w.tally.LineEndings, path)
	}
}

// BeginWorks opens the batch the works' files are written in: thousands
// of files, each replaced atomically, without a folder sync after each.
func (w *Writer) BeginWorks() { w.batch = NewBatch() }

// WriteWork writes work id's file (doc, with its decisions) and its
// counts file (none when counts is empty), keeps both from the prune and
// lists the work in the index. repairs are the warnings for its damaged
// files (Repairs), told once the batch has them on disk. changed says
// either file's bytes changed for more than line endings.
func (w *Writer) WriteWork(id manifest.Identity, doc, counts []byte, repairs Damaged) (changed bool, err error) {
	// A file rewritten only to end its lines in LF (a checkout's CRLF) is
	// no change of its work: the story says why it was written.
	c, err := w.writeBytes(w.dir.WorkPath(id), doc)
	if err != nil {
		return false, err
	}
	changed = c == Changed
	name := FileName(id)
	w.keep[WorksDir+"/"+name] = true
	w.index.Works = append(w.index.Works, IndexWork{ID: id.Key(), File: name})
	w.digests = append(w.digests, workDigests{doc: sha256.Sum256(doc), has: hasDoc})
	if w.slotOf != nil {
		w.slotOf[name] = len(w.index.Works) - 1
	}
	if len(counts) > 0 {
		cc, err := w.writeBytes(w.dir.CountsPath(id), counts)
		if err != nil {
			return false, err
		}
		w.keep[CountsDir+"/"+name] = true
		changed = changed || cc == Changed
	}
	if len(counts) > 0 {
		d := &w.digests[len(w.digests)-1]
		d.counts, d.has = sha256.Sum256(counts), d.has|hasCounts
	}
	if w.batch != nil { // told once the batch says the file is on disk
		w.batchRepairs = append(w.batchRepairs, repairs)
	} else {
		w.repaired(repairs)
	}
	return changed, nil
}

// EndWorks closes the works' batch, once every file and folder is on
// disk, before the index and links.json, which name them, are written.
// lost is the files handed over that are not on disk (sorted): they are
// taken out of what was told written, and their repairs are not told.
func (w *Writer) EndWorks() (lost []string, err error) {
	closeErr := w.batch.Close()
	lost = w.batch.Unwritten()
	isLost := func(p string) bool { _, found := slices.BinarySearch(lost, p); return found }
	w.forgetFiles(lost) // the index holds the digests of files on disk
	if len(lost) > 0 {  // the story names only files on disk
		w.tally.Written = slices.DeleteFunc(w.tally.Written, isLost)
		w.tally.LineEndings = slices.DeleteFunc(w.tally.LineEndings, isLost)
	}
	for _, pending := range w.batchRepairs {
		maps.DeleteFunc(pending, func(p, _ string) bool { return isLost(p) })
		w.repaired(pending)
	}
	w.batch, w.batchRepairs = nil, nil
	if closeErr != nil {
		return lost, fmt.Errorf("write snapshots: %w", closeErr)
	}
	return lost, nil
}

// Withdraw removes the files of work id, written before an interrupt cut
// the writing: no index or ORCID list names them yet, so kept they would
// be strays, nor told as written (Told). It returns the paths it removed
// (or found gone).
func (w *Writer) Withdraw(id manifest.Identity) ([]string, error) {
	paths := []string{w.dir.WorkPath(id), w.dir.CountsPath(id)}
	w.forgetFiles(paths)
	for _, path := range paths {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("interrupted: remove %s, written before the interrupt: %w", path, err)
		}
		if w.withdrawn == nil {
			w.withdrawn = map[string]bool{}
		}
		w.withdrawn[path] = true
	}
	return paths, nil
}

// RemoveEmptyWorkFolders removes works/ and counts/ when empty: the
// folders a first run made for the works it then withdrew.
func (w *Writer) RemoveEmptyWorkFolders() {
	for _, sub := range []string{WorksDir, CountsDir} {
		_ = os.Remove(filepath.Join(w.dir.Root, sub))
	}
}

// WriteExpansion writes an ORCID record's expansion file, and keeps it
// from the prune; a record that could not be read this run (unread) keeps
// its last good file as it is.
func (w *Writer) WriteExpansion(id manifest.Identity, exp Expansion, unread bool) error {
	w.keep[ORCIDDir+"/"+FileName(id)] = true
	rel := ORCIDDir + "/" + FileName(id) + ".json"
	path := w.dir.ExpansionPath(id)
	if unread {
		w.keptAsIs = append(w.keptAsIs, rel)
		w.leftDamaged(path)
		return nil
	}
	if exp.Works == nil {
		exp.Works = []string{}
	}
	data, err := Encode(exp)
	if err != nil {
		return fmt.Errorf("write snapshots: %s: %w", path, err)
	}
	w.setOther(rel, Digest(data))
	return w.repairing(path, &Expansion{}, func() error { return w.write(path, json.RawMessage(data)) })
}

// WriteIndex writes index.json: the identities, the works written and
// providers, with their attribution and terms, and the digest of each
// works/, counts/ and orcid/ file. The index it replaces is read first:
// it says which work files an earlier fetch wrote (Prune), and the
// digests of the files kept as they are.
func (w *Writer) WriteIndex(providers []IndexProvider) error {
	path := w.dir.IndexPath()
	damage := w.readBefore(path)
	index := w.index
	index.Providers = providers
	if index.Works == nil {
		index.Works = []IndexWork{}
	}
	data, err := encodeIndex(index, w.digestEntries())
	if err != nil {
		return fmt.Errorf("write snapshots: %s: %w", path, err)
	}
	if err := w.writeEncoded(path, data); err != nil {
		return err
	}
	if damage != "" {
		w.repaired(Damaged{path: "was corrupt and is rewritten whole by this run; what was wrong: " + damage})
	}
	return nil
}

// readBefore reads the index WriteIndex replaces, once: the work files
// it lists (listedBefore) and the digests of the files kept as they are
// (keptDigests). damage is what is wrong with it, as ReadPrevious says
// it; a symbolic link is damage, and its target is read all the same.
func (w *Writer) readBefore(path string) (damage string) {
	data, err := readRegular(path)
	var notRegular notRegularError
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case errors.As(err, &notRegular):
		damage = notRegular.Error()
		data, err = os.ReadFile(path)
	case err != nil:
		damage = "unreadable: " + err.Error()
	}
	var before indexShape
	if err != nil || json.Unmarshal(data, &before) != nil {
		if err == nil && damage == "" { // said as a decode of the whole index says it
			damage = Damage(json.Unmarshal(data, &Index{}), len(data))
		}
		w.keptDigests(nil)
		return damage
	}
	w.listedBefore = make(map[string]bool, len(before.Works))
	for _, iw := range before.Works {
		w.listedBefore[iw.File] = true
	}
	w.keptDigests(data)
	return damage
}

// WriteLinks writes links.json, the decisions of which works are one.
func (w *Writer) WriteLinks(links Links) error {
	path := w.dir.LinksPath()
	return w.repairing(path, &Links{}, func() error { return w.write(path, links) })
}

// Removals is what a prune removed, sorted out for the story.
type Removals struct {
	Paths  []string // every file removed, sorted
	Works  []string // identity keys of works whose file went: they left the manifest
	Strays []string // snapshot-named files no earlier index listed (copied in, or left by a hand edit): no work left
	// CountsGone are the identity keys of works still kept whose counts
	// file went, which changed them.
	CountsGone []string
}

// Prune removes every snapshot file the writer did not keep (Dir.Prune),
// once the run knows the full list of works; call it after WriteIndex.
// What it removed is sorted out even when it fails part-way.
func (w *Writer) Prune() (Removals, error) {
	removed, err := w.dir.Prune(w.keep)
	r := w.sortRemoved(removed)
	if err != nil {
		return r, fmt.Errorf("prune snapshots: %w", err)
	}
	return r, nil
}

// sortRemoved sorts pruned files into works that left, works that are
// still there but lost their counts file, and stray files: snapshot-named
// files of a work no earlier index listed. A temporary file left by an
// interrupted write is none of them.
func (w *Writer) sortRemoved(removed []string) Removals {
	r := Removals{Paths: removed}
	for _, path := range removed {
		dir := filepath.Base(filepath.Dir(path))
		name, ok := strings.CutSuffix(filepath.Base(path), ".json")
		if !ok || strings.HasPrefix(name, ".") {
			continue
		}
		key := name // a shortened name keeps its identity only inside the file, now gone
		if id, err := ParseFileName(name); err == nil {
			key = id.Key()
		}
		wasListed := w.listedBefore == nil || w.listedBefore[name]
		switch {
		case (dir == WorksDir || dir == CountsDir) && !wasListed && !w.keep[WorksDir+"/"+name]:
			r.Strays = append(r.Strays, path)
		case dir == WorksDir:
			r.Works = append(r.Works, key)
		case dir == CountsDir && w.keep[WorksDir+"/"+name]:
			r.CountsGone = append(r.CountsGone, key)
		}
	}
	return r
}

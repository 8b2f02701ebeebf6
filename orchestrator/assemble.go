package orchestrator

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// workPlan is the list of works a run covers and what expansion said of
// each before any provider is asked.
type workPlan struct {
	order     []manifest.Identity
	origins   map[string][]string            // work key → origins
	summaries map[string]summary             // work key → the ORCID record's own entry (first seen), until the work is prepared
	held      scratchFile                    // where the summaries wait, out of memory (see summary)
	expanded  map[string]snapshots.Expansion // ORCID key → expansion to write
	unread    map[string]bool                // ORCID keys whose record could not be read this run
	nameless  map[string]bool                // ORCID keys whose record's name (/person) could not be read this run
	owners    map[string]works.Researcher    // ORCID key → whose record it is, for the same-name check
	excluded  []manifest.Exclude             // the [[exclude]]s that left a work out, for the report
	warnings  []record.Warning

	m        *manifest.Manifest
	excludes map[string]manifest.Exclude // work key → the [[exclude]] that leaves it out
	matched  map[string]bool             // excludes that matched a work

	heldBack map[string]report.HeldRemoval // ORCID key → the works its answer dropped at once, kept (see holdRemovals)
	// prevExp is the previous expansion files read when a record's
	// listing arrived (holdRemovals), until its whole answer does (expand):
	// ORCID key → the file, nil when there is none about wrote.
	prevExp map[string]*snapshots.Expansion
	// acceptRemovals: the user accepts every record's removals this run
	// (--accept-removals), however many works it lost at once.
	acceptRemovals bool
}

// summary is an ORCID record's own entry for a work, encoded (see
// reply.encodeRecord), in the plan's scratch file: every record is read
// long before the paced lanes have answered for its last works, so at
// 50,000 works the entries in memory were 16 MB for most of the run.
type summary struct {
	provider string
	at       scratchSpan
}

// newWorkPlan starts an empty plan. Works are added in first-seen order:
// manifest order, with each ORCID record's works in the record's own order
// at its place, so the plan grows as records are expanded and every work
// keeps the place it was given.
func newWorkPlan(m *manifest.Manifest) *workPlan {
	p := &workPlan{
		origins:   map[string][]string{},
		summaries: map[string]summary{},
		expanded:  map[string]snapshots.Expansion{},
		unread:    map[string]bool{},
		nameless:  map[string]bool{},
		owners:    map[string]works.Researcher{},
		m:         m,
		excludes:  map[string]manifest.Exclude{},
		matched:   map[string]bool{},
		heldBack:  map[string]report.HeldRemoval{},
		prevExp:   map[string]*snapshots.Expansion{},
	}
	for _, x := range m.Excludes {
		p.excludes[x.ID.Key()] = x
	}
	return p
}

// add appends a work the first time it is seen and records its origin;
// a work the manifest excludes is noted instead.
func (p *workPlan) add(id manifest.Identity, origin string) {
	k := id.Key()
	if x, ok := p.excludes[k]; ok {
		if !p.matched[k] {
			p.matched[k] = true
			p.excluded = append(p.excluded, x)
		}
		return
	}
	if _, seen := p.origins[k]; !seen {
		id.Value = strings.Clone(id.Value) // not a window on the whole ORCID answer
		p.order = append(p.order, id)
	}
	if !slices.Contains(p.origins[k], origin) {
		p.origins[k] = append(p.origins[k], origin)
	}
}

// expand adds the works an ORCID record's expansion listed. A record that
// could not be read contributes the works its last snapshot listed
// (works.Expansion keeps that file); when its listing was planned (listed:
// only its details failed), only those not planned already, so no work's
// origins change after the listings.
func (p *workPlan) expand(e manifest.Entry, outcomes []reply, d snapshots.Dir, listed bool) {
	now := works.ORCIDRead{Listed: snapshots.Expansion{ORCID: e.Value}}
	for _, o := range outcomes {
		if o.Status != record.Found {
			continue
		}
		now.Read = true
		now.Person = cmp.Or(now.Person, o.result.Person)
		p.addDiscovered(&now.Listed, e.Key(), o)
	}
	prev := p.previous(e, d)
	delete(p.prevExp, e.Key()) // read once more by nothing after this
	exp := works.Expansion(prev, now)
	if h, ok := p.heldBack[e.Key()]; ok && now.Read && prev != nil {
		exp = works.KeepHeld(exp, *prev, h.Works)
	}
	if !now.Read {
		delete(p.heldBack, e.Key()) // unread says it: nothing is pruned at all
		p.unread[e.Key()] = true
		p.nameless[e.Key()] = true
		for _, k := range exp.Works {
			if _, planned := p.origins[k]; listed && planned {
				continue
			}
			if id, err := manifest.ParseKey(k); err == nil {
				p.add(id, e.Key())
			}
		}
	}
	p.expanded[e.Key()] = exp
	p.owners[e.Key()] = works.NewResearcher(e.Value, e.Name, now.Person)
}

// previous is the record's expansion file as the last run wrote it, nil
// when there is none or one about never wrote. It is read once a run:
// the listing (holdRemovals) and the whole answer (expand) both need it.
func (p *workPlan) previous(e manifest.Entry, d snapshots.Dir) *snapshots.Expansion {
	if prev, read := p.prevExp[e.Key()]; read {
		return prev
	}
	var prev *snapshots.Expansion
	if err := snapshots.Read(d.ExpansionPath(e.Identity), &prev); err != nil {
		prev = nil // no file, or one about never wrote: nothing to keep
	}
	p.prevExp[e.Key()] = prev
	return prev
}

// addDiscovered adds the works one provider found in the record, with
// their ORCID groups, summaries (the first seen, encoded) and warnings.
func (p *workPlan) addDiscovered(exp *snapshots.Expansion, origin string, o reply) {
	// What exp lists already, as sets: searching the list for each work
	// was a record's works squared (10,000 works: 50 million comparisons).
	listed, entered := setOf(exp.Works), entriesOf(exp.Entries)
	for _, w := range o.result.Discovered {
		k := w.ID.Key()
		p.add(w.ID, origin)
		if !listed[k] {
			listed[k] = true
			exp.Works = append(exp.Works, k)
		}
		if g := w.Group; g != nil {
			exp.Groups = append(exp.Groups, snapshots.ExpansionGroup{Work: k, PutCodes: g.PutCodes, Sources: g.Sources, Chosen: g.Chosen, Aliases: g.Aliases})
		}
		addEntry(exp, entered, k, w.Read)
		if _, have := p.summaries[k]; !have {
			if raw, err := json.Marshal(w.Summary); err == nil {
				at, err := p.held.put(raw)
				if err != nil { // the scratch file failed: keep it in memory
					at = scratchSpan{mem: raw}
				}
				p.summaries[k] = summary{provider: o.Provider, at: at}
			}
		}
	}
	for _, w := range o.result.Warnings {
		p.warnings = append(p.warnings, w)
		if w.Transient { // a failed request: the story says so, the file keeps its values
			p.nameless[origin] = true
			continue
		}
		exp.Warnings = append(exp.Warnings, w.Message)
	}
}

// finish puts each work's origins in a fixed order once all are known.
func (p *workPlan) finish() {
	for k := range p.origins {
		sort.Strings(p.origins[k])
	}
}

// unmatchedExcludes are the [[exclude]]s that matched nothing, once the
// second round (which an [[exclude]] may also keep out) has added its works.
func (p *workPlan) unmatchedExcludes() []manifest.Exclude {
	var out []manifest.Exclude
	for _, x := range p.m.Excludes {
		if !p.matched[x.ID.Key()] {
			out = append(out, x)
		}
	}
	return out
}

// unmatchedOverrides are the [[override]]s of no work of the run (one
// excluded included), once the second round has added its works.
func (p *workPlan) unmatchedOverrides() []manifest.Override {
	var out []manifest.Override
	for _, o := range p.m.Overrides {
		if _, ok := p.origins[o.ID.Key()]; !ok {
			out = append(out, o)
		}
	}
	return out
}

// writer turns outcomes into snapshot files in two passes. The first
// takes each work as soon as its jobs are done (in plan order), builds its
// documents with the core (works), keeps what the link pass needs in
// memory and the documents themselves deflated in a temporary file (see
// heldDocuments), and lets the records go, so a run holds a few small
// keys a work rather than every answer. The second, once every work is
// in, decides the links among works and writes each file with its
// decisions. Pruning happens only when the run knows the full list of
// works.
type writer struct {
	writePolicy
	reportFacts
	plan     *workPlan
	rep      *report.Report
	works    []preparedWork   // the first pass's, in plan order
	prepared heldDocuments    // their documents, until the second pass
	saved    int              // works[:saved] are written (or found unchanged) by the second pass
	pruned   bool             // the second pass pruned what left the manifest
	batch    *snapshots.Batch // while the works' files are written
	// batchRepairs are the damaged files the batch's writes replace, told
	// as repaired only once the batch has them on disk.
	batchRepairs []damagedWork
}

// writePolicy is what the run chose before any answer: where the files
// go and which providers' data they hold.
type writePolicy struct {
	d           snapshots.Dir
	m           *manifest.Manifest
	specs       []providers.Spec               // the providers this run asks
	registry    []providers.Spec               // the providers chosen from, in the index's order
	leftOut     []string                       // providers the manifest chooses that this run did not ask: their previous values stand
	writeFile   WriteSnapshotFunc              // nil means snapshots.Write (see writeSnapshot)
	tail        func() (done func())           // Options.WriteTail
	attribution map[string]string              // provider → the attribution its sources carry
	overrides   map[string][]manifest.Override // work key → the manifest's [[override]]s of it
	order       works.Precedence               // the registry's merge order, for the core
}

// reportFacts is what the first pass saw that the run's story tells.
type reportFacts struct {
	warnings         []record.Warning    // the first pass's, for the report
	authorless       map[string][]string // ORCID record origin → its works no service gave authors for
	worksKeptLeftOut int                 // works in which a left-out provider's previous values stand
	keptBy           map[string]bool     // providers not asked whose previous values stand in some work
	worksKeptWhole   []string            // works no provider of this run was asked about: their previous file stands
	dropped          map[string]int      // provider no longer chosen → works whose data of it went
	keepDamaged      []string            // damaged files no answer could replace, left as they are ("works/<name>"): kept from pruning
}

// preparedWork is one work between the passes.
type preparedWork struct {
	files    scratchSpan    // its documents, JSON, deflated: the work (without its decisions), then its counts
	link     works.Linkable // only what the link pass reads
	sameName []string       // the same-name check's warnings, for the report
	existed  bool           // the work's file was there before this run
	found    bool           // some source (this run's or kept) has a record of it
	repairs  damagedWork    // its damaged files, each with the warning to give once rewritten
}

func newWriter(dir string, m *manifest.Manifest, specs []providers.Spec, plan *workPlan, rep *report.Report) *writer {
	w := &writer{plan: plan, rep: rep, writePolicy: writePolicy{d: snapshots.Dir{Root: dir}, m: m, specs: specs,
		attribution: map[string]string{}, overrides: map[string][]manifest.Override{}, order: precedence()}}
	for _, s := range providers.All() {
		w.attribution[s.Name] = s.Attribution
	}
	for _, s := range specs {
		w.attribution[s.Name] = s.Attribution
	}
	for _, o := range m.Overrides {
		w.overrides[o.ID.Key()] = append(w.overrides[o.ID.Key()], o)
	}
	return w
}

// prepare is the first pass for one work: its sources (this run's answers,
// the previous snapshot's values where a job came back short), its merged
// document, and what the link pass needs.
func (w *writer) prepare(id manifest.Identity, outcomes []*reply) error {
	k := id.Key()
	var prev snapshots.Work
	var prevCounts snapshots.Counts
	existed, damaged := w.readPreviousWork(id, &prev, &prevCounts)

	src := works.NewSources(w.attribution, works.Previous{Work: prev, Counts: prevCounts})
	if err := w.orcidSource(src, k); err != nil {
		return err
	}
	answers, err := answersOf(outcomes)
	if err != nil {
		return err
	}
	src.Add(answers)
	if src.Stale {
		w.rep.Kept = append(w.rep.Kept, k)
	}
	w.keepUnasked(src, k, len(outcomes) > 0)
	w.noteDropped(src, prev)
	if len(src.BySource) == 0 && !existed {
		// Nothing answered about it and it has no file: an empty record
		// would render as "Untitled" and look complete. The next run that
		// reaches the services writes it.
		w.rep.Unwritten = append(w.rep.Unwritten, k)
		return nil
	}
	repairs := w.repairs(k, damaged, outcomes, len(src.BySource) > 0)
	if len(damaged) > 0 && len(src.BySource) == 0 {
		return nil // nothing to write in its place: an empty record would render as "Untitled"
	}
	if nowhere := src.NotFoundAnywhere(id, answers); nowhere != "" {
		w.warnings = append(w.warnings, record.Warning{Identity: k, Message: nowhere})
	}
	doc, lw := w.order.Document(id, w.plan.origins[k], src.BySource, w.overrides[k])
	w.order.KeepConflicts(&doc, prev, src.Unread)
	w.noteAuthorless(k, doc.Origins, lw, outcomes)
	// The same-name check reads the authors, which need not wait for the
	// link pass: its warnings are kept instead.
	sameName := w.sameNameWarnings(doc.Origins, lw.Authors(), prev.Warnings)
	doc.Warnings = append(doc.Warnings, sameName...)
	sort.Strings(doc.Warnings)
	files, err := encodePrepared(k, doc, src.Counts)
	if err != nil {
		return err
	}
	at, err := w.prepared.put(files)
	if err != nil {
		return fmt.Errorf("keep the documents of %s: %w", k, err)
	}
	w.works = append(w.works, preparedWork{files: at, link: lw.ForLinking(), sameName: sameName, existed: existed, found: lw.Found(), repairs: repairs})
	return nil
}

// keepUnasked keeps, beside this run's answers, the previous values of
// the providers this run did not ask (--only); a work none of this run's
// providers was asked about (asked false) keeps all its previous sources
// and counts. It counts what it kept for the story.
func (w *writer) keepUnasked(src *works.Sources, k string, asked bool) {
	kept := src.KeepUnanswered(w.leftOut)
	for _, p := range kept {
		w.keepsDataOf(p)
	}
	if len(kept) > 0 {
		w.worksKeptLeftOut++
	}
	if asked {
		return
	}
	kept = src.KeepUnanswered(src.PreviousProviders())
	for _, p := range kept {
		w.keepsDataOf(p)
	}
	if len(kept) > 0 {
		w.worksKeptWhole = append(w.worksKeptWhole, k)
	}
}

// keepsDataOf notes that the folder keeps data of provider, so the index
// keeps its attribution and terms.
func (w *writer) keepsDataOf(provider string) {
	if w.keptBy == nil {
		w.keptBy = map[string]bool{}
	}
	w.keptBy[provider] = true
}

// noteDropped counts, per provider, the works whose previous source of a
// provider this run does not choose at all (the manifest no longer lists
// it) is gone from the new file, so the story can say why they changed.
func (w *writer) noteDropped(src *works.Sources, prev snapshots.Work) {
	for _, s := range prev.Sources {
		if _, have := src.BySource[s.Provider]; have {
			continue
		}
		if slices.ContainsFunc(w.specs, func(t providers.Spec) bool { return t.Name == s.Provider }) {
			continue // asked, and did not apply to the work this time
		}
		if w.dropped == nil {
			w.dropped = map[string]int{}
		}
		w.dropped[s.Provider]++
	}
}

// noteAuthorless remembers a work of an ORCID record that some service
// has a record of but none gave authors for: rendered, it has no author
// line on the researcher's own page (ORCID's work summaries carry no
// contributors), which the run says once per record rather than per work.
// A work some service did not answer about (failed, skipped) is not one:
// that service may have the authors.
func (w *writer) noteAuthorless(k string, origins []string, lw works.Work, outcomes []*reply) {
	if !lw.Found() || len(lw.Authors()) > 0 {
		return
	}
	if slices.ContainsFunc(outcomes, func(o *reply) bool { return o.Status == record.Failed || o.Status == record.Skipped }) {
		return
	}
	for _, o := range origins {
		if strings.HasPrefix(o, "orcid:") {
			if w.authorless == nil {
				w.authorless = map[string][]string{}
			}
			w.authorless[o] = append(w.authorless[o], k)
		}
	}
}

// orcidSource adds the ORCID record's own entry for work k, and lets the
// plan's copy go (each work is prepared once); when the record could not
// be read, the previous snapshot's entry is kept.
func (w *writer) orcidSource(src *works.Sources, k string) error {
	if s, ok := w.plan.summaries[k]; ok {
		delete(w.plan.summaries, k)
		raw, err := w.plan.held.get(s.at)
		if err != nil {
			return fmt.Errorf("%s record of %s: %w", s.provider, k, err)
		}
		rec, err := decodeRecord(raw)
		if err != nil {
			return fmt.Errorf("%s record of %s: %w", s.provider, k, err)
		}
		src.Found(s.provider, rec)
	} else if anyUnread(w.plan, w.plan.origins[k]) || anyHeld(w.plan, w.plan.origins[k]) {
		src.KeepUnread("orcid")
	}
	return nil
}

// answersOf is this run's replies about one work as the core takes them,
// each found record decoded back from its encoded form.
func answersOf(outcomes []*reply) ([]works.Answer, error) {
	answers := make([]works.Answer, len(outcomes))
	for i, o := range outcomes {
		a := works.Answer{Provider: o.Provider, Status: o.Status, Record: o.result.Record, Counts: o.result.Counts, Unrouted: o.unrouted}
		if o.Status == record.Found && o.record != nil { // encoded on arrival
			rec, err := decodeRecord(o.record)
			if err != nil {
				return nil, fmt.Errorf("%s record of %s: %w", o.Provider, o.Identity, err)
			}
			a.Record = rec
		}
		answers[i] = a
	}
	return answers, nil
}

// decodeRecord is a record kept encoded while the run holds it (see
// reply.encodeRecord), back in the schema's type for the work's document.
func decodeRecord(raw json.RawMessage) (*record.Record, error) {
	var rec record.Record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, err
	}
	return &rec, nil
}

// sameNameWarnings is the same-name check of a work's authors against the
// owner of each ORCID record that listed it (works.Strangers).
func (w *writer) sameNameWarnings(origins []string, authors []record.Author, prev []string) []string {
	return works.Strangers(origins, w.plan.owners, w.plan.nameless, authors, prev)
}

// finish is the second pass: it decides the links among works, writes each
// work's file with its decisions, then the expansion files, the index and
// links.json, and prunes what left the manifest. Once settle is done (an
// interrupt's budget ran out) it stops between two files (settle.go).
func (w *writer) finish(ctx, settle context.Context) error {
	// Every document is read back before finish returns, so closing the
	// temporary file cannot lose anything a snapshot needs.
	defer func() { _ = w.prepared.close() }()
	if w.tail != nil {
		defer w.tail()()
	}
	linked := w.link()
	out := newOutput(w.m)
	for _, rel := range w.keepDamaged {
		out.keep[rel] = true
	}
	if err := w.writeWorks(settle, linked, out); err != nil || w.rep.Cut != nil {
		return err
	}
	if err := w.writeExpansions(out); err != nil {
		return err
	}
	listedBefore, knownBefore := w.d.IndexedWorkFiles() // read before this run's index replaces it
	if err := w.repairing(w.d.IndexPath(), &snapshots.Index{}, func() error { return w.writeIndex(out) }); err != nil {
		return err
	}
	if err := w.repairing(w.d.LinksPath(), &snapshots.Links{}, func() error { return w.write(w.d.LinksPath(), linked.Links) }); err != nil {
		return err
	}
	var before map[string]bool // nil: no earlier index, so every removed work file counts as a work
	if knownBefore {
		before = listedBefore
	}
	return w.prune(ctx.Err() != nil, out.keep, before)
}

// output is what the second pass gathers while it writes: the files the
// snapshot keeps (the rest is pruned) and the index.
type output struct {
	keep  map[string]bool // paths relative to the snapshot folder
	index snapshots.Index
}

func newOutput(m *manifest.Manifest) *output {
	out := &output{keep: map[string]bool{}}
	for _, e := range m.Identities {
		out.index.Identities = append(out.index.Identities, e.Key())
	}
	return out
}

// link decides which works are one entry, on the merged records; the
// decisions are written with each work and in links.json.
func (w *writer) link() works.Linked {
	linkWorks := make([]*works.Linkable, len(w.works)) // pointers: a copy of every work's was 15 MB at 50,000 works
	for i := range w.works {
		linkWorks[i] = &w.works[i].link
	}
	linked := works.Decide(linkWorks, w.m)
	w.rep.Warnings = append(w.rep.Warnings, linked.Warnings...)
	w.rep.LinkNotes = append(w.rep.LinkNotes, linked.Notes...)
	w.rep.Links = len(linked.Links.Links)
	return linked
}

// write writes one snapshot file and notes it in the report if it changed.
func (w *writer) write(path string, v any) error {
	_, err := w.writeChanged(path, v)
	return err
}

// writeBytes writes a work's file, already encoded, in the works' batch
// and notes it in the report if it changed.
func (w *writer) writeBytes(path string, data []byte) (snapshots.Change, error) {
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

// noteWritten notes in the report a file written, and one written only
// to give it LF line endings.
func (w *writer) noteWritten(path string, c snapshots.Change) {
	if c != snapshots.Unchanged {
		w.rep.Written = append(w.rep.Written, path)
	}
	if c == snapshots.LineEndings {
		w.rep.LineEndings = append(w.rep.LineEndings, path)
	}
}

// writeWorks writes every work's files in one snapshots.Batch: thousands
// of files, each replaced atomically, without a folder sync after each;
// the batch is closed (every file and folder on disk) before the index and
// links.json, which name them, are written. An interrupt's settle budget
// spent (settle) cuts the writing between two works (see cut), once the
// files handed over are on disk.
func (w *writer) writeWorks(settle context.Context, linked works.Linked, out *output) error {
	w.batch = snapshots.NewBatch()
	cutAt := -1
	err := func() error {
		for i := range w.works {
			if settle.Err() != nil {
				cutAt = i
				return nil
			}
			if err := w.writeWork(&w.works[i], linked, out); err != nil {
				return err
			}
			w.saved = i + 1
		}
		return nil
	}()
	closeErr := w.batch.Close()
	lost := w.batch.Unwritten()
	if len(lost) > 0 { // the report names only files on disk
		isLost := func(p string) bool { _, found := slices.BinarySearch(lost, p); return found }
		w.rep.Written = slices.DeleteFunc(w.rep.Written, isLost)
		w.rep.LineEndings = slices.DeleteFunc(w.rep.LineEndings, isLost)
		w.saved = min(w.saved, w.firstLost(lost))
	}
	for _, pending := range w.batchRepairs {
		maps.DeleteFunc(pending, func(p, _ string) bool { _, found := slices.BinarySearch(lost, p); return found })
		w.repaired(pending)
	}
	w.batch, w.batchRepairs = nil, nil
	if err == nil && closeErr != nil {
		err = fmt.Errorf("write snapshots: %w", closeErr)
	}
	if err == nil && cutAt >= 0 {
		return w.cut(cutAt)
	}
	return err
}

// firstLost is the index of the first work with a file among lost (sorted
// paths the batch did not write), or len(w.works).
func (w *writer) firstLost(lost []string) int {
	for i, pw := range w.works {
		id := pw.link.ID()
		for _, path := range []string{w.d.WorkPath(id), w.d.CountsPath(id)} {
			if _, found := slices.BinarySearch(lost, path); found {
				return i
			}
		}
	}
	return len(w.works)
}

// writeChanged is write, also telling what writing changed.
func (w *writer) writeChanged(path string, v any) (snapshots.Change, error) {
	c, err := w.writeSnapshot(path, v)
	if err != nil {
		return c, fmt.Errorf("write snapshots: %w", err)
	}
	w.noteWritten(path, c)
	return c, nil
}

// writeWork writes one work's file, with its warnings and decisions, and
// its counts file, and lets its documents go.
func (w *writer) writeWork(pw *preparedWork, linked works.Linked, out *output) error {
	id := pw.link.ID()
	k := id.Key()
	files, err := w.prepared.get(pw.files)
	if err != nil {
		return fmt.Errorf("read back the documents of %s: %w", k, err)
	}
	for _, msg := range pw.sameName {
		w.rep.Warnings = append(w.rep.Warnings, record.Warning{Identity: k, Message: msg})
	}
	doc, err := withDecisions(files.Work, linked.Decisions[k], pw.link.Overrides())
	if err != nil {
		return fmt.Errorf("decisions of %s: %w", k, err)
	}
	// A file rewritten only to end its lines in LF (a checkout's CRLF) is
	// no change of its work: the story says why it was written.
	c, err := w.writeBytes(w.d.WorkPath(id), doc)
	if err != nil {
		return err
	}
	changed := c == snapshots.Changed
	name := snapshots.FileName(id)
	out.keep[snapshots.WorksDir+"/"+name] = true
	out.index.Works = append(out.index.Works, snapshots.IndexWork{ID: k, File: name})
	if len(files.Counts) > 0 {
		cc, err := w.writeBytes(w.d.CountsPath(id), files.Counts)
		if err != nil {
			return err
		}
		out.keep[snapshots.CountsDir+"/"+name] = true
		changed = changed || cc == snapshots.Changed
	}
	if w.batch != nil { // told once the batch says the file is on disk
		w.batchRepairs = append(w.batchRepairs, pw.repairs)
	} else {
		w.repaired(pw.repairs)
	}
	switch {
	case !pw.existed:
		w.rep.WorksAdded = append(w.rep.WorksAdded, k)
	case changed:
		w.rep.WorksChanged = append(w.rep.WorksChanged, k)
	}
	return nil
}

// writeExpansions writes each ORCID record's expansion file; a record
// that could not be read keeps its last good file as it is.
func (w *writer) writeExpansions(out *output) error {
	for _, e := range w.m.Identities {
		exp, ok := w.plan.expanded[e.Key()]
		if !ok {
			continue
		}
		out.keep[snapshots.ORCIDDir+"/"+snapshots.FileName(e.Identity)] = true
		if w.plan.unread[e.Key()] {
			w.leftDamaged(w.d.ExpansionPath(e.Identity))
			continue
		}
		if exp.Works == nil {
			exp.Works = []string{}
		}
		path := w.d.ExpansionPath(e.Identity)
		if err := w.repairing(path, &snapshots.Expansion{}, func() error { return w.write(path, exp) }); err != nil {
			return err
		}
	}
	return nil
}

// writeIndex writes index.json: the identities, the works and the
// providers with their attribution and terms.
func (w *writer) writeIndex(out *output) error {
	index := out.index
	index.Providers = w.indexed()
	if index.Works == nil {
		index.Works = []snapshots.IndexWork{}
	}
	return w.write(w.d.IndexPath(), index)
}

// indexed is the providers whose data the folder holds, in registry
// order: this run's; those the manifest chooses that this run did not
// ask (--only, no e-mail), as the previous index listed them, since not
// asking a provider is no news of it (an agency lookup or a provider
// that found nothing holds no work's data, yet its entry stands); and
// any other provider whose previous values stand in some work (their
// attribution and terms go with their data).
func (w *writer) indexed() []snapshots.IndexProvider {
	var prev snapshots.Index
	if err := snapshots.Read(w.d.IndexPath(), &prev); err != nil {
		prev = snapshots.Index{} // no index, or a damaged one: nothing to keep
	}
	out := []snapshots.IndexProvider{}
	entry := func(s providers.Spec) snapshots.IndexProvider {
		return snapshots.IndexProvider{Name: s.Name, Attribution: s.Attribution, Terms: s.Terms}
	}
	for _, s := range w.registry {
		asked := slices.ContainsFunc(w.specs, func(t providers.Spec) bool { return t.Name == s.Name })
		i := slices.IndexFunc(prev.Providers, func(p snapshots.IndexProvider) bool { return p.Name == s.Name })
		switch {
		case asked:
			out = append(out, entry(s))
		case slices.Contains(w.leftOut, s.Name) && i >= 0:
			out = append(out, prev.Providers[i])
		case w.keptBy[s.Name]:
			out = append(out, entry(s))
		}
	}
	return out
}

// prune removes the files of works that left the manifest, only when the
// run knows the full list of works. listedBefore is the work files the
// earlier index listed (nil when there was none).
func (w *writer) prune(interrupted bool, keep map[string]bool, listedBefore map[string]bool) error {
	rep := w.rep
	switch {
	case interrupted:
		rep.NotPruned = report.PruneInterrupted
	case len(w.plan.unread) > 0:
		rep.NotPruned = report.PruneRecordUnread
	default:
		removed, err := w.d.Prune(keep)
		rep.Removed = removed
		noteRemoved(rep, removed, keep, listedBefore)
		if err != nil {
			return fmt.Errorf("prune snapshots: %w", err)
		}
		w.pruned = true
	}
	return nil
}

// noteRemoved sorts pruned files into works that left, works that are
// still there but lost their counts file (which changed them), and stray
// files: snapshot-named files of a work no earlier index listed (copied
// in, or left by a hand edit), which are no work that left.
func noteRemoved(rep *report.Report, removed []string, keep map[string]bool, listedBefore map[string]bool) {
	for _, path := range removed {
		dir := filepath.Base(filepath.Dir(path))
		name, ok := strings.CutSuffix(filepath.Base(path), ".json")
		if !ok || strings.HasPrefix(name, ".") {
			continue // a temporary file left by an interrupted write
		}
		key := name // a shortened name keeps its identity only inside the file, now gone
		if id, err := snapshots.ParseFileName(name); err == nil {
			key = id.Key()
		}
		wasListed := listedBefore == nil || listedBefore[name]
		switch {
		case (dir == snapshots.WorksDir || dir == snapshots.CountsDir) && !wasListed && !keep[snapshots.WorksDir+"/"+name]:
			rep.StraysRemoved = append(rep.StraysRemoved, path)
		case dir == snapshots.WorksDir:
			rep.WorksRemoved = append(rep.WorksRemoved, key)
		case dir == snapshots.CountsDir && keep[snapshots.WorksDir+"/"+name] &&
			!slices.Contains(rep.WorksAdded, key) && !slices.Contains(rep.WorksChanged, key):
			rep.WorksChanged = append(rep.WorksChanged, key)
		}
	}
}

func anyUnread(p *workPlan, origins []string) bool {
	for _, o := range origins {
		if p.unread[o] {
			return true
		}
	}
	return false
}

// anyHeld says some of origins is a record whose dropped works are held:
// such a work keeps the ORCID entry its file has.
func anyHeld(p *workPlan, origins []string) bool {
	for _, o := range origins {
		if _, ok := p.heldBack[o]; ok {
			return true
		}
	}
	return false
}

func setOf(list []string) map[string]bool {
	set := make(map[string]bool, len(list))
	for _, s := range list {
		set[s] = true
	}
	return set
}

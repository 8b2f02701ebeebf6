package orchestrator

import (
	"context"
	"encoding/json"
	"fmt"
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

// writer turns outcomes into snapshot files in two passes. The first
// takes each work as soon as its jobs are done (in plan order), builds its
// documents with the core (works), keeps what the link pass needs in
// memory and the documents themselves deflated in a temporary file (see
// heldDocuments), and lets the records go, so a run holds a few small
// keys a work rather than every answer. The second, once every work is
// in, decides the links among works and writes each file with its
// decisions. Pruning happens only when the run knows the full list of
// works. The folder's rules (which files a work owns, atomic writes,
// damaged files, the index, what a prune removes) are snapshots.Writer's:
// this writer says what to write and when.
type writer struct {
	writePolicy
	reportFacts
	plan     *workPlan
	out      *snapshots.Writer // the folder, which keeps its own tally of what it did
	works    []preparedWork    // the first pass's, in plan order
	prepared heldDocuments     // their documents, until the second pass
	saved    int               // works[:saved] are written (or found unchanged) by the second pass
	pruned   bool              // the second pass pruned what left the manifest
}

// writePolicy is what the run chose before any answer: where the files
// go and which providers' data they hold.
type writePolicy struct {
	d           snapshots.Dir
	m           *manifest.Manifest
	specs       []providers.Spec               // the providers this run asks
	registry    []providers.Spec               // the providers chosen from, in the index's order
	leftOut     []string                       // providers the manifest chooses that this run did not ask: their previous values stand
	tail        func() (done func())           // Options.WriteTail
	attribution map[string]string              // provider → the attribution its sources carry
	overrides   map[string][]manifest.Override // work key → the manifest's [[override]]s of it
	order       works.Precedence               // the registry's merge order, for the core
}

// reportFacts is what the passes saw that the run's story tells; the run
// hands them to the report once it ends (facts.go).
type reportFacts struct {
	warnings         []record.Warning    // the first pass's, for the report
	authorless       map[string][]string // ORCID record origin → its works no service gave authors for
	worksKeptLeftOut int                 // works in which a left-out provider's previous values stand
	keptBy           map[string]bool     // providers not asked whose previous values stand in some work
	worksKeptWhole   []string            // works no provider of this run was asked about: their previous file stands
	dropped          map[string]int      // provider no longer chosen → works whose data of it went
	kept             []string            // works that kept previous values because a provider could not answer
	unwritten        []string            // works no service answered about and with no file yet: not written

	// The second pass's.
	linkNotes      []string            // what deciding the links suggests
	links          int                 // links among the works, in links.json
	writeWarnings  []record.Warning    // the link pass's, then each work's same-name warnings as it is written
	added, changed []string            // works whose file is new; whose work or counts file changed
	cut            *report.WriteCut    // how far an interrupted write went; nil when none cut it
	notPruned      report.WhyNotPruned // why the prune was not done, when it was not
	removals       snapshots.Removals  // what the prune removed
}

// preparedWork is one work between the passes.
type preparedWork struct {
	files    scratchSpan       // its documents, JSON, deflated: the work (without its decisions), then its counts
	link     works.Linkable    // only what the link pass reads
	sameName []string          // the same-name check's warnings, for the report
	existed  bool              // the work's file was there before this run
	found    bool              // some source (this run's or kept) has a record of it
	repairs  snapshots.Damaged // its damaged files, each with the warning to give once rewritten
}

// WriteSnapshotFunc writes one snapshot file as snapshots.Write does:
// canonically, atomically, and not at all when its bytes are unchanged;
// it reports whether the file changed.
type WriteSnapshotFunc = snapshots.WriteFunc

// newWriter starts the writer of a run's folder dir; writeFile nil means
// snapshots.Rewrite (Options.WriteSnapshot).
func newWriter(dir string, m *manifest.Manifest, specs []providers.Spec, plan *workPlan, writeFile WriteSnapshotFunc) *writer {
	d := snapshots.Dir{Root: dir}
	w := &writer{plan: plan, out: snapshots.NewWriter(d, m.Identities, writeFile), writePolicy: writePolicy{d: d, m: m, specs: specs,
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
	existed, damaged := w.out.ReadPreviousWork(id, &prev, &prevCounts)

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
		w.kept = append(w.kept, k)
	}
	w.keepUnasked(src, k, len(outcomes) > 0)
	w.noteDropped(src, prev)
	if len(src.BySource) == 0 && !existed {
		// Nothing answered about it and it has no file: an empty record
		// would render as "Untitled" and look complete. The next run that
		// reaches the services writes it.
		w.unwritten = append(w.unwritten, k)
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
	if err := w.writeWorks(settle, linked); err != nil || w.cut != nil {
		return err
	}
	for _, e := range w.m.Identities {
		if exp, ok := w.plan.expanded[e.Key()]; ok {
			if err := w.out.WriteExpansion(e.Identity, exp, w.plan.unread[e.Key()]); err != nil {
				return err
			}
		}
	}
	if err := w.out.WriteIndex(w.indexed()); err != nil {
		return err
	}
	if err := w.out.WriteLinks(linked.Links); err != nil {
		return err
	}
	return w.prune(ctx.Err() != nil)
}

// link decides which works are one entry, on the merged records; the
// decisions are written with each work and in links.json.
func (w *writer) link() works.Linked {
	linkWorks := make([]*works.Linkable, len(w.works)) // pointers: a copy of every work's was 15 MB at 50,000 works
	for i := range w.works {
		linkWorks[i] = &w.works[i].link
	}
	linked := works.Decide(linkWorks, w.m)
	w.writeWarnings = append(w.writeWarnings, linked.Warnings...)
	w.linkNotes = append(w.linkNotes, linked.Notes...)
	w.links = len(linked.Links.Links)
	return linked
}

// writeWorks writes every work's files in one batch (snapshots.Writer's
// BeginWorks to EndWorks), in plan order. An interrupt's settle budget
// spent (settle) cuts the writing between two works (see cut), once the
// files handed over are on disk.
func (w *writer) writeWorks(settle context.Context, linked works.Linked) error {
	w.out.BeginWorks()
	cutAt := -1
	err := func() error {
		for i := range w.works {
			if settle.Err() != nil {
				cutAt = i
				return nil
			}
			if err := w.writeWork(&w.works[i], linked); err != nil {
				return err
			}
			w.saved = i + 1
		}
		return nil
	}()
	lost, closeErr := w.out.EndWorks()
	if len(lost) > 0 {
		w.saved = min(w.saved, w.firstLost(lost))
	}
	if err == nil {
		err = closeErr
	}
	if err == nil && cutAt >= 0 {
		return w.cutAt(cutAt)
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

// writeWork writes one work's file, with its warnings and decisions, and
// its counts file, and lets its documents go.
func (w *writer) writeWork(pw *preparedWork, linked works.Linked) error {
	id := pw.link.ID()
	k := id.Key()
	files, err := w.prepared.get(pw.files)
	if err != nil {
		return fmt.Errorf("read back the documents of %s: %w", k, err)
	}
	for _, msg := range pw.sameName {
		w.writeWarnings = append(w.writeWarnings, record.Warning{Identity: k, Message: msg})
	}
	doc, err := withDecisions(files.Work, linked.Decisions[k], pw.link.Overrides())
	if err != nil {
		return fmt.Errorf("decisions of %s: %w", k, err)
	}
	changed, err := w.out.WriteWork(id, doc, files.Counts, pw.repairs)
	if err != nil {
		return err
	}
	switch {
	case !pw.existed:
		w.added = append(w.added, k)
	case changed:
		w.changed = append(w.changed, k)
	}
	return nil
}

// cutAt ends a write the settle budget stopped after the first written
// works: the files of works this run added are removed again (no index
// or ORCID list names them yet, so kept they would be strays; a first run
// is left with nothing; the folder's writer no longer tells them
// written), and the story says how far the writing got.
func (w *writer) cutAt(written int) error {
	rewritten, withdrawn := 0, map[string]bool{}
	for _, pw := range w.works[:written] {
		if pw.existed {
			rewritten++
			continue
		}
		id := pw.link.ID()
		if _, err := w.out.Withdraw(id); err != nil {
			return err
		}
		withdrawn[id.Key()] = true
	}
	if rewritten == 0 {
		w.out.RemoveEmptyWorkFolders()
	}
	w.added = slices.DeleteFunc(w.added, func(k string) bool { return withdrawn[k] })
	w.cut = &report.WriteCut{Works: len(w.works), Written: rewritten, Withdrawn: len(withdrawn)}
	return nil
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

// prune has the folder remove the files of works that left the manifest,
// only when the run knows the full list of works: not when interrupted,
// nor when an ORCID record could not be read (its works are unknown).
func (w *writer) prune(interrupted bool) error {
	switch {
	case interrupted:
		w.notPruned = report.PruneInterrupted
	case len(w.plan.unread) > 0:
		w.notPruned = report.PruneRecordUnread
	default:
		r, err := w.out.Prune()
		w.removals = r
		for _, k := range r.CountsGone { // a work that lost its counts file changed
			if !slices.Contains(w.added, k) && !slices.Contains(w.changed, k) {
				w.changed = append(w.changed, k)
			}
		}
		if err != nil {
			return err
		}
		w.pruned = true
	}
	return nil
}

// repairs is what becomes of a work's damaged files: when no service
// answered about the work (rewritten false) they are left as they are,
// named now; otherwise it returns, per file, the warning to give once the
// file is rewritten, with the providers whose previous values are lost,
// their jobs short.
func (w *writer) repairs(k string, damaged snapshots.Damaged, outcomes []*reply, rewritten bool) snapshots.Damaged {
	if !rewritten {
		w.warnings = append(w.warnings, w.out.LeaveDamaged(k, damaged)...)
		return snapshots.Damaged{}
	}
	var lost []string
	for _, o := range outcomes {
		if o.Status == record.Failed || o.Status == record.Skipped {
			lost = append(lost, o.Provider)
		}
	}
	return snapshots.Repairs(k, damaged, lost)
}

// encodePrepared is the first pass's encoding of a work's files: done while
// the run still fetches, so the tail encodes only the works a link or an
// override touches.
func encodePrepared(k string, doc snapshots.Work, counts map[string]record.Counts) (preparedFiles, error) {
	var files preparedFiles
	var err error
	if files.Work, err = snapshots.Encode(doc); err != nil {
		return files, fmt.Errorf("encode %s: %w", k, err)
	}
	if len(counts) > 0 {
		if files.Counts, err = snapshots.Encode(works.CountsDoc(k, counts)); err != nil {
			return files, fmt.Errorf("encode the counts of %s: %w", k, err)
		}
	}
	return files, nil
}

// withDecisions is a work file's final bytes: the prepared ones when no
// decision touches the work (most works), else the document decoded,
// given its decisions and encoded again.
func withDecisions(prepared []byte, dec *snapshots.Decisions, overrides []string) ([]byte, error) {
	if (dec == nil || dec.IsZero()) && len(overrides) == 0 {
		return prepared, nil
	}
	var doc snapshots.Work
	if err := json.Unmarshal(prepared, &doc); err != nil {
		return nil, err
	}
	if err := works.WithDecisions(&doc, dec, overrides); err != nil {
		return nil, err
	}
	return snapshots.Encode(doc)
}

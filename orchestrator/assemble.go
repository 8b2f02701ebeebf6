package orchestrator

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/service"
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
	core     *works.Run          // the works core, which builds the documents
	out      *snapshots.Writer   // the folder, which keeps its own tally of what it did
	works    []preparedWork      // the first pass's, in plan order; nil once every one is written (see forgetWorks)
	prepared heldDocuments       // their documents, until the second pass
	saved    int                 // works[:saved] are written (or found unchanged) by the second pass
	written  []manifest.Identity // once every work is written: each work's identity, in plan order
	pruned   bool                // the second pass pruned what left the manifest
}

// writePolicy is what the run chose before any answer: where the files
// go and which providers' data they hold.
type writePolicy struct {
	d        snapshots.Dir
	m        *manifest.Manifest
	specs    []service.Spec       // the providers this run asks
	registry []service.Spec       // the providers chosen from, in the index's order
	leftOut  []string             // providers the manifest chooses that this run did not ask: their previous values stand
	tail     func() (done func()) // Options.WriteTail
}

// reportFacts is what the passes saw that the run's story tells; the run
// hands them to the report once it ends (facts.go).
type reportFacts struct {
	warnings         []record.Warning    // the first pass's, for the report
	authorless       map[string][]string // ORCID record origin → its works no service gave authors for
	typedNotKept     map[string][]string // work key → the fields its [[work]] types that a service's value replaced
	worksKeptLeftOut int                 // works in which a left-out provider's previous values stand
	keptBy           map[string]bool     // providers not asked whose previous values stand in some work
	worksKeptWhole   []string            // works no provider of this run was asked about: their previous file stands
	dropped          map[string]int      // provider no longer chosen → works whose data of it went
	kept             []string            // works that kept previous values because a provider could not answer
	unwritten        []string            // works no service answered about and with no file yet: not written

	// The second pass's.
	linkNotes      []string                  // what deciding the links suggests
	links          int                       // links among the works, in links.json
	notOnRecord    []works.MissingFromRecord // what dblp or INSPIRE lists that the same person's ORCID record lacks (discovery)
	writeWarnings  []record.Warning          // the link pass's, then each work's same-name warnings as it is written
	added, changed []string                  // works whose file is new; whose work or counts file changed
	cut            *report.WriteCut          // how far an interrupted write went; nil when none cut it
	notPruned      report.WhyNotPruned       // why the prune was not done, when it was not
	removals       snapshots.Removals        // what the prune removed
}

// preparedWork is one work between the passes.
type preparedWork struct {
	files          scratchSpan       // its documents, JSON, deflated: the work (without its decisions), then its counts
	link           works.Linkable    // only what the link pass reads
	sameName       []string          // the same-name check's warnings, for the report
	existed        bool              // the work's file was there before this run
	keepIfFollowed bool              // a published version the second round followed joins the works
	repairs        snapshots.Damaged // its damaged files, each with the warning to give once rewritten
}

// WriteSnapshotFunc writes one snapshot file as snapshots.Write does:
// canonically, atomically, and not at all when its bytes are unchanged;
// it reports whether the file changed.
type WriteSnapshotFunc = snapshots.WriteFunc

// newWriter starts the writer of a run's folder dir; writeFile nil means
// snapshots.Rewrite (Options.WriteSnapshot).
func newWriter(dir string, m *manifest.Manifest, specs []service.Spec, plan *workPlan, writeFile WriteSnapshotFunc) *writer {
	d := snapshots.Dir{Root: dir}
	return &writer{plan: plan, core: plan.core, out: snapshots.NewWriter(d, m.Identities, writeFile), writePolicy: writePolicy{d: d, m: m, specs: specs}}
}

// prepare is the first pass for one work: it reads the work's previous
// files, hands the core (works.Run.Add) what the run learned of it, keeps
// the documents the core gives back and tells the story what it did.
func (w *writer) prepare(id manifest.Identity, outcomes []*reply) error {
	k := id.Key()
	in := works.Fetched{ID: id, Origins: w.plan.origins[k]}
	existed, damaged := w.out.ReadPreviousWork(id, &in.Previous.Work, &in.Previous.Counts)
	in.Existed, in.Damaged = existed, len(damaged) > 0
	if err := w.orcidEntry(&in, k); err != nil {
		return err
	}
	var err error
	if in.Answers, err = answersOf(outcomes); err != nil {
		return err
	}
	p := w.core.Add(in)
	w.tell(k, p)
	if p.Unwritten {
		w.unwritten = append(w.unwritten, k)
		return nil
	}
	repairs := w.repairs(k, damaged, outcomes, p.Rewrites)
	if !p.Write {
		return nil
	}
	w.warnings = append(w.warnings, p.Warnings...)
	if len(p.TypedNotKept) > 0 {
		if w.typedNotKept == nil {
			w.typedNotKept = map[string][]string{}
		}
		w.typedNotKept[k] = p.TypedNotKept
	}
	for _, o := range p.AuthorlessIn {
		if w.authorless == nil {
			w.authorless = map[string][]string{}
		}
		w.authorless[o] = append(w.authorless[o], k)
	}
	files, err := encodePrepared(k, p.Work, p.Counts)
	if err != nil {
		return err
	}
	at, err := w.prepared.put(files)
	if err != nil {
		return fmt.Errorf("keep the documents of %s: %w", k, err)
	}
	w.works = append(w.works, preparedWork{files: at, link: p.Link, sameName: p.SameName, existed: existed, keepIfFollowed: p.KeepIfFollowed, repairs: repairs})
	return nil
}

// tell notes for the story what the core kept and dropped of work k's
// previous values.
func (w *writer) tell(k string, p works.Prepared) {
	if p.Stale {
		w.kept = append(w.kept, k)
	}
	for _, kept := range [][]string{p.KeptLeftOut, p.KeptWhole} {
		for _, provider := range kept {
			if w.keptBy == nil {
				w.keptBy = map[string]bool{} // the index keeps their attribution and terms
			}
			w.keptBy[provider] = true
		}
	}
	if len(p.KeptLeftOut) > 0 {
		w.worksKeptLeftOut++
	}
	if len(p.KeptWhole) > 0 {
		w.worksKeptWhole = append(w.worksKeptWhole, k)
	}
	for _, provider := range p.Dropped {
		if w.dropped == nil {
			w.dropped = map[string]int{}
		}
		w.dropped[provider]++
	}
}

// orcidEntry gives the core the ORCID record's own entry for work k, and
// lets the plan's copy go (each work is prepared once); when the record
// could not be read, the previous snapshot's entry is kept.
func (w *writer) orcidEntry(in *works.Fetched, k string) error {
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
		in.Entry = &works.Answer{Provider: s.provider, Status: record.Found, Record: rec}
	}
	in.KeepEntries = keptEntries(w.plan, w.plan.origins[k])
	in.ListedCounts = w.plan.counts[k]
	delete(w.plan.counts, k)
	return nil
}

// keptEntries is the providers whose previous entry of a work stands:
// those of its origins (an ORCID record, a dblp or INSPIRE listing) that
// could not be read or hold its removal back. A person's kind is the
// name of the provider that lists it ("inspire:E.Witten.1": inspire).
func keptEntries(p *workPlan, origins []string) []string {
	var out []string
	for _, o := range origins {
		if !anyUnread(p, []string{o}) && !anyHeld(p, []string{o}) {
			continue
		}
		if id, err := manifest.ParseKey(o); err == nil && !slices.Contains(out, string(id.Kind)) {
			out = append(out, string(id.Kind))
		}
	}
	return out
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
	w.forgetWorks()
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
	linked := w.core.Link(linkWorks)
	if w.m.Discover {
		w.notOnRecord = w.core.NotOnRecord(linkWorks, linked)
	}
	w.writeWarnings = append(w.writeWarnings, linked.Warnings...)
	w.writeWarnings = append(w.writeWarnings, w.core.ListingsOfOthers()...)
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

// forgetWorks lets every work's link form go once all are written, keeping
// only their identities (savedWorks): the index and links.json are yet to
// be encoded, the run's largest transient, and at 50,000 works the link
// forms were a fifth of what the run held then.
func (w *writer) forgetWorks() {
	w.written = make([]manifest.Identity, len(w.works))
	for i := range w.works {
		w.written[i] = w.works[i].link.ID()
	}
	w.works = nil
}

// savedWorks is the identities of the works the second pass wrote (or
// found unchanged), in plan order.
func (w *writer) savedWorks() []manifest.Identity {
	if w.works == nil {
		return w.written
	}
	ids := make([]manifest.Identity, w.saved)
	for i := range ids {
		ids[i] = w.works[i].link.ID()
	}
	return ids
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
	doc, err := linked.File(files.Work, &pw.link)
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
	entry := func(s service.Spec) snapshots.IndexProvider {
		return snapshots.IndexProvider{Name: s.Name, Attribution: s.Attribution, Terms: s.Terms}
	}
	for _, s := range w.registry {
		asked := slices.ContainsFunc(w.specs, func(t service.Spec) bool { return t.Name == s.Name })
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

// firstUnread is the first person listing in manifest order that could
// not be read, for the story to name its kind.
func (w *writer) firstUnread() string {
	for _, e := range w.m.Identities {
		if w.plan.unread[e.Key()] {
			return e.Key()
		}
	}
	return ""
}

// prune has the folder remove the files of works that left the manifest,
// only when the run knows the full list of works: not when interrupted,
// nor when an ORCID record (a dblp or INSPIRE listing) could not be read
// (its works are unknown).
func (w *writer) prune(interrupted bool) error {
	switch {
	case interrupted:
		w.notPruned = report.PruneInterrupted
	case len(w.plan.unread) > 0:
		w.notPruned = report.PruneUnread(w.firstUnread())
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
func encodePrepared(k string, doc snapshots.Work, counts *snapshots.Counts) (preparedFiles, error) {
	var files preparedFiles
	var err error
	if files.Work, err = snapshots.Encode(doc); err != nil {
		return files, fmt.Errorf("encode %s: %w", k, err)
	}
	if counts != nil {
		if files.Counts, err = snapshots.Encode(*counts); err != nil {
			return files, fmt.Errorf("encode the counts of %s: %w", k, err)
		}
	}
	return files, nil
}

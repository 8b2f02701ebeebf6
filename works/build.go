package works

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// Run is the core's side of one fetch, the one way in for a run. The
// orchestrator asks the services and hands Run what it learned as it
// learns it; Run gives back documents. In the order a fetch goes:
//
//  1. HeldRemovals, as an ORCID record's listing arrives: the works it
//     dropped that wait for the user; Record, as its whole answer
//     arrives: its expansion file, and whose record it is.
//  2. Add, for each work as its jobs finish, in plan order: its sources
//     (this run's answers, the record's own entry, the previous file's
//     values where the run learned nothing), whether it is written, its
//     document (merged by precedence, the manifest's overrides applied),
//     the previous conflicts of the providers not read, and the
//     same-name check. The caller keeps the documents (out of memory, at
//     50,000 works) and the Linkable, a few keys a work.
//  3. FollowUps: the published versions the preprints lead to, which
//     the run's second round fetches and hands to Add.
//  4. Link, once every work is in: the links among works (links.json)
//     and each work's decisions; Linked.File gives each work file with
//     its decisions.
//
// Run is not safe for concurrent use: a run hands it works one at a time.
type Run struct {
	s         Settings
	m         *manifest.Manifest
	overrides map[string][]manifest.Override // work key → the manifest's [[override]]s of it
	owners    map[string]Researcher          // ORCID key → whose record it is, for the same-name check
	sameAs    map[string]string              // dblp or INSPIRE listing key → the ORCID key its page names, when read this run
	nameless  map[string]bool                // ORCID keys whose record's name could not be read this run
	typed     map[string]record.Record       // work key → its [[work]]'s own fields (TypedSource)
}

// Settings is what a run chose before any answer.
type Settings struct {
	Precedence  Precedence
	Attribution map[string]string // provider → the attribution its sources carry
	Asked       []string          // the providers this run asks
	LeftOut     []string          // providers the manifest chooses that this run does not ask: their previous values stand
}

// NewRun starts the core of a run of m.
func NewRun(m *manifest.Manifest, s Settings) *Run {
	r := &Run{s: s, m: m, overrides: map[string][]manifest.Override{}, owners: map[string]Researcher{}, sameAs: map[string]string{}, nameless: map[string]bool{},
		typed: TypedRecords(m)}
	for _, o := range m.Overrides {
		r.overrides[o.ID.Key()] = append(r.overrides[o.ID.Key()], o)
	}
	return r
}

// HeldRemovals is the works of an ORCID record's previous expansion file
// (prev, nil when none) its listing this run no longer names, when losing
// them at once looks like a fault of the answer (see HeldRemovals).
func (r *Run) HeldRemovals(prev *snapshots.Expansion, listed []string) []string {
	return HeldRemovals(prev, listed)
}

// Record is the expansion file of the ORCID record e: what this run read
// of it (now), keeping the previous file's values (prev) where the run
// learned nothing and listing the works held back from removal (held,
// from HeldRemovals). It remembers whose record it is for the same-name
// check of its works.
func (r *Run) Record(e manifest.Entry, prev *snapshots.Expansion, now ORCIDRead, held []string) snapshots.Expansion {
	exp := Expansion(prev, now)
	if len(held) > 0 && now.Read && prev != nil {
		exp = KeepHeld(exp, *prev, held)
	}
	if !now.Read || now.NameUnread {
		r.nameless[e.Key()] = true
	}
	if e.Kind == manifest.KindORCID { // the same-name check is an ORCID record's: dblp's pages are its curators'
		r.owners[e.Key()] = NewResearcher(e.Value, e.Name, now.Person)
	} else if now.Read && now.Person != nil && now.Person.ORCID != "" {
		// a listing that names its person's iD (dblp's verified link)
		r.sameAs[e.Key()] = manifest.Identity{Kind: manifest.KindORCID, Value: now.Person.ORCID}.Key()
	}
	return exp
}

// NameCheck is whether author, listed beside the iD of the ORCID record
// orcid (its key), has one of the record owner's names: NameAgrees,
// NameDiffers or NameUnchecked (see Researcher.NameCheck).
func (r *Run) NameCheck(orcid string, author record.Author) string {
	return r.owners[orcid].NameCheck(author)
}

// Fetched is what a run learned of one work, handed to Add once its jobs
// are done.
type Fetched struct {
	ID       manifest.Identity
	Origins  []string // where it came from ("manifest", "orcid:<iD>")
	Previous Previous // its files as the last run wrote them; zero when none
	Existed  bool     // its work file was there before this run
	Damaged  bool     // some file of it is damaged
	// Entry is its ORCID record's own entry (Status Found), or the dblp
	// or INSPIRE listing's with the listing's counts, nil when none was
	// read; KeepEntries are the providers (orcid, dblp, inspire) of the
	// records or listings that could not be read (or hold the work's
	// removal back), whose previous entries and counts stand.
	Entry       *Answer
	KeepEntries []string
	// ListedCounts are the counts listings gave of it, by provider
	// (INSPIRE's citation counts come with its listing, not per work).
	ListedCounts map[string]record.Counts
	Answers      []Answer // this run's, a job each; none when no provider of the run was asked about it
}

// Prepared is one work as Add gives it back.
type Prepared struct {
	// Unwritten: nothing is known of the work and it has no file; an
	// empty record would render as "Untitled" and look complete.
	Unwritten bool
	// Rewrites: some source of it stands, so its damaged files are
	// rewritten; Write: it has documents (Work, Counts) to write, which
	// a work with damaged files and nothing in their place has not.
	Rewrites bool
	Write    bool
	Work     snapshots.Work    // its work file, without the link pass's decisions (Linked.File adds them)
	Counts   *snapshots.Counts // its counts file; nil when it has no counters
	Link     Linkable          // what the link pass reads of it
	// KeepIfFollowed: a published version the second round followed
	// joins the works only when some service found it or it has a file.
	KeepIfFollowed bool
	SameName       []string         // the same-name check's findings, which its file carries too
	Warnings       []record.Warning // what the run should say of it ("not found anywhere")
	// What the run's story tells of it.
	Stale        bool     // some answer came back short: a previous value stands in for it
	KeptLeftOut  []string // left-out providers whose previous values stand
	KeptWhole    []string // providers whose previous values stand because no provider of the run was asked about it
	Dropped      []string // providers the run no longer chooses whose previous source is gone
	AuthorlessIn []string // ORCID records it is listed by that no service gave authors for it
	// TypedNotKept are the fields whose value the [[work]] types and a
	// service's value replaced (TypedSource among a conflict's values not
	// kept), so the run can say so: what the user typed is never replaced
	// unseen.
	TypedNotKept []string
}

// Add is one work through the core: sources, whether it is written, its
// document, and what the link pass and the story need of it.
func (r *Run) Add(in Fetched) Prepared {
	k := in.ID.Key()
	src := NewSources(r.s.Attribution, in.Previous)
	if in.Entry != nil {
		src.Found(in.Entry.Provider, in.Entry.Record)
	}
	for _, provider := range in.KeepEntries {
		if _, read := src.BySource[provider]; !read { // this run's entry of the provider stands
			src.KeepUnread(provider)
		}
	}
	for provider, c := range in.ListedCounts {
		src.Counts[provider] = c
	}
	src.Add(in.Answers)
	// The manifest is read every run: what it types is this run's word,
	// and a [[work]] whose fields are gone has no typed source left.
	if own, ok := r.typed[k]; ok {
		src.Found(TypedSource, &own)
	}
	p := Prepared{Stale: src.Stale, KeptLeftOut: src.KeepUnanswered(r.s.LeftOut)}
	if len(in.Answers) == 0 { // asked of no provider of this run: its file stands as it was
		p.KeptWhole = src.KeepUnanswered(slices.DeleteFunc(src.PreviousProviders(), func(p string) bool { return p == TypedSource }))
	}
	p.Dropped = r.dropped(src, in.Previous.Work)

	sourced := len(src.BySource) > 0
	if !sourced && !in.Existed {
		p.Unwritten = true // the next run that reaches the services writes it
		return p
	}
	p.Rewrites = sourced
	if in.Damaged && !sourced {
		return p // nothing to write in its place
	}
	p.Write = true
	if nowhere := src.NotFoundAnywhere(in.ID, in.Answers); nowhere != "" {
		p.Warnings = append(p.Warnings, record.Warning{Identity: k, Message: nowhere})
	}

	doc, lw := r.s.Precedence.Document(in.ID, in.Origins, src.BySource, r.overrides[k])
	r.s.Precedence.KeepConflicts(&doc, in.Previous.Work, src.Unread)
	p.AuthorlessIn = authorlessIn(doc.Origins, lw, in.Answers)
	p.TypedNotKept = typedNotKept(doc.Conflicts)
	// The same-name check reads the authors, which need not wait for the
	// link pass.
	p.SameName = Strangers(doc.Origins, r.owners, r.nameless, lw.People(), in.Previous.Work.Warnings)
	doc.Warnings = append(doc.Warnings, p.SameName...)
	sort.Strings(doc.Warnings)
	p.Work = doc
	if len(src.Counts) > 0 {
		counts := CountsDoc(k, src.Counts)
		p.Counts = &counts
	}
	p.Link, p.KeepIfFollowed = lw.ForLinking(), KeepFollowed(lw.Found(), in.Existed)
	return p
}

// dropped is the providers of the previous file's sources that the run
// does not choose at all (the manifest no longer lists them) whose
// source is gone from the new file, so the story can say why it changed.
func (r *Run) dropped(src *Sources, prev snapshots.Work) []string {
	var out []string
	for _, s := range prev.Sources {
		if _, have := src.BySource[s.Provider]; have {
			continue
		}
		if slices.Contains(r.s.Asked, s.Provider) {
			continue // asked, and did not apply to the work this time
		}
		out = append(out, s.Provider)
	}
	return out
}

// authorlessIn is the ORCID records (origins) of a work some service has
// a record of but none gave authors for: rendered, it has no author line
// on the researcher's own page (ORCID's work summaries carry no
// contributors), which the run says once per record. A work some service
// did not answer about (failed, skipped) is not one: that service may
// have the authors.
func authorlessIn(origins []string, lw Work, answers []Answer) []string {
	if !lw.Found() || len(lw.Creators()) > 0 {
		return nil
	}
	if slices.ContainsFunc(answers, func(a Answer) bool { return a.Status == record.Failed || a.Status == record.Skipped }) {
		return nil
	}
	var out []string
	for _, o := range origins {
		if strings.HasPrefix(o, "orcid:") {
			out = append(out, o)
		}
	}
	return out
}

// FollowUp is a published version the run does not have, and the
// preprint among its works that leads to it.
type FollowUp struct {
	Preprint string
	ID       manifest.Identity
}

// FollowUps lists the published versions (preprint-of, one hop: only
// the works given lead anywhere) that are not among works, in a fixed
// order: the preprints' order, then the published version's key. A
// [[link]] kind = "distinct" on the pair keeps it out; an [[exclude]] is
// the caller's to apply as it plans the work.
func (r *Run) FollowUps(works []*Linkable) []FollowUp {
	decided := Decide(works, r.m)
	var out []FollowUp
	seen := map[string]bool{}
	for _, lw := range works {
		k := lw.ID().Key()
		d := decided.Decisions[k]
		if d == nil {
			continue
		}
		for _, l := range d.Outside {
			if l.Kind != manifest.LinkPreprintOf || l.From != k || seen[l.To] || KeptApart(r.m, l.From, l.To) {
				continue
			}
			id, err := manifest.ParseKey(l.To)
			if err != nil || id.Kind == manifest.KindORCID {
				continue
			}
			seen[l.To] = true
			out = append(out, FollowUp{Preprint: k, ID: id})
		}
	}
	return out
}

// Link decides which of works (every work of the run, in plan order) are
// one entry, from what Add kept of each and the manifest's [[link]]s.
func (r *Run) Link(works []*Linkable) Linked { return decide(works, r.m, r.sameAs) }

// File is a work file's final bytes, from prepared (its document as Add
// gave it, encoded canonically): prepared itself when no decision
// touches the work (most works), else the document decoded, given its
// decisions and encoded again.
func (l Linked) File(prepared []byte, w *Linkable) ([]byte, error) {
	dec := l.Decisions[w.ID().Key()]
	if (dec == nil || dec.IsZero()) && len(w.Overrides()) == 0 {
		return prepared, nil
	}
	var doc snapshots.Work
	if err := json.Unmarshal(prepared, &doc); err != nil {
		return nil, err
	}
	if err := WithDecisions(&doc, dec, w.Overrides()); err != nil {
		return nil, err
	}
	return snapshots.Encode(doc)
}

// Recheck is the core's side of check --offline, the one way in for
// check: it does again, with no network, what a run did with a
// committed folder's files, and says where they differ from what a
// fetch would write now. In the order a check goes:
//
//  1. File, for each work file as it is read (from any goroutine): the
//     merged fields (record, provenance, conflicts) its sources and the
//     manifest's overrides do not give (Add's merge), and what the link
//     pass reads of it.
//  2. Links, once every listed work's file is read, in index order (the
//     order the run decided them in): where links.json and each work's
//     recorded decisions are not what Link gives now.
//  3. Manifest: the manifest's selections render would refuse and the
//     [[work]]s that name no work of the folder.
type Recheck struct {
	order     Precedence
	m         *manifest.Manifest
	overrides map[string][]manifest.Override // work key → the manifest's [[override]]s of it
	typed     map[string]record.Record       // work key → its [[work]]'s own fields (TypedSource)
}

// NewRecheck starts the core of a check of a folder against m, with the
// registry's merge order.
func NewRecheck(m *manifest.Manifest, order Precedence) *Recheck {
	r := &Recheck{order: order, m: m, overrides: map[string][]manifest.Override{}, typed: TypedRecords(m)}
	for _, o := range m.Overrides {
		r.overrides[o.ID.Key()] = append(r.overrides[o.ID.Key()], o)
	}
	return r
}

// Remerged is what Recheck keeps of one work file: a few facts, not the
// file.
type Remerged struct {
	// Differences names each merged field the file's sources and
	// overrides do not give (Precedence.Differences), in words.
	Differences []string
	// Read: the link pass can read the file (its id is an identity key).
	Read      bool
	link      Linkable
	decisions snapshots.Work // its id and recorded decisions only
}

// ID is the file's "id".
func (w *Remerged) ID() string { return w.decisions.ID }

// File re-merges the file of work id as it is read. It is safe for
// concurrent use.
func (r *Recheck) File(id manifest.Identity, file snapshots.Work) Remerged {
	w := Remerged{Differences: r.order.Differences(id, file, r.overrides[file.ID]),
		decisions: snapshots.Work{ID: file.ID, Decisions: file.Decisions}}
	if pending := typedPending(file, r.typed); pending != "" {
		w.Differences = append(w.Differences, pending)
	}
	var err error
	if w.link, err = Written(file); err == nil {
		w.Read = true
	}
	return w
}

// Links decides the links among files (every listed work's, in index
// order) again and compares them with the committed links.json (have)
// and each file's recorded decisions (see LinkDifferences). With any
// file not read, none: the links would differ for that reason alone.
func (r *Recheck) Links(have snapshots.Links, files []*Remerged) []LinkProblem {
	decisions := make([]snapshots.Work, len(files))
	linkWorks := make([]*Linkable, len(files))
	for i, f := range files {
		if !f.Read {
			return nil
		}
		decisions[i], linkWorks[i] = f.decisions, &f.link
	}
	return LinkDifferences(have, decisions, Decide(linkWorks, r.m), r.m)
}

// Manifest holds the manifest to the folder's works (listed, index.json's
// keys): the selected works render would refuse (UnlistedSelected), and
// the [[work]]s that name no listed work or mark authors past its author
// list (authors, see StaleWorks).
func (r *Recheck) Manifest(listed []string, authors map[string]int) (refused, stale []*manifest.Error) {
	return UnlistedSelected(r.m, listed), StaleWorks(r.m, authors)
}

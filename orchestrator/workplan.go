package orchestrator

import (
	"cmp"
	"encoding/json"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// workPlan is the list of works a run covers and what expansion said of
// each before any provider is asked.
type workPlan struct {
	order     []manifest.Identity
	origins   map[string][]string // work key → origins
	summaries map[string]summary  // work key → the ORCID record's own entry (first seen), until the work is prepared
	// counts are the counters listings gave of a work (INSPIRE's search
	// answers each hit's citation counts): work key → provider → counts,
	// the first listing of each provider, until the work is prepared. Any
	// listing's, not only the entry's: a work ORCID lists first keeps
	// INSPIRE's counts too.
	counts   map[string]map[string]record.Counts
	held     scratchFile                    // where the summaries wait, out of memory (see summary)
	expanded map[string]snapshots.Expansion // ORCID key → expansion to write
	unread   map[string]bool                // ORCID keys whose record could not be read this run
	// listedAs is each dblp or INSPIRE listing's own id of the works it
	// listed this run (dblp's record key, INSPIRE's recid): listing key +
	// "\n" + work key → id, the evidence of discovery's not_on_record.
	listedAs map[string]string
	// personLinks is the addresses each ORCID record read this run links
	// other profiles by (record.Owner.Links), by ORCID key.
	personLinks map[string][]string
	core        *works.Run         // the works core, told each record as it is read
	excluded    []manifest.Exclude // the [[exclude]]s that left a work out, for the report
	warnings    []record.Warning

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
func newWorkPlan(m *manifest.Manifest, core *works.Run) *workPlan {
	p := &workPlan{
		origins:     map[string][]string{},
		summaries:   map[string]summary{},
		counts:      map[string]map[string]record.Counts{},
		expanded:    map[string]snapshots.Expansion{},
		unread:      map[string]bool{},
		listedAs:    map[string]string{},
		personLinks: map[string][]string{},
		core:        core,
		m:           m,
		excludes:    map[string]manifest.Exclude{},
		matched:     map[string]bool{},
		heldBack:    map[string]report.HeldRemoval{},
		prevExp:     map[string]*snapshots.Expansion{},
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

// expand adds the works an ORCID record's expansion listed, and has the
// core make its expansion file (works.Run.Record). A record that could not
// be read contributes the works its last snapshot listed (the core keeps
// that file); when its listing was planned (listed:
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
		p.addDiscovered(&now, e.Key(), o)
	}
	p.notePersonLinks(e, now.Person)
	prev := p.previous(e, d)
	delete(p.prevExp, e.Key()) // read once more by nothing after this
	exp := p.core.Record(e, prev, now, p.heldBack[e.Key()].Works)
	if !now.Read {
		delete(p.heldBack, e.Key()) // unread says it: nothing is pruned at all
		p.unread[e.Key()] = true
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
}

// list plans the works an ORCID record's listing names, at the record's
// place; a record no provider could list contributes the works its last
// snapshot listed, as a failed expansion does (workPlan.expand).
func (p *workPlan) list(e manifest.Entry, listed []reply, d snapshots.Dir) {
	read := false
	var keys []string
	for _, o := range listed {
		if o.Status != record.Found {
			continue
		}
		read = true
		for _, id := range o.listed {
			p.add(id, e.Key())
			keys = append(keys, id.Key())
		}
		for _, w := range o.result.Discovered {
			p.add(w.ID, e.Key())
			keys = append(keys, w.ID.Key())
		}
	}
	if !read {
		p.expand(e, listed, d, false)
		return
	}
	p.holdRemovals(e, keys, d)
}

// holdRemovals keeps the works a record's listing dropped when losing
// them at once looks like a fault of the answer rather than the owner's
// edit (works.Run.HeldRemovals), unless the user accepts removals: they are
// planned at the record's place as its works, keep the ORCID entries
// their files have (writer.orcidEntry), and its file still lists them
// (workPlan.expand), so their files are neither pruned nor emptied and
// the next run asks again. Only this record's removals wait; the run
// says which record lost how many works and exits 1.
func (p *workPlan) holdRemovals(e manifest.Entry, listed []string, d snapshots.Dir) {
	if p.acceptRemovals {
		return
	}
	prev := p.previous(e, d) // nil: no file, or one about never wrote; no works to lose
	held := p.core.HeldRemovals(prev, listed)
	if len(held) == 0 {
		return
	}
	lists := len(slices.Compact(slices.Sorted(slices.Values(listed)))) // a work two providers listed is one
	p.heldBack[e.Key()] = report.HeldRemoval{Record: e.Key(), Had: len(prev.Works), Lists: lists, Works: held}
	for _, k := range held {
		if id, err := manifest.ParseKey(k); err == nil {
			p.add(id, e.Key())
		}
	}
}

// heldRemovals is the records whose dropped works were held, in manifest
// order, for the report.
func (p *workPlan) heldRemovals() []report.HeldRemoval {
	var out []report.HeldRemoval
	for _, e := range p.m.Identities {
		if h, ok := p.heldBack[e.Key()]; ok && !slices.ContainsFunc(out, func(o report.HeldRemoval) bool { return o.Record == h.Record }) {
			out = append(out, h)
		}
	}
	return out
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
func (p *workPlan) addDiscovered(now *works.ORCIDRead, origin string, o reply) {
	exp := &now.Listed
	// What exp lists already, as sets: searching the list for each work
	// was a record's works squared (10,000 works: 50 million comparisons).
	listed, entered := setOf(exp.Works), entriesOf(exp.Entries)
	for _, w := range o.result.Discovered {
		k := w.ID.Key()
		p.add(w.ID, origin)
		p.noteListedAs(origin, k, w.Source)
		if !listed[k] {
			listed[k] = true
			exp.Works = append(exp.Works, k)
		}
		if g := w.Group; g != nil {
			exp.Groups = append(exp.Groups, snapshots.ExpansionGroup{Work: k, PutCodes: g.PutCodes, Sources: g.Sources, Chosen: g.Chosen, Aliases: g.Aliases})
		}
		addEntry(exp, entered, k, w.Read)
		p.addCounts(k, o.Provider, w.Counts)
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
			now.NameUnread = true
			continue
		}
		exp.Warnings = append(exp.Warnings, w.Message)
	}
}

// addCounts keeps the counts provider's listing gave of work k, the
// first listing's when two of the same provider list it.
func (p *workPlan) addCounts(k, provider string, c record.Counts) {
	if c.IsZero() {
		return
	}
	if p.counts[k] == nil {
		p.counts[k] = map[string]record.Counts{}
	}
	if _, have := p.counts[k][provider]; !have {
		p.counts[k][provider] = c
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

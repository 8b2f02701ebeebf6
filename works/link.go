package works

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// Work is what the link pass knows of one work after the fetch.
type Work struct {
	id         manifest.Identity
	sources    []Named // each provider's own record, for evidence
	merged     record.Record
	provenance map[string]string
	overrides  []string // fields the manifest set, with where
	origins    []string // where the work came from ("manifest", "orcid:<iD>"), for title matching
}

// Creators is who the merged record says the work is by: its authors,
// or an edited book's editors (record.Record.Creators).
func (w Work) Creators() []record.Author { return w.merged.Creators() }

// People is everyone the merged record names for the work: its authors,
// then its editors. The same-name check reads them: an ORCID record's
// owner who edited a book that has authors of its own (a scholarly
// edition) is among its editors, not a stranger to it.
func (w Work) People() []record.Author {
	return append(slices.Clone(w.merged.Authors), w.merged.Editors...)
}

// Found reports whether some provider has a record of the work.
func (w Work) Found() bool { return len(w.sources) > 0 }

// Overrides is the fields the manifest set, with where ("title (manifest)").
func (w Work) Overrides() []string { return w.overrides }

// Linkable is what the link pass reads of a work: each source's
// relations, the merged identifiers (and which provider gave each), title,
// year, type, the authors' family names and iDs, the fields the manifest
// set, and the work's origins. A large run holds one of these per work
// until the link pass: as a Work (its merged record inline, each author
// whole, a provenance map) it was 1.7 KB for a work of eight authors; this is a third (TestLinkFormHoldsLittle).
type Linkable struct {
	id        manifest.Identity
	ids       []linkID // in manifest.WorkIDKinds order, only those it has
	title     string
	typ       string
	year      int
	families  string       // the authors' family names, in order, each ended by authorEnd
	orcids    string       // the authors' iDs, in order, each ended by authorEnd
	relations []linkSource // sources that give relations, by provider
	overrides []string     // fields the manifest set, with where
	origins   []string     // where the work came from, for title matching
}

// linkID is one merged identifier the link pass matches works on (of a
// kind a work may be known by) and the provider that gave it. A work
// holds only those it has: most have one or two of the four.
type linkID struct {
	id   manifest.Identity
	from string
}

// authorEnd ends each name of Linkable's families and orcids: a work's
// authors kept as two strings, not a string pair each, are a fifth of
// the memory (one allocation, not one a name), and a large run holds
// them for every work until the link pass. NUL is in no name.
const authorEnd = "\x00"

// linkNames is the names of list, each ended by authorEnd, or "" for
// none given.
func linkNames(list []record.Author, name func(record.Author) string) string {
	// Sized exactly: a link form lives until the link pass, and a
	// builder's doubling left up to half of each string unused (10.7 MB
	// of the 50,000-work run's peak heap, in-process benchmark).
	size := 0
	for _, a := range list {
		if n := name(a); n != "" {
			size += len(n) + len(authorEnd)
		}
	}
	var b strings.Builder
	b.Grow(size)
	for _, a := range list {
		if n := name(a); n != "" {
			b.WriteString(n)
			b.WriteString(authorEnd)
		}
	}
	return b.String()
}

// eachName calls f with each name of names (see linkNames).
func eachName(names string, f func(string)) {
	for names != "" {
		n, rest, _ := strings.Cut(names, authorEnd)
		f(n)
		names = rest
	}
}

// linkSource is one provider's relations.
type linkSource struct {
	Provider  string
	Relations []record.Relation
}

// ID is the work's identity.
func (w Linkable) ID() manifest.Identity { return w.id }

// DOI is the merged record's DOI, "" when it has none.
func (w Linkable) DOI() string {
	if len(w.ids) > 0 && w.ids[0].id.Kind == manifest.KindDOI {
		return w.ids[0].id.Value
	}
	return ""
}

// Overrides is the fields the manifest set, with where ("title (manifest)").
func (w Linkable) Overrides() []string { return w.overrides }

// ForLinking keeps only what the link pass reads (see Linkable).
func (w Work) ForLinking() Linkable {
	out := Linkable{id: w.id, overrides: w.overrides, origins: w.origins,
		title: w.merged.Title, typ: w.merged.Type, year: w.merged.Issued.Year}
	for k := range manifest.WorkIDKinds() {
		if v := *k.Field(&w.merged.IDs); v != "" {
			out.ids = append(out.ids, linkID{id: manifest.Identity{Kind: k.Kind, Value: v}, from: w.provenance["ids."+string(k.Kind)]})
		}
	}
	for _, src := range w.sources {
		if len(src.Record.Relations) > 0 {
			out.relations = append(out.relations, linkSource{Provider: src.Provider, Relations: src.Record.Relations})
		}
	}
	out.families = linkNames(w.merged.Creators(), func(a record.Author) string { return a.Family })
	out.orcids = linkNames(w.merged.Creators(), func(a record.Author) string { return a.ORCID })
	return out
}

// Linked is the link pass's decisions.
type Linked struct {
	Links     snapshots.Links                 // links.json
	Decisions map[string]*snapshots.Decisions // work key → its decisions
	Warnings  []record.Warning
	Notes     []string
}

// edge is one piece of evidence that two identities are one entry.
type edge struct {
	kind     string // manifest.LinkPreprintOf, LinkVersionOf or LinkSameAs
	from, to string // identity keys
	evidence string
	// directed: the evidence itself says which of two same-as works to
	// show (an identifier-less copy with a year over one without), so
	// settle keeps from → to even between identities of one rank.
	directed bool
}

// kindStrength orders link kinds when evidence for one pair disagrees:
// a preprint relation says more than a version relation, which says more
// than two identifiers of one work.
func kindStrength(kind string) int {
	switch kind {
	case manifest.LinkPreprintOf:
		return 3
	case manifest.LinkVersionOf:
		return 2
	}
	return 1
}

// Decide finds, from the registrars' relations, identifiers the
// services give, ORCID's grouping and known preprint prefixes, which works
// are one entry, and applies the manifest's [[link]]s on top. Every
// decision keeps its evidence. works is in output order, which breaks
// ties, so the result never depends on completion order.
//
// The steps, each a method of linker below, in the order they run:
//
//  1. collectEdges: every piece of evidence the data gives (relations,
//     shared identifiers, an ORCID work typed by hand beside its DOI
//     work: handtyped.go, identifier-less copies: copies.go, a version
//     series by its repository's DOI scheme: versions.go, a preprint and
//     its published version with no relation: preprintpair.go), as
//     edges between identity keys;
//  2. groupEdges: one group of edges per pair of works; edges to works
//     outside the snapshot are kept with the work they came from;
//  3. settleData: each pair's evidence becomes one link (settle);
//  4. applyManifest: the manifest's [[link]]s add or undo links;
//  5. recordLinks: the links in a fixed order, with each end's decisions;
//  6. recordShownAs: the entry each linked work is shown as;
//  7. recordOutside: links to works outside the snapshot, and a note for
//     a preprint whose published version is not among the works.
func Decide(works []*Linkable, m *manifest.Manifest) Linked { return decide(works, m, nil) }

// decide is Decide told which listings name their person's ORCID iD
// themselves (samePersonLists).
func decide(works []*Linkable, m *manifest.Manifest, sameAs map[string]string) Linked {
	l := newLinker(works, m)
	l.sameAs = sameAs
	l.groupEdges(l.collectEdges())
	l.settleData()
	l.applyManifest()
	l.recordLinks()
	l.recordShownAs()
	l.recordOutside()
	return l.res
}

// pair is two works, in key order, so either direction finds it.
type pair struct{ a, b string }

func pairOf(x, y string) pair {
	if x > y {
		x, y = y, x
	}
	return pair{x, y}
}

// linker is the link pass's working state, shared by its steps.
type linker struct {
	works   []*Linkable
	m       *manifest.Manifest
	sameAs  map[string]string // listing key → the ORCID key the listing says is its person's
	order   map[string]int    // work key → place in output order
	byMatch map[string]string // match key → work key

	grouped map[pair][]edge         // the data's evidence per pair of works
	pairs   []pair                  // pairs in first-seen order, which fixes the output order
	links   map[pair]snapshots.Link // the current link of each pair
	outside map[string][]edge       // work key → evidence about a work outside the snapshot

	res Linked
}

func newLinker(works []*Linkable, m *manifest.Manifest) *linker {
	l := &linker{works: works, m: m, order: map[string]int{}, byMatch: map[string]string{},
		grouped: map[pair][]edge{}, links: map[pair]snapshots.Link{}, outside: map[string][]edge{},
		res: Linked{Decisions: map[string]*snapshots.Decisions{}}}
	for i, w := range works {
		l.order[w.id.Key()] = i
		l.byMatch[matchKey(w.id)] = w.id.Key()
	}
	return l
}

// isWork reports whether k is one of the snapshot's works.
func (l *linker) isWork(k string) bool { _, ok := l.order[k]; return ok }

// decision is work k's decisions, made on first use.
func (l *linker) decision(k string) *snapshots.Decisions {
	if l.res.Decisions[k] == nil {
		l.res.Decisions[k] = &snapshots.Decisions{}
	}
	return l.res.Decisions[k]
}

// collectEdges is step 1: the evidence of every work, in work order.
func (l *linker) collectEdges() []edge {
	var edges []edge
	for _, w := range l.works {
		edges = append(edges, relationEdges(w)...)
		edges = append(edges, identifierEdges(w, l.byMatch)...)
	}
	edges = append(edges, l.titleEdges()...)
	edges = append(edges, l.versionEdges()...)
	return append(edges, l.preprintEdges(preprintsLinked(edges))...)
}

// groupEdges is step 2: evidence between two works is grouped by pair;
// evidence about a work outside the snapshot is kept with the work it
// came from; a work's evidence about itself says nothing.
func (l *linker) groupEdges(edges []edge) {
	for _, e := range edges {
		if e.from == e.to {
			continue
		}
		if !l.isWork(e.from) || !l.isWork(e.to) {
			home := e.from
			if !l.isWork(home) {
				home = e.to
			}
			l.outside[home] = append(l.outside[home], e)
			continue
		}
		p := pairOf(e.from, e.to)
		if _, seen := l.grouped[p]; !seen {
			l.pairs = append(l.pairs, p)
		}
		l.grouped[p] = append(l.grouped[p], e)
	}
}

// settleData is step 3: one link per pair the data connects.
func (l *linker) settleData() {
	for _, p := range l.pairs {
		l.links[p] = settle(l.grouped[p], l.order)
	}
}

// applyManifest is step 4: the manifest's [[link]]s, in manifest order.
func (l *linker) applyManifest() {
	if l.m == nil {
		return
	}
	for _, ml := range l.m.Links {
		l.applyManifestLink(ml)
	}
}

// applyManifestLink applies one [[link]]: "distinct" undoes the data's
// link of the pair; any other kind sets the pair's link, keeping the
// data's evidence. The evidence names the decision, not its file and
// line: snapshots must not change when the manifest gains a comment line
// or is renamed. Warnings, read at run time, say where it is.
func (l *linker) applyManifestLink(ml manifest.Link) {
	from, to := ml.From.Key(), ml.To.Key()
	if !l.isWork(from) || !l.isWork(to) {
		l.manifestLinkOutside(ml, from, to, fmt.Sprintf("%s:%d [[link]] kind = %q", filepath.Base(l.m.Path), ml.Line, ml.Kind))
		return
	}
	where := fmt.Sprintf("manifest [[link]] kind = %q", ml.Kind)
	p := pairOf(from, to)
	old, had := l.links[p]
	if ml.Kind == manifest.LinkDistinct {
		if had {
			old.Evidence = sortedUnique(append(old.Evidence, where+" undid it"))
			l.res.Links.Undone = append(l.res.Links.Undone, old)
			l.decision(from).Undone = append(l.decision(from).Undone, old)
			l.decision(to).Undone = append(l.decision(to).Undone, old)
			delete(l.links, p)
		}
		return
	}
	if !had {
		l.pairs = append(l.pairs, p)
	}
	l.links[p] = snapshots.Link{Kind: ml.Kind, From: from, To: to, By: "manifest", Evidence: sortedUnique(append(old.Evidence, where))}
}

// manifestLinkOutside handles a [[link]] naming a work the snapshot does
// not have: it does nothing, which is worth a warning unless it is a
// "distinct" that keeps the data's outside work from being fetched and
// shown (its purpose).
func (l *linker) manifestLinkOutside(ml manifest.Link, from, to, where string) {
	missing, present := from, to
	if l.isWork(from) {
		missing, present = to, from
	}
	if ml.Kind == manifest.LinkDistinct && slices.ContainsFunc(l.outside[present], func(e edge) bool { return e.from == missing || e.to == missing }) {
		return
	}
	l.res.Warnings = append(l.res.Warnings, record.Warning{Identity: missing,
		Message: fmt.Sprintf("%s names %s, which is not among the works; the link does nothing", where, missing)})
}

// recordLinks is step 5: each pair's link once (a pair undone and linked
// again is listed twice in pairs), sorted, and with both its ends.
func (l *linker) recordLinks() {
	l.res.Links.Links = []snapshots.Link{}
	recorded := map[pair]bool{}
	for _, p := range l.pairs {
		link, ok := l.links[p]
		if !ok || recorded[p] {
			continue
		}
		recorded[p] = true
		l.res.Links.Links = append(l.res.Links.Links, link)
		l.decision(link.From).Links = append(l.decision(link.From).Links, link)
		l.decision(link.To).Links = append(l.decision(link.To).Links, link)
	}
	sortLinks(l.res.Links.Links)
	sortLinks(l.res.Links.Undone)
}

// recordShownAs is step 6.
func (l *linker) recordShownAs() {
	l.res.Links.ShownAs = shownAs(l.works, l.res.Links.Links, l.order)
	for k, to := range l.res.Links.ShownAs {
		l.decision(k).ShownAs = to
	}
}

// recordOutside is step 7, in work order (which orders the notes); it
// also puts each work's decisions in their fixed order.
func (l *linker) recordOutside() {
	for _, w := range l.works {
		k := w.id.Key()
		for _, e := range l.outside[k] {
			l.recordOutsideEdge(k, e)
		}
		if d := l.res.Decisions[k]; d != nil {
			sortLinks(d.Links)
			sortLinks(d.Outside)
			sortLinks(d.Undone)
		}
	}
}

// recordOutsideEdge keeps one piece of evidence about a work outside the
// snapshot with work k: evidence for a link already kept joins it. A new
// preprint-of link from k gets a note saying how to show the published
// version, unless the manifest keeps the two apart or excludes it.
func (l *linker) recordOutsideEdge(k string, e edge) {
	d := l.decision(k)
	link := snapshots.Link{Kind: e.kind, From: e.from, To: e.to, By: "data", Evidence: []string{e.evidence}}
	i := slices.IndexFunc(d.Outside, func(x snapshots.Link) bool { return x.From == link.From && x.To == link.To && x.Kind == link.Kind })
	if i >= 0 {
		d.Outside[i].Evidence = sortedUnique(append(d.Outside[i].Evidence, e.evidence))
		return
	}
	d.Outside = append(d.Outside, link)
	if e.kind == manifest.LinkPreprintOf && e.from == k && !KeptApart(l.m, e.from, e.to) && !excluded(l.m, e.to) {
		kind, value, _ := strings.Cut(e.to, ":")
		l.res.Notes = append(l.res.Notes, fmt.Sprintf("%s is a preprint of %s, which is not among the works (%s); to show the published version, add [[identity]] %s = %q",
			k, e.to, e.evidence, kind, value))
	}
}

// settle turns the evidence for one pair into one link: the strongest kind
// wins; its direction is the one most of its evidence gives (ties: the
// first given); a same-as link points at the better identity.
func settle(es []edge, order map[string]int) snapshots.Link {
	best := es[0].kind
	for _, e := range es {
		if kindStrength(e.kind) > kindStrength(best) {
			best = e.kind
		}
	}
	votes := map[[2]string]int{}
	var first [2]string
	var evidence []string
	directed := true
	for _, e := range es {
		evidence = append(evidence, e.evidence)
		if e.kind != best {
			continue
		}
		directed = directed && e.directed
		d := [2]string{e.from, e.to}
		if votes[d] == 0 && first == ([2]string{}) {
			first = d
		}
		votes[d]++
	}
	dir := first
	if back := [2]string{dir[1], dir[0]}; votes[back] > votes[dir] {
		dir = back
	}
	if best == manifest.LinkSameAs && !(directed && sameRank(dir[0], dir[1])) && identityBetter(dir[0], dir[1], order) {
		dir = [2]string{dir[1], dir[0]}
	}
	return snapshots.Link{Kind: best, From: dir[0], To: dir[1], By: "data", Evidence: sortedUnique(evidence)}
}

// identityBetter reports whether work a should be the shown one over b:
// DOIs first (the citable identifier; arXiv's own DOIs after the others),
// then arXiv ids, PMIDs, PMCIDs, dblp record keys, ORCID put-codes; ties
// go to the work listed first.
func identityBetter(a, b string, order map[string]int) bool {
	if identityRank(a) != identityRank(b) {
		return identityRank(a) < identityRank(b)
	}
	return order[a] < order[b]
}

// sameRank reports whether neither identity is better by its kind.
func sameRank(a, b string) bool { return identityRank(a) == identityRank(b) }

// identityRank orders identities for identityBetter: lower is better.
// The kinds come in manifest's order of preference (manifest.WorkRank);
// arXiv's own DOIs go after the others.
func identityRank(k string) int {
	kind, _, _ := strings.Cut(k, ":")
	if manifest.Kind(kind) == manifest.KindDOI && strings.HasPrefix(k, "doi:10.48550/") {
		return 1 // arXiv's DOI: resolvable, but the e-print's, not a version of record
	}
	if manifest.Kind(kind) == manifest.KindORCIDWork {
		// an entry typed into an ORCID record: after any record a service
		// curated, dblp's and INSPIRE's (dblp-work:, inspire-work:) included
		return manifest.WorkRank(manifest.Kind(kind)) + 2
	}
	if r := manifest.WorkRank(manifest.Kind(kind)); r > 0 {
		return r + 1 // after arXiv's DOIs
	}
	return 0
}

// shownAs gives every linked work the entry it belongs to: in each group
// of linked works, the one no link leads away from (the version of record,
// the concept DOI); when there is no such single work (conflicting data),
// the best identity among those with fewest links away.
func shownAs(works []*Linkable, links []snapshots.Link, order map[string]int) map[string]string {
	groups := unionFind{}
	away := map[string]int{} // work key → links leading away from it
	for _, l := range links {
		away[l.From]++
		groups.union(l.From, l.To)
	}
	members := map[string][]string{} // group root → its works, in work order
	for _, w := range works {
		if k := w.id.Key(); groups.has(k) {
			root := groups.find(k)
			members[root] = append(members[root], k)
		}
	}
	shown := map[string]string{}
	for _, group := range members {
		best := shownOfGroup(group, away, order)
		for _, k := range group {
			if k != best {
				shown[k] = best
			}
		}
	}
	return shown
}

// shownOfGroup is the work a group of linked works is shown as: fewest
// links away, then the better identity (ties: the first listed).
func shownOfGroup(group []string, away map[string]int, order map[string]int) string {
	best := group[0]
	for _, k := range group[1:] {
		if away[k] < away[best] || (away[k] == away[best] && identityBetter(k, best, order)) {
			best = k
		}
	}
	return best
}

// unionFind groups keys joined by links: parent maps each key seen to
// another of its group, a group's root to itself.
type unionFind map[string]string

func (u unionFind) has(k string) bool { _, ok := u[k]; return ok }

func (u unionFind) find(k string) string {
	p, ok := u[k]
	if !ok || p == k {
		return k
	}
	root := u.find(p)
	u[k] = root
	return root
}

func (u unionFind) union(a, b string) {
	ra, rb := u.find(a), u.find(b)
	u[ra], u[rb] = ra, rb
	if ra != rb {
		u[ra] = rb
	}
}

// relationEdges reads the relations each provider gives for w. The
// registrars' relation vocabularies (Crossref's relation field, DataCite's
// relatedIdentifiers) and ORCID's grouping arrive as Relations.
func relationEdges(w *Linkable) []edge {
	k := w.id.Key()
	var out []edge
	for _, src := range w.relations {
		for _, rel := range src.Relations {
			ev := fmt.Sprintf("%s lists %s %s %s", src.Provider, k, rel.Type, rel.ID)
			switch rel.Type {
			// Crossref's intra-work relations (https://www.crossref.org/documentation/schema-library/markup-guide-metadata-segments/relationships/);
			// bioRxiv's preprint records carry is-preprint-of
			// (https://github.com/CrossRef/rest-api-doc/issues/229).
			case "is-preprint-of", "is-manuscript-of":
				out = append(out, edge{manifest.LinkPreprintOf, k, rel.ID, ev, false})
			case "has-preprint", "has-manuscript":
				out = append(out, edge{manifest.LinkPreprintOf, rel.ID, k, ev, false})
			case "is-version-of":
				out = append(out, versionEdge(k, rel.ID, ev))
			case "has-version":
				out = append(out, versionEdge(rel.ID, k, ev))
			case "is-identical-to":
				out = append(out, edge{manifest.LinkSameAs, k, rel.ID, ev, false})
			}
		}
	}
	return out
}

// versionEdge classifies "from is a version of to". Two DOIs of one
// registrant (Zenodo's version and concept DOIs) are versions of one
// concept; a version on a preprint server or repository of a work
// registered elsewhere is its preprint (or repository copy).
func versionEdge(from, to, ev string) edge {
	rf, fromRepo := keyRepository(from)
	rt, toRepo := keyRepository(to)
	switch {
	case doiPrefixOfKey(from) != "" && doiPrefixOfKey(from) == doiPrefixOfKey(to):
		return edge{manifest.LinkVersionOf, from, to, ev, false}
	case fromRepo && !toRepo:
		return edge{manifest.LinkPreprintOf, from, to, ev + fmt.Sprintf(" (%s is %s's)", from, rf.Name), false}
	case toRepo && !fromRepo:
		return edge{manifest.LinkPreprintOf, to, from, ev + fmt.Sprintf(" (%s is %s's)", to, rt.Name), false}
	}
	return edge{manifest.LinkVersionOf, from, to, ev, false}
}

// identifierEdges links w to other works that one of its identifiers
// names: a PMID record giving the DOI of a DOI work is the same work; an
// arXiv e-print and a journal DOI are a preprint and its version of record.
func identifierEdges(w *Linkable, byMatch map[string]string) []edge {
	k := w.id.Key()
	var out []edge
	for _, id := range w.ids {
		other, ok := byMatch[matchKey(id.id)]
		if !ok || other == k {
			continue
		}
		// The kind is named as its record.IDs field is ("pmid").
		ev := fmt.Sprintf("%s gives %s %s for %s", id.from, id.id.Kind, id.id.Value, k)
		out = append(out, idEdge(k, other, ev))
	}
	if w.id.Kind == manifest.KindArXiv {
		if doi := record.ArXivDOI(w.id.Value); doi != "" {
			if other, ok := byMatch["doi:"+doi]; ok {
				out = append(out, edge{manifest.LinkSameAs, k, other, fmt.Sprintf("arXiv registers doi:%s for %s", doi, k), false})
			}
		}
	}
	return out
}

// idEdge: an arXiv e-print and a DOI not registered by arXiv are a
// preprint and its published version; any other pair is one work.
func idEdge(a, b, ev string) edge {
	arxivA, arxivB := strings.HasPrefix(a, "arxiv:"), strings.HasPrefix(b, "arxiv:")
	switch {
	case arxivA && strings.HasPrefix(b, "doi:") && !strings.HasPrefix(b, "doi:10.48550/"):
		return edge{manifest.LinkPreprintOf, a, b, ev, false}
	case arxivB && strings.HasPrefix(a, "doi:") && !strings.HasPrefix(a, "doi:10.48550/"):
		return edge{manifest.LinkPreprintOf, b, a, ev, false}
	}
	return edge{manifest.LinkSameAs, a, b, ev, false}
}

// matchKey is an identity's key for matching: arXiv ids without their
// version, so 2311.16162v2 and 2311.16162 meet.
func matchKey(id manifest.Identity) string {
	if id.Kind == manifest.KindArXiv {
		return "arxiv:" + arxivVersionSuffix.ReplaceAllString(id.Value, "")
	}
	return id.Key()
}

var arxivVersionSuffix = regexp.MustCompile(`v[0-9]+$`)

func keyRepository(key string) (record.Repository, bool) {
	doi, ok := strings.CutPrefix(key, "doi:")
	if !ok {
		if strings.HasPrefix(key, "arxiv:") {
			return record.Repository{Name: "arXiv", Preprint: true}, true
		}
		return record.Repository{}, false
	}
	return record.DOIRepository(doi)
}

func doiPrefixOfKey(key string) string {
	doi, ok := strings.CutPrefix(key, "doi:")
	if !ok {
		return ""
	}
	p, _, _ := strings.Cut(doi, "/")
	return p
}

func sortLinks(ls []snapshots.Link) {
	sort.Slice(ls, func(i, j int) bool {
		a, b := ls[i], ls[j]
		if a.To != b.To {
			return a.To < b.To
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.From < b.From
	})
}

func sortedUnique(list []string) []string {
	out := slices.Clone(list)
	sort.Strings(out)
	return slices.Compact(out)
}

// KeptApart reports whether a [[link]] kind = "distinct" names the pair.
func KeptApart(m *manifest.Manifest, a, b string) bool {
	if m == nil {
		return false
	}
	return slices.ContainsFunc(m.Links, func(l manifest.Link) bool {
		if l.Kind != manifest.LinkDistinct {
			return false
		}
		from, to := l.From.Key(), l.To.Key()
		return (from == a && to == b) || (from == b && to == a)
	})
}

// excluded reports whether an [[exclude]] names the work.
func excluded(m *manifest.Manifest, key string) bool {
	return m != nil && slices.ContainsFunc(m.Excludes, func(x manifest.Exclude) bool { return x.ID.Key() == key })
}

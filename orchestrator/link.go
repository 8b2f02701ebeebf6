package orchestrator

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// linkWork is what the link pass knows of one work after the fetch.
type linkWork struct {
	id         manifest.Identity
	sources    []providers.Named // each provider's own record, for evidence
	merged     record.Record
	provenance map[string]string
	overrides  []string // fields the manifest set, with where
}

// slim keeps only what the link pass and the same-name check read (each
// source's relations, the merged identifiers and authors, where the
// identifiers came from), so the works of a large run wait for the link
// pass in little memory.
func (w linkWork) slim() linkWork {
	out := linkWork{id: w.id, overrides: w.overrides, provenance: map[string]string{}}
	for _, src := range w.sources {
		if len(src.Record.Relations) > 0 {
			out.sources = append(out.sources, providers.Named{Provider: src.Provider, Record: record.Record{Relations: src.Record.Relations}})
		}
	}
	out.merged = record.Record{IDs: w.merged.IDs, Authors: w.merged.Authors}
	for k, v := range w.provenance {
		if strings.HasPrefix(k, "ids.") {
			out.provenance[k] = v
		}
	}
	return out
}

// linkResult is the link pass's decisions.
type linkResult struct {
	links     snapshots.Links
	decisions map[string]*snapshots.Decisions // work key → its decisions
	warnings  []providers.Warning
	notes     []string
}

// edge is one piece of evidence that two identities are one entry.
type edge struct {
	kind     string // manifest.LinkPreprintOf, LinkVersionOf or LinkSameAs
	from, to string // identity keys
	evidence string
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

// decideLinks finds, from the registrars' relations, identifiers the
// services give, ORCID's grouping and known preprint prefixes, which works
// are one entry, and applies the manifest's [[link]]s on top. Every
// decision keeps its evidence. works is in output order, which breaks
// ties, so the result never depends on completion order.
func decideLinks(works []linkWork, m *manifest.Manifest) linkResult {
	res := linkResult{decisions: map[string]*snapshots.Decisions{}}
	order := map[string]int{}
	byMatch := map[string]string{} // match key → work key
	for i, w := range works {
		order[w.id.Key()] = i
		byMatch[matchKey(w.id)] = w.id.Key()
	}
	isWork := func(k string) bool { _, ok := order[k]; return ok }
	decision := func(k string) *snapshots.Decisions {
		if res.decisions[k] == nil {
			res.decisions[k] = &snapshots.Decisions{}
		}
		return res.decisions[k]
	}

	var edges []edge
	for _, w := range works {
		edges = append(edges, relationEdges(w)...)
		edges = append(edges, identifierEdges(w, byMatch)...)
	}

	// One link per pair of works; evidence about works outside the
	// snapshot is kept with the work it came from.
	type pair struct{ a, b string }
	pairKey := func(x, y string) pair {
		if x > y {
			x, y = y, x
		}
		return pair{x, y}
	}
	grouped := map[pair][]edge{}
	var pairs []pair
	outside := map[string][]edge{}
	for _, e := range edges {
		if e.from == e.to {
			continue
		}
		if !isWork(e.from) || !isWork(e.to) {
			home := e.from
			if !isWork(home) {
				home = e.to
			}
			outside[home] = append(outside[home], e)
			continue
		}
		p := pairKey(e.from, e.to)
		if _, seen := grouped[p]; !seen {
			pairs = append(pairs, p)
		}
		grouped[p] = append(grouped[p], e)
	}
	links := map[pair]snapshots.Link{}
	for _, p := range pairs {
		links[p] = settle(grouped[p], order)
	}

	manifestName := ""
	if m != nil {
		manifestName = filepath.Base(m.Path) // snapshots must not depend on where the manifest lives
		for _, l := range m.Links {
			from, to := l.From.Key(), l.To.Key()
			where := fmt.Sprintf("%s:%d [[link]] kind = %q", manifestName, l.Line, l.Kind)
			if !isWork(from) || !isWork(to) {
				missing, present := from, to
				if isWork(from) {
					missing, present = to, from
				}
				if l.Kind == manifest.LinkDistinct && slices.ContainsFunc(outside[present], func(e edge) bool { return e.from == missing || e.to == missing }) {
					continue // it keeps the data's outside work from being fetched and shown
				}
				res.warnings = append(res.warnings, providers.Warning{Identity: missing,
					Message: fmt.Sprintf("%s names %s, which is not among the works; the link does nothing", where, missing)})
				continue
			}
			p := pairKey(from, to)
			old, had := links[p]
			if l.Kind == manifest.LinkDistinct {
				if had {
					old.Evidence = sortedUnique(append(old.Evidence, where+" undid it"))
					res.links.Undone = append(res.links.Undone, old)
					decision(from).Undone = append(decision(from).Undone, old)
					decision(to).Undone = append(decision(to).Undone, old)
					delete(links, p)
				}
				continue
			}
			if !had {
				pairs = append(pairs, p)
			}
			links[p] = snapshots.Link{Kind: l.Kind, From: from, To: to, By: "manifest", Evidence: sortedUnique(append(old.Evidence, where))}
		}
	}

	res.links.Links = []snapshots.Link{}
	for _, p := range pairs {
		if l, ok := links[p]; ok && !slices.ContainsFunc(res.links.Links, func(x snapshots.Link) bool { return pairKey(x.From, x.To) == p }) {
			res.links.Links = append(res.links.Links, l)
			decision(l.From).Links = append(decision(l.From).Links, l)
			decision(l.To).Links = append(decision(l.To).Links, l)
		}
	}
	sortLinks(res.links.Links)
	sortLinks(res.links.Undone)
	res.links.ShownAs = shownAs(works, res.links.Links, order)
	for k, to := range res.links.ShownAs {
		decision(k).ShownAs = to
	}

	for _, w := range works {
		k := w.id.Key()
		for _, e := range outside[k] {
			l := snapshots.Link{Kind: e.kind, From: e.from, To: e.to, By: "data", Evidence: []string{e.evidence}}
			i := slices.IndexFunc(decision(k).Outside, func(x snapshots.Link) bool { return x.From == l.From && x.To == l.To && x.Kind == l.Kind })
			if i >= 0 {
				decision(k).Outside[i].Evidence = sortedUnique(append(decision(k).Outside[i].Evidence, e.evidence))
				continue
			}
			decision(k).Outside = append(decision(k).Outside, l)
			if e.kind == manifest.LinkPreprintOf && e.from == k && !keptApart(m, e.from, e.to) && !excluded(m, e.to) {
				res.notes = append(res.notes, fmt.Sprintf("%s is a preprint of %s, which is not among the works (%s); to show the published version, add [[identity]] %s = %q",
					k, e.to, e.evidence, strings.SplitN(e.to, ":", 2)[0], strings.SplitN(e.to, ":", 2)[1]))
			}
		}
		if d := res.decisions[k]; d != nil {
			sortLinks(d.Links)
			sortLinks(d.Outside)
			sortLinks(d.Undone)
		}
	}
	return res
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
	for _, e := range es {
		evidence = append(evidence, e.evidence)
		if e.kind != best {
			continue
		}
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
	if best == manifest.LinkSameAs && identityBetter(dir[0], dir[1], order) {
		dir = [2]string{dir[1], dir[0]}
	}
	return snapshots.Link{Kind: best, From: dir[0], To: dir[1], By: "data", Evidence: sortedUnique(evidence)}
}

// identityBetter reports whether work a should be the shown one over b:
// DOIs first (the citable identifier; arXiv's own DOIs after the others),
// then arXiv ids, PMIDs, PMCIDs, ORCID put-codes; ties go to the work
// listed first.
func identityBetter(a, b string, order map[string]int) bool {
	rank := func(k string) int {
		kind, _, _ := strings.Cut(k, ":")
		switch manifest.Kind(kind) {
		case manifest.KindDOI:
			if strings.HasPrefix(k, "doi:10.48550/") {
				return 1 // arXiv's DOI: resolvable, but the e-print's, not a version of record
			}
			return 0
		case manifest.KindArXiv:
			return 2
		case manifest.KindPMID:
			return 3
		case manifest.KindPMCID:
			return 4
		}
		return 5
	}
	if rank(a) != rank(b) {
		return rank(a) < rank(b)
	}
	return order[a] < order[b]
}

// shownAs gives every linked work the entry it belongs to: in each group
// of linked works, the one no link leads away from (the version of record,
// the concept DOI); when there is no such single work (conflicting data),
// the best identity among those with fewest links away.
func shownAs(works []linkWork, links []snapshots.Link, order map[string]int) map[string]string {
	parent := map[string]string{}
	var find func(string) string
	find = func(k string) string {
		if p, ok := parent[k]; ok && p != k {
			r := find(p)
			parent[k] = r
			return r
		}
		return k
	}
	out := map[string]int{}
	for _, l := range links {
		out[l.From]++
		ra, rb := find(l.From), find(l.To)
		if ra != rb {
			parent[ra] = rb
		}
		if _, ok := parent[l.From]; !ok {
			parent[l.From] = l.From
		}
		if _, ok := parent[l.To]; !ok {
			parent[l.To] = l.To
		}
	}
	members := map[string][]string{}
	for _, w := range works {
		k := w.id.Key()
		if _, linked := parent[k]; linked {
			members[find(k)] = append(members[find(k)], k)
		}
	}
	shown := map[string]string{}
	for _, group := range members {
		best := group[0]
		for _, k := range group[1:] {
			if out[k] < out[best] || (out[k] == out[best] && identityBetter(k, best, order)) {
				best = k
			}
		}
		for _, k := range group {
			if k != best {
				shown[k] = best
			}
		}
	}
	return shown
}

// relationEdges reads the relations each provider gives for w. The
// registrars' relation vocabularies (Crossref's relation field, DataCite's
// relatedIdentifiers) and ORCID's grouping arrive as Relations.
func relationEdges(w linkWork) []edge {
	k := w.id.Key()
	var out []edge
	for _, src := range w.sources {
		for _, rel := range src.Record.Relations {
			ev := fmt.Sprintf("%s lists %s %s %s", src.Provider, k, rel.Type, rel.ID)
			switch rel.Type {
			case "is-preprint-of", "is-manuscript-of":
				out = append(out, edge{manifest.LinkPreprintOf, k, rel.ID, ev})
			case "has-preprint", "has-manuscript":
				out = append(out, edge{manifest.LinkPreprintOf, rel.ID, k, ev})
			case "is-version-of":
				out = append(out, versionEdge(k, rel.ID, ev))
			case "has-version":
				out = append(out, versionEdge(rel.ID, k, ev))
			case "is-identical-to":
				out = append(out, edge{manifest.LinkSameAs, k, rel.ID, ev})
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
		return edge{manifest.LinkVersionOf, from, to, ev}
	case fromRepo && !toRepo:
		return edge{manifest.LinkPreprintOf, from, to, ev + fmt.Sprintf(" (%s is %s's)", from, rf.Name)}
	case toRepo && !fromRepo:
		return edge{manifest.LinkPreprintOf, to, from, ev + fmt.Sprintf(" (%s is %s's)", to, rt.Name)}
	}
	return edge{manifest.LinkVersionOf, from, to, ev}
}

// identifierEdges links w to other works that one of its identifiers
// names: a PMID record giving the DOI of a DOI work is the same work; an
// arXiv e-print and a journal DOI are a preprint and its version of record.
func identifierEdges(w linkWork, byMatch map[string]string) []edge {
	k := w.id.Key()
	var out []edge
	ids := []manifest.Identity{
		{Kind: manifest.KindDOI, Value: w.merged.IDs.DOI},
		{Kind: manifest.KindArXiv, Value: w.merged.IDs.ArXiv},
		{Kind: manifest.KindPMID, Value: w.merged.IDs.PMID},
		{Kind: manifest.KindPMCID, Value: w.merged.IDs.PMCID},
	}
	fields := []string{"doi", "arxiv", "pmid", "pmcid"}
	for i, id := range ids {
		if id.Value == "" {
			continue
		}
		other, ok := byMatch[matchKey(id)]
		if !ok || other == k {
			continue
		}
		ev := fmt.Sprintf("%s gives %s %s for %s", w.provenance["ids."+fields[i]], fields[i], id.Value, k)
		out = append(out, idEdge(k, other, ev))
	}
	if w.id.Kind == manifest.KindArXiv {
		if doi := providers.ArXivDOI(w.id.Value); doi != "" {
			if other, ok := byMatch["doi:"+doi]; ok {
				out = append(out, edge{manifest.LinkSameAs, k, other, fmt.Sprintf("arXiv registers doi:%s for %s", doi, k)})
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
		return edge{manifest.LinkPreprintOf, a, b, ev}
	case arxivB && strings.HasPrefix(a, "doi:") && !strings.HasPrefix(a, "doi:10.48550/"):
		return edge{manifest.LinkPreprintOf, b, a, ev}
	}
	return edge{manifest.LinkSameAs, a, b, ev}
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

func keyRepository(key string) (providers.Repository, bool) {
	doi, ok := strings.CutPrefix(key, "doi:")
	if !ok {
		if strings.HasPrefix(key, "arxiv:") {
			return providers.Repository{Name: "arXiv", Preprint: true}, true
		}
		return providers.Repository{}, false
	}
	return providers.DOIRepository(doi)
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

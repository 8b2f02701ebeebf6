package render

import (
	"sort"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// page is what every format draws from: works sorted, joined into
// entries, keyed and grouped once, so the formats differ only in how they
// write.
type page struct {
	name    string                         // the person's display name, or ""
	person  Person                         // whose authors are highlighted
	group   Grouping                       // how sections are made
	counts  bool                           // show citation counts
	source  string                         // the provider whose counts are shown
	chosen  map[string]bool                // relation keys of the manifest's selected works
	all     []*entry                       // every work of the folder, newest first
	shown   []*entry                       // the entries: works not shown within another, newest first (citation files)
	groups  []group                        // page sections, each newest first (pages)
	credits []snapshots.IndexProvider      // providers to attribute, sorted by name
	service map[string]Service             // provider name → what the registry says of it
	ids     []manifest.IDKind              // the kinds shown as chips, in record.IDs field order
	site    string                         // Options.SiteURL
	title   string                         // the manifest's title; "" for "Publications of <name>"
	lab     *labPage                       // a lab's page (or a member's); nil for one researcher's
	since   record.Date                    // coa: Options.Since
	owners  map[string]snapshots.OwnerName // the folder's ORCID record owners' names (coa: who the researcher is)
	cvs     map[string]record.CV           // the folder's ORCID records' CV sections, by iD (cv, json-resume)
}

// group is one section of a page.
type group struct {
	slug  string // stable anchor: a year, "undated", or a type group's slug
	title string // heading
	items []*entry
}

// entry is one work as the formats see it. A work is either an entry of
// its own or shown within another's (a preprint within its published
// version, a version DOI within its concept DOI, a PMID within the DOI of
// the same paper).
type entry struct {
	id               string                 // identity key
	key              string                 // citation key, unique in the folder; "" on a work shown within an entry whose key it would only repeat
	anchor           string                 // the key as the page's HTML id (keys.go)
	file             string                 // the key as a file name on every system (keys.go)
	rec              record.Record          // merged record; an entry's also carries the identifiers its same-as works give
	funder           string                 // the provider whose list rec.Funding is, "" when none (folder.Work.FundingFrom)
	fundingElsewhere []folder.SourceFunding // the other services' funder lists (folder.Work.FundingElsewhere)
	self             []bool                 // per author: is the page's person
	lister           string                 // family name of the first ORCID record owner that lists the work, for the key of a work with no authors
	latin            []record.Author        // Latin forms of the first author, for the key when the record's name has no Latin letters (keyForms)
	cite             *folder.Citation       // the count shown with --counts: the counts source's
	code             []*entry               // on an entry: software in the folder a registrar relates to it
	data             []*entry               // on an entry: datasets in the folder a registrar relates to it
	user             *UserWork              // on an entry: the manifest's [[work]] fields of it and of the works shown within it (userfields.go)

	in   *entry // on a work shown within another entry: that entry
	role string // on such a work: what it is to the entry (manifest.LinkPreprintOf, LinkVersionOf, LinkSameAs)

	members   []*entry // on an entry: every work shown within it, by identity key
	lab       []int    // on a lab's page: the members (indices in Lab.Members) it belongs to
	authorOf  []int    // on a lab's page: per author, the member it is, or -1
	preprints []*entry // on an entry: the preprints it links to, oldest first
	versions  []*entry // on an entry: the versions it lists, oldest first
}

// typeGroups are the sections of a page grouped by type, in page order;
// each type's row in csltypes.md names its section.
var typeGroups = []struct{ slug, title string }{
	{"articles", "Articles"},
	{"preprints", "Preprints"}, // CSLType maps posted-content and preprint to "article"
	{"datasets", "Datasets"},
	{"software", "Software"},
	{"books", "Books and chapters"},
	{"other", "Other"},
}

func buildPage(f *folder.Folder, opts Options) *page {
	f = folder.WithoutControls(f)
	p := &page{
		person:  opts.Person,
		group:   opts.Group,
		counts:  opts.Counts,
		credits: f.Providers,
		service: map[string]Service{},
		site:    opts.SiteURL,
		title:   opts.Title,
		since:   opts.Since,
		owners:  f.Owners,
		cvs:     f.CVs,
	}
	switch {
	case len(opts.Person.Names) > 0:
		p.name = opts.Person.Names[0]
	case ownerName(f.Owners, opts.Person.ORCIDs) != "":
		p.name = ownerName(f.Owners, opts.Person.ORCIDs)
	default:
		p.name = nameFromORCIDs(f.Works, opts.Person.ORCIDs)
	}
	p.chosen = map[string]bool{}
	for _, id := range opts.Selected {
		p.chosen[relationKey(id)] = true
	}
	p.source = opts.CountsSource
	for _, s := range opts.Services {
		p.service[s.Name] = s
		if p.source == "" && s.DefaultCounts {
			p.source = s.Name
		}
	}
	p.ids = chipKinds()
	excluded := map[string]bool{}
	for _, id := range opts.Exclude {
		excluded[relationKey(id)] = true
	}
	me := lookFor(opts.Person)
	byID := map[string]*entry{}
	for _, w := range f.Works {
		if excluded[relationKey(w.ID)] {
			continue
		}
		e := &entry{id: w.ID, rec: w.Record, funder: w.FundingFrom, fundingElsewhere: w.FundingElsewhere, lister: listerName(f, opts.Person.ORCIDNames, w.ID), latin: keyForms(f, opts.Person.ORCIDNames, w)}
		for _, a := range w.Record.Creators() { // an edited book's editors: the page marks its person among them
			e.self = append(e.self, me.Is(a))
		}
		e.cite = pickCount(w.CitedBy, p.source)
		p.all = append(p.all, e)
		byID[relationKey(w.ID)] = e
	}
	sort.SliceStable(p.all, func(i, j int) bool { return newer(p.all[i], p.all[j]) })
	if f.Links != nil {
		join(p.all, byID, f.Links)
	} else { // a schema 0 folder (Load requires links.json from schema 1)
		pair(p.all, byID)
	}
	joinUserFields(p.all, opts.User) // before the keys: a [[work]] may keep one
	assignKeys(p.all)
	relate(p.all, byID)
	if opts.Lab != nil {
		p.useLab(f, opts)
	}

	for _, e := range p.all {
		if e.in == nil && p.onPage(e) && opts.funded(e) {
			p.shown = append(p.shown, e)
		}
	}
	if opts.Group == ByType {
		p.groups = groupByType(p.shown)
	} else {
		p.groups = groupByYear(p.shown)
	}
	return p
}

// newer orders works newest first by issue date (a date's missing month or
// day counts as earlier than any given one; undated works last), then by
// title, then by identity key, so the order never depends on input order.
func newer(a, b *entry) bool {
	da, db := a.rec.Issued, b.rec.Issued
	if da.Year != db.Year {
		return da.Year > db.Year
	}
	if da.Month != db.Month {
		return da.Month > db.Month
	}
	if da.Day != db.Day {
		return da.Day > db.Day
	}
	ta, tb := strings.ToLower(a.rec.Title), strings.ToLower(b.rec.Title)
	if ta != tb {
		return ta < tb
	}
	if a.rec.Title != b.rec.Title {
		return a.rec.Title < b.rec.Title
	}
	return a.id < b.id
}

// relationKey normalises an identity key for matching relations: DOIs are
// case-insensitive, the other kinds are already normalised.
func relationKey(id string) string {
	if len(id) > 4 && strings.EqualFold(id[:4], "doi:") {
		return strings.ToLower(id)
	}
	return id
}

// linkStrength orders link kinds as fetch does when evidence disagrees; a
// work shown within an entry is the strongest kind on its way there (the
// arXiv id of an e-print is a preprint, though its own link is same-as
// the e-print's DOI).
func linkStrength(kind string) int {
	switch kind {
	case manifest.LinkPreprintOf:
		return 3
	case manifest.LinkVersionOf:
		return 2
	case manifest.LinkSameAs:
		return 1
	}
	return 0
}

// join shows works within entries as links.json says: shown_as names each
// work's entry (chains already followed); the links inside that group say
// what each work is to it. A shown_as naming a work not in the folder (an
// excluded one, or a hand-edited file) leaves the work an entry of its own.
func join(all []*entry, byID map[string]*entry, l *snapshots.Links) {
	for _, e := range all { // newest first, so members are too
		to, ok := l.ShownAs[e.id]
		if !ok {
			continue
		}
		root := byID[relationKey(to)]
		for seen := 0; root != nil && seen < len(all); seen++ { // a chain not followed, however long
			next, more := l.ShownAs[root.id]
			if !more {
				break
			}
			root = byID[relationKey(next)]
		}
		if root == nil || root == e {
			continue
		}
		e.in = root
		root.members = append(root.members, e)
	}
	for _, root := range all {
		if len(root.members) > 0 {
			sort.Slice(root.members, func(i, j int) bool { return root.members[i].id < root.members[j].id })
			place(root, l.Links)
		}
	}
}

// place gives each work shown within root its role and puts it on the
// page: walking the group's links outwards from root (in links.json's
// sorted order), a work whose own link is its role is listed — a preprint,
// a version — and any other (a same-as identifier, a version of a
// preprint) lends its identifiers to the work it links to.
func place(root *entry, links []snapshots.Link) {
	in := map[string]*entry{root.id: root}
	for _, m := range root.members {
		in[m.id] = m
	}
	shows := map[*entry]*entry{root: root} // the work a work's identifiers go to: itself when it is listed
	queue := []*entry{root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, l := range links {
			var m *entry
			switch {
			case l.To == n.id:
				m = in[l.From]
			case l.From == n.id:
				m = in[l.To] // conflicting data: the entry itself links on
			}
			if m == nil || shows[m] != nil {
				continue
			}
			m.role = l.Kind
			if linkStrength(n.role) > linkStrength(l.Kind) {
				m.role = n.role
			}
			if m.role == l.Kind && m.role != manifest.LinkSameAs {
				shows[m] = m
			} else {
				shows[m] = shows[n]
			}
			queue = append(queue, m)
		}
	}
	for _, m := range root.members {
		if shows[m] == nil { // no link reaches it: an identifier of the entry
			m.role, shows[m] = manifest.LinkSameAs, root
		}
		switch {
		case shows[m] != m:
			lendIDs(&shows[m].rec.IDs, m)
		case m.role == manifest.LinkPreprintOf:
			root.preprints = append(root.preprints, m)
		case m.role == manifest.LinkVersionOf:
			root.versions = append(root.versions, m)
		}
	}
	oldest := func(es []*entry) {
		sort.SliceStable(es, func(i, j int) bool { return newer(es[j], es[i]) })
	}
	oldest(root.preprints)
	oldest(root.versions)
}

// lendIDs fills the identifiers ids lacks from a work that is the same
// work: its identity, then what its record gives.
func lendIDs(ids *record.IDs, m *entry) {
	own := m.rec.IDs
	if k, err := manifest.ParseKey(m.id); err == nil {
		if row, ok := manifest.LookupKind(k.Kind); ok && row.Field != nil {
			*row.Field(&own) = k.Value
		}
	}
	for row := range manifest.WorkIDKinds() {
		if to := row.Field(ids); *to == "" {
			*to = *row.Field(&own)
		}
	}
}

// Relation types that pair a preprint with its published version
// (Crossref's relation vocabulary), for folders without links.json.
const (
	relHasPreprint  = "has-preprint"
	relIsPreprintOf = "is-preprint-of"
)

// pair is the pairing for schema 0 folders written before fetch decided
// links: it shows a preprint within its published version when either
// record says so (has-preprint / is-preprint-of) and both are in the
// folder. Schema 0 compatibility: remove it, the relation types above and
// Load's leave for a missing links.json when snapshots.OldestSchema passes
// 0 (TestSchemaZeroCodeExpires says so). Works are
// visited newest first and relations in their sorted order, so the
// pairing is deterministic; a work takes part in one pair at most, so
// chains (a preprint of a preprint) stay separate entries.
func pair(all []*entry, byID map[string]*entry) {
	paired := map[*entry]bool{}
	for _, e := range all {
		for _, rel := range e.rec.Relations {
			other := byID[relationKey(rel.ID)]
			if other == nil || other == e {
				continue
			}
			var pub, pre *entry
			switch rel.Type {
			case relHasPreprint:
				pub, pre = e, other
			case relIsPreprintOf:
				pub, pre = other, e
			default:
				continue
			}
			if paired[pub] || paired[pre] {
				continue
			}
			paired[pub], paired[pre] = true, true
			pre.in, pre.role = pub, manifest.LinkPreprintOf
			pub.members, pub.preprints = []*entry{pre}, []*entry{pre}
		}
	}
}

func groupByYear(items []*entry) []group {
	var out []group
	for _, e := range items {
		slug, title := "undated", "Undated"
		if y := e.rec.Issued.Year; y > 0 {
			slug = strconv.Itoa(y)
			title = slug
		}
		if n := len(out); n > 0 && out[n-1].slug == slug {
			out[n-1].items = append(out[n-1].items, e)
			continue
		}
		out = append(out, group{slug: slug, title: title, items: []*entry{e}})
	}
	return out
}

func groupByType(items []*entry) []group {
	out := make([]group, len(typeGroups))
	for i, tg := range typeGroups {
		out[i] = group{slug: tg.slug, title: tg.title}
	}
	for _, e := range items {
		i := typeGroupOf(e.rec.Type)
		out[i].items = append(out[i].items, e)
	}
	kept := out[:0]
	for _, g := range out {
		if len(g.items) > 0 {
			kept = append(kept, g)
		}
	}
	return kept
}

// typeGroupOf is the index in typeGroups of a type's section.
func typeGroupOf(t string) int {
	slug := csltypes.Of(t).Group
	for i, tg := range typeGroups {
		if tg.slug == slug {
			return i
		}
	}
	return len(typeGroups) - 1
}

// years is the span of the page's dated works, newest first: (0, 0) when
// none is dated.
func (p *page) years() (newest, oldest int) {
	for _, e := range p.shown {
		if y := e.rec.Issued.Year; y > 0 {
			if newest == 0 || y > newest {
				newest = y
			}
			if oldest == 0 || y < oldest {
				oldest = y
			}
		}
	}
	return newest, oldest
}

// lookFor is the page's person as record matches authors against them:
// the fetch's same-name check uses the same rule, so a work fetch accepts
// as the person's highlights them here.
func lookFor(p Person) record.Person {
	r := record.Person{ORCIDs: p.ORCIDs}
	for _, n := range p.Names {
		r.Names = append(r.Names, record.ParseName(n))
	}
	return r
}

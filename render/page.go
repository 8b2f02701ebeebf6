package render

import (
	"sort"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// page is what every format draws from: works sorted, paired, keyed and
// grouped once, so the formats differ only in how they write.
type page struct {
	name    string                    // the person's display name, or ""
	person  Person                    // whose authors are highlighted
	group   Grouping                  // how sections are made
	counts  bool                      // show citation counts
	all     []*entry                  // every work, newest first (citation databases)
	groups  []group                   // page sections, each newest first (pages)
	items   int                       // entries on the page (a pair counts once)
	credits []snapshots.IndexProvider // providers to attribute, sorted by name
	titles  map[string]string         // provider name → the service's own name
}

// group is one section of a page.
type group struct {
	slug  string // stable anchor: a year, "undated", or a type group's slug
	title string // heading
	items []*entry
}

// entry is one work as the formats see it.
type entry struct {
	id        string           // identity key
	key       string           // citation key, unique in the folder
	rec       providers.Record // merged record
	self      []bool           // per author: is the page's person
	cite      *Citation        // the count shown with --counts (highest; ties by provider name)
	preprint  *entry           // on a published work: its preprint, shown with it
	published *entry           // on a preprint: the published version it is shown under
}

// Relation types that pair a preprint with its published version
// (Crossref's relation vocabulary).
const (
	relHasPreprint  = "has-preprint"
	relIsPreprintOf = "is-preprint-of"
)

// typeGroups are the sections of a page grouped by type, in page order;
// the last one takes every type not listed.
var typeGroups = []struct {
	slug, title string
	types       []string // CSL item types
}{
	{"articles", "Articles", []string{"article-journal", "paper-conference", "article-magazine", "article-newspaper", "review", "review-book"}},
	{"preprints", "Preprints", []string{"article"}}, // CSLType maps posted-content and preprint to "article"
	{"datasets", "Datasets", []string{"dataset"}},
	{"software", "Software", []string{"software"}},
	{"books", "Books and chapters", []string{"book", "chapter"}},
	{"other", "Other", nil},
}

func buildPage(f *Folder, opts Options) *page {
	p := &page{
		person:  opts.Person,
		group:   opts.Group,
		counts:  opts.Counts,
		credits: f.Providers,
		titles:  map[string]string{},
	}
	if len(opts.Person.Names) > 0 {
		p.name = opts.Person.Names[0]
	}
	for _, s := range providers.All() {
		p.titles[s.Name] = s.Title
	}
	m := newMatcher(opts.Person)
	byID := map[string]*entry{}
	for _, w := range f.Works {
		e := &entry{id: w.ID, rec: w.Record}
		for _, a := range w.Record.Authors {
			e.self = append(e.self, m.matches(a))
		}
		for _, c := range w.CitedBy {
			if e.cite == nil || c.Count > e.cite.Count {
				c := c
				e.cite = &c
			}
		}
		p.all = append(p.all, e)
		byID[relationKey(w.ID)] = e
	}
	sort.SliceStable(p.all, func(i, j int) bool { return newer(p.all[i], p.all[j]) })
	assignKeys(p.all)
	pair(p.all, byID)

	var shown []*entry
	for _, e := range p.all {
		if e.published == nil {
			shown = append(shown, e)
		}
	}
	p.items = len(shown)
	if opts.Group == ByType {
		p.groups = groupByType(shown)
	} else {
		p.groups = groupByYear(shown)
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

// pair links each published work with one preprint of it when either
// record says so (has-preprint / is-preprint-of) and both are in the
// folder. Works are visited newest first and relations in their sorted
// order, so the pairing is deterministic; a work takes part in one pair at
// most, so chains (a preprint of a preprint) stay separate entries.
func pair(all []*entry, byID map[string]*entry) {
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
			if pub.preprint != nil || pub.published != nil || pre.preprint != nil || pre.published != nil {
				continue
			}
			pub.preprint, pre.published = pre, pub
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

func typeGroupOf(t string) int {
	for i, tg := range typeGroups {
		for _, x := range tg.types {
			if x == t {
				return i
			}
		}
	}
	return len(typeGroups) - 1
}

// years is the span of the page's dated works, newest first: (0, 0) when
// none is dated.
func (p *page) years() (newest, oldest int) {
	for _, e := range p.all {
		if e.published != nil {
			continue
		}
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

// providerTitle is a provider's own name for people ("OpenAlex"), or its
// registry name when the registry does not know it.
func (p *page) providerTitle(name string) string {
	if t := p.titles[name]; t != "" {
		return t
	}
	return name
}

// matcher tells whether an author is the page's person: by ORCID iD when
// the author has one, else by name (case and spacing ignored; "Family,
// Given" in the manifest matches "Given Family").
type matcher struct {
	orcids map[string]bool
	names  map[string]bool
}

func newMatcher(p Person) matcher {
	m := matcher{orcids: map[string]bool{}, names: map[string]bool{}}
	for _, o := range p.ORCIDs {
		m.orcids[strings.ToUpper(o)] = true
	}
	for _, n := range p.Names {
		if family, given, ok := strings.Cut(n, ","); ok {
			n = given + " " + family
		}
		if k := nameKey(n); k != "" {
			m.names[k] = true
		}
	}
	return m
}

func (m matcher) matches(a providers.Author) bool {
	if a.ORCID != "" {
		if m.orcids[strings.ToUpper(a.ORCID)] {
			return true
		}
		if len(m.orcids) > 0 {
			// an author whose iD differs from every iD of the person is
			// someone else, whatever the name
			return false
		}
	}
	return m.names[nameKey(a.Display())]
}

func nameKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

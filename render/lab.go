package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"
)

// Lab is a lab's page: its name, link and members, as the manifest's
// [lab] and [[member]]s give them (LabOf).
type Lab struct {
	Name    string
	URL     string // the lab's site; "" when none
	Members []Member
}

// Member is one lab member, matched against authors as a researcher is.
type Member struct {
	Name    string   // display name, unique among the members
	ORCID   string   // normalised iD; "" when the member has none
	DBLP    string   // dblp person id; "" when the member has none
	INSPIRE string   // INSPIRE author id; "" when the member has none
	Also    []string // other spellings of the name
	Role    string
	Start   int      // year joined; 0 when not given
	End     int      // year left; 0 for a current member
	URL     string   // the member's page; "" when none
	Works   []string // identity keys of the works the manifest names as the member's
}

// Alumnus reports whether the member has left the lab.
func (m Member) Alumnus() bool { return m.End != 0 }

// person is the member as a page's person: the name and its spellings,
// and the iD, so lookFor matches the member exactly as it matches the
// researcher of a one-person page.
func (m Member) person() Person {
	p := Person{Names: append([]string{m.Name}, m.Also...)}
	if m.ORCID != "" {
		p.ORCIDs = []string{m.ORCID}
	}
	return p
}

// LabOf reads the lab from a manifest; nil when it has no [lab].
func LabOf(m *manifest.Manifest) *Lab {
	if m.Lab == nil {
		return nil
	}
	l := &Lab{Name: m.Lab.Name, URL: m.Lab.URL}
	for _, mem := range m.Lab.Members {
		r := Member{Name: mem.Name, ORCID: mem.ORCID, DBLP: mem.DBLP, INSPIRE: mem.INSPIRE, Also: mem.Also, Role: mem.Role, Start: mem.Start, End: mem.End, URL: mem.URL}
		for _, w := range mem.Works {
			r.Works = append(r.Works, w.Key())
		}
		l.Members = append(l.Members, r)
	}
	return l
}

// Find is the index of the member of that name (any letter case), else
// of that id (the member filter's and the page data's, "elodie-marchand",
// which "Elodie Marchand" typed without the accent gives too), or -1: a
// script looping over the data's ids renders each member's page.
func (l *Lab) Find(name string) int {
	name = strings.TrimSpace(name)
	if i := slices.IndexFunc(l.Members, func(m Member) bool { return strings.EqualFold(m.Name, name) }); i >= 0 {
		return i
	}
	slugs := memberSlugs(l)
	if i := slices.Index(slugs, strings.ToLower(name)); i >= 0 {
		return i
	}
	if s := nameSlug(name); s != "" {
		return slices.Index(slugs, s)
	}
	return -1
}

// Names are the members' names, in manifest order.
func (l *Lab) Names() []string {
	names := make([]string, len(l.Members))
	for i, m := range l.Members {
		names[i] = m.Name
	}
	return names
}

// memberError refuses a --member the lab does not have, and one without
// a lab, before anything is rendered.
func memberError(opts Options) error {
	switch {
	case opts.Member == "":
		return nil
	case opts.Lab == nil:
		return fmt.Errorf("member %q: the manifest has no [lab]", opts.Member)
	case opts.Lab.Find(opts.Member) < 0:
		return fmt.Errorf("the lab has no member %q (members: %s)", opts.Member, strings.Join(opts.Lab.Names(), ", "))
	}
	return nil
}

// labPage is what a page knows of its lab.
type labPage struct {
	lab    *Lab
	slugs  []string // per member: the filter's value and the data's id, unique
	member int      // the member whose page it is; -1 for the lab's page
}

// useLab makes the page the lab's (or one member's): its name and person,
// and on every work the members it belongs to and which author is which
// member. A work belongs to a member whose iD or spelling is on one of its
// authors (by lookFor, the one rule of a researcher's page), whose ORCID
// record lists it, or whose works name it; an entry belongs to the
// members of every work shown within it too. The page's self marks the
// lab's members, or on a member's page that member.
func (p *page) useLab(f *folder.Folder, opts Options) {
	l := opts.Lab
	p.lab = &labPage{lab: l, slugs: memberSlugs(l), member: l.Find(opts.Member)}
	p.name = l.Name
	if p.lab.member >= 0 {
		m := l.Members[p.lab.member]
		p.name, p.title, p.person = m.Name, "", m.person()
	} else {
		p.person = Person{}
		for _, m := range l.Members {
			p.person.Names = append(p.person.Names, m.Name)
			if m.ORCID != "" {
				p.person.ORCIDs = append(p.person.ORCIDs, m.ORCID)
			}
		}
	}
	matchers := make([]record.Person, len(l.Members))
	for i, m := range l.Members {
		matchers[i] = lookFor(m.person())
	}
	for _, e := range p.all {
		people := e.rec.Creators() // an edited book's editors are who it is by, as on one researcher's page
		e.authorOf = make([]int, len(people))
		for i, a := range people {
			e.authorOf[i] = slices.IndexFunc(matchers, func(m record.Person) bool { return m.Is(a) })
			e.self[i] = e.authorOf[i] >= 0 && (p.lab.member < 0 || matchers[p.lab.member].Is(a))
		}
		for j, m := range l.Members {
			if e.ownedBy(f, j, m) {
				e.lab = append(e.lab, j)
			}
		}
	}
	for _, e := range p.all {
		for _, w := range e.members {
			e.lab = append(e.lab, w.lab...)
		}
		slices.Sort(e.lab)
		e.lab = slices.Compact(e.lab)
	}
}

// ownedBy reports whether the work itself (not those shown within it) is
// member j's: an author is the member, the member's record lists it, or
// the member's works name it (dblp's page listing it is the member's
// dblp listing it).
func (e *entry) ownedBy(f *folder.Folder, j int, m Member) bool {
	if slices.Contains(e.authorOf, j) {
		return true
	}
	if m.ORCID != "" && slices.Contains(f.ListedBy[e.id], m.ORCID) {
		return true
	}
	if m.DBLP != "" && slices.Contains(f.ListedBy[e.id], manifest.Identity{Kind: manifest.KindDBLP, Value: m.DBLP}.Key()) {
		return true
	}
	if m.INSPIRE != "" && slices.Contains(f.ListedBy[e.id], manifest.Identity{Kind: manifest.KindINSPIRE, Value: m.INSPIRE}.Key()) {
		return true
	}
	return slices.ContainsFunc(m.Works, func(k string) bool { return relationKey(k) == relationKey(e.id) })
}

// onPage reports whether an entry belongs on the page: every entry on a
// lab's page, a member's own on a member's page.
func (p *page) onPage(e *entry) bool {
	return p.lab == nil || p.lab.member < 0 || slices.Contains(e.lab, p.lab.member)
}

// memberNames are the names of an entry's members, in manifest order.
func (p *page) memberNames(e *entry) []string {
	if p.lab == nil {
		return nil
	}
	names := make([]string, len(e.lab))
	for i, j := range e.lab {
		names[i] = wording.Clean(p.lab.lab.Members[j].Name)
	}
	return names
}

// memberSlugs are the members' names as lower-case ASCII words joined by
// hyphens ("Élodie Marchand" → elodie-marchand), each unique: the member
// filter keeps one in the page's address.
func memberSlugs(l *Lab) []string {
	slugs := make([]string, len(l.Members))
	used := map[string]bool{}
	for i, m := range l.Members {
		base := nameSlug(m.Name)
		if base == "" {
			base = "member-" + strconv.Itoa(i+1)
		}
		s := base
		for n := 2; used[s]; n++ {
			s = base + "-" + strconv.Itoa(n)
		}
		used[s] = true
		slugs[i] = s
	}
	return slugs
}

// nameSlug is a name's words as lower-case ASCII joined by hyphens.
func nameSlug(name string) string {
	var words []string
	for _, w := range strings.Fields(name) {
		if f := fold(w); f != "" {
			words = append(words, f)
		}
	}
	return strings.Join(words, "-")
}

// memberYears is a member's time in the lab: "2016–2022", "since 2019",
// "until 2020", or "".
func memberYears(m Member) string {
	switch {
	case m.Start != 0 && m.End != 0 && m.Start == m.End:
		return strconv.Itoa(m.Start)
	case m.Start != 0 && m.End != 0:
		return strconv.Itoa(m.Start) + "–" + strconv.Itoa(m.End)
	case m.End != 0:
		return "until " + strconv.Itoa(m.End)
	case m.Start != 0:
		return "since " + strconv.Itoa(m.Start)
	}
	return ""
}

// memberLink is where a member's name links: their page, else their
// ORCID record, else nowhere.
func memberLink(m Member) string {
	if u := wording.WebURL(m.URL); u != "" {
		return u
	}
	if m.ORCID != "" {
		return wording.ORCIDURL(m.ORCID)
	}
	return ""
}

// memberWorks counts each member's entries (on the lab's page, and so
// on each member's).
func (p *page) memberWorks() []int {
	n := make([]int, len(p.lab.lab.Members))
	for _, e := range p.all {
		if e.in != nil {
			continue
		}
		for _, j := range e.lab {
			n[j]++
		}
	}
	return n
}

// htmlLabOf is the lab's members list, or the member's line on a member's
// page; both nil on one researcher's page.
func htmlLabOf(p *page) (*htmlview.Lab, *htmlview.MemberOf) {
	if p.lab == nil {
		return nil, nil
	}
	l := p.lab.lab
	if p.lab.member >= 0 {
		m := l.Members[p.lab.member]
		return nil, &htmlview.MemberOf{Role: wording.Clean(m.Role), Lab: htmlview.Link{Href: wording.WebURL(l.URL), Text: wording.Clean(l.Name)}, Years: memberYears(m)}
	}
	v := &htmlview.Lab{Site: htmlview.Link{Href: wording.WebURL(l.URL), Text: wording.Clean(l.Name)}}
	counts := p.memberWorks()
	for j, m := range l.Members {
		var detail []string
		for _, d := range []string{wording.Clean(m.Role), memberYears(m)} {
			if d != "" {
				detail = append(detail, d)
			}
		}
		hm := htmlview.Member{Name: htmlview.Link{Href: memberLink(m), Text: wording.Clean(m.Name)}, Detail: strings.Join(detail, " · ")}
		if counts[j] > 0 {
			hm.Works, hm.Filter = countLabel(counts[j]), "#member="+p.lab.slugs[j]
			v.Choices = append(v.Choices, htmlview.Option{Value: p.lab.slugs[j], Text: wording.Clean(m.Name)})
		}
		if m.Alumnus() {
			v.Alumni = append(v.Alumni, hm)
		} else {
			v.Members = append(v.Members, hm)
		}
	}
	return v, nil
}

// htmlEntryMembers is an entry's members for the member filter, and a
// line naming those of them no author is (credited by their ORCID record
// or works, or through a preprint), so a reader sees why the filter
// shows it: "Credited to Maren Holt", or "Also credited to …" when
// members are among the authors.
func htmlEntryMembers(p *page, e *entry) (slugs, credited string) {
	if p.lab == nil || p.lab.member >= 0 {
		return "", ""
	}
	var s, names []string
	for _, j := range e.lab {
		s = append(s, p.lab.slugs[j])
		if !slices.Contains(e.authorOf, j) {
			names = append(names, wording.Clean(p.lab.lab.Members[j].Name))
		}
	}
	switch {
	case len(names) == 0:
	case slices.ContainsFunc(e.authorOf, func(j int) bool { return j >= 0 }):
		credited = "Also credited to " + andList(names)
	default:
		credited = "Credited to " + andList(names)
	}
	return strings.Join(s, " "), credited
}

// andList is names as a sentence lists them: "A", "A and B", "A, B and C".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// mdLabHeader is the rest of a lab page's Markdown header line (the lab,
// then a paragraph of members and one of alumni), or on a member's page
// their role, lab and ORCID iD.
func mdLabHeader(p *page) string {
	l := p.lab.lab
	mdMaybeLink := func(text, href string) string {
		if href == "" {
			return mdText(text)
		}
		return mdLink(text, href)
	}
	lab := mdMaybeLink(wording.Clean(l.Name), wording.WebURL(l.URL))
	if p.lab.member >= 0 {
		m := l.Members[p.lab.member]
		s := " · " + lab
		if r := wording.Clean(m.Role); r != "" {
			s = " · " + mdText(r) + ", " + lab
		}
		if y := memberYears(m); y != "" {
			s += ", " + y
		}
		if m.ORCID != "" {
			s += " · ORCID " + mdLink(m.ORCID, wording.ORCIDURL(m.ORCID))
		}
		return s
	}
	var members, alumni []string
	for _, m := range l.Members {
		s := mdMaybeLink(wording.Clean(m.Name), memberLink(m))
		var detail []string
		for _, d := range []string{wording.Clean(m.Role), memberYears(m)} {
			if d != "" {
				detail = append(detail, mdText(d))
			}
		}
		if len(detail) > 0 {
			s += " (" + strings.Join(detail, ", ") + ")"
		}
		if m.Alumnus() {
			alumni = append(alumni, s)
		} else {
			members = append(members, s)
		}
	}
	s := " · " + lab
	if len(members) > 0 {
		s += "\n\nMembers: " + strings.Join(members, " · ")
	}
	if len(alumni) > 0 {
		s += "\n\nAlumni: " + strings.Join(alumni, " · ")
	}
	return s
}

// dataLabOf is the lab for the page data; nil on a researcher's page.
func dataLabOf(p *page) *shape.DataLab {
	if p.lab == nil {
		return nil
	}
	l := p.lab.lab
	d := &shape.DataLab{Name: wording.Clean(l.Name), URL: wording.WebURL(l.URL), Members: []shape.DataMember{}}
	if p.lab.member >= 0 {
		d.Member = wording.Clean(l.Members[p.lab.member].Name)
	}
	counts := p.memberWorks()
	for j, m := range l.Members {
		dm := shape.DataMember{ID: p.lab.slugs[j], Name: wording.Clean(m.Name), ORCID: m.ORCID, Role: wording.Clean(m.Role),
			Start: m.Start, End: m.End, Alumnus: m.Alumnus(), URL: wording.WebURL(m.URL), Works: counts[j]}
		for _, a := range m.Also {
			dm.Also = append(dm.Also, wording.Clean(a))
		}
		d.Members = append(d.Members, dm)
	}
	return d
}

// authorMember is the name of the member author i of an entry is, or "".
func (p *page) authorMember(e *entry, i int) string {
	if p.lab == nil || i >= len(e.authorOf) || e.authorOf[i] < 0 {
		return ""
	}
	return wording.Clean(p.lab.lab.Members[e.authorOf[i]].Name)
}

// Package coa makes the co-author rows of Table 4 of NSF's Collaborators
// and Other Affiliations (COA) template from one researcher's works: every
// co-author of a work issued in the window once, with the affiliation of
// their most recent work that gives one and the date they were last
// active, and writes them as CSV in the template's columns. It reads only
// the works it is given: the window's start comes from its caller, never
// a clock.
package coa

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
)

// Work is one work as the table reads it.
type Work struct {
	Issued  record.Date
	Authors []record.Author
	// Self is, per author, whether it is the researcher whose table it is
	// (render's highlight rule): they are left out.
	Self []bool
}

// Row is one co-author of Table 4.
type Row struct {
	Family, Given string // the fullest spelling among the shared works
	ORCID         string // "" when no work gives one
	Affiliation   string // from the most recent work that gives one; "" when none does
	LastActive    record.Date
}

// Name is the row's name as the template asks for it: "Last, First".
func (r Row) Name() string {
	if r.Given == "" {
		return r.Family
	}
	return r.Family + ", " + r.Given
}

// seen is one co-author on one work.
type seen struct {
	name   record.Name
	orcid  string
	affil  string
	issued record.Date
}

// person is the co-authorships taken to be one person's.
type person struct {
	orcid string
	seen  []seen
	works map[int]bool // the indices of the works they are an author of
	name  record.Name  // best(), kept while joining
	gone  bool         // merged into another
}

// Rows are the co-authors of the works issued on or after since (a work
// known only to its year or month counts when that year or month reaches
// since; an undated work never does, nor an author-less one), sorted by
// name, each once: the same ORCID iD is one person; without one the same
// name is, and a name with fewer letters ("J. Smith") is the one person
// with an iD or a fuller name it can be ("John Smith") when there is
// exactly one, and a row of its own when there are none or several (it
// is never guessed). Two authors of one work are two people whatever their
// names: neither key nor join makes them one. A zero since takes every
// dated work.
func Rows(works []Work, since record.Date) []Row {
	people, byKey := []*person{}, map[string]*person{}
	for wi, w := range works {
		if !InWindow(w.Issued, since) {
			continue
		}
		names := map[string]int{} // the work's authors without an iD, by name key
		selfIDs := w.selfIDs()
		for i, a := range w.Authors {
			if i < len(w.Self) && w.Self[i] || organisation(a) || a.ORCID != "" && selfIDs[strings.ToLower(a.ORCID)] {
				continue
			}
			n := record.NameOf(a)
			if strings.TrimSpace(n.Family) == "" {
				continue // a name no row can be written from
			}
			key := personKey(a, n, names)
			p := byKey[key]
			if p == nil {
				p = &person{orcid: a.ORCID, works: map[int]bool{}}
				byKey[key] = p
				people = append(people, p)
			}
			p.works[wi] = true
			p.seen = append(p.seen, seen{name: n, orcid: a.ORCID, affil: firstAffiliation(a), issued: w.Issued})
		}
	}
	joinShortNames(people)
	var rows []Row
	for _, p := range people {
		if !p.gone {
			rows = append(rows, p.row())
		}
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(record.Fold(a.Family), record.Fold(b.Family)),
			cmp.Compare(record.Fold(a.Given), record.Fold(b.Given)), cmp.Compare(a.Name(), b.Name()), cmp.Compare(a.ORCID, b.ORCID))
	})
	return rows
}

// selfIDs are the iDs of the work's authors marked Self: the same iD
// again on the work is the researcher too (a deposit's slip, an index's
// misassigned iD), as one iD is one person everywhere in the table.
func (w Work) selfIDs() map[string]bool {
	ids := map[string]bool{}
	for i, a := range w.Authors {
		if i < len(w.Self) && w.Self[i] && a.ORCID != "" {
			ids[strings.ToLower(a.ORCID)] = true
		}
	}
	return ids
}

// personKey is who an author of a work is taken to be before names are
// joined: their ORCID iD, else their name (nameKey). Two authors of one
// work are two people, however alike their names: the second "Wei Wang"
// of a work is the second of every work that has two (names counts the
// work's names so far). One iD twice on a work is a deposit's slip, one
// person.
func personKey(a record.Author, n record.Name, names map[string]int) string {
	if a.ORCID != "" {
		return "orcid:" + strings.ToLower(a.ORCID)
	}
	key := "name:" + nameKey(n)
	names[key]++
	if c := names[key]; c > 1 {
		return key + "#" + strconv.Itoa(c)
	}
	return key
}

// joinShortNames folds each person without an iD into the one person
// their name can be who has an iD or more letters in their given names,
// fullest names first, so that "John Smith" joins the "John Smith" with
// an iD before "J. Smith" looks for whom it can be. Only people whose
// family names end in the same folded word can be one (record.SameName),
// so each looks among those alone: a collaboration's thousands of
// authors are not compared pairwise.
func joinShortNames(people []*person) {
	byFamily := map[string][]*person{}
	for _, p := range people {
		p.name = p.best()
		k := familyKey(p.name.Family)
		byFamily[k] = append(byFamily[k], p)
	}
	order := slices.Clone(people)
	slices.SortStableFunc(order, func(a, b *person) int { return letters(b.name.Given) - letters(a.name.Given) })
	for _, p := range order {
		if p.orcid != "" {
			continue
		}
		var into []*person
		for _, c := range byFamily[familyKey(p.name.Family)] {
			if c != p && !c.gone && !c.shares(p) && record.SameName(p.name, c.name) &&
				(c.orcid != "" || letters(c.name.Given) > letters(p.name.Given)) {
				into = append(into, c)
			}
		}
		if len(into) == 1 {
			into[0].seen = append(into[0].seen, p.seen...)
			maps.Copy(into[0].works, p.works)
			into[0].name = into[0].best()
			p.gone = true
		}
	}
}

// shares reports whether two people are authors of one work, and so are
// two people whatever their names.
func (p *person) shares(q *person) bool {
	if len(q.works) < len(p.works) {
		p, q = q, p
	}
	for wi := range p.works {
		if q.works[wi] {
			return true
		}
	}
	return false
}

// familyKey is the last word of a family name, folded: what
// record.SameName compares first.
func familyKey(family string) string {
	words := strings.Fields(family)
	if len(words) == 0 {
		return ""
	}
	return record.Fold(words[len(words)-1])
}

// best is the fullest spelling of the person's name: the most letters in
// the given names, then the most words; the first seen among equals.
func (p *person) best() record.Name {
	best := p.seen[0].name
	for _, s := range p.seen[1:] {
		if fuller(s.name.Given, best.Given) {
			best = s.name
		}
	}
	return best
}

func fuller(x, y string) bool {
	if lx, ly := letters(x), letters(y); lx != ly {
		return lx > ly
	}
	return len(strings.Fields(x)) > len(strings.Fields(y))
}

// row is the person's row: the latest issued date among their works, and
// the affiliation of the latest work that gives one.
func (p *person) row() Row {
	n := p.best()
	r := Row{Family: n.Family, Given: n.Given, ORCID: p.orcid}
	var affilDate record.Date
	for _, s := range p.seen {
		if Later(s.issued, r.LastActive) {
			r.LastActive = s.issued
		}
		if s.affil != "" && (r.Affiliation == "" || Later(s.issued, affilDate)) {
			r.Affiliation, affilDate = s.affil, s.issued
		}
		if r.ORCID == "" {
			r.ORCID = s.orcid
		}
	}
	return r
}

// Later reports whether a is after b, a missing month or day counting as
// before any given one: "2024-03-05" is later than "2024", which may be
// January.
func Later(a, b record.Date) bool {
	return cmp.Or(cmp.Compare(a.Year, b.Year), cmp.Compare(a.Month, b.Month), cmp.Compare(a.Day, b.Day)) > 0
}

// InWindow reports whether a work issued on d is in the window from
// since: a dated work whose period reaches it (reaches).
func InWindow(d, since record.Date) bool { return !d.IsZero() && reaches(d, since) }

// reaches reports whether any day of d's period (its year, its month, or
// the day) is on or after since: a work known only as "2022" may be from
// December, and leaving out a co-author NSF wants is the costlier error.
func reaches(d, since record.Date) bool {
	switch {
	case since.IsZero():
		return true
	case d.Month == 0 || since.Month == 0:
		return d.Year >= since.Year
	case d.Day == 0 || since.Day == 0:
		return cmp.Or(cmp.Compare(d.Year, since.Year), cmp.Compare(d.Month, since.Month)) >= 0
	}
	return !Later(since, d)
}

// firstAffiliation is the first affiliation the work gives the author,
// its spaces and line breaks made single spaces.
func firstAffiliation(a record.Author) string {
	for _, s := range a.Affiliations {
		if s = strings.Join(strings.Fields(s), " "); s != "" {
			return s
		}
	}
	return ""
}

// nameKey is a name folded (accents, case, punctuation aside), the family
// name then each given word: the same person's name spelt the same way.
func nameKey(n record.Name) string {
	words := []string{record.Fold(n.Family)}
	for _, w := range strings.FieldsFunc(n.Given, func(r rune) bool { return unicode.IsSpace(r) || r == '.' || r == '-' }) {
		words = append(words, record.Fold(w))
	}
	return strings.Join(words, " ")
}

// letters counts the letters of given names: "J. A." has two, "John" four.
func letters(given string) int {
	n := 0
	for _, r := range given {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// collective are the words that make an author known only by a literal
// name a group rather than a person ("ATLAS Collaboration", "the DELVE
// Study Group", a lab that credits its software to itself): Table 4 lists
// people.
var collective = []string{"collaboration", "consortium", "group", "team", "network", "initiative",
	"committee", "investigators", "project", "society", "association", "lab", "laboratory", "institute",
	"centre", "center", "university", "foundation", "organization", "organisation", "programme", "program"}

// organisation reports an author that is a group: a literal name, never
// split into given and family names by its service, with a collective
// word in it.
func organisation(a record.Author) bool {
	if a.Given != "" || a.Family != "" {
		return false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(a.Name), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if slices.Contains(collective, w) {
			return true
		}
	}
	return false
}

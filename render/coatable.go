package render

import (
	"bufio"
	"fmt"
	"slices"
	"strings"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/coa"
)

// writeCOA writes Table 4 of NSF's COA template for the page's person:
// every co-author of the works on the page (and the works shown within
// them: a preprint, a version) issued since Options.Since, the person
// excluded by the page's own rule (lookFor). A lab's table is one
// member's: the page's self marks every member, and the others are
// co-authors NSF wants listed.
func writeCOA(b *bufio.Writer, p *page) error {
	if p.lab != nil && p.lab.member < 0 {
		return fmt.Errorf("the COA table is one person's: give a member (members: %s)", strings.Join(p.lab.lab.Names(), ", "))
	}
	owner := p.recordOwner()
	var works []coa.Work
	for _, e := range p.shown {
		for _, w := range append([]*entry{e}, e.members...) {
			if len(w.rec.Authors) == 0 {
				continue // editors only: co-editors are Table 3's, over 24 months
			}
			self := make([]bool, len(w.rec.Authors))
			for i, a := range w.rec.Authors {
				self[i] = i < len(w.self) && w.self[i] || len(owner.Names) > 0 && owner.Is(a)
			}
			onceOnAWork(self, w.rec.Authors, owner, lookFor(p.person))
			works = append(works, coa.Work{Issued: w.rec.Issued, Authors: w.rec.Authors, Self: self})
		}
	}
	return coa.Write(b, coa.Rows(works, p.since))
}

// recordOwner is the page's person as their ORCID records name them (the
// names fetch's owner checks read, orcid/<iD>.json): a manifest may give
// only an iD, and a work whose registrar lists the researcher by name
// alone must not put them in their own table. The page's highlight reads
// only the manifest's names, so this is coa's alone. A member's page is
// the member's iD.
func (p *page) recordOwner() record.Person {
	ids := p.person.ORCIDs
	if p.lab != nil && p.lab.member >= 0 {
		ids = nil
		if id := p.lab.lab.Members[p.lab.member].ORCID; id != "" {
			ids = []string{id}
		}
	}
	owner := record.Person{ORCIDs: ids}
	for _, id := range ids {
		n, ok := p.owners[id]
		if !ok {
			continue
		}
		if n.Given != "" || n.Family != "" {
			owner.Names = append(owner.Names, record.Name{Given: n.Given, Family: n.Family})
		}
		if n.Credit != "" {
			owner.Names = append(owner.Names, record.ParseName(n.Credit))
		}
	}
	return owner
}

// onceOnAWork keeps the researcher to one author of a work: two authors
// of one work are two people, so when several can be the researcher (their
// iD on one and their name on another; "Wei Wang" and "W. Wang" in a large
// collaboration) the one with their iD is them, else the first spelt as
// one of their names, else the first; the others are co-authors NSF wants
// listed, not left out.
func onceOnAWork(self []bool, authors []record.Author, owner, manifest record.Person) {
	best, bestScore := -1, 0
	for i, a := range authors {
		if !self[i] {
			continue
		}
		score := 1
		switch {
		case a.ORCID != "" && (slices.ContainsFunc(owner.ORCIDs, func(id string) bool { return strings.EqualFold(id, a.ORCID) }) ||
			slices.ContainsFunc(manifest.ORCIDs, func(id string) bool { return strings.EqualFold(id, a.ORCID) })):
			score = 3
		case spelt(record.NameOf(a), owner.Names) || spelt(record.NameOf(a), manifest.Names):
			score = 2
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	for i := range self {
		self[i] = i == best
	}
}

// spelt reports whether n is one of names letter for letter, accents,
// case and punctuation aside.
func spelt(n record.Name, names []record.Name) bool {
	return slices.ContainsFunc(names, func(v record.Name) bool {
		return record.Fold(n.Family) == record.Fold(v.Family) && record.Fold(n.Given) == record.Fold(v.Given)
	})
}

package orchestrator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// owner is who an ORCID record belongs to, for the same-name check.
type owner struct {
	orcid   string
	display string        // a name to quote in the warning
	person  record.Person // the iD and the names: the manifest's, the record's name, credit name and other names
}

// newOwner gathers the name variants of an ORCID record's owner.
func newOwner(orcid, manifestName string, p *providers.Person) owner {
	o := owner{orcid: orcid, display: strings.TrimSpace(manifestName), person: record.Person{ORCIDs: []string{orcid}}}
	add := func(n record.Name) {
		if strings.TrimSpace(n.Family) != "" && !slices.Contains(o.person.Names, n) {
			o.person.Names = append(o.person.Names, n)
		}
	}
	add(record.ParseName(manifestName))
	if p != nil {
		if o.display == "" {
			o.display = strings.TrimSpace(p.Given + " " + p.Family)
		}
		add(record.Name{Given: p.Given, Family: p.Family})
		add(record.ParseName(p.Credit))
		for _, n := range p.Other {
			add(record.ParseName(n))
		}
	}
	return o
}

// strangerCheck looks for the owner among a work's authors: by ORCID iD,
// then by a close name variant (same family name, compatible initial). It
// returns a warning when the work looks like a same-name stranger's: an
// author with the owner's name but another iD, or no author the owner
// could be. An empty author list says nothing, so it is not flagged.
func strangerCheck(o owner, authors []record.Author) string {
	if len(authors) == 0 {
		return ""
	}
	withIDs := 0
	var sameName []record.Author
	for _, a := range authors {
		if o.person.Is(a) {
			return "" // the owner's iD, or the owner's name with no iD to contradict it
		}
		if a.ORCID != "" {
			withIDs++
		}
		if o.person.HasName(a) {
			sameName = append(sameName, a) // the owner's name under another iD
		}
	}
	switch {
	case len(sameName) > 0:
		a := sameName[0]
		return fmt.Sprintf("possible same-name stranger: the author %q has ORCID iD %s, not the record's %s", a.Display(), a.ORCID, o.orcid)
	case len(o.person.Names) > 0:
		return fmt.Sprintf("possible same-name stranger: neither ORCID iD %s nor a name like %q is among the %d authors (first: %s)", o.orcid, o.display, len(authors), authors[0].Display())
	case withIDs > 0:
		return fmt.Sprintf("possible same-name stranger: %d of the %d authors have ORCID iDs and none is %s (set name in the manifest to compare names too)", withIDs, len(authors), o.orcid)
	}
	return ""
}

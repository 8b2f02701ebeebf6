package works

import (
	"fmt"
	"slices"
	"strings"

	"github.com/aboutscholar/about/record"
)

// Researcher is whose ORCID record listed a work, for the same-name check.
type Researcher struct {
	orcid   string
	display string        // a name to quote in the warning
	person  record.Person // the iD and the names: the manifest's, the record's name, credit name and other names
}

// NewResearcher gathers the name variants of an ORCID record's owner.
func NewResearcher(orcid, manifestName string, p *record.Owner) Researcher {
	o := Researcher{orcid: orcid, display: strings.TrimSpace(manifestName), person: record.Person{ORCIDs: []string{orcid}}}
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

// sameNameStranger looks for the owner among a work's authors: by ORCID iD,
// then by a close name variant (same family name, compatible initial). It
// returns a warning when the work looks like a same-name stranger's: an
// author with the owner's name but another iD, or no author the owner
// could be. An empty author list says nothing, so it is not flagged.
func sameNameStranger(o Researcher, authors []record.Author) string {
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
		return fmt.Sprintf(strangerPrefix+"the author %q has ORCID iD %s, not the record's %s", a.Display(), a.ORCID, o.orcid)
	case len(o.person.Names) > 0:
		return fmt.Sprintf(strangerPrefix+"neither ORCID iD %s nor a name like %q is among the %d authors (first: %s)", o.orcid, o.display, len(authors), authors[0].Display())
	case withIDs > 0:
		return fmt.Sprintf(strangerPrefix+"%d of the %d authors have ORCID iDs and none is %s (set name in the manifest to compare names too)", withIDs, len(authors), o.orcid)
	}
	return ""
}

// strangerPrefix starts every warning of the same-name check.
const strangerPrefix = "possible same-name stranger: "

// Strangers is the same-name check of a work's authors against the
// researcher of each ORCID record that listed it (researchers, by origin).
// A researcher whose record's name could not be read this run (unnamed)
// keeps the findings of the work's previous file (among prev), since a
// check on fewer names would change them for no reason of the work's.
func Strangers(origins []string, researchers map[string]Researcher, unnamed map[string]bool, authors []record.Author, prev []string) []string {
	var out []string
	for _, origin := range origins {
		o, ok := researchers[origin]
		if !ok {
			continue
		}
		if unnamed[origin] {
			for _, msg := range prev {
				if strings.HasPrefix(msg, strangerPrefix) && strings.Contains(msg, o.orcid) {
					out = append(out, msg)
				}
			}
			continue
		}
		if msg := sameNameStranger(o, authors); msg != "" {
			out = append(out, msg)
		}
	}
	return out
}

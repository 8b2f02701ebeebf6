package works

import (
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// ORCIDRead is what this run read of one ORCID record, from the answers
// of the providers that expand it.
type ORCIDRead struct {
	Read   bool                // some provider read the record
	Listed snapshots.Expansion // the works, groups and warnings the answers that read it listed
	Person *record.Owner       // the record's /person; nil when that request failed
	// NameUnread: a request for the record failed (its name, most
	// often), so the same-name findings of its works stand as last time's.
	NameUnread bool
}

// Expansion is the expansion file (orcid/<iD>.json) of an ORCID record:
// what this run read, keeping the previous file's values (prev; nil when
// there is none) where the run learned nothing. A record no provider
// could read keeps its previous file whole, whose works then stand for
// the record's; a record read without its /person (or /record) keeps the
// previous name and CV sections. A name the record keeps private is no name.
func Expansion(prev *snapshots.Expansion, now ORCIDRead) snapshots.Expansion {
	exp := now.Listed
	switch {
	case !now.Read:
		if prev != nil {
			return *prev
		}
	case now.Person != nil:
		exp.Name = ownerName(now.Person)
		exp.CV = now.Person.CV
	case prev != nil:
		exp.Name, exp.CV = prev.Name, prev.CV
	}
	return exp
}

// ownerName is the name an ORCID record gave; nil for a record whose name
// is private, so the file says nothing rather than an empty name.
func ownerName(person *record.Owner) *snapshots.OwnerName {
	n := snapshots.OwnerName{Given: person.Given, Family: person.Family, Credit: person.Credit}
	if n == (snapshots.OwnerName{}) {
		return nil
	}
	return &n
}

// KeepFollowed reports whether a published version the second round
// followed from a preprint joins the works: when some service found it or
// it has a file from before. One with nothing to show is left out (its
// preprint keeps the note that suggests listing it).
func KeepFollowed(found, existed bool) bool { return found || existed }

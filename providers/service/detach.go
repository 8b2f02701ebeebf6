package service

import (
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// detached is c with its own copies of its strings. A claim is read from
// a list page, and a string gjson reads is a piece of the whole page: a
// claim kept as read keeps its page (a megabyte or more of other works)
// in memory for the rest of the run, so a listing's memory would grow with
// every page read rather than with the few fields kept.
func (c Claim) detached() Claim {
	c.DOI = strings.Clone(c.DOI)
	c.Title = strings.Clone(c.Title)
	c.Role = strings.Clone(c.Role)
	c.Author = detachedAuthor(c.Author)
	return c
}

// detachedAuthor is a with its own copies of its strings (see Claim.detached).
func detachedAuthor(a record.Author) record.Author {
	a.Name = strings.Clone(a.Name)
	a.Given = strings.Clone(a.Given)
	a.Family = strings.Clone(a.Family)
	a.ORCID = strings.Clone(a.ORCID)
	if a.Affiliations != nil {
		aff := make([]string, len(a.Affiliations))
		for i, s := range a.Affiliations {
			aff[i] = strings.Clone(s)
		}
		a.Affiliations = aff
	}
	return a
}

// DetachedIDs is ids with its own copies of its strings (see Claim.detached).
func DetachedIDs(ids record.IDs) record.IDs {
	for k := range manifest.RecordIDKinds() {
		*k.Field(&ids) = strings.Clone(*k.Field(&ids))
	}
	ids.ISBN, ids.ISSN = ClonedStrings(ids.ISBN), ClonedStrings(ids.ISSN)
	return ids
}

// ClonedStrings is list with its own copies of its strings, nil for none.
func ClonedStrings(list []string) []string {
	if list == nil {
		return nil
	}
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.Clone(s)
	}
	return out
}

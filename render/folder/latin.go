package folder

import (
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// firstAuthorForms is how the other records of a work name its first
// author, when the merged record's name for them has no Latin letters
// (a registrar's 宮地 元彦, where an index or MEDLINE may write
// Miyachi): render keys the work by a Latin form of the same person
// rather than by a script a citation key cannot hold. A source's author
// is the same person when they share the first author's ORCID iD, else
// when they are first in a list as long as the merged one. nil for a
// work whose first author's name has Latin letters, or no authors.
func firstAuthorForms(rec record.Record, sources []snapshots.Source) []record.Author {
	if len(rec.Authors) == 0 || hasLatin(rec.Authors[0]) {
		return nil
	}
	first := rec.Authors[0]
	var forms []record.Author
	for _, s := range sources {
		if s.Status != string(record.Found) || s.Record == nil {
			continue
		}
		if a, ok := sameFirstAuthor(first, len(rec.Authors), s.Record.Authors); ok && hasLatin(a) {
			forms = append(forms, a)
		}
	}
	return forms
}

// sameFirstAuthor is the author of list who is first, an author of n.
func sameFirstAuthor(first record.Author, n int, list []record.Author) (record.Author, bool) {
	if first.ORCID != "" {
		for _, a := range list {
			if a.ORCID == first.ORCID {
				return a, true
			}
		}
	}
	if len(list) == n && n > 0 && (first.ORCID == "" || list[0].ORCID == "") {
		return list[0], true
	}
	return record.Author{}, false
}

// hasLatin reports a name whose part a key reads (the family name, else
// the given name, else the name as one string) has a letter a–z once
// folded (record.Fold).
func hasLatin(a record.Author) bool {
	name := a.Family
	switch {
	case name != "":
	case a.Given != "":
		name = a.Given
	default:
		name = a.Name
	}
	for _, r := range record.Fold(name) {
		if r >= 'a' && r <= 'z' {
			return true
		}
	}
	return false
}

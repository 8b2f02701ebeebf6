package orchestrator

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// personName is one way a person's name is written: family name and given
// names (either may be empty), folded for comparison.
type personName struct{ given, family string }

// owner is who an ORCID record belongs to, for the same-name check.
type owner struct {
	orcid   string
	display string       // a name to quote in the warning
	names   []personName // the manifest's name, the record's name, credit name and other names
}

// newOwner gathers the name variants of an ORCID record's owner.
func newOwner(orcid, manifestName string, p *providers.Person) owner {
	o := owner{orcid: orcid, display: strings.TrimSpace(manifestName)}
	add := func(n personName) {
		if n.family != "" && !slices.Contains(o.names, n) {
			o.names = append(o.names, n)
		}
	}
	add(splitName(manifestName))
	if p != nil {
		if o.display == "" {
			o.display = strings.TrimSpace(p.Given + " " + p.Family)
		}
		add(personName{foldName(firstWord(p.Given)), foldName(lastWord(p.Family))})
		add(splitName(p.Credit))
		for _, n := range p.Other {
			add(splitName(n))
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
		if a.ORCID == o.orcid {
			return ""
		}
		if a.ORCID != "" {
			withIDs++
		}
		if o.matches(a) {
			sameName = append(sameName, a)
		}
	}
	for _, a := range sameName {
		if a.ORCID == "" {
			return "" // the owner's name, no iD to contradict it
		}
	}
	switch {
	case len(sameName) > 0:
		a := sameName[0]
		return fmt.Sprintf("possible same-name stranger: the author %q has ORCID iD %s, not the record's %s", a.Display(), a.ORCID, o.orcid)
	case len(o.names) > 0:
		return fmt.Sprintf("possible same-name stranger: neither ORCID iD %s nor a name like %q is among the %d authors (first: %s)", o.orcid, o.display, len(authors), authors[0].Display())
	case withIDs > 0:
		return fmt.Sprintf("possible same-name stranger: %d of the %d authors have ORCID iDs and none is %s (set name in the manifest to compare names too)", withIDs, len(authors), o.orcid)
	}
	return ""
}

// matches reports an author whose name is a variant of the owner's: the
// same family name (accents and case aside) and, when both give one, the
// same initial.
func (o owner) matches(a record.Author) bool {
	n := personName{foldName(firstWord(a.Given)), foldName(lastWord(a.Family))}
	if a.Family == "" {
		n = splitName(a.Name)
	}
	for _, v := range o.names {
		if n.family != v.family {
			continue
		}
		if n.given == "" || v.given == "" || n.given[0] == v.given[0] {
			return true
		}
	}
	return false
}

// splitName reads "Given Family" or "Family, Given".
func splitName(s string) personName {
	s = strings.TrimSpace(s)
	if family, given, ok := strings.Cut(s, ","); ok {
		return personName{foldName(firstWord(given)), foldName(lastWord(family))}
	}
	words := strings.Fields(s)
	if len(words) == 0 {
		return personName{}
	}
	given := ""
	if len(words) > 1 {
		given = words[0]
	}
	return personName{foldName(given), foldName(words[len(words)-1])}
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

func lastWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[len(f)-1]
	}
	return ""
}

// foldName lower-cases a name, drops the accents of Latin letters and
// anything that is not a letter, so "Müller-Lüdenscheidt" meets
// "Muller-Ludenscheidt".
func foldName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if f := foldLatin(r); f != "" {
			b.WriteString(f)
		} else if unicode.IsLetter(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// foldLatin is the base letters of an accented Latin letter, or "".
func foldLatin(r rune) string {
	switch r {
	case 'ß':
		return "ss"
	case 'æ':
		return "ae"
	case 'œ':
		return "oe"
	case 'ø':
		return "o"
	case 'ł':
		return "l"
	case 'đ', 'ð':
		return "d"
	case 'þ':
		return "th"
	}
	for _, t := range [...]struct{ base, accented string }{
		{"a", "àáâãäåāăą"}, {"c", "çćĉċč"}, {"d", "ď"}, {"e", "èéêëēĕėęě"}, {"g", "ĝğġģ"}, {"h", "ĥħ"},
		{"i", "ìíîïĩīĭįı"}, {"j", "ĵ"}, {"k", "ķ"}, {"l", "ĺļľŀ"}, {"n", "ñńņňŉ"}, {"o", "òóôõöōŏő"},
		{"r", "ŕŗř"}, {"s", "śŝşš"}, {"t", "ţťŧ"}, {"u", "ùúûüũūŭůűų"}, {"w", "ŵ"}, {"y", "ýÿŷ"}, {"z", "źżž"},
	} {
		if strings.ContainsRune(t.accented, r) {
			return t.base
		}
	}
	return ""
}

package render

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/keyname"
)

// Citation keys are familyYEARword: the first author's family name and the
// first significant word of the title, folded to ASCII letters and digits
// ("Ñúñez-García", 2023, "Über-Schätzer" → nunezgarcia2023uberschatzer), so
// they are valid in BibTeX, biber, pandoc and HTML ids alike. Works whose
// keys collide get a, b, c… in the order of their identity keys, which do
// not change when a title is corrected or a date is refined elsewhere.
//
// Only entries take part: a work shown within another entry (a preprint
// within its article, a version within its concept DOI, a PMID record
// within its DOI) is in no citation file and has no key, so it never
// makes an entry's key take a letter it needs nothing to tell apart from.
// The cost: unlinking such a work makes it an entry, and then both take a
// letter.

// stopWords are skipped when picking the title word of a key.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "on": true, "of": true, "in": true, "for": true,
	"and": true, "to": true, "with": true, "at": true, "by": true, "from": true, "as": true,
}

// A key the user keeps (a [[work]]'s key, set on e.key by
// joinUserFields) is the entry's as it is: made keys come after, and one
// equal to a kept key, letter case aside as BibTeX compares keys, takes a
// letter as colliding made keys do. The manifest holds kept keys unique.
func assignKeys(all []*entry) {
	bases := map[string][]*entry{}
	taken := map[string]bool{} // lower-cased
	var keyed []*entry
	for _, e := range all {
		if e.in != nil {
			continue
		}
		keyed = append(keyed, e)
		if e.key != "" {
			taken[strings.ToLower(e.key)] = true
			continue
		}
		b := baseKey(e)
		bases[b] = append(bases[b], e)
	}
	var shared []string
	for b, es := range bases {
		if len(es) == 1 && !taken[b] {
			es[0].key = b
			taken[b] = true
			continue
		}
		shared = append(shared, b)
	}
	sort.Strings(shared)
	for _, b := range shared {
		es := bases[b]
		sort.Slice(es, func(i, j int) bool { return es[i].id < es[j].id })
		n := 0
		for _, e := range es {
			for {
				k := b + letters(n)
				n++
				if !taken[k] {
					e.key = k
					taken[k] = true
					break
				}
			}
		}
	}
	assignNames(keyed)
}

// letters is the n-th suffix: a … z, aa, ab, …
func letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		n = n/26 - 1
		if n < 0 {
			return s
		}
	}
}

func baseKey(e *entry) string {
	who := "anon"
	if by := e.rec.Creators(); len(by) > 0 { // an edited book is keyed by its first editor, as biblatex labels it
		if f := authorKey(by[0], e.latin); f != "" {
			who = f
		}
	} else if f := fold(e.lister); f != "" {
		who = f
	}
	year := "nd"
	if e.rec.Issued.Year > 0 {
		year = strconv.Itoa(e.rec.Issued.Year)
	}
	word := firstWord(e.rec.Title)
	if word == "" {
		word = "work"
	}
	return who + year + word
}

// listerName is the family name of the first owner, in the index's order
// of identities, of an ORCID record that lists the work: the record's own
// name, else the name the manifest gives with that iD (manifestNames);
// "" when none does or no name is known. A name with no Latin letters
// gives way to the next (a key holds only a-z and 0-9). It keys a work no
// service gives authors for (a work only its ORCID record knows) by the
// researcher whose record claims it rather than "anon"; the work's author
// list stays empty, as claiming a work is not the same as being its only
// author.
func listerName(f *folder.Folder, manifestNames map[string]string, id string) string {
	for _, orcid := range f.ListedBy[id] {
		n := f.Owners[orcid]
		for _, name := range []string{
			keyName(record.Author{Family: n.Family, Name: n.Credit}),
			keyName(record.Author{Name: n.Credit}), // a family name in a script a key cannot hold
			keyName(record.Author{Name: manifestNames[orcid]}),
			n.Given,
		} {
			if fold(name) != "" {
				return name
			}
		}
	}
	return ""
}

// keyName is the name a key starts with: always a family name. A split
// name gives its family name; a literal one (arXiv, OpenAlex and Semantic
// Scholar list people as one string) is read as a person's name
// (record.ParseName: the last word and its particles), unless it names an
// organisation, which is keyed by its first significant word ("Human
// Genome Consortium" → human). With no family name at all (a given name
// alone) the given name stands in.
func keyName(a record.Author) string {
	switch {
	case a.Family != "":
		return a.Family
	case a.Given != "":
		return a.Given
	case isOrganisation(a.Name):
		return firstWord(a.Name)
	}
	return record.ParseName(a.Name).Family
}

// organisationWords mark a literal author name as an organisation's.
var organisationWords = map[string]bool{
	"consortium": true, "collaboration": true, "group": true, "team": true, "project": true,
	"university": true, "institute": true, "institution": true, "foundation": true, "society": true,
	"association": true, "committee": true, "council": true, "network": true, "initiative": true,
	"center": true, "centre": true, "laboratory": true, "alliance": true, "organisation": true,
	"organization": true, "agency": true, "department": true, "ministry": true, "office": true,
	"inc": true, "ltd": true, "gmbh": true, "programme": true, "program": true, "and": true, "of": true,
	"for": true, "the": true, "working": true, "authors": true, "investigators": true,
}

func isOrganisation(name string) bool {
	for _, w := range strings.Fields(name) {
		if organisationWords[fold(w)] {
			return true
		}
	}
	return false
}

// firstWord is the first word of s that folds to something and is not a
// stop word, folded.
func firstWord(s string) string {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '-' || r == '/' || r == ':' }) {
		f := fold(w)
		if f != "" && !stopWords[f] {
			return f
		}
	}
	return ""
}

// fold is s folded as record.Fold folds names, keeping only a-z and 0-9
// so a key is valid in every citation format.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, record.Fold(s))
}

// assignNames gives each entry the forms of its key that are not a
// citation: a file name (keyname.File) and the page's anchor
// (anchorName), each unique in the render (keyname.Unique).
func assignNames(keyed []*entry) {
	keys := make([]string, len(keyed))
	for i, e := range keyed {
		keys[i] = e.key
	}
	files, anchors := keyname.Unique(keys, keyname.File), keyname.Unique(keys, anchorName)
	for _, e := range keyed {
		e.file, e.anchor = files[e.key], anchors[e.key]
	}
}

// anchorName is a key as the page's HTML id: a key holds no white space,
// so any key is a valid id, and the page's script finds entries by class,
// never by id. A key that is one of the page's own ids (filters, out, …)
// or could be one (f-…, h-…, s-… are its fields, headings and sections)
// is prefixed work-.
func anchorName(key string) string {
	lower := strings.ToLower(key)
	if pageIDs[lower] || strings.HasPrefix(lower, "f-") || strings.HasPrefix(lower, "h-") || strings.HasPrefix(lower, "s-") || strings.HasPrefix(lower, "chart-") {
		return "work-" + key
	}
	return key
}

// pageIDs are the ids the page and a work's page give their own parts.
var pageIDs = map[string]bool{"filters": true, "citations": true, "out": true}

package record

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is one way a person's name is written: given names and family name,
// either of which may be empty.
type Name struct{ Given, Family string }

// ParseName reads a name as people write it: "Given Family", or
// "Family, Given" when there is a comma. One word is a family name. The
// family name is the last word with the lower-case particles before it
// ("Anna van der Berg" → "Anna" + "van der Berg", "Jean de la Fontaine"
// → "Jean" + "de la Fontaine"), and a capitalised particle that leads
// lower-case ones ("Lindsay Van der Meer" → "Van der Meer", as Flemish
// and American Dutch names are written); the first word is always a
// given name.
// Names written family first without a comma (as is usual for Chinese,
// Vietnamese or Hungarian names) cannot be told from the words alone.
func ParseName(s string) Name {
	if family, given, ok := strings.Cut(s, ","); ok {
		given = strings.TrimSpace(given)
		if suffix, rest, ok := strings.Cut(given, ","); ok && isSuffix(strings.TrimSpace(suffix)) {
			// BibTeX's "von Last, Jr, First"
			return Name{Given: strings.TrimSpace(rest), Family: strings.TrimSpace(family) + " " + strings.TrimSpace(suffix)}
		}
		if isSuffix(given) && strings.Contains(strings.TrimSpace(family), " ") {
			// "Given Family, Jr."
			n := ParseName(family)
			return Name{Given: n.Given, Family: n.Family + " " + given}
		}
		return Name{Given: given, Family: strings.TrimSpace(family)}
	}
	words := strings.Fields(s)
	if len(words) == 0 {
		return Name{}
	}
	if len(words) > 2 && isSuffix(words[len(words)-1]) {
		n := ParseName(strings.Join(words[:len(words)-1], " "))
		return Name{Given: n.Given, Family: n.Family + " " + words[len(words)-1]}
	}
	at := len(words) - 1
	for at > 1 && particles[words[at-1]] {
		at--
	}
	if at > 1 && at < len(words)-1 && particles[strings.ToLower(words[at-1])] {
		at-- // "Van" before "der Meer"
	}
	return Name{Given: strings.Join(words[:at], " "), Family: strings.Join(words[at:], " ")}
}

// isSuffix reports a generational suffix, which goes with the family
// name ("King Jr."), never stands for it.
func isSuffix(w string) bool {
	switch strings.TrimSuffix(w, ".") {
	case "Jr", "Sr", "II", "III", "IV", "Jnr", "Snr":
		return true
	}
	return false
}

// particles are the lower-case words that belong to the family name that
// follows them (nobiliary and patronymic particles of the European
// languages ORCID records most often hold, and Arabic "al"/"bin").
var particles = map[string]bool{
	"van": true, "von": true, "der": true, "den": true, "de": true, "del": true, "della": true, "di": true,
	"da": true, "das": true, "dos": true, "do": true, "du": true, "des": true, "la": true, "le": true,
	"ter": true, "ten": true, "zu": true, "af": true, "av": true, "al": true, "bin": true, "ibn": true,
}

// IsParticle reports a lower-case word that belongs to the family name
// after it ("van", "de", "al").
func IsParticle(w string) bool { return particles[w] }

// NameOf is how an author's name is written: the split name when the
// provider gives one, else the literal name read as "Given Family".
func NameOf(a Author) Name {
	if a.Given != "" || a.Family != "" {
		return Name{Given: a.Given, Family: a.Family}
	}
	return ParseName(a.Name)
}

// Person is someone to look for among a work's authors: their ORCID iDs
// and the ways their name is written (the manifest's, the ORCID record's
// name, credit name and other names). Both the fetch's same-name-stranger
// warning and render's highlight ask it, so the two always agree about
// who an author is.
type Person struct {
	ORCIDs []string
	Names  []Name
}

// Is reports whether the author is the person. An iD decides when both
// have one: an author whose iD differs from every iD of the person is
// someone else, whatever the name. Otherwise the name decides (HasName).
func (p Person) Is(a Author) bool {
	if a.ORCID != "" && len(p.ORCIDs) > 0 {
		for _, o := range p.ORCIDs {
			if strings.EqualFold(o, a.ORCID) {
				return true
			}
		}
		return false
	}
	return p.HasName(a)
}

// HasName reports whether the author's name is one of the person's, iDs
// aside: see SameName.
func (p Person) HasName(a Author) bool {
	n := NameOf(a)
	for _, v := range p.Names {
		if SameName(n, v) {
			return true
		}
	}
	return false
}

// SameName reports whether two written names can be one person's: the same
// family name, accents, case and particles aside (the last word of each is
// compared, so "van der Berg" meets "Berg" and "García Márquez" meets
// "Márquez"), and compatible given names. Given names are compatible when
// either is absent, or word by word each pair is equal or an initial of
// the other ("M. J." and "Michael James", "M." and "Michael", "Michael"
// and "Michael James"), so "Mary" is not "Michael".
func SameName(a, b Name) bool {
	// A merge compares each author with the same author of the next
	// provider's list first, mostly the same strings: those are folded once.
	la, lb := lastWord(a.Family), lastWord(b.Family)
	if la == lb {
		if !foldsToSome(la) {
			return false
		}
	} else if fa := Fold(la); fa == "" || fa != Fold(lb) {
		return false
	}
	if a.Given == b.Given {
		return true // the same words, each its own equal
	}
	ga, gb := givenWords(a.Given), givenWords(b.Given)
	for i := 0; i < len(ga) && i < len(gb); i++ {
		if !initialOf(ga[i], gb[i]) && !initialOf(gb[i], ga[i]) {
			return false
		}
	}
	return true
}

// initialOf reports whether x is y or y's initial.
func initialOf(x, y string) bool {
	return x == y || utf8.RuneCountInString(x) == 1 && strings.HasPrefix(y, x)
}

// givenWords splits given names into folded words: "Jean-Paul" and
// "J.-P." both give two.
func givenWords(s string) []string {
	var words []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '.' || r == '-' }) {
		if f := Fold(w); f != "" {
			words = append(words, f)
		}
	}
	return words
}

// lastWord is the last of strings.Fields(s), without building the list:
// a merge asks it of every author of every provider.
func lastWord(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	i := strings.LastIndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	return s[i+size:]
}

// foldsToSome reports Fold(s) != "" without folding s when it holds an
// ASCII letter or digit, which Fold always keeps.
func foldsToSome(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' || s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return Fold(s) != ""
}

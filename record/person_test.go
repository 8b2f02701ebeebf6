package record

import "testing"

func TestParseNameReadsBothOrders(t *testing.T) {
	for in, want := range map[string]Name{
		"Ada Lovelace":         {"Ada", "Lovelace"},
		"Lovelace, Ada":        {"Ada", "Lovelace"},
		"Augusta Ada King":     {"Augusta Ada", "King"},
		"Lovelace":             {"", "Lovelace"},
		"  ":                   {},
		"van der Berg, Anna":   {"Anna", "van der Berg"},
		" Lovelace ,  Ada  ":   {"Ada", "Lovelace"},
		"Anna van der Berg":    {"Anna", "van der Berg"},
		"Jean de la Fontaine":  {"Jean", "de la Fontaine"},
		"Ludwig van Beethoven": {"Ludwig", "van Beethoven"},
		"van Gogh":             {"van", "Gogh"},      // the first word is a given name, never a particle
		"Anna Van Berg":        {"Anna Van", "Berg"}, // a capital Van may be a given name: not a particle
	} {
		if got := ParseName(in); got != want {
			t.Errorf("ParseName(%q) = %+v, want %+v", in, got, want)
		}
	}
}

// The cases where the fetch's stranger check (family and first initial,
// accents folded) and render's highlight (the whole display name, accents
// kept) used to disagree, and the rule both now share.
func TestPersonIsOneRuleForFetchAndRender(t *testing.T) {
	ada := Person{ORCIDs: []string{"0000-0002-1825-0097"}, Names: []Name{{"Ada", "Lovelace"}, {"Augusta Ada", "King"}}}
	noID := Person{Names: ada.Names}
	cases := []struct {
		name string
		p    Person
		a    Author
		want bool
	}{
		{"same iD, other name", ada, Author{Given: "A.", Family: "Byron", ORCID: "0000-0002-1825-0097"}, true},
		{"iD differs in the check digit", ada, Author{Family: "Lovelace", ORCID: "0000-0002-1825-009X"}, false},
		{"namesake with another iD", ada, Author{Given: "Ada", Family: "Lovelace", ORCID: "0000-0001-5109-3700"}, false},
		{"author iD, person without: name decides", noID, Author{Given: "Ada", Family: "Lovelace", ORCID: "0000-0001-5109-3700"}, true},
		{"exact name", ada, Author{Given: "Ada", Family: "Lovelace"}, true},
		{"initial (highlight said no)", ada, Author{Given: "A.", Family: "Lovelace"}, true},
		{"initials of two names", ada, Author{Given: "A. A.", Family: "King"}, true},
		{"initials, no dots", ada, Author{Given: "A A", Family: "King"}, true},
		{"fewer given names", ada, Author{Given: "Augusta", Family: "King"}, true},
		{"accented (highlight said no)", ada, Author{Given: "Adá", Family: "Lövelace"}, true},
		{"case and spacing", ada, Author{Given: " ADA ", Family: "lovelace "}, true},
		{"literal name", ada, Author{Name: "Ada Lovelace"}, true},
		{"literal name, family first", ada, Author{Name: "Lovelace, A."}, true},
		{"no given name", ada, Author{Family: "Lovelace"}, true},
		{"same initial, other name (stranger check said yes)", ada, Author{Given: "Anne", Family: "Lovelace"}, false},
		{"other initial", ada, Author{Given: "B.", Family: "Lovelace"}, false},
		{"other family", ada, Author{Given: "Ada", Family: "Byron"}, false},
		{"given name only", ada, Author{Given: "Ada"}, false},
		{"organisation", ada, Author{Name: "The Analytical Engine Society"}, false},
		{"second given name differs", ada, Author{Given: "Augusta Maria", Family: "King"}, false},
		{"particle", Person{Names: []Name{ParseName("Anna van der Berg")}}, Author{Given: "Anna", Family: "van der Berg"}, true},
		{"hyphenated given", Person{Names: []Name{ParseName("Jean-Paul Sartre")}}, Author{Given: "J.-P.", Family: "Sartre"}, true},
		{"no names", Person{}, Author{Given: "Ada", Family: "Lovelace"}, false},
	}
	for _, c := range cases {
		if got := c.p.Is(c.a); got != c.want {
			t.Errorf("%s: Is(%+v) = %v, want %v", c.name, c.a, got, c.want)
		}
	}
}

// A generational suffix is part of the family name, as BibTeX's "Doe Jr.,
// John" (what about import writes) keeps it: "Martin Luther King Jr." is
// not a person whose family name is "Jr.", in either order (Hugo Blox
// and academicpages write names "Given Family"; a manifest may write
// "King, Jr., Martin Luther" or "Martin Luther King, Jr.").
func TestParseNameKeepsASuffixWithTheFamily(t *testing.T) {
	for in, want := range map[string]Name{
		"Martin Luther King Jr.":   {"Martin Luther", "King Jr."},
		"Martin Luther King, Jr.":  {"Martin Luther", "King Jr."},
		"King, Jr., Martin Luther": {"Martin Luther", "King Jr."},
		"King Jr., Martin Luther":  {"Martin Luther", "King Jr."},
		"John Doe III":             {"John", "Doe III"},
		"Hans van der Berg Sr":     {"Hans", "van der Berg Sr"},
		"Jr.":                      {"", "Jr."},
	} {
		if got := ParseName(in); got != want {
			t.Errorf("ParseName(%q) = %+v, want %+v", in, got, want)
		}
	}
}

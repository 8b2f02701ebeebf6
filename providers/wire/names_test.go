package wire

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestSplitName: names as the services send them (most from the real
// recordings in testdata/openalex, testdata/semanticscholar and
// testdata/europepmc), split by hand as a bibliographer files them.
func TestSplitName(t *testing.T) {
	for _, c := range []struct {
		in            string
		given, family string // both empty: stays literal
	}{
		{"Markus Ralser", "Markus", "Ralser"},
		{"Ana Margarida Fortes", "Ana Margarida", "Fortes"},
		{"Patricia Agudelo‐Romero", "Patricia", "Agudelo‐Romero"},
		{"Martin Farach-Colton", "Martin", "Farach-Colton"},
		{"James J Jun", "James J", "Jun"},
		{"E. Duflo", "E.", "Duflo"},
		// cited family first, given names as initials (#32 review)
		{"Kuznetsov V. G.", "V. G.", "Kuznetsov"},
		{"Nguyen T.", "T.", "Nguyen"},
		{"Dos Santos J.-P.", "J.-P.", "Dos Santos"},
		{"Kuznetsov V.G.", "V.G.", "Kuznetsov"},
		{"Adeodato, João Maurício", "João Maurício", "Adeodato"},
		{"Беспалов Дмитрий Николаевич", "Дмитрий Николаевич", "Беспалов"},
		{"Дмитрий Николаевич Беспалов", "Дмитрий Николаевич", "Беспалов"},
		{"Anna van der Berg", "Anna", "van der Berg"},
		{"Lindsay Van der Meer", "Lindsay", "Van der Meer"},
		{"Jean de la Fontaine", "Jean", "de la Fontaine"},
		// #32: capitalised particles before the last word
		{"Valérie Dos Santos", "Valérie", "Dos Santos"}, // OpenAlex raw_author_name, 10.3934/nhm.2009.4.249
		{"Yann Le Gorrec", "Yann", "Le Gorrec"},         // the same work
		{"Juan Carlos De La Torre", "Juan Carlos", "De La Torre"},
		{"Vincent Van Gogh", "Vincent", "Van Gogh"},
		{"Fatima Ó Briain", "Fatima", "Ó Briain"},
		{"Van Morrison", "Van", "Morrison"},                             // one given name always stays
		{"Hung Van Tran", "Hung Van", "Tran"},                           // Vietnamese Văn, a middle name
		{"Jian De Wang", "Jian De", "Wang"},                             // a Chinese given name
		{"Peter O Smith", "Peter O", "Smith"},                           // an initial without its stop
		{"María Del Carmen Rodríguez", "María Del Carmen", "Rodríguez"}, // only the words just before the family
		{"Gabriel García Márquez", "Gabriel García", "Márquez"},         // no particle: not guessed
		{"MARKUS RALSER", "Markus", "Ralser"},
		{"ALLISON F. O'NEILL", "Allison F.", "O'Neill"},
		{"LANCE MCCRACKEN", "Lance", "McCracken"},
		{"JEAN-PAUL SARTRE", "Jean-Paul", "Sartre"},
		{"JAN VAN DER BERG", "Jan", "van der Berg"},
		{"RALSER Markus", "Markus", "Ralser"},
		{"Markus RALSER", "Markus", "Ralser"},
		{"Jan van BERG", "Jan", "van Berg"},
		{"J. SMITH", "J.", "Smith"},
		{"RALSER, MARKUS", "Markus", "Ralser"},
		{"王小明", "小明", "王"},
		{"欧阳修", "修", "欧阳"},
		{"김민준", "민준", "김"},
		{"山田 太郎", "太郎", "山田"},
		{"Ralser", "", ""}, // one word
		{"やまだたろう", "", ""}, // kana without a space
		{"山田太郎", "", ""},   // four Han characters: 2 + 2 or 1 + 3
		{"Martin Luther King Jr.", "", ""},
		{"King, Martin Luther, Jr.", "", ""},
		{"Tay RYK", "", ""}, // initials or a family name
		{"Jun LI", "", ""},
		{"Broad Institute of MIT and Harvard", "", ""},
		{"COVID-19 Genomics UK Consortium", "", ""},
		{"Harry Potter 2", "", ""},
	} {
		got, ok := SplitName(c.in, nil)
		want := record.Name{Given: c.given, Family: c.family}
		if c.family == "" {
			if ok {
				t.Errorf("SplitName(%q) = %+v, want it literal", c.in, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("SplitName(%q) = %+v, %v; want %+v", c.in, got, ok, want)
		}
	}
}

// TestSplitNameKnown: the ORCID record owner's own split decides a credit
// name that ends with the owner's family name.
func TestSplitNameKnown(t *testing.T) {
	known := []record.Name{{Given: "Maria", Family: "Berg Santos"}}
	got, ok := SplitName("M. Berg Santos", known)
	if want := (record.Name{Given: "M.", Family: "Berg Santos"}); !ok || got != want {
		t.Errorf("got %+v, %v; want %+v", got, ok, want)
	}
	// the owner's family name is "Santos", so "De" is a given name here,
	// not a particle to move (capitalParticles)
	got, ok = SplitName("Maria De Santos", []record.Name{{Given: "Maria De", Family: "Santos"}})
	if want := (record.Name{Given: "Maria De", Family: "Santos"}); !ok || got != want {
		t.Errorf("got %+v, %v; want %+v", got, ok, want)
	}
	got, ok = SplitName("M. De Santos", []record.Name{{Given: "Maria De", Family: "Santos"}})
	if want := (record.Name{Given: "M. De", Family: "Santos"}); !ok || got != want {
		t.Errorf("got %+v, %v; want %+v", got, ok, want)
	}
}

// TestSplitInitialsName: Europe PMC's authorString and fullName, as in
// testdata/europepmc/europepmc-search-cancer-lite.json.
func TestSplitInitialsName(t *testing.T) {
	for _, c := range []struct{ in, given, family string }{
		{"Schoenfeld JD", "J. D.", "Schoenfeld"},
		{"O'Neill AF", "A. F.", "O'Neill"},
		{"Tay RYK", "R. Y. K.", "Tay"},
		{"Van der Meer L", "L.", "Van der Meer"},
		{"Öztürk Fincan GS", "G. S.", "Öztürk Fincan"},
		{"Abdel-Razeq H", "H.", "Abdel-Razeq"},
		{"Xu X", "X.", "Xu"},
		{"COVIDSurg Collaborative", "", ""},
		{"Ralser", "", ""},
	} {
		got, ok := SplitInitialsName(c.in)
		if c.family == "" {
			if ok {
				t.Errorf("SplitInitialsName(%q) = %+v, want it literal", c.in, got)
			}
			continue
		}
		if want := (record.Name{Given: c.given, Family: c.family}); !ok || got != want {
			t.Errorf("SplitInitialsName(%q) = %+v, %v; want %+v", c.in, got, ok, want)
		}
	}
	if got := SplitAuthorString("Schoenfeld JD, Haas-Kogan DA, O'Neill AF."); len(got) != 3 || got[2] != "O'Neill AF" {
		t.Errorf("SplitAuthorString = %q", got)
	}
}

// TestIsAffiliation: affiliation strings that OpenAlex's byline parsing
// has listed as authors, and names that are not affiliations.
func TestIsAffiliation(t *testing.T) {
	for s, want := range map[string]bool{
		", University of Lisbon, 1749-016 Lisbon": true,
		"Universitetet i Agder":                   true,
		"Department of Plant Biology":             true,
		"Cambridge CB2 1TN":                       true,
		"Markus Ralser":                           false,
		"Patricia Agudelo‐Romero":                 false,
		"COVID-19 Genomics UK Consortium":         false,
		"Universität Wien":                        true,
	} {
		if got := IsAffiliation(s); got != want {
			t.Errorf("IsAffiliation(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestNameCase(t *testing.T) {
	for in, want := range map[string]string{
		"MARKUS RALSER":     "Markus Ralser",
		"O'NEILL":           "O'Neill",
		"D'ANGELO":          "D'Angelo",
		"MCDONALD":          "McDonald",
		"MACDONALD":         "Macdonald",
		"HAAS-KOGAN":        "Haas-Kogan",
		"Markus von Ralser": "Markus von Ralser",
		"MCKAY":             "McKay",
		"MC":                "Mc",
	} {
		if got := NameCase(in); got != want {
			t.Errorf("NameCase(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWithoutRepositoryID: figshare's bylines as OpenAlex holds them
// (testdata/corpus/openalex/openalex-work-doi-10.1371-journal.pmed.0030277.g001.json).
func TestWithoutRepositoryID(t *testing.T) {
	for in, want := range map[string]string{
		"Mihai G Netea (15649)":     "Mihai G Netea",
		"Leo A. B Joosten (64533) ": "Leo A. B Joosten",
		"Mihai G Netea":             "Mihai G Netea",
		"Smith (Jr)":                "Smith (Jr)", // not a number
		"COVID-19 (2020) Group":     "COVID-19 (2020) Group",
	} {
		if got := WithoutRepositoryID(in); got != want {
			t.Errorf("WithoutRepositoryID(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStructuredName: registrars' given/family parts in capitals, the
// first from Crossref's 10.1111/j.1651-2227.1964.tb07256.x
// (testdata/corpus/crossref/crossref-works-filter-has-full-text-true-rows-3.json).
func TestStructuredName(t *testing.T) {
	for _, c := range []struct{ given, family, wantGiven, wantFamily string }{
		{"BO", "VAHLQUIST", "Bo", "Vahlquist"},
		{"SCOTT A.", "ISARD", "Scott A.", "Isard"},
		{"ALLISON F.", "O'NEIL", "Allison F.", "O'Neil"},
		{"LANCE", "MCDONALD", "Lance", "McDonald"},
		{"JAN", "VAN DER BERG", "Jan", "van der Berg"},
		{"JEAN-PAUL", "SARTRE", "Jean-Paul", "Sartre"},
		{"J. R.", "SMITH", "J. R.", "Smith"},
		{"JR", "SMITH", "JR", "Smith"},       // initials: no vowel
		{"AJ", "Smith", "AJ", "Smith"},       // two letters beside a mixed-case family: initials
		{"Jean", "DUPONT", "Jean", "Dupont"}, // a French family in capitals
		{"JoAnn", "Harris-Bowlsbey", "JoAnn", "Harris-Bowlsbey"},
		{"Anna", "van der Berg", "Anna", "van der Berg"},
		{"", "WORLD HEALTH", "", "World Health"},
	} {
		g, f := StructuredName(c.given, c.family)
		if g != c.wantGiven || f != c.wantFamily {
			t.Errorf("StructuredName(%q, %q) = %q, %q; want %q, %q", c.given, c.family, g, f, c.wantGiven, c.wantFamily)
		}
	}
}

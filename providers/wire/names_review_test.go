package wire

import "testing"

// TestNamesInCapitalsAsACataloguerWritesThem: names an index or a
// registrar sends wholly in capitals, brought to ordinary case as a
// cataloguer writes them. Each was written wrongly before the #32 review:
// the second part of a hyphenated name lost its O' ("McDonald-O'neil"),
// Greek lost its final sigma ("Ελυτησ", and a given name in Greek or
// Cyrillic capitals stayed in capitals, taken for initials), "STRAUß"
// (German capitals keep ß) was not read as capitals at all, the Irish Ó
// of a name in capitals was left in the given name, capital particles
// after a given name were capitalised ("De La Fontaine", where
// StructuredName writes "van der Berg"), and a Vietnamese name written
// family first ("Tran Van Hung") had its middle name Văn made a particle
// of an invented family name "Van Hung".
func TestNamesInCapitalsAsACataloguerWritesThem(t *testing.T) {
	for _, c := range []struct{ in, given, family string }{
		{"MCDONALD-O'NEIL, MARY", "Mary", "McDonald-O'Neil"},
		{"Mary MCDONALD-O'NEIL", "Mary", "McDonald-O'Neil"},
		{"ΟΔΥΣΣΕΑΣ ΕΛΥΤΗΣ", "Οδυσσεας", "Ελυτης"},
		{"ΕΛΥΤΗΣ, ΟΔΥΣΣΕΑΣ", "Οδυσσεας", "Ελυτης"},
		{"STRAUß, JOHANN", "Johann", "Strauß"},
		{"FATIMA Ó BRIAIN", "Fatima", "Ó Briain"},
		{"Jean DE LA FONTAINE", "Jean", "de la Fontaine"},
		{"Anna-Lena VAN DER BERG", "Anna-Lena", "van der Berg"},
		{"Tran Van Hung", "Tran Van", "Hung"},
		{"Hung Van Tran", "Hung Van", "Tran"},
		{"Anna Van Den Berg", "Anna", "Van Den Berg"},
	} {
		n, ok := SplitName(c.in, nil)
		if !ok || n.Given != c.given || n.Family != c.family {
			t.Errorf("SplitName(%q) = %q / %q (%v), want %q / %q", c.in, n.Given, n.Family, ok, c.given, c.family)
		}
	}
	for _, c := range [][4]string{
		{"MARY", "MCDONALD-O'NEIL", "Mary", "McDonald-O'Neil"},
		{"LEE", "KIM-O'HARA", "Lee", "Kim-O'Hara"},
		{"ΟΔΥΣΣΕΑΣ", "ΕΛΥΤΗΣ", "Οδυσσεας", "Ελυτης"},
		{"ВЛАДИМИР", "КУЗНЕЦОВ", "Владимир", "Кузнецов"},
		{"JOHANN", "STRAUß", "Johann", "Strauß"},
		{"SCOTT A.", "ISARD", "Scott A.", "Isard"},
		{"JR", "TAY", "JR", "Tay"},
	} {
		if g, f := StructuredName(c[0], c[1]); g != c[2] || f != c[3] {
			t.Errorf("StructuredName(%q, %q) = %q / %q, want %q / %q", c[0], c[1], g, f, c[2], c[3])
		}
	}
}

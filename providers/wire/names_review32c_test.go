package wire

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestTrailingInitialsReview: the family-first reading of trailing
// initials (d3a8907) ran before the owner's known name, before a name in
// capitals was brought to ordinary case, and refused the one-letter Irish
// particle, so "Maria K." (an ORCID owner whose family name is written
// "K.") was inverted to family Maria, "KUZNETSOV V. G." kept its family in
// capitals, and "Ó Briain F." fell through to the given-first reading:
// family "F.".
func TestTrailingInitialsReview(t *testing.T) {
	for _, c := range []struct {
		in            string
		known         []record.Name
		given, family string
	}{
		{"Maria K.", []record.Name{{Given: "Maria", Family: "K."}}, "Maria", "K."},
		{"KUZNETSOV V. G.", nil, "V. G.", "Kuznetsov"},
		{"DOS SANTOS J.-P.", nil, "J.-P.", "Dos Santos"},
		{"Ó Briain F.", nil, "F.", "Ó Briain"},
		{"Kuznetsov V. G.", nil, "V. G.", "Kuznetsov"},
	} {
		n, ok := SplitName(c.in, c.known)
		if !ok || n.Given != c.given || n.Family != c.family {
			t.Errorf("SplitName(%q) = %q / %q (%v), want %q / %q", c.in, n.Given, n.Family, ok, c.given, c.family)
		}
	}
}

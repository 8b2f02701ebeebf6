package works

import (
	"strings"

	"github.com/aboutscholar/about/record"
)

// The verdicts of NameCheck.
const (
	NameAgrees    = "agrees"
	NameDiffers   = "differs"
	NameUnchecked = "unchecked"
)

// NameCheck says whether a, the author a service lists beside the
// researcher's iD, has one of the researcher's names, by the rule the
// same-name check uses (record.Person.HasName: same family name, given
// names compatible): NameAgrees, NameDiffers (likely an iD typed wrong),
// or NameUnchecked when there is no name to compare on either side.
func (o Researcher) NameCheck(a record.Author) string {
	if len(o.person.Names) == 0 || strings.TrimSpace(record.NameOf(a).Family) == "" {
		return NameUnchecked
	}
	if o.person.HasName(a) {
		return NameAgrees
	}
	return NameDiffers
}

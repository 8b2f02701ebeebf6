package record

import "strings"

// SplitCreditName splits a credit name (ORCID's one-string name of a
// contributor), the owner's own split (known) first; ok is
// false for a name written as one word ("李明", an organisation's
// acronym), which stays literal: where its family name ends is not ours
// to guess.
func SplitCreditName(credit string, known []Name) (Name, bool) {
	words := strings.Fields(credit)
	for _, k := range known {
		if Fold(credit) == Fold(k.Given+k.Family) {
			return k, true
		}
		for at := 1; at < len(words); at++ {
			if Fold(strings.Join(words[at:], "")) == Fold(k.Family) {
				return Name{Given: strings.Join(words[:at], " "), Family: strings.Join(words[at:], " ")}, true
			}
		}
	}
	if len(words) < 2 {
		return Name{}, false
	}
	return ParseName(credit), true
}

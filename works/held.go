package works

import (
	"slices"

	"github.com/aboutscholar/about/snapshots"
)

// heldLossAtLeast is how many works a record must lose at once, beside
// more than half of them (counted by how much it shrank), before their
// removal waits for the user. Small records stay easy to edit: a researcher who removes 2 of 3 works, or 4
// of 7, is not stopped; 5 of 9 is a hand rarely seen and a fault often.
const heldLossAtLeast = 5

// HeldRemovals is the works an ORCID record's previous file listed (prev;
// nil when there is none) that its answer this run (listed, the works the
// record lists now) no longer lists, when losing them at once is far
// likelier a fault of the answer than the owner's doing: the record now
// lists no work at all (ORCID answering 200 with an empty "group" is the
// case seen: a record of 41 works emptied the page), or it shrank to less
// than half of its works, by at least heldLossAtLeast. Nil when the loss
// is an ordinary edit. The caller keeps these works, and their
// files, until the user accepts the removal.
func HeldRemovals(prev *snapshots.Expansion, listed []string) []string {
	if prev == nil || len(prev.Works) == 0 {
		return nil
	}
	now := make(map[string]bool, len(listed)) // a record may list 50,000 works
	for _, k := range listed {
		now[k] = true
	}
	var lost []string
	for _, k := range prev.Works {
		if !now[k] {
			lost = append(lost, k)
		}
	}
	// Most is judged by how much the record shrank, not by how many keys
	// left it: works re-imported on ORCID get new put codes (and a work
	// given a DOI a new key), so every key may change while the record
	// keeps its size, which is an edit.
	emptied := len(listed) == 0
	shrank := len(prev.Works) - len(now)
	most := 2*shrank > len(prev.Works) && shrank >= heldLossAtLeast
	if !emptied && !most {
		return nil
	}
	return lost
}

// KeepHeld is a record's expansion file (exp, from this run's answer)
// that still lists its held works, with their groups and entries as the
// previous file had them, after the works it lists now: the next run
// compares its answer with them again, and the page still shows them as
// the record's, until the user accepts their removal.
func KeepHeld(exp snapshots.Expansion, prev snapshots.Expansion, held []string) snapshots.Expansion {
	isHeld := make(map[string]bool, len(held))
	for _, k := range held {
		isHeld[k] = true
	}
	exp.Works = append(slices.Clone(exp.Works), held...)
	for _, g := range prev.Groups {
		if isHeld[g.Work] {
			exp.Groups = append(exp.Groups, g)
		}
	}
	for _, e := range prev.Entries {
		if isHeld[e.Work] {
			exp.Entries = append(exp.Entries, e)
		}
	}
	return exp
}

package render

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/aboutscholar/about/render/coa"
)

// writeCOA writes Table 4 of NSF's COA template for the page's person:
// every co-author of the works on the page (and the works shown within
// them: a preprint, a version) issued since Options.Since, the person
// excluded by the page's own rule (lookFor). A lab's table is one
// member's: the page's self marks every member, and the others are
// co-authors NSF wants listed.
func writeCOA(b *bufio.Writer, p *page) error {
	if p.lab != nil && p.lab.member < 0 {
		return fmt.Errorf("the COA table is one person's: give a member (members: %s)", strings.Join(p.lab.lab.Names(), ", "))
	}
	var works []coa.Work
	for _, e := range p.shown {
		for _, w := range append([]*entry{e}, e.members...) {
			if len(w.rec.Authors) == 0 {
				continue // editors only: co-editors are Table 3's, over 24 months
			}
			works = append(works, coa.Work{Issued: w.rec.Issued, Authors: w.rec.Authors, Self: w.self})
		}
	}
	return coa.Write(b, coa.Rows(works, p.since))
}

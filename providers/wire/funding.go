package wire

import (
	"slices"
	"strings"

	"github.com/aboutscholar/about/record"
)

// Funders gathers a work's funders as a service lists them: one entry per
// funder, in the order first named, a funder named twice (Crossref's eLife
// record lists "SystemsX" twice and the University of Lausanne twice, once
// per author's acknowledgement) kept once with its awards joined.
type Funders struct {
	list []record.Funding
}

// MaxFunders and MaxAwards cut a work's funders and a funder's award
// numbers: an answer may be 32 MiB (transport's cap), millions of
// entries, and gathering compares each with those before it. Real
// deposits stay far below (a large collaboration acknowledges a hundred
// or so funders); the first ones are kept, in their order.
const (
	MaxFunders = 1000
	MaxAwards  = 1000
)

// Add names a funder — its name, its Open Funder Registry DOI and its ROR
// id in any form the service sends (a resolver URL, any letter case), any
// of them absent — with award numbers given for it. A funder with no name
// and no id is not one, and its awards go nowhere.
func (f *Funders) Add(name, doi, ror string, awards ...string) {
	if len(f.list) >= MaxFunders {
		return // a hostile length (MaxFunders): each Add would read every entry
	}
	e := record.Funding{Funder: strings.Join(strings.Fields(name), " "), DOI: FunderDOI(doi), ROR: RORID(ror)}
	if e.Funder == "" && e.DOI == "" && e.ROR == "" {
		return
	}
	i := f.index(e)
	if i < 0 {
		f.list = append(f.list, e)
		i = len(f.list) - 1
	}
	at := &f.list[i]
	at.Funder, at.DOI, at.ROR = or(at.Funder, e.Funder), or(at.DOI, e.DOI), or(at.ROR, e.ROR)
	for _, a := range awards {
		if len(at.Awards) >= MaxAwards {
			break
		}
		if a = strings.TrimSpace(a); a != "" && !slices.Contains(at.Awards, a) {
			at.Awards = append(at.Awards, a)
		}
	}
}

// index is the entry that is the same funder as e: the same DOI or ROR id
// when both have one, else the same name (case aside).
func (f *Funders) index(e record.Funding) int {
	for i, g := range f.list {
		switch {
		case e.DOI != "" && g.DOI != "":
			if e.DOI == g.DOI {
				return i
			}
		case e.ROR != "" && g.ROR != "":
			if e.ROR == g.ROR {
				return i
			}
		case e.Funder != "" && strings.EqualFold(e.Funder, g.Funder):
			return i
		}
	}
	return -1
}

// List is the funders gathered, nil when none.
func (f *Funders) List() []record.Funding { return f.list }

// FunderDOI is a funder DOI in the form records keep: lower case, no
// resolver; "" when it is not a DOI.
func FunderDOI(s string) string { return StripDOI(strings.TrimSpace(s)) }

// RORID is record.RORID: ROR ids as records keep them.
func RORID(s string) string { return record.RORID(s) }

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

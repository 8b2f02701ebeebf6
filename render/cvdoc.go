package render

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/aboutscholar/about/render/cv"
	"github.com/aboutscholar/about/render/wording"
)

// writeCV writes the page's person's CV as LaTeX (render/cv).
func writeCV(b *bufio.Writer, p *page) error {
	d, err := cvDocument(p)
	if err != nil {
		return err
	}
	return cv.WriteLaTeX(b, d)
}

// writeJSONResume writes the same CV as a JSON Resume.
func writeJSONResume(b *bufio.Writer, p *page) error {
	d, err := cvDocument(p)
	if err != nil {
		return err
	}
	return cv.WriteJSONResume(b, d)
}

// writeCVTypst writes the same CV as Typst.
func writeCVTypst(b *bufio.Writer, p *page) error {
	d, err := cvDocument(p)
	if err != nil {
		return err
	}
	return cv.WriteTypst(b, d)
}

// cvDocument is the page as a CV: the CV sections of the person's ORCID
// records (fetched with the manifest's cv = true; without it the CV
// lists the works alone), then the page's entries grouped by type
// whatever --group says, each worded as the page words it. A lab's CV is
// one member's, as the COA table is.
func cvDocument(p *page) (cv.Document, error) {
	if p.lab != nil && p.lab.member < 0 {
		return cv.Document{}, fmt.Errorf("a CV is one person's: give a member (members: %s)", strings.Join(p.lab.lab.Names(), ", "))
	}
	d := cv.Document{Name: p.name, ORCIDs: p.recordOwner().ORCIDs}
	for _, id := range d.ORCIDs {
		s, ok := p.cvs[id]
		if !ok {
			continue
		}
		d.Sections = cv.Merge(d.Sections, s)
	}
	for _, g := range groupByType(p.shown) {
		cg := cv.Group{Title: g.title}
		for _, e := range g.items {
			cg.Works = append(cg.Works, cvWork(e))
		}
		d.Groups = append(d.Groups, cg)
	}
	var credits []string
	for _, c := range p.credits {
		credits = append(credits, firstOf(wording.Clean(c.Attribution), p.providerTitle(c.Name)))
	}
	if len(credits) > 0 {
		d.Sources = strings.TrimSuffix("Sources: "+strings.Join(credits, "; "), ".") + "."
	}
	return d, nil
}

// cvWork is an entry as the CV lists it: the page's author list (the
// person marked, the user's marks), title, venue, date and link, and
// the user's award and note.
func cvWork(e *entry) cv.Work {
	authors, etAl := shownAuthorList(e)
	w := cv.Work{EtAl: etAl, Title: e.titleOf(), Kind: wording.KindLabel(e.rec), Date: e.rec.Issued, Year: wording.LongDate(e.rec.Issued),
		DOI: e.rec.IDs.DOI, Legend: e.markLegend("; ")}
	for _, a := range authors {
		w.Authors = append(w.Authors, cv.Author{Name: a.Name, Me: a.Me, Mark: a.Mark, Gap: a.Gap})
	}
	w.In, w.Venue, w.Detail = wording.Venue(e.rec)
	if w.DOI != "" {
		w.URL = wording.DOIURL(w.DOI)
	} else {
		w.URL = wording.LandingURL(e.rec)
	}
	if e.user != nil {
		for _, s := range []string{wording.Clean(e.user.Award), wording.Clean(e.user.Note)} {
			if s != "" {
				w.Notes = append(w.Notes, wording.Sentence(s))
			}
		}
	}
	return w
}

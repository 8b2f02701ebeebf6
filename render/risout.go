package render

import (
	"bufio"

	"github.com/aboutscholar/about/render/ris"
)

// writeRIS writes every entry as one RIS record, newest first; the
// citation key is the ID, so a record is the same work as in the BibTeX
// and CSL-JSON files.
func writeRIS(buf *bufio.Writer, p *page) error {
	works := make([]ris.Work, 0, len(p.shown))
	for _, e := range p.shown {
		works = append(works, risWorkOf(e))
	}
	ris.Write(buf, works)
	return nil
}

// risWorkOf is an entry as render/ris takes it.
func risWorkOf(e *entry) ris.Work {
	return ris.Work{Record: e.rec, Key: e.key, Version: entryVersion(e), Abstract: withoutMarkup(e.rec.Abstract),
		Tags: e.userTags(), Note: e.userText()}
}

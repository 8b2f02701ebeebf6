package render

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/wording"
)

// The Atom feed (RFC 4287) of the page's entries. It reads no clock: every
// date in it is a work's own, so the same snapshots give the same bytes,
// and a feed reader sees an entry change only when its record does.
const (
	atomNamespace = "http://www.w3.org/2005/Atom"
	// atomTag starts the id of a work with no DOI: a tag: URI (RFC 4151)
	// under the project's own name (its GitHub organisation's Pages host),
	// followed by the work's identity key, which never changes.
	atomTag = "tag:aboutscholar.github.io,2026:"
	// atomUndated is the updated date of a work with none: the Unix epoch,
	// so an undated work sorts last in a reader, as it does on the page.
	atomUndated = "1970-01-01T00:00:00Z"
	// atomTypes names the scheme of an entry's category: CSL's item types.
	atomTypes = "https://docs.citationstyles.org/en/stable/specification.html#appendix-iii-types"
)

// writeAtom writes the page's entries, newest first, as an Atom feed.
func writeAtom(buf *bufio.Writer, p *page) error {
	feed := shape.AtomFeed{
		NS:        atomNamespace,
		ID:        atomFeedID(p),
		Title:     p.pageTitle(),
		Subtitle:  p.summary(),
		Updated:   atomUndated,
		Author:    shape.AtomPerson{Name: firstOf(wording.Clean(p.name), "Anonymous")},
		Generator: shape.AtomGenerator{URI: projectURL, Text: "about"},
		Rights:    atomRights(p),
	}
	if home := atomHome(p); home != "" {
		feed.Author.URI = home
		feed.Links = []shape.AtomLink{{Rel: "alternate", Href: home}}
	}
	for _, e := range p.shown {
		if u := atomDate(e.rec.Issued); u > feed.Updated { // RFC 3339 in UTC: text order is time order
			feed.Updated = u
		}
	}
	// The feed is encoded without its entries, and each entry alone at
	// its depth where they go (before </feed>, the last element): the
	// bytes of the whole feed, without holding 10,000 entries.
	var head bytes.Buffer
	enc := xml.NewEncoder(&head)
	enc.Indent("", "  ")
	if err := enc.Encode(feed); err != nil {
		return err
	}
	open, ok := bytes.CutSuffix(head.Bytes(), []byte("\n</feed>"))
	if !ok {
		return errors.New("atom: the feed does not end </feed>")
	}
	buf.WriteString(xml.Header)
	buf.Write(open)
	var one bytes.Buffer
	entries := xml.NewEncoder(&one)
	entries.Indent("  ", "  ")
	if len(p.shown) > 0 {
		buf.WriteString("\n") // the encoder starts each later entry on a line of its own
	}
	for _, e := range p.shown {
		one.Reset()
		if err := entries.EncodeElement(atomEntryOf(p, e), xml.StartElement{Name: xml.Name{Local: "entry"}}); err != nil {
			return err
		}
		buf.Write(one.Bytes())
	}
	buf.WriteString("\n</feed>\n")
	return nil
}

// atomFeedID is the feed's id: the person's first ORCID iD as its URL,
// else (and for a lab's page) a tag: URI of the page's name (lower case, words joined by
// hyphens), else of "publications".
func atomFeedID(p *page) string {
	if !p.labsOwn() && len(p.person.ORCIDs) > 0 {
		return wording.ORCIDURL(p.person.ORCIDs[0])
	}
	name := strings.Join(strings.Fields(strings.ToLower(p.name)), "-")
	return atomTag + "feed/" + wording.EncodeURLBytes(firstOf(name, "publications"), "#%")
}

// atomHome is the feed's author's address and its alternate link: the
// person's ORCID record, or a lab's own site. A lab's page is never its
// first member's: that member's feed (--member) has their iD as its id,
// and RFC 4287 §4.2.6 wants a feed's id unique to it.
func atomHome(p *page) string {
	switch {
	case p.labsOwn():
		return wording.WebURL(p.lab.lab.URL)
	case len(p.person.ORCIDs) > 0:
		return wording.ORCIDURL(p.person.ORCIDs[0])
	}
	return ""
}

// labsOwn reports whether the page is a whole lab's, not one member's.
func (p *page) labsOwn() bool { return p.lab != nil && p.lab.member < 0 }

// atomEntryID is a work's id: its DOI's URL, else a tag: URI of its
// identity key; never a date or a position, so it stays as works come and
// go.
func atomEntryID(key string) string {
	if k, err := manifest.ParseKey(key); err == nil && k.Kind == manifest.KindDOI {
		return wording.DOIURL(k.Value)
	}
	return atomTag + "work/" + wording.EncodeURLBytes(key, "#%")
}

// atomDate is a work's date as an Atom date: midnight UTC on its day, a
// missing day or month counting as the first (a year-only work is 1
// January), so the feed's order is the page's.
func atomDate(d record.Date) string {
	if d.Year == 0 {
		return atomUndated
	}
	return fmt.Sprintf("%04d-%02d-%02dT00:00:00Z", d.Year, max(d.Month, 1), max(d.Day, 1))
}

func atomEntryOf(p *page, e *entry) shape.AtomEntry {
	r := e.rec
	entry := shape.AtomEntry{
		ID:         atomEntryID(e.id),
		Title:      e.titleOf(),
		Updated:    atomDate(r.Issued),
		Summary:    withoutMarkup(r.Abstract),
		Categories: []shape.AtomCategory{{Term: csltypes.Of(r.Type).CSLJSON, Scheme: atomTypes, Label: wording.KindLabel(r)}},
	}
	if !r.Issued.IsZero() {
		entry.Published = entry.Updated
	}
	idx, _ := shownAuthors(e)
	for _, i := range idx {
		a := r.Authors[i]
		if wording.Clean(a.Display()) == "" {
			continue
		}
		person := shape.AtomPerson{Name: wording.AuthorName(a)}
		if a.ORCID != "" {
			person.URI = wording.ORCIDURL(a.ORCID)
		}
		entry.Authors = append(entry.Authors, person)
	}
	if href := atomLinkOf(p, e); href != "" {
		entry.Links = []shape.AtomLink{{Rel: "alternate", Href: href}}
	} else {
		entry.Content = &shape.AtomContent{Type: "text", Text: atomCitation(e)}
	}
	return entry
}

// atomLinkOf is where an entry links: the work (its DOI, landing page or
// open copy), else its identifier's home, else, for a work known only to
// an ORCID record, that record.
func atomLinkOf(p *page, e *entry) string {
	if u := firstOf(titleURL(e.rec), p.workURL(e)); u != "" {
		return u
	}
	if k, err := manifest.ParseKey(e.id); err == nil && k.Kind == manifest.KindORCIDWork {
		if orcid, _, ok := strings.Cut(k.Value, "/"); ok {
			return wording.ORCIDURL(orcid)
		}
	}
	return ""
}

// atomCitation is the text of an entry with no link: its kind, venue and
// date ("Talk. 2019.").
func atomCitation(e *entry) string {
	_, container, detail := wording.Venue(e.rec)
	var parts []string
	for _, s := range []string{wording.KindLabel(e.rec), container, detail, wording.LongDate(e.rec.Issued)} {
		if s != "" {
			parts = append(parts, wording.Sentence(s))
		}
	}
	return strings.Join(parts, " ")
}

// atomRights credits the services the data came from, as their terms ask.
func atomRights(p *page) string {
	var credits []string
	for _, c := range p.credits {
		if a := wording.Clean(c.Attribution); a != "" {
			credits = append(credits, wording.Sentence(a))
		}
	}
	return strings.Join(credits, " ")
}

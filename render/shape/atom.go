package shape

import "encoding/xml"

// The Atom feed (RFC 4287) of the page's entries, which render/atom.go
// fills.

type AtomFeed struct {
	XMLName   xml.Name      `xml:"feed"`
	NS        string        `xml:"xmlns,attr"`
	ID        string        `xml:"id"`
	Title     string        `xml:"title"`
	Subtitle  string        `xml:"subtitle,omitempty"`
	Updated   string        `xml:"updated"`
	Author    AtomPerson    `xml:"author"`
	Links     []AtomLink    `xml:"link"`
	Rights    string        `xml:"rights,omitempty"`
	Generator AtomGenerator `xml:"generator"`
	Entries   []AtomEntry   `xml:"entry"`
}

type AtomEntry struct {
	ID         string         `xml:"id"`
	Title      string         `xml:"title"`
	Updated    string         `xml:"updated"`
	Published  string         `xml:"published,omitempty"`
	Authors    []AtomPerson   `xml:"author"`
	Links      []AtomLink     `xml:"link"`
	Categories []AtomCategory `xml:"category"`
	Summary    string         `xml:"summary,omitempty"`
	Content    *AtomContent   `xml:"content"`
}

type AtomPerson struct {
	Name string `xml:"name"`
	URI  string `xml:"uri,omitempty"`
}

type AtomLink struct {
	Rel  string `xml:"rel,attr"`
	Href string `xml:"href,attr"`
}

type AtomCategory struct {
	Term   string `xml:"term,attr"`
	Scheme string `xml:"scheme,attr"`
	Label  string `xml:"label,attr,omitempty"`
}

type AtomGenerator struct {
	URI  string `xml:"uri,attr"`
	Text string `xml:",chardata"`
}

// AtomContent is an entry's text when it has no link: Atom requires one
// or the other (RFC 4287 §4.1.1.1).
type AtomContent struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

// Package xmltext reads text out of the XML answers some services send
// (PubMed's EFetch, arXiv's Atom feed): an element's whole text with its
// inline markup dropped, and white space collapsed as those services wrap
// their lines. The adapters that read XML share it, so a new one (DBLP's,
// INSPIRE's) reads text as they do.
package xmltext

import (
	"encoding/xml"
	"strings"
)

// Text is an element's whole text content with inline markup (<i>, <sup>,
// <sub>, as PubMed keeps in titles and abstracts) dropped and white space
// collapsed: "<i>TERT</i> gene" reads "TERT gene".
type Text string

// UnmarshalXML collects the character data of the element and all its
// descendants, in document order.
func (t *Text) UnmarshalXML(d *xml.Decoder, _ xml.StartElement) error {
	s, err := ElementText(d)
	*t = Text(s)
	return err
}

// ElementText reads tokens up to the end of the current element and
// returns its collapsed text.
func ElementText(d *xml.Decoder) (string, error) {
	var b strings.Builder
	for depth := 0; ; {
		tok, err := d.Token()
		if err != nil {
			return "", err
		}
		switch tok := tok.(type) {
		case xml.CharData:
			b.Write(tok)
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth == 0 {
				return Collapse(b.String()), nil
			}
			depth--
		}
	}
}

// Collapse trims s and turns every run of white space (arXiv wraps long
// titles and abstracts over lines) into one space.
func Collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

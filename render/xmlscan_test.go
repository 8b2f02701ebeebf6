package render

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// startElements reads page as strict XML, failing the test (naming what
// the page is) when it is not well-formed, and returns its elements'
// opening tags in order.
func startElements(t *testing.T, what, page string) []xml.StartElement {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(page))
	dec.Strict = true
	var els []xml.StartElement
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return els
		}
		if err != nil {
			t.Fatalf("%s: not well-formed: %v", what, err)
		}
		if el, ok := tok.(xml.StartElement); ok {
			els = append(els, el.Copy())
		}
	}
}

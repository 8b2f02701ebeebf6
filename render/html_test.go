package render

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"
)

// The page html/template writes is the page the concatenating writer
// wrote: byte for byte on the fixture; on hostile input the same document
// once parsed — the same elements, attributes and text after entity
// decoding — with exactly two byte-level differences, both html/template's:
//   - a "+" in text or in an attribute is written "&#43;" (the same
//     character once parsed);
//   - an apostrophe in a link is percent-encoded, "%27", where it was
//     written "&#39;": html/template normalises every URL it writes and
//     "'" is not in its set of characters kept. doi.org and web servers
//     decode %27 to the same path (RFC 3986 lets a URI producer encode any
//     character), and DOIs' other specials — parentheses, <, >, ;, as in
//     SICI DOIs — are percent-encoded by doiURL before either writer sees
//     them, so those links are unchanged.
func TestHTMLTemplateGivesTheSameDocument(t *testing.T) {
	fix, fixPerson := fixture(t)
	hostile, hostilePerson := hostileFolder()
	cases := []struct {
		name      string
		f         *Folder
		person    Person
		identical bool
	}{
		{"fixture", fix, fixPerson, true},
		{"hostile", hostile, hostilePerson, false},
	}
	for _, c := range cases {
		for _, opts := range []Options{{Format: HTML, Group: ByYear}, {Format: HTML, Group: ByType, Counts: true}} {
			opts.Person = c.person
			var old bytes.Buffer
			if err := legacyWriteHTML(&old, buildPage(c.f, opts)); err != nil {
				t.Fatal(err)
			}
			got := renderString(t, c.f, opts)
			if c.identical && got != old.String() {
				t.Errorf("%s %s: the template's page differs from the old one", c.name, opts.Group)
			}
			if want := templateEscaping(old.String()); got != want {
				t.Errorf("%s %s: bytes differ beyond + and ' in links:\n got %s\nwant %s", c.name, opts.Group, got, want)
			}
			oldDOM := dom(t, old.String(), func(href string) string { return strings.ReplaceAll(href, "'", "%27") })
			newDOM := dom(t, got, func(href string) string { return href })
			if oldDOM != newDOM {
				t.Errorf("%s %s: the documents differ once parsed:\n got %s\nwant %s", c.name, opts.Group, newDOM, oldDOM)
			}
		}
	}
	// the hostile page does hold what the two differences are about
	var hostilePage bytes.Buffer
	if err := legacyWriteHTML(&hostilePage, buildPage(hostile, Options{Person: hostilePerson, Group: ByYear})); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"+", `href="https://example.org/a&#39;b+c%28d%29.pdf`, `href="https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-O"`} {
		if !strings.Contains(hostilePage.String(), want) {
			t.Errorf("the hostile page lacks %s", want)
		}
	}
	if !strings.Contains(renderString(t, hostile, Options{Format: HTML, Person: hostilePerson}), `href="https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-O"`) {
		t.Error("the SICI DOI's link changed")
	}
}

var hrefAttr = regexp.MustCompile(`href="[^"]*"`)

// templateEscaping is the old page as html/template escapes: "+" as
// "&#43;" outside the style sheet (which has none), and "'" in links
// percent-encoded instead of written as an entity.
func templateEscaping(old string) string {
	s := strings.ReplaceAll(old, "+", "&#43;")
	return hrefAttr.ReplaceAllStringFunc(s, func(a string) string { return strings.ReplaceAll(a, "&#39;", "%27") })
}

// dom is the page parsed, as one line per token: elements with their
// attributes, text, ends. The page is well-formed XML, so encoding/xml
// parses it and decodes every entity; href passes each link through a
// normalisation first.
func dom(t *testing.T, page string, href func(string) string) string {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(page))
	dec.Strict = true
	var b strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return b.String()
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			b.WriteString("<" + tk.Name.Local)
			for _, a := range tk.Attr {
				v := a.Value
				if a.Name.Local == "href" {
					v = href(v)
				}
				b.WriteString(" " + a.Name.Local + "=" + v)
			}
			b.WriteString(">\n")
		case xml.EndElement:
			b.WriteString("</" + tk.Name.Local + ">\n")
		case xml.CharData:
			b.WriteString("text " + string(tk) + "\n")
		case xml.Directive:
			b.WriteString("<!" + string(tk) + ">\n")
		}
	}
}

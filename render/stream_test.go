package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"testing"
	"unicode/utf8"

	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/render/yamlout"
)

// The writers that write a work at a time (json, yaml, csl-json, atom,
// lab-website) give the bytes of the whole document encoded at once, as
// they were written before: the fixture, the fixture with each of the
// fuzz's texts, and a folder with nothing in it.
func TestStreamedWritersGiveTheWholeEncoding(t *testing.T) {
	snap, person := fixture(t)
	folders := map[string]*folder.Folder{"fixture": snap, "empty": {}}
	for _, s := range []string{nastyTitle, "</script><script>alert(1)</script>", "a\x1b[31mred\x07", "line\nTY  - JOUR",
		"\u2028\u2029\u0085", "]]>--><!--", "---\ntitle: forged\n---", "no", "~", "*x", "- item", "key: value", "invoice\u202egnp.exe"} {
		if utf8.ValidString(s) {
			folders[s] = withText(snap, s)
		}
	}
	for name, f := range folders {
		for _, group := range []Grouping{ByYear, ByType} {
			p := buildPage(f, Options{Format: JSON, Group: group, Person: person, Services: testServices(), Counts: true})
			whole := map[string]func(*page) ([]byte, error){
				"json": encodeData, "yaml": wholeYAML, "csl-json": wholeCSL, "atom": wholeAtom, "lab-website": wholeLabWebsite,
			}
			streamed := map[string]func(*bufio.Writer, *page) error{
				"json": writeJSON, "yaml": writeYAML, "csl-json": writeCSL, "atom": writeAtom, "lab-website": writeLabWebsite,
			}
			for format, encode := range whole {
				want, err := encode(p)
				if err != nil {
					t.Fatalf("%s, %q: %v", format, name, err)
				}
				var got bytes.Buffer
				if err := flushed(&got, streamed[format], p); err != nil {
					t.Fatalf("%s, %q: %v", format, name, err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Errorf("%s, %q, by %s: streamed bytes differ from the whole encoding:\n%s\nwant\n%s", format, name, group, got.Bytes(), want)
				}
			}
		}
	}
}

// wholeYAML is the yaml format as it was written before it was streamed:
// the page's whole tree.
func wholeYAML(p *page) ([]byte, error) {
	data, err := encodeData(p)
	if err != nil {
		return nil, err
	}
	root, err := yamlout.Tree(data)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.WriteString("# Written by about render from the snapshot folder; regenerate, do not edit.\n")
	err = yamlout.Encode(&buf, root)
	return buf.Bytes(), err
}

func wholeCSL(p *page) ([]byte, error) {
	items := make([]shape.CSLItem, 0, len(p.shown))
	for _, e := range p.shown {
		items = append(items, cslOf(e))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(items)
	return buf.Bytes(), err
}

func wholeAtom(p *page) ([]byte, error) {
	var streamed bytes.Buffer
	if err := flushed(&streamed, writeAtom, p); err != nil {
		return nil, err
	}
	// The head as the streamed feed wrote it (the same code), the entries
	// as one Encode of the whole feed writes them.
	var feed shape.AtomFeed
	if err := xml.Unmarshal(streamed.Bytes(), &feed); err != nil {
		return nil, err
	}
	feed.XMLName = xml.Name{}
	feed.NS = atomNamespace
	feed.Entries = nil
	for _, e := range p.shown {
		feed.Entries = append(feed.Entries, atomEntryOf(p, e))
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(feed); err != nil {
		return nil, err
	}
	buf.WriteString("\n")
	return buf.Bytes(), nil
}

func wholeLabWebsite(p *page) ([]byte, error) {
	items := make([]shape.LabCitation, 0, len(p.shown))
	for _, e := range p.shown {
		items = append(items, labCitationOf(e))
	}
	var buf bytes.Buffer
	buf.WriteString("# Lab Website Template _data/citations.yaml, written by about render from the snapshot folder; regenerate, do not edit.\n")
	err := yamlout.EncodeValue(&buf, items)
	return buf.Bytes(), err
}

package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/wording"
)

// fuzzFormats are the text formats FuzzTextWriters writes (the BibTeX
// family has its own fuzz, with bibtex and biber reading it back).
var fuzzFormats = []Format{JSON, YAML, Markdown, HTML, HTMLSite, Atom, RIS, CSLJSON, AcademicPages, HugoBlox, LabWebsite}

// FuzzTextWriters: whatever string a service sends as a work's title,
// author, journal, publisher, volume, pages, abstract, genre and topics, every text
// format holds no C0 control character (new lines and tabs are the
// format's own), the YAML and the front matter parse to the keys a plain
// text gives and the YAML to the JSON's very tree, the Atom feed and the
// HTML pages parse as XML with no element or attribute the page did not
// put there, and RIS stays one tag a line.
func FuzzTextWriters(f *testing.F) {
	for _, s := range []string{"x", nastyTitle, "</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>",
		"a\x1b[31mred\x1b]52;c;ZXZpbA==\x07", "line\nTY  - JOUR\nER  - ", "\x00\x01\x7f\u2028\u2029\u0085", "]]>--><!--", "{{ site }}{% raw %}",
		"---\ntitle: forged\n---", "&amp;&lt;&#0;&#x1b;", "[x](javascript:alert(1)){: onclick=\"x\"}", "\"quoted\" 'single' `tick` \\", "invoice\u202egnp.exe \u2066open \u202bembed"} {
		f.Add(s)
	}
	snap, person := fixture(&testing.T{})
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // a service's answer is JSON, which decodes to UTF-8 only
		}
		hostile, plain := withText(snap, s), withText(snap, plainLike(s))
		for _, format := range fuzzFormats {
			opts := Options{Format: format, Person: person, Services: testServices()}
			known := map[string]bool{} // a folder's files sort by the text: every plain file's shape
			for path, data := range renderFiles(t, plain, opts) {
				for _, k := range shapeOf(t, format, string(format)+" "+path+" (plain)", data) {
					known[k] = true
				}
			}
			for path, data := range renderFiles(t, hostile, opts) {
				checkText(t, format, path, data, known, wording.Clean(s) != "")
			}
		}
		sameTree(t, renderFiles(t, hostile, Options{Format: YAML, Person: person, Services: testServices()})[""],
			renderFiles(t, hostile, Options{Format: JSON, Person: person, Services: testServices()})[""])
	})
}

// withText is the folder's first two works (what a work shows of
// another, and the fuzzer's pace), the first with its texts all s.
func withText(f *folder.Folder, s string) *folder.Folder {
	c := *f
	c.Works = append([]folder.Work(nil), f.Works[:min(2, len(f.Works))]...)
	r := &c.Works[0].Record
	for _, p := range []*string{&r.Title, &r.Container, &r.Publisher, &r.Volume, &r.Issue, &r.Pages, &r.Abstract, &r.Genre} {
		*p = s
	}
	r.Topics = []string{s, s}
	r.Language = s           // a tag, written as given: lang attributes, RIS's LA
	r.IDs.ISSN = []string{s} // an identifier an old snapshot may hold unchecked
	r.IDs.PMID, r.IDs.ArXiv = s, s
	r.Authors = append([]record.Author(nil), r.Authors...)
	if len(r.Authors) > 0 {
		r.Authors[0] = record.Author{Given: s, Family: s}
	}
	return &c
}

// plainLike is a text of letters in the shape of s: its words, each as
// long, so what depends on a text's length or emptiness (a badge of at
// most twelve characters, a missing title) is the same.
func plainLike(s string) string {
	words := strings.Fields(wording.Clean(s))
	for i, w := range words {
		words[i] = strings.Repeat("x", utf8.RuneCountInString(w))
	}
	return strings.Join(words, " ")
}

// renderFiles is a format's output by path ("" for a one-file format).
func renderFiles(t *testing.T, f *folder.Folder, opts Options) map[string][]byte {
	t.Helper()
	if opts.Format.IsFolder() {
		files, err := RenderFiles(f, opts)
		if err != nil {
			t.Fatalf("render %s: %v", opts.Format, err)
		}
		out := map[string][]byte{}
		for i, file := range files {
			out[fmt.Sprint(i)] = file.Data // by position: a key may be made of the text
		}
		return out
	}
	var buf bytes.Buffer
	if err := Render(&buf, f, opts); err != nil {
		t.Fatalf("render %s: %v", opts.Format, err)
	}
	return map[string][]byte{"": buf.Bytes()}
}

// checkText checks one output against the same output of a plain text
// (compare: the hostile text was not empty, so the two have one shape):
// the hostile one has no key, element or attribute that the plain one
// lacks, and as many RIS records (the order and the optional ones may differ: a title
// sorts elsewhere, pages "x" have no end page).
func checkText(t *testing.T, format Format, path string, got []byte, known map[string]bool, compare bool) {
	t.Helper()
	what := fmt.Sprintf("%s %s", format, path)
	for i, c := range got {
		if (c < 0x20 && c != '\n') || c == 0x7f {
			t.Fatalf("%s holds control character %#x at %d: %q", what, c, i, got[max(0, i-40):min(len(got), i+40)])
		}
	}
	if i := strings.IndexFunc(string(got), folder.BidiControl); i >= 0 {
		t.Fatalf("%s holds the directional control %U at %d: %q", what, []rune(string(got[i:]))[0], i, got[max(0, i-40):min(len(got), i+40)])
	}
	shape := shapeOf(t, format, what, got)
	if !compare {
		return
	}
	for _, k := range shape {
		if !known[k] {
			t.Errorf("%s: the text put %q there", what, k)
		}
	}
}

// shapeOf is what of an output a text must not change: the keys of its
// data, its elements and attributes, its lines' tags.
func shapeOf(t *testing.T, format Format, what string, data []byte) []string {
	t.Helper()
	switch format {
	case JSON, CSLJSON:
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s does not parse: %v", what, err)
		}
		return keysOf(v, "")
	case YAML, LabWebsite:
		return yamlKeys(t, what, data)
	case AcademicPages, HugoBlox:
		if bytes.HasPrefix(data, []byte("---\n")) { // index.md; cite.bib is the BibTeX fuzz's
			parts := strings.SplitN(string(data), "---\n", 3)
			if len(parts) != 3 {
				t.Fatalf("%s: the front matter does not close:\n%s", what, data)
			}
			return yamlKeys(t, what, []byte(parts[1]))
		}
		return nil
	case HTML:
		scanHTML(t, string(data))
		return elementsOf(t, what, data)
	case HTMLSite, Atom:
		return elementsOf(t, what, data)
	case RIS:
		return risTags(t, what, data)
	}
	return nil
}

func yamlKeys(t *testing.T, what string, data []byte) []string {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s does not parse as YAML: %v\n%s", what, err, data)
	}
	return keysOf(v, "")
}

// keysOf lists every key path of a decoded tree, a list's items alike.
func keysOf(v any, at string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			out = append(out, at+"."+k)
			out = append(out, keysOf(x, at+"."+k)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, keysOf(x, at+"[]")...)
		}
	}
	sort.Strings(out)
	return out
}

// elementsOf lists an XML document's elements, and each attribute with its element.
func elementsOf(t *testing.T, what string, data []byte) []string {
	t.Helper()
	var out []string
	for _, el := range startElements(t, what, string(data)) {
		out = append(out, el.Name.Local)
		for _, a := range el.Attr {
			out = append(out, el.Name.Local+" "+a.Name.Local)
		}
	}
	return out
}

var risLine = regexp.MustCompile(`^[A-Z][A-Z0-9]  - `)

// risTags checks each RIS line is a tag, and says how many records there are.
func risTags(t *testing.T, what string, data []byte) []string {
	t.Helper()
	records := 0
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if line == "" {
			continue
		}
		if !risLine.MatchString(line) {
			t.Fatalf("%s: a line that is no tag: %q", what, line)
		}
		if line[:2] == "TY" {
			records++ // which fields a record has is the text's (a range of pages has an end)
		}
	}
	return []string{fmt.Sprint(records, " records")}
}

// sameTree checks the YAML page data decodes to the JSON's very tree.
func sameTree(t *testing.T, y, j []byte) {
	t.Helper()
	var yv any
	if err := yaml.Unmarshal(y, &yv); err != nil {
		t.Fatal(err)
	}
	viaJSON, err := json.Marshal(yv)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(viaJSON, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(j, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("yaml and json differ")
	}
}

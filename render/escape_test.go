package render

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/render/yamlout"
)

// nastyTitle is the fixture's title made of every character some format
// treats as syntax, plus non-ASCII.
const nastyTitle = `Fast & <Furious>: 100% of {C_n} "Über"-Schätzer for $x^2$ # ~tilde \ backslash — naïve café 日本語 'quotes' | pipes * stars [brackets]`

func TestBibNamesKeepOrganisationsWhole(t *testing.T) {
	f, person := fixture(t)
	bib := renderString(t, f, Options{Format: BibLaTeX, Person: person})
	for _, want := range []string{
		`author    = {Lovelace, Ada and {The R\&D\_Team \{Core\}} and O'Brien, Seán},`,
		`author       = {Ñúñez-García, José and Lovelace, Ada and Ångström, Zoë and Żółć, Łukasz and 李, 小龙},`,
	} {
		if !strings.Contains(bib, want) {
			t.Errorf("biblatex lacks %s", want)
		}
	}
}

func TestMarkdownEscapesSyntaxAndTemplateBraces(t *testing.T) {
	got := mdText(nastyTitle)
	for _, raw := range []string{"{", "}", " <", " [", " *", " _", " $", " |"} {
		if strings.Contains(got, raw) {
			t.Errorf("mdText left %q unescaped: %s", raw, got)
		}
	}
	if strings.Contains(got, "{{") || strings.Contains(got, "{%") {
		t.Errorf("mdText lets Liquid see a tag: %s", got)
	}
	if got := mdLineStart("1984. A novel"); got != `1984\. A novel` {
		t.Errorf("mdLineStart = %s", got)
	}
}

// A text markdownify reads must not start a block of its own either: a
// heading, a list item, a quote. The hostile-site tests (internal/cli)
// only look for inline syntax, so this is where the line starts are held.
func TestMarkdownInertStartsNoBlock(t *testing.T) {
	for in, want := range map[string]string{
		"1984. A novel":      "1984&#46; A novel",
		"2) second":          "2&#41; second",
		"7.":                 "7&#46;",
		"1.5 mg of dopamine": "1.5 mg of dopamine", // no list: a digit, not a space, follows
		"# Heading":          "&#35; Heading",
		"- item":             "&#45; item",
		"+ item":             "&#43; item",
		"> quote":            "&#62; quote",
		"In 2024. Later":     "In 2024. Later",
	} {
		if got := markdownInert(in); got != want {
			t.Errorf("markdownInert(%q) = %q, want %q", in, got, want)
		}
	}
}

// pandoc reads the Markdown as GitHub does (gfm) and must give back every
// title as text, the nasty one included.
func TestMarkdownReadsBackWithPandoc(t *testing.T) {
	pandoc := tool(t, "pandoc")
	f, person := fixture(t)
	titles := fixtureTitles(t)
	dir := t.TempDir()
	for _, from := range []string{"gfm", "commonmark"} {
		md := writeTemp(t, dir, "page.md", renderString(t, f, Options{Format: Markdown, Person: person}))
		out, stderr, err := run(t, dir, pandoc, "-f", from, "-t", "html", md)
		if err != nil || stderr != "" {
			t.Fatalf("pandoc -f %s: %v\n%s", from, err, stderr)
		}
		text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(out, ""))
		text = strings.Join(strings.Fields(text), " ")
		for key, title := range titles {
			if title != "" && !strings.Contains(text, strings.Join(strings.Fields(title), " ")) {
				t.Errorf("%s: title of %s does not read back:\n%s", from, key, title)
			}
		}
		if !strings.Contains(out, "<strong>Ada Lovelace</strong>") {
			t.Errorf("%s: the person is not bold", from)
		}
		if n := strings.Count(out, "<em>"); n != 5 { // the five containers, and no stray emphasis from a title
			t.Errorf("%s: %d emphasised spans, want 5 (containers only)", from, n)
		}
	}
}

// The page is well-formed XML as well as HTML5 (a stdlib-only stand-in
// for an HTML5 validator: every element closed and properly nested, every
// attribute quoted, every & an entity), and self-contained: no scripts,
// no external style sheets, fonts or images, and every in-page link
// points at an id that exists.
func TestHTMLIsWellFormedAndSelfContained(t *testing.T) {
	f, person := fixture(t)
	for _, opts := range []Options{{Format: HTML, Person: person}, {Format: HTML, Person: person, Group: ByType, Counts: true}} {
		page := renderString(t, f, opts)
		if !strings.HasPrefix(page, "<!DOCTYPE html>\n<html lang=\"en\">") {
			t.Fatalf("page does not start with the HTML5 doctype")
		}
		scan := scanHTML(t, page)
		for _, a := range scan.anchors {
			if !scan.ids[a] {
				t.Errorf("in-page link #%s has no target", a)
			}
		}
		for _, bad := range []string{"url(", "@import", "@font-face"} {
			if strings.Contains(scan.style, bad) {
				t.Errorf("CSS loads something: %s", bad)
			}
		}
		for _, want := range []string{"prefers-color-scheme: dark", "@media print", "max-width"} {
			if !strings.Contains(scan.style, want) {
				t.Errorf("CSS lacks %s", want)
			}
		}
		if !strings.Contains(page, `<meta name="viewport" content="width=device-width, initial-scale=1" />`) {
			t.Error("no viewport meta: unreadable on a phone")
		}
		if !strings.Contains(page, html.EscapeString(nastyTitle)) {
			t.Error("the nasty title is not in the page as escaped text")
		}
	}
}

// pageElements are the elements the page may hold.
var pageElements = map[string]bool{"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true, "div": true,
	"header": true, "h1": true, "h2": true, "p": true, "a": true, "nav": true, "main": true, "section": true, "span": true,
	"ol": true, "li": true, "strong": true, "cite": true, "time": true, "footer": true,
	// entry titles, the abstract and BibTeX blocks, the filter bar
	"h3": true, "details": true, "summary": true, "pre": true, "label": true, "input": true, "select": true,
	"option": true, "output": true,
	// the citations chart (--counts): inline SVG in a figure
	"figure": true, "figcaption": true, "svg": true, "desc": true, "line": true, "g": true, "rect": true, "text": true,
	// a lab's members list
	"ul": true,
	// inline only: the src attribute is refused below
	"script": true}

// htmlScan is what a strict XML read of the page found: its ids, its
// in-page links and its CSS.
type htmlScan struct {
	ids     map[string]bool
	anchors []string
	style   string
}

// scanHTML reads the page as strict XML, failing on anything not
// well-formed, an element not in pageElements or an attribute that could
// load or run something.
func scanHTML(t *testing.T, page string) htmlScan {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(page))
	dec.Strict = true
	scan := htmlScan{ids: map[string]bool{}}
	inStyle := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return scan
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			if !pageElements[tk.Name.Local] {
				t.Errorf("unexpected element <%s>", tk.Name.Local)
			}
			inStyle = tk.Name.Local == "style"
			scan.attrs(t, tk.Attr)
		case xml.CharData:
			if inStyle {
				scan.style += string(tk)
			}
		case xml.EndElement:
			inStyle = false
		}
	}
}

func (scan *htmlScan) attrs(t *testing.T, attrs []xml.Attr) {
	t.Helper()
	for _, a := range attrs {
		switch {
		case a.Name.Local == "id":
			if scan.ids[a.Value] {
				t.Errorf("duplicate id %q", a.Value)
			}
			scan.ids[a.Value] = true
		case a.Name.Local == "href" && strings.HasPrefix(a.Value, "#"):
			scan.anchors = append(scan.anchors, a.Value[1:])
		case a.Name.Local == "href":
			if !strings.HasPrefix(a.Value, "https://") && !strings.HasPrefix(a.Value, "http://") {
				t.Errorf("link to %q", a.Value)
			}
		case a.Name.Local == "src" || a.Name.Local == "style" || strings.HasPrefix(a.Name.Local, "on"):
			t.Errorf("attribute %s=%q", a.Name.Local, a.Value)
		}
	}
}

// The YAML is the JSON tree: a YAML 1.1 reader (PyYAML, as Jekyll's Psych
// reads it) loads exactly what the JSON holds.
func TestYAMLLoadsToTheSameTreeAsJSON(t *testing.T) {
	python := python3WithYAML(t)
	f, person := fixture(t)
	dir := t.TempDir()
	for _, opts := range []Options{{Person: person}, {Person: person, Group: ByType, Counts: true}} {
		opts.Format = YAML
		y := writeTemp(t, dir, "page.yaml", renderString(t, f, opts))
		opts.Format = JSON
		j := writeTemp(t, dir, "page.json", renderString(t, f, opts))
		script := `import json, sys, yaml
y = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
j = json.load(open(sys.argv[2], encoding="utf-8"))
sys.exit(0 if y == j else "yaml and json differ")`
		if _, stderr, err := run(t, dir, python, "-c", script, y, j); err != nil {
			t.Errorf("%v: %s", err, stderr)
		}
	}
}

// The same check with the Go library (YAML 1.2, as Hugo reads it), which
// runs where python3 has no yaml module.
func TestYAMLDecodesToTheSameTreeAsJSONInGo(t *testing.T) {
	f, person := fixture(t)
	for _, opts := range []Options{{Person: person}, {Person: person, Group: ByType, Counts: true}} {
		opts.Format = YAML
		var y any
		if err := yaml.Unmarshal([]byte(renderString(t, f, opts)), &y); err != nil {
			t.Fatal(err)
		}
		viaJSON, err := json.Marshal(y) // YAML's ints and JSON's float64s meet as JSON numbers
		if err != nil {
			t.Fatal(err)
		}
		var got, want any
		if err := json.Unmarshal(viaJSON, &got); err != nil {
			t.Fatal(err)
		}
		opts.Format = JSON
		if err := json.Unmarshal([]byte(renderString(t, f, opts)), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("group %q: yaml and json differ", opts.Group)
		}
	}
}

// The YAML emitter quotes and escapes what YAML would otherwise read as
// something else, in keys and values alike: booleans of YAML 1.1 (no, on),
// nulls, numbers, dates, indicators (- : # & * ! % @ `), quotes,
// backslashes, controls and line breaks of every kind. A hostile object
// round-trips, in order, through the Go library (YAML 1.2) and PyYAML
// (YAML 1.1, as Jekyll's Psych reads it), and no value holds a raw control.
func TestYAMLQuoteEscapesWhatYAMLForbids(t *testing.T) {
	tricky := []string{"", "yes", "no", "on", "off", "y", "n", "null", "~", "0123", "0o17", "0x1F", "1e3", "1_000", "12:30:00", ".inf", ".nan",
		"2023-05-17", "- item", "key: value", "# comment", "&anchor", "*alias", "!tag", "%directive", "@at", "`tick", "'single'", `"double"`,
		`back\slash`, "? question", "| literal", "> folded", "[flow]", "{flow}", " leading space", "trailing space ",
		"tab\there", "line\nbreak", "two\n\nbreaks\n", "cr\rlf", "bell\a", "del\x7f", "nel\u0085", "ls\u2028ps\u2029", "bom\ufeff", "c1\u0090", "nonchar\uffff",
		"replacement\ufffd", nastyTitle}
	var obj bytes.Buffer
	obj.WriteString("{")
	for i, s := range tricky {
		k, _ := json.Marshal(s)
		v, _ := json.Marshal("v" + strconv.Itoa(i) + ":" + s)
		if i > 0 {
			obj.WriteString(",")
		}
		fmt.Fprintf(&obj, "%s:%s,%s:%s", k, v, mustJSON(t, "val"+strconv.Itoa(i)), k)
	}
	obj.WriteString("}")
	root, err := yamlout.Tree(obj.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := yamlout.Encode(&buf, root); err != nil {
		t.Fatal(err)
	}
	doc := buf.String()
	for _, line := range strings.Split(strings.TrimSuffix(doc, "\n"), "\n") {
		if strings.ContainsAny(line, "\r\t\a\x7f\u0085\u2028\u2029\ufeff\u0090\uffff") {
			t.Errorf("raw control or break in %q", line)
		}
	}
	// want is the object as ordered pairs, each key with its value
	var want []string
	for i, s := range tricky {
		want = append(want, s, "v"+strconv.Itoa(i)+":"+s, "val"+strconv.Itoa(i), s)
	}
	var back yaml.Node
	if err := yaml.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatalf("yaml: %v\n%s", err, doc)
	}
	var got []string
	for _, n := range back.Content[0].Content {
		if n.Tag != "!!str" {
			t.Errorf("%q reads back as %s", n.Value, n.Tag)
		}
		got = append(got, n.Value)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip through go.yaml.in/yaml/v3:\n got %q\nwant %q", got, want)
	}

	python := python3WithYAML(t)
	dir := t.TempDir()
	in := writeTemp(t, dir, "t.yaml", doc)
	out, stderr, err := run(t, dir, python, "-c", `import json, sys, yaml
d = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
print(json.dumps([x for kv in d.items() for x in kv]))`, in)
	if err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	got = nil
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip through PyYAML:\n got %q\nwant %q\n%s", got, want, doc)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fixtureTitles are the titles a citation file must give back, by key:
// one per entry.
func fixtureTitles(t *testing.T) map[string]string {
	f, person := fixture(t)
	p := buildPage(f, Options{Person: person})
	titles := map[string]string{}
	for _, e := range p.shown {
		titles[e.key] = e.rec.Title
	}
	return titles
}

// normalise undoes what pandoc does to typography (curly quotes) so a
// title can be compared with the record's.
func normalise(s string) string {
	s = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`).Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// pandoc reads the BibTeX and BibLaTeX files without a warning and gives
// back every entry with its title intact.
func TestBibParsesWithPandoc(t *testing.T) {
	pandoc := tool(t, "pandoc")
	f, person := fixture(t)
	want := fixtureTitles(t)
	dir := t.TempDir()
	for _, format := range []Format{BibTeX, BibLaTeX} {
		bib := writeTemp(t, dir, string(format)+".bib", renderString(t, f, Options{Format: format, Person: person}))
		out, stderr, err := run(t, dir, pandoc, "-f", string(format), "-t", "csljson", bib)
		if err != nil || stderr != "" {
			t.Fatalf("pandoc -f %s: %v\n%s", format, err, stderr)
		}
		var items []struct {
			ID    string `json:"id"`
			Title string `json:"title"`
		}
		if err := json.Unmarshal([]byte(out), &items); err != nil {
			t.Fatal(err)
		}
		if len(items) != len(want) {
			t.Errorf("%s: pandoc read %d entries, want %d", format, len(items), len(want))
		}
		for _, it := range items {
			w, ok := want[it.ID]
			// pandoc turns straight quotes curly; LaTeX has no "|" in OT1
			// but pandoc keeps it, so the only change is typographic
			if !ok || normalise(it.Title) != normalise(w) {
				t.Errorf("%s: entry %s title\n got %q\nwant %q", format, it.ID, it.Title, w)
			}
		}
	}
}

// biber parses both files without a warning, and the BibLaTeX one also
// passes biber's data-model validation (entry types, fields, mandatory
// fields). The BibTeX file is checked for parsing only: its classic entry
// types (@incollection without an editor) are BibTeX's, not BibLaTeX's.
func TestBibParsesWithBiber(t *testing.T) {
	biber := tool(t, "biber")
	f, person := fixture(t)
	dir := t.TempDir()
	for _, format := range []Format{BibTeX, BibLaTeX} {
		bib := writeTemp(t, dir, string(format)+".bib", renderString(t, f, Options{Format: format, Person: person}))
		args := []string{"--tool", "--nolog", "--output-file=" + filepath.Join(dir, string(format)+".out.bib")}
		if format == BibLaTeX {
			args = append(args, "--validate-datamodel")
		}
		stdout, stderr, err := run(t, dir, biber, append(args, bib)...)
		if err != nil {
			t.Fatalf("biber %s: %v\n%s%s", format, err, stdout, stderr)
		}
		for _, line := range strings.Split(stdout+stderr, "\n") {
			if strings.HasPrefix(line, "WARN") || strings.HasPrefix(line, "ERROR") {
				t.Errorf("biber %s: %s", format, line)
			}
		}
	}
}

// pandoc --citeproc formats a bibliography entry for every CSL-JSON item,
// without a warning.
func TestCSLJSONRendersEveryEntryWithPandocCiteproc(t *testing.T) {
	pandoc := tool(t, "pandoc")
	f, person := fixture(t)
	want := fixtureTitles(t)
	dir := t.TempDir()
	csl := writeTemp(t, dir, "works.json", renderString(t, f, Options{Format: CSLJSON, Person: person}))
	doc := writeTemp(t, dir, "cite.md", "---\nnocite: \"@*\"\n...\n")
	out, stderr, err := run(t, dir, pandoc, "--citeproc", "--bibliography="+csl, "-t", "html", doc)
	if err != nil || stderr != "" {
		t.Fatalf("pandoc --citeproc: %v\n%s", err, stderr)
	}
	if n := strings.Count(out, `class="csl-entry"`); n != len(want) {
		t.Errorf("%d bibliography entries, want %d:\n%s", n, len(want), out)
	}
	for key := range want {
		if !strings.Contains(out, `id="ref-`+key+`"`) {
			t.Errorf("no bibliography entry for %s", key)
		}
	}
}

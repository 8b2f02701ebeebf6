package cv

import (
	"bufio"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/record"
)

// TestTypstString: a text is a Typst string literal whose only escapes
// are Typst's own (\\, \", \u{…}); nothing else of it is touched.
func TestTypstString(t *testing.T) {
	cases := map[string]string{
		`plain`:                      `"plain"`,
		`back\slash "q"`:             `"back\\slash \"q\""`,
		"#import \"x\": *":           `"#import \"x\": *"`,
		"$a$ ]b[ *c* _d_ `e` @f <g>": "\"$a$ ]b[ *c* _d_ `e` @f <g>\"",
		"// c /* d */ = h - i + j ~": `"// c /* d */ = h - i + j ~"`,
		"nul\x00esc\x1b\u009b":       `"nul\u{0}esc\u{1b}\u{9b}"`,
		"\\\"":                       `"\\\""`,
	}
	for in, want := range cases {
		if got := typstString(in); got != want {
			t.Errorf("typstString(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestTypstText: a text is one line as the reader sees it: white space
// one space, controls and the directional controls that would reorder
// the rest of the line gone, the marks that open nothing kept.
func TestTypstText(t *testing.T) {
	cases := map[string]string{
		"  a\n= b\t- c\u2028d  ":                "a = b - c d",
		"invoice\u202egnp.exe \u2066open\u2069": "invoicegnp.exe open",
		"nul\x00 and\x1b[31m red\u0085next":     "nul and[31m red next",
		"\u200fمرحبا\u200e":                     "\u200fمرحبا\u200e",
	}
	for in, want := range cases {
		if got := typstText(in); got != want {
			t.Errorf("typstText(%q) = %q, want %q", in, got, want)
		}
	}
	if got := flat(" , "); got != " , " {
		t.Errorf("flat keeps a separator's spaces: %q", got)
	}
}

// hostile are texts a service could send, each a piece of Typst markup
// or code were it written as markup, with what a reader must see.
var hostile = map[string]string{
	"#import \"evil.typ\": * #panic(\"x\")":                             "#import \"evil.typ\": * #panic(\"x\")",
	"$x^2$ and a lone $ sign":                                           "$x^2$ and a lone $ sign",
	"a]b[c] #[d] {e} (f)":                                               "a]b[c] #[d] {e} (f)",
	"*not bold* _not emph_ `not raw`":                                   "*not bold* _not emph_ `not raw`",
	"<script>alert(1)</script> <lbl>":                                   "<script>alert(1)</script> <lbl>",
	"@ref and user@example.org":                                         "@ref and user@example.org",
	"// not a comment /* nor this":                                      "// not a comment /* nor this",
	"line one\n= not a heading\n- not a list\n+ not an enum\n/ term: x": "line one = not a heading - not a list + not an enum / term: x",
	"back\\slash \"quoted\" ~tilde -- dash ... 'single'":                "back\\slash \"quoted\" ~tilde -- dash ... 'single'",
	"invoice\u202egnp.exe and \x00nul\x1b[31m":                          "invoicegnp.exe and nul[31m",
	"\\\" #\"string\"":                                                  "\\\" #\"string\"",
	"https://x.org/a_b#frag":                                            "https://x.org/a_b#frag",
}

// hostileDocument has every section filled, each field a service fills
// with a hostile text after the field's name: what the PDF must show
// is each field's name followed by the text as its reader sees it, so a
// text that became markup in one field is missed even when another
// field shows the same text intact.
func hostileDocument() (Document, []string) {
	var texts []string
	for in := range hostile {
		texts = append(texts, in)
	}
	sort.Strings(texts)
	want := []string{"Employment", "Education", "Qualifications", "Invited positions", "Distinctions and awards",
		"Memberships", "Service", "Funding", "Peer review", "Publications", "Josiah Carberry",
		"equal contribution; † corresponding author", "et al. (40 authors)", "Feb 1930–present"}
	n := 0
	put := func(field string) string {
		in := texts[n%len(texts)]
		want = append(want, field+" "+hostile[in])
		n++
		return field + " " + in
	}
	aff := func() record.Affiliation {
		return record.Affiliation{Organization: put("org"), City: put("city"), Department: put("dept"), Role: put("role"),
			Start: record.Date{Year: 1930, Month: 2}}
	}
	d := Document{Name: "Josiah Carberry", ORCIDs: []string{"0000-0002-1825-0097"}}
	d.Sections = record.CV{Employments: []record.Affiliation{aff()}, Educations: []record.Affiliation{aff()},
		Qualifications: []record.Affiliation{aff()}, InvitedPositions: []record.Affiliation{aff()},
		Distinctions: []record.Affiliation{aff()}, Memberships: []record.Affiliation{aff()}, Services: []record.Affiliation{aff()},
		Fundings:    []record.Grant{{Title: put("grant"), Funder: put("funder"), Type: "grant", Number: put("number"), Start: record.Date{Year: 1955}}},
		PeerReviews: []record.Reviewing{{Venue: put("venue"), Reviews: 2, Last: record.Date{Year: 2004}}}}
	for range texts {
		d.Groups = append(d.Groups, Group{Title: put("group"), Works: []Work{{
			Authors: []Author{{Name: put("author"), Mark: "*"}, {Name: "Josiah Carberry", Me: true, Mark: "*†"}, {Name: put("after a gap"), Gap: true}},
			EtAl:    " et al. (40 authors)", Title: put("title"), In: "In", Venue: put("journal"), Detail: put("detail"), Year: "17 May 2023",
			DOI: put("doi"), URL: "https://doi.org/10.5555/x", Notes: []string{put("note")},
			Legend: "* equal contribution; † corresponding author",
		}}})
	}
	d.Sources = put("sources")
	return d, want
}

// TestTypstCompilesHostileTexts: the CV of hostile texts compiles with
// the real Typst compiler without an error or a warning, and pdftotext
// reads each text back as the service sent it: none was markup, code,
// a comment or a label.
func TestTypstCompilesHostileTexts(t *testing.T) {
	pdftotext := testtool.Need(t, "pdftotext")
	d, want := hostileDocument()
	var src strings.Builder
	b := bufio.NewWriter(&src)
	if err := WriteTypst(b, d); err != nil {
		t.Fatal(err)
	}
	b.Flush()
	dir := t.TempDir()
	pdf, version := testtool.CompileTypst(t, dir, src.String())
	if !strings.Contains(typstPreamble, "(checked with Typst "+version+")") {
		t.Errorf("the compiler is Typst %s; the document's first lines name another:\n%s", version, typstPreamble)
	}
	out, err := exec.Command(pdftotext, "-enc", "UTF-8", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	text := squeeze(string(out))
	for _, w := range want {
		if !strings.Contains(text, squeeze(w)) {
			t.Errorf("the PDF lacks %q", w)
		}
	}
	if t.Failed() {
		t.Logf("the document:\n%s\nthe PDF's text:\n%s", src.String(), out)
	}
}

// squeeze drops white space and hyphens, so a text Typst broke over two
// lines still matches.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '-' || r == '\u00ad' || r == '\f' {
			return -1
		}
		return r
	}, s)
}

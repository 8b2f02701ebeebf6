package markup

import (
	"html"
	"strings"
	"testing"
)

func TestPlainText(t *testing.T) {
	cases := map[string]string{
		"plain  text\n here":                "plain text here",
		"H<sub>2</sub>O and <i>in vivo</i>": "H2O and in vivo",
		"<jats:title>Abstract</jats:title><jats:p>First.</jats:p><jats:p>Second</jats:p>": "Abstract First. Second",
		"measured <b>twice</b>.":                                 "measured twice.",
		"a &amp; b &lt;c&gt; caf&eacute;":                        "a & b <c> café",
		"line<br/>break":                                         "line break",
		"<sec id='s1'><title>Aim</title></sec>":                  "Aim",
		`<jats:italic toggle="yes">E. coli</jats:italic> growth`: "E. coli growth",
		`<mml:math display="inline"><mml:msub><mml:mi>x</mml:mi><mml:mn>2</mml:mn></mml:msub></mml:math>`: "x2",
		"<scp>Dna</scp> repair":     "Dna repair",
		"a <mml:mo>&lt;</mml:mo> b": "a < b",
		// Not markup: a '<' with no known tag name after it is text.
		"Is x < y? Bounds for catalysis robust":    "Is x < y? Bounds for catalysis robust",
		"Effects at p<0.05 and n>3":                "Effects at p<0.05 and n>3",
		"Signal > Noise":                           "Signal > Noise",
		"I <3 catalysis":                           "I <3 catalysis",
		"a<b and c>d":                              "a<b and c>d", // b is a tag name, but "<b and c>" is no tag
		"<yes> we can":                             "<yes> we can",
		"x <i and y":                               "x <i and y",
		"<= and >= bounds":                         "<= and >= bounds",
		"<unknown:i>text</unknown:i>":              "text", // any namespace prefix
		"1 <  2":                                   "1 < 2",
		"<i class=>broken":                         "<i class=>broken",
		"<!-- not a tag we know --> stays as text": "<!-- not a tag we know --> stays as text",
	}
	for in, want := range cases {
		if got := PlainText(in); got != want {
			t.Errorf("PlainText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAbstractTextDropsTheHeading: a leading heading that only labels the
// text goes; a heading that says more, a first word "Abstract" in plain
// text, and a later section's title stay.
func TestAbstractTextDropsTheHeading(t *testing.T) {
	cases := []struct{ in, want string }{
		{"<jats:title>Abstract</jats:title><jats:p>Bacterial lipids.</jats:p>", "Bacterial lipids."},
		{"\n <jats:abstract><jats:sec><jats:title>SUMMARY:</jats:title>\n<jats:p>Text.</jats:p></jats:sec></jats:abstract>", "Text."},
		{"<h2>Abstract.</h2><p>Text.</p>", "Text."},
		{"<jats:title>Background</jats:title><jats:p>Text.</jats:p>", "Background Text."},
		{"<jats:title>Abstract <jats:italic>and</jats:italic> more</jats:title><jats:p>Text.</jats:p>", "Abstract and more Text."},
		{"Abstract algebra studies groups.", "Abstract algebra studies groups."},
		{"<jats:p>Abstract algebra.</jats:p>", "Abstract algebra."},
		{"<jats:p>Text.</jats:p><jats:title>Abstract</jats:title>", "Text. Abstract"},
		{"<i>Abstract</i> art", "Abstract art"},
		{"<jats:title><bold>Abstract</bold></jats:title><jats:p>Text.</jats:p>", "Text."},
		{"<jats:title><jats:italic>Abstract</jats:italic></jats:title><jats:p>Text.</jats:p>", "Text."},
		{"<h2><b>Summary:</b></h2><p>Text.</p>", "Text."},
		{"<b>Abstract</b><p>Text.</p>", "Text."},
		{"<p><strong>Abstract:</strong> Text.</p>", "Text."},
		{"<b>Abstract</b> art is made.", "Abstract art is made."},
		{"<b>Abstract algebra</b> studies groups.", "Abstract algebra studies groups."},
		{"<jats:title><bold>Background</bold></jats:title><jats:p>Text.</jats:p>", "Background Text."},
		{"<jats:title>Abstract", "Abstract"},
		{"", ""},
	}
	for _, c := range cases {
		if got := AbstractText(c.in); got != c.want {
			t.Errorf("AbstractText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// hasKnownTagName reports whether some '<' in s is followed by an element
// name PlainText knows (after an optional '/' and namespace prefix): the
// only places it may remove anything. It is a looser oracle than the
// parser (it ignores what follows the name), so every string it clears
// must come out of PlainText unchanged.
func hasKnownTagName(s string) bool {
	for i := strings.IndexByte(s, '<'); i >= 0; i = strings.IndexByte(s, '<') {
		s = strings.TrimPrefix(s[i+1:], "/")
		end := 0
		for end < len(s) && isNameByte(s[end]) {
			end++
		}
		for _, part := range strings.Split(strings.ToLower(s[:end]), ":") {
			if _, ok := markupTags[part]; ok {
				return true
			}
		}
	}
	return false
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// FuzzPlainTextKeepsText: text with no tag in it comes out as it went in,
// white space aside, whatever '<' and '>' it holds; and any text, escaped
// as a provider escapes it, comes back whole.
func FuzzPlainTextKeepsText(f *testing.F) {
	for _, s := range []string{"Is x < y? Bounds", "p<0.05 and n>3", "Signal > Noise", "<3", "a<b", "<b", "<0 1>",
		"x <i and y", "<i>", "H<sub>2</sub>O", "AT&T", "<yes>", "<<>>", "</", "<a =b>", "\xff<i>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := PlainText(html.EscapeString(s)), collapse(s); got != want {
			t.Errorf("PlainText(escaped %q) = %q, want %q", s, got, want)
		}
		if strings.Contains(s, "&") || hasKnownTagName(s) {
			return
		}
		if got, want := PlainText(s), collapse(s); got != want {
			t.Errorf("PlainText(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestPlainTextReadsAFormulaOnce: a formula may come in more than one
// encoding: MathML's <semantics> holds the presentation first and
// <annotation> (TeX, say) after it
// (https://www.w3.org/TR/MathML3/chapter5.html#mixing.semantic.annotations),
// and JATS <alternatives> holds equivalent versions of one object
// (https://jats.nlm.nih.gov/archiving/tag-library/1.3/element/alternatives.html),
// <tex-math> beside <mml:math>. Each is one formula: its first version with
// text is kept, so "x2x^2" is not a title's word.
func TestPlainTextReadsAFormulaOnce(t *testing.T) {
	cases := map[string]string{
		`Energy <mml:math><mml:semantics><mml:msup><mml:mi>x</mml:mi><mml:mn>2</mml:mn></mml:msup><mml:annotation encoding="application/x-tex">x^2</mml:annotation></mml:semantics></mml:math> bound`:                       "Energy x2 bound",
		`Energy <jats:inline-formula><jats:alternatives><jats:tex-math>$x^2$</jats:tex-math><mml:math><mml:msup><mml:mi>x</mml:mi><mml:mn>2</mml:mn></mml:msup></mml:math></jats:alternatives></jats:inline-formula> bound`: "Energy $x^2$ bound",
		`A <alternatives><inline-graphic xlink:href="f1.gif"/><mml:math><mml:mi>&#x3b1;</mml:mi><mml:annotation-xml encoding="MathML-Content"><ci>alpha</ci></mml:annotation-xml></mml:math></alternatives> decay`:          "A α decay",
		`no <annotation>end`: "no end",
	}
	for in, want := range cases {
		if got := PlainText(in); got != want {
			t.Errorf("PlainText(%q) = %q, want %q", in, got, want)
		}
	}
}

package providers

import "testing"

func TestPlainText(t *testing.T) {
	cases := map[string]string{
		"plain  text\n here":                "plain text here",
		"H<sub>2</sub>O and <i>in vivo</i>": "H2O and in vivo",
		"<jats:title>Abstract</jats:title><jats:p>First.</jats:p><jats:p>Second</jats:p>": "Abstract First. Second",
		"measured <b>twice</b>.":          "measured twice.",
		"a &amp; b &lt;c&gt; caf&eacute;": "a & b <c> café",
		"line<br/>break":                  "line break",
	}
	for in, want := range cases {
		if got := PlainText(in); got != want {
			t.Errorf("PlainText(%q) = %q, want %q", in, got, want)
		}
	}
}

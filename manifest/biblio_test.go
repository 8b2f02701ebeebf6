package manifest

import (
	"strings"
	"testing"
)

// A tag with a comma is refused at its line: BibTeX's and BibLaTeX's
// keywords field and CSL-JSON's keyword are comma-separated lists
// (biblatex manual §2.2.3, keywords: "A separated list of keywords", the separator a comma), so
// "filters, databases" would be one chip on the page and two keywords in
// every citation file.
func TestWorkTagWithACommaIsAnError(t *testing.T) {
	src := "[[identity]]\norcid = \"0000-0002-1825-0097\"\n[[work]]\nid = \"doi:10.1234/x\"\ntags = [\"engines\", \"filters, databases\"]\n"
	me := parseError(t, src)
	if me.Line != 5 || me.Value != "filters, databases" || !strings.Contains(me.Error(), "comma") || !strings.Contains(me.Hint, `["filters", "databases"]`) {
		t.Errorf("line %d value %q: %v (hint %q)", me.Line, me.Value, me, me.Hint)
	}
}

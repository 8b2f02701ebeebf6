package render

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/render/tex"
)

// TestPandocReadsEveryCharacterCommand: every character the BibTeX writer
// writes as a command of its own (tex.Characters) comes back from pandoc's
// BibTeX reader as that character: a command pandoc does not know is
// dropped without a word (Debian's pandoc read "{\texteuro}" as nothing,
// #32), and the file's promise is that its readers lose no character.
func TestPandocReadsEveryCharacterCommand(t *testing.T) {
	pandoc := tool(t, "pandoc")
	dir := t.TempDir()
	var bib strings.Builder
	chars := tex.Characters()
	for i, r := range chars {
		fmt.Fprintf(&bib, "@misc{c%d, title = {x%sy}}\n", i, tex.ASCII(string(r)))
	}
	writeTemp(t, dir, "chars.bib", bib.String())
	out, stderr, err := run(t, dir, pandoc, "-f", "bibtex", "-t", "csljson", filepath.Join(dir, "chars.bib"))
	if err != nil {
		t.Fatalf("pandoc: %v\n%s", err, stderr)
	}
	titles := map[string]string{}
	gjson.Parse(out).ForEach(func(_, item gjson.Result) bool {
		titles[item.Get("id").String()] = item.Get("title").String()
		return true
	})
	for i, r := range chars {
		got := titles[fmt.Sprintf("c%d", i)]
		if readAsItsEquivalent(r, got, tex.ASCII(string(r))) {
			continue
		}
		if !strings.Contains(got, string(r)) {
			t.Errorf("%q written %s: pandoc reads the title %q, without it", r, tex.ASCII(string(r)), got)
		}
	}
}

// readAsItsEquivalent: what pandoc gives for r is r in another spelling,
// not a lost character: math stays math (pandoc keeps "$\beta$" as TeX,
// which its writers render), a hyphen is read as "-", a thin space as
// another space, and a soft hyphen, invisible, as nothing.
func readAsItsEquivalent(r rune, title, written string) bool {
	switch {
	case strings.Contains(written, "$"):
		return true
	case r == '\u2010' || r == '\u2011':
		return strings.Contains(title, "-")
	case r == '\u2009':
		return strings.ContainsFunc(title, unicode.IsSpace)
	case r == '\u00ad':
		return true
	}
	return false
}

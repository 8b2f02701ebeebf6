package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// render --award and --funder reach the renderer from the command line:
// on the example (replayed real answers), ACM's NSF award and eLife's
// Swiss funder each leave one work in the BibTeX.
func TestRenderAwardAndFunderFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--award", "CNS-1938709"}, []string{"doi:10.1145/3448016.3452841"}},
		{[]string{"--funder", "10.13039/501100001711"}, []string{"doi:10.7554/elife.01567"}},
		{[]string{"--award", "R01GM123456"}, nil},
	} {
		args := append(append([]string{"render", "--format", "bibtex"}, c.args...), exampleManifest)
		code, bib, stderr := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		var got []string
		for _, m := range regexp.MustCompile(`(?m)^\s*doi\s*= \{([^}]+)\}`).FindAllStringSubmatch(bib, -1) {
			got = append(got, "doi:"+m[1])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: the BibTeX holds %v, want %v", c.args, got, c.want)
		}
		if c.want != nil && stderr != "" {
			t.Errorf("%v: a filter that matches warned:\n%s", c.args, stderr)
		}
	}
}

// A filter that matches nothing still writes a valid file (a BibTeX
// header, a COA heading row), so render says so on stderr and names what
// the works do acknowledge: a mistyped award otherwise reads as a grant
// that funded nothing.
func TestRenderFilterMatchingNothingIsWarned(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--format", "bibtex", "--award", "R01GM123456"}, []string{
			"about: warning: --award R01GM123456: no work in ",
			" acknowledges it, so the bibtex output lists no work",
			"about: hint: the award numbers the works name: ", "DE-AC02-05CH11231"}},
		{[]string{"--format", "nih", "--funder", "Wellcome"}, []string{
			"about: warning: --funder Wellcome: no work in ",
			"about: hint: the funders the works name: ", "EMBO; "}},
	} {
		code, _, stderr := runCLI(t, append(append([]string{"render"}, c.args...), exampleManifest)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, w, stderr)
			}
		}
	}
}

package cli

import (
	"regexp"
	"slices"
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
	}
}

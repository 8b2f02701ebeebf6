package render

import (
	"slices"
	"testing"

	"github.com/aboutscholar/about/render/csltypes"
)

// Every cell of the type table that render reads names something render
// has: a page section, a BibTeX and a BibLaTeX type whose rules it knows.
func TestEveryCSLTypeRowIsWrittenByRender(t *testing.T) {
	var groups []string
	for _, g := range typeGroups {
		groups = append(groups, g.slug)
	}
	for name, r := range csltypes.Rows() {
		if !slices.Contains(groups, r.Group) {
			t.Errorf("%s: group %q is no page section", name, r.Group)
		}
		if _, ok := bibRules[false][r.BibTeX.Entry]; !ok {
			t.Errorf("%s: @%s is no BibTeX type render knows the rules of", name, r.BibTeX.Entry)
		}
		if _, ok := bibRules[true][r.BibLaTeX.Entry]; !ok {
			t.Errorf("%s: @%s is no BibLaTeX type render knows the rules of", name, r.BibLaTeX.Entry)
		}
	}
}

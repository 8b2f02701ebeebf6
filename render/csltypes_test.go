package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// Every CSL type a record can hold (the providers map onto them, and a
// manifest [[override]] may name any) has a row of its own, every row is a
// CSL type, and every cell names something its format has.
func TestEveryCSLTypeHasARow(t *testing.T) {
	rows, err := parseTypeTable(csltypesTable)
	if err != nil {
		t.Fatal(err)
	}
	for _, ty := range manifest.CSLTypes() {
		if _, ok := rows[ty]; !ok {
			t.Errorf("csltypes.md has no row for CSL type %s", ty)
		}
	}
	var groups []string
	for _, g := range typeGroups {
		groups = append(groups, g.slug)
	}
	for name, r := range rows {
		if name != otherType && !manifest.IsCSLType(name) {
			t.Errorf("%s: not a CSL 1.0.2 type", name)
		}
		if r.Label == "" && name != "document" && name != otherType {
			t.Errorf("%s: no label", name)
		}
		if strings.ContainsAny(r.Label, "_-") {
			t.Errorf("%s: label %q is a type name, not words", name, r.Label)
		}
		if !slices.Contains(groups, r.Group) {
			t.Errorf("%s: group %q is no page section", name, r.Group)
		}
		if _, ok := bibRules[false][r.BibTeX.entry]; !ok {
			t.Errorf("%s: @%s is no BibTeX type render knows the rules of", name, r.BibTeX.entry)
		}
		if _, ok := bibRules[true][r.BibLaTeX.entry]; !ok {
			t.Errorf("%s: @%s is no BibLaTeX type render knows the rules of", name, r.BibLaTeX.entry)
		}
		if !manifest.IsCSLType(r.CSLJSON) || r.CSLJSON == "event" {
			t.Errorf("%s: csl-json %q is not in the CSL-JSON schema's type enum", name, r.CSLJSON)
		}
		if r.SchemaOrg == "" || r.HugoBlox == "" {
			t.Errorf("%s: a schema.org or Hugo Blox cell is empty", name)
		}
	}
}

// A type the table does not list (a provider's own word, passed through)
// is written as the otherType row says, named after itself on a page.
func TestAnUnlistedTypeTakesTheOtherRow(t *testing.T) {
	if r := typeOf("working_paper"); r.pageLabel() != "Working paper" {
		t.Errorf("working_paper: %q", r.pageLabel())
	}
	r := typeOf("component")
	if r.pageLabel() != "Component" || r.Group != "other" || r.BibTeX.entry != "misc" || r.CSLJSON != "document" {
		t.Errorf("component: %+v", r)
	}
	if r := typeOf(""); r.pageLabel() != "Work" || r.Label != "" || r.HugoBlox != "manuscript" {
		t.Errorf("no type: %+v", r)
	}
}

func TestABrokenTypeTableIsRefused(t *testing.T) {
	for _, md := range []string{
		"| csl | label |\n|---|---|\n| * | |\n",
		"| csl | label | group | bibtex | biblatex | csl-json | schema.org | hugo-blox | al-folio |\n|---|\n| book | Book |\n",
		"| csl | label | group | bibtex | biblatex | csl-json | schema.org | hugo-blox | al-folio |\n|---|\n| book | Book | books | book | book | book | Book | book | |\n",
	} {
		if _, err := parseTypeTable(md); err == nil {
			t.Errorf("parsed:\n%s", md)
		}
	}
}

package manifest

import (
	"errors"
	"strings"
	"testing"
)

// A manifest word that could not stand beside another is rejected when
// the manifest loads, at its line and naming the other's: two overrides of
// one field of one work, a cycle of links, an exclude of a listed work.
func TestContradictoryDecisionsAreRejected(t *testing.T) {
	const head = "[[identity]]\norcid = \"0000-0002-1825-0097\"\n" // lines 1-2
	cases := []struct {
		name, src string
		line      int
		value     string
		want      []string
	}{
		{"override twice, two spellings",
			"[[override]]\nid = \"doi:10.1/X\"\ntitle = \"First\"\n[[override]]\nid = \"https://doi.org/10.1/x\"\ntitle = \"Second\"\n",
			8, "Second", []string{"m.toml:8:", "doi:10.1/x", "sets title again", `"Second"`, "line 5 already sets it", `"First"`}},
		{"override year twice",
			"[[override]]\nid = \"pmid:29106400\"\nyear = 2019\n[[override]]\nid = \"pmid:29106400\"\ntitle = \"T\"\nyear = 2020\n",
			9, "2020", []string{"m.toml:9:", "sets year again", "line 5"}},
		{"link cycle",
			"[[link]]\nfrom = \"10.1/a\"\nto = \"10.1/b\"\nkind = \"preprint-of\"\n" +
				"[[link]]\nfrom = \"10.1/b\"\nto = \"10.1/c\"\nkind = \"preprint-of\"\n" +
				"[[link]]\nfrom = \"10.1/c\"\nto = \"10.1/a\"\nkind = \"preprint-of\"\n",
			11, "doi:10.1/c", []string{"m.toml:11:", "closes a cycle: doi:10.1/c → doi:10.1/a → doi:10.1/b → doi:10.1/c"}},
		{"link back",
			"[[link]]\nfrom = \"10.1/a\"\nto = \"10.1/b\"\nkind = \"same-as\"\n[[link]]\nfrom = \"10.1/b\"\nto = \"10.1/a\"\nkind = \"version-of\"\n",
			7, "doi:10.1/b", []string{"m.toml:7:", "doi:10.1/b → doi:10.1/a → doi:10.1/b"}},
		{"pair linked twice",
			"[[link]]\nfrom = \"10.1/a\"\nto = \"10.1/b\"\nkind = \"preprint-of\"\n[[link]]\nfrom = \"doi:10.1/B\"\nto = \"10.1/a\"\nkind = \"distinct\"\n",
			7, "doi:10.1/b", []string{"m.toml:7:", `[[link]] of doi:10.1/b and doi:10.1/a again (kind "distinct"); line 3 already links them (kind "preprint-of")`}},
		{"exclude of an identity",
			"[[identity]]\ndoi = \"10.1/A\"\n[[exclude]]\nid = \"https://doi.org/10.1/a\"\n",
			5, "doi:10.1/a", []string{"m.toml:5:", "[[exclude]] of doi:10.1/a", "[[identity]] at line 4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("m.toml", []byte(head+c.src))
			var me *Error
			if !errors.As(err, &me) {
				t.Fatalf("err = %v, want a *manifest.Error", err)
			}
			if me.Line != c.line || me.Value != c.value || me.Hint == "" {
				t.Errorf("line %d value %q hint %q: %v; want line %d value %q", me.Line, me.Value, me.Hint, err, c.line, c.value)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v lacks %q", err, w)
				}
			}
		})
	}
}

// What is not a contradiction still loads: two fields of one work in two
// overrides, a chain of links, a distinct beside the links of a group.
func TestCompatibleDecisionsLoad(t *testing.T) {
	src := "[[identity]]\norcid = \"0000-0002-1825-0097\"\n" +
		"[[override]]\nid = \"10.1/x\"\ntitle = \"T\"\n[[override]]\nid = \"doi:10.1/X\"\nyear = 2019\n" +
		"[[link]]\nfrom = \"10.1/a\"\nto = \"10.1/b\"\nkind = \"preprint-of\"\n" +
		"[[link]]\nfrom = \"10.1/b\"\nto = \"10.1/c\"\nkind = \"version-of\"\n" +
		"[[link]]\nfrom = \"10.1/c\"\nto = \"10.1/a\"\nkind = \"distinct\"\n" +
		"[[exclude]]\nid = \"10.1/z\"\n"
	if _, err := Parse("m.toml", []byte(src)); err != nil {
		t.Fatal(err)
	}
}

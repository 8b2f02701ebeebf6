package csltypes

import (
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// Every CSL type a record can hold (the providers map onto them, and a
// manifest [[override]] may name any) has a row of its own, every row is a
// CSL type, and every cell names something its format has (render's
// TestEveryCSLTypeRowIsWrittenByRender checks the cells render reads: the
// page sections and the BibTeX rules).
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
	for name, r := range rows {
		if name != Other && !manifest.IsCSLType(name) {
			t.Errorf("%s: not a CSL 1.0.2 type", name)
		}
		if r.Label == "" && name != "document" && name != Other {
			t.Errorf("%s: no label", name)
		}
		if strings.ContainsAny(r.Label, "_-") {
			t.Errorf("%s: label %q is a type name, not words", name, r.Label)
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
// is written as the Other row says, named after itself on a page.
func TestAnUnlistedTypeTakesTheOtherRow(t *testing.T) {
	if r := Of("working_paper"); r.PageLabel() != "Working paper" {
		t.Errorf("working_paper: %q", r.PageLabel())
	}
	r := Of("component")
	if r.PageLabel() != "Component" || r.Group != "other" || r.BibTeX.Entry != "misc" || r.CSLJSON != "document" {
		t.Errorf("component: %+v", r)
	}
	if r := Of(""); r.PageLabel() != "Work" || r.Label != "" || r.HugoBlox != "manuscript" {
		t.Errorf("no type: %+v", r)
	}
}

// TestABrokenTypeTableIsRefused: each check of the table's parser fails
// the table it is for. The cases keep the real header, so each reaches
// the check it names rather than stopping at a missing column.
func TestABrokenTypeTableIsRefused(t *testing.T) {
	lines := strings.Split(csltypesTable, "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "| csl ") })
	if at < 0 || at+1 >= len(lines) {
		t.Fatal("csltypes.md has no header row")
	}
	head := lines[at] + "\n" + lines[at+1] + "\n"
	columns := strings.Count(lines[at], "|") - 1
	whole := func(csl string, empty int) string {
		cells := make([]string, columns)
		for i := range cells {
			cells[i] = "x"
		}
		cells[0] = csl
		if empty > 0 {
			cells[empty] = ""
		}
		return "| " + strings.Join(cells, " | ") + " |\n"
	}
	cases := map[string]string{
		"no \"label\" column": "| csl | group |\n|---|---|\n| * | x |\n",
		"cells, and":          head + "| book | Book |\n" + whole("*", 0),
		"no \"*\" row":        head + whole("book", 0),
		"listed twice":        head + whole("book", 0) + whole("book", 0) + whole("*", 0),
		"book: no":            head + whole("book", 2) + whole("*", 0),
	}
	for want, md := range cases {
		_, err := parseTypeTable(md)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one saying %q, for:\n%s", err, want, md)
		}
	}
}

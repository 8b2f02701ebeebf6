// Package csltypes is the one table of what each format calls each CSL
// item type (csltypes.md, embedded): a type's label, its page section, and
// its BibTeX, BibLaTeX, CSL-JSON, schema.org, Hugo Blox, al-folio, RIS,
// academicpages and Google Scholar words. A format that needs a word per
// type adds a column there and a field to Row.
package csltypes

import (
	_ "embed"
	"encoding"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// csltypesTable is the one table of what each format calls each CSL item
// type: data, reviewed as a table (csltypes.md says what each column is),
// as citation.js keeps RIS's types in types.json, so the formats cannot
// drift apart type by type.
//
//go:embed csltypes.md
var csltypesTable string

// Other is the row of a type the table does not list, and of none.
const Other = "*"

// Row is one CSL item type as every format writes it. Each field is
// the column its col tag names; "blank" marks a column whose cell may be
// empty. A format that needs a word per type adds a field and a column.
type Row struct {
	CSL           string  `col:"csl"`            // CSL 1.0.2 item type, or Other
	Label         string  `col:"label,blank"`    // for people; "" for a type that names no kind
	Group         string  `col:"group"`          // the page section by type: a page section's slug (render's typeGroups)
	BibTeX        BibKind `col:"bibtex"`         // BibTeX's entry type
	BibLaTeX      BibKind `col:"biblatex"`       // BibLaTeX's
	CSLJSON       string  `col:"csl-json"`       // the type CSL-JSON writes
	SchemaOrg     string  `col:"schema.org"`     // the JSON-LD @type
	HugoBlox      string  `col:"hugo-blox"`      // Hugo Blox's publication_types
	AlFolio       string  `col:"al-folio,blank"` // al-folio's abbr badge, or "" for the venue
	RIS           string  `col:"ris"`            // RIS's TY
	AcademicPages string  `col:"academicpages"`  // academicpages' category
	Scholar       string  `col:"scholar,blank"`  // html-site: the citation_* tag of the venue, less "citation_"; "" for none
}

// BibKind is an entry type and the field its container goes in ("" for
// none), written "entry/container" in the table.
type BibKind struct{ Entry, Container string }

// UnmarshalText reads a bibtex or biblatex cell.
func (k *BibKind) UnmarshalText(cell []byte) error {
	entry, container, _ := strings.Cut(string(cell), "/")
	*k = BibKind{Entry: entry, Container: container}
	return nil
}

// typeColumn is one column of the table: its header and whether a cell may
// be empty.
type typeColumn struct {
	name  string
	blank bool
}

// typeColumns are Row's columns, in field order.
func typeColumns() []typeColumn {
	rt := reflect.TypeFor[Row]()
	cols := make([]typeColumn, rt.NumField())
	for i := range cols {
		name, opt, _ := strings.Cut(rt.Field(i).Tag.Get("col"), ",")
		cols[i] = typeColumn{name: name, blank: opt == "blank"}
	}
	return cols
}

// setCell fills field i of r from a cell: a string as it is, any other
// field through its UnmarshalText.
func setCell(r *Row, i int, cell string) error {
	f := reflect.ValueOf(r).Elem().Field(i)
	if u, ok := f.Addr().Interface().(encoding.TextUnmarshaler); ok {
		return u.UnmarshalText([]byte(cell))
	}
	f.SetString(cell)
	return nil
}

// parseTypeTable reads the Markdown table: a header naming every column,
// a separator, then one row per type.
func parseTypeTable(md string) (map[string]Row, error) {
	rows := map[string]Row{}
	cols := typeColumns()
	var at []int // per Row field, the index of its cell
	for n, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case at == nil:
			var err error
			if at, err = columnsAt(cols, cells); err != nil {
				return nil, err
			}
			continue
		case strings.HasPrefix(cells[0], "---"):
			continue
		}
		r, err := parseTypeRow(cols, at, cells)
		if err != nil {
			return nil, fmt.Errorf("csltypes.md:%d: %w", n+1, err)
		}
		if _, twice := rows[r.CSL]; twice {
			return nil, fmt.Errorf("csltypes.md:%d: %s is listed twice", n+1, r.CSL)
		}
		rows[r.CSL] = r
	}
	if _, ok := rows[Other]; !ok {
		return nil, fmt.Errorf("csltypes.md: no %q row for the types it does not list", Other)
	}
	return rows, nil
}

// columnsAt finds each column in the header.
func columnsAt(cols []typeColumn, header []string) ([]int, error) {
	at := make([]int, len(cols))
	for i, c := range cols {
		if at[i] = slices.Index(header, c.name); at[i] < 0 {
			return nil, fmt.Errorf("csltypes.md: no %q column", c.name)
		}
	}
	return at, nil
}

// parseTypeRow reads one row; only a blank column's cell may be empty.
func parseTypeRow(cols []typeColumn, at []int, cells []string) (Row, error) {
	var r Row
	for i, c := range cols {
		if at[i] >= len(cells) {
			return r, fmt.Errorf("%d cells, and %q is column %d", len(cells), c.name, at[i]+1)
		}
		cell := cells[at[i]]
		if cell == "" && !c.blank {
			return r, fmt.Errorf("%s: no %s", cells[0], c.name)
		}
		if err := setCell(&r, i, cell); err != nil {
			return r, fmt.Errorf("%s: %s: %w", cells[0], c.name, err)
		}
	}
	return r, nil
}

// typeTable is the parsed table; TestEveryCSLTypeHasARow parses it, so a
// table that does not parse fails the tests, never a render.
var typeTable = sync.OnceValue(func() map[string]Row {
	rows, err := parseTypeTable(csltypesTable)
	if err != nil {
		panic(err)
	}
	return rows
})

// Rows is a copy of the table, by CSL type; it panics on a table that does not
// parse, which TestEveryCSLTypeHasARow refuses first.
func Rows() map[string]Row { return maps.Clone(typeTable()) }

// wordsOfType spells an unlisted type's name as words ("legal_case").
var wordsOfType = strings.NewReplacer("-", " ", "_", " ")

// Of is the row of a CSL type; a type the table does not list (one a
// provider passed through) takes the Other row, labelled by its name.
func Of(t string) Row {
	if r, ok := typeTable()[t]; ok {
		return r
	}
	r := typeTable()[Other]
	r.CSL = t
	if first, size := utf8.DecodeRuneInString(t); size > 0 {
		r.Label = string(unicode.ToUpper(first)) + wordsOfType.Replace(t[size:])
	}
	return r
}

// PageLabel is what a page calls the type.
func (r Row) PageLabel() string {
	if r.Label == "" {
		return "Work"
	}
	return r.Label
}

package render

import (
	_ "embed"
	"fmt"
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

// otherType is the row of a type the table does not list, and of none.
const otherType = "*"

// typeRow is one CSL item type as every format writes it.
type typeRow struct {
	csl       string  // CSL 1.0.2 item type, or otherType
	label     string  // for people; "" for a type that names no kind
	group     string  // the page section by type: a typeGroups slug
	bibtex    bibKind // BibTeX's entry type
	biblatex  bibKind // BibLaTeX's
	cslJSON   string  // the type CSL-JSON writes
	schemaOrg string  // the JSON-LD @type
	hugoBlox  string  // Hugo Blox's publication_types
	alFolio   string  // al-folio's abbr badge, or "" for the venue
}

// bibKind is an entry type and the field its container goes in ("" for
// none).
type bibKind struct{ entry, container string }

// typeColumns are the table's columns, by the header that names each; a
// table missing one fails to parse.
var typeColumns = map[string]func(*typeRow, string){
	"csl":        func(r *typeRow, v string) { r.csl = v },
	"label":      func(r *typeRow, v string) { r.label = v },
	"group":      func(r *typeRow, v string) { r.group = v },
	"bibtex":     func(r *typeRow, v string) { r.bibtex = parseBibKind(v) },
	"biblatex":   func(r *typeRow, v string) { r.biblatex = parseBibKind(v) },
	"csl-json":   func(r *typeRow, v string) { r.cslJSON = v },
	"schema.org": func(r *typeRow, v string) { r.schemaOrg = v },
	"hugo-blox":  func(r *typeRow, v string) { r.hugoBlox = v },
	"al-folio":   func(r *typeRow, v string) { r.alFolio = v },
}

func parseBibKind(v string) bibKind {
	entry, container, _ := strings.Cut(v, "/")
	return bibKind{entry, container}
}

// parseTypeTable reads the Markdown table: a header naming every column,
// a separator, then one row per type.
func parseTypeTable(md string) (map[string]typeRow, error) {
	rows := map[string]typeRow{}
	var header []string
	for n, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case header == nil:
			header = cells
			for name := range typeColumns {
				if !slices.Contains(header, name) {
					return nil, fmt.Errorf("csltypes.md: no %q column", name)
				}
			}
			continue
		case strings.HasPrefix(cells[0], "---"):
			continue
		case len(cells) != len(header):
			return nil, fmt.Errorf("csltypes.md:%d: %d cells, the header has %d", n+1, len(cells), len(header))
		}
		var r typeRow
		for i, name := range header {
			if set := typeColumns[name]; set != nil {
				set(&r, cells[i])
			}
		}
		if _, twice := rows[r.csl]; twice {
			return nil, fmt.Errorf("csltypes.md:%d: %s is listed twice", n+1, r.csl)
		}
		rows[r.csl] = r
	}
	if _, ok := rows[otherType]; !ok {
		return nil, fmt.Errorf("csltypes.md: no %q row for the types it does not list", otherType)
	}
	return rows, nil
}

// typeTable is the parsed table; TestEveryCSLTypeHasARow parses it, so a
// table that does not parse fails the tests, never a render.
var typeTable = sync.OnceValue(func() map[string]typeRow {
	rows, err := parseTypeTable(csltypesTable)
	if err != nil {
		panic(err)
	}
	return rows
})

// typeOf is the row of a CSL type; a type the table does not list (one a
// provider passed through) takes the otherType row, labelled by its name.
func typeOf(t string) typeRow {
	if r, ok := typeTable()[t]; ok {
		return r
	}
	r := typeTable()[otherType]
	r.csl = t
	if first, size := utf8.DecodeRuneInString(t); size > 0 {
		r.label = string(unicode.ToUpper(first)) + strings.ReplaceAll(t[size:], "-", " ")
	}
	return r
}

// pageLabel is what a page calls the type.
func (r typeRow) pageLabel() string {
	if r.label == "" {
		return "Work"
	}
	return r.label
}

package coa

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
)

// Header is Table 4's own heading row in NSF's template (coa_template.xlsx):
// the table's number in the first column, then its columns. Each row
// after it starts with its kind, "A:" for a co-author, so the rows paste
// into the template's five columns as they are.
var Header = []string{"4", "Name:", "Organizational Affiliation", "Optional (email, Department)", "Last Active"}

// CoAuthor is the first cell of a co-author's row ("C:" is a collaborator
// on a project, which no work records).
const CoAuthor = "A:"

// Write writes the header and the rows as CSV (RFC 4180: CRLF line ends,
// fields quoted where they hold a comma, a quote or a line break), each
// cell made inert for a spreadsheet (Cell).
func Write(w io.Writer, rows []Row) error {
	c := csv.NewWriter(w)
	c.UseCRLF = true
	if err := c.Write(Header); err != nil {
		return err
	}
	for _, r := range rows {
		// the optional column: no service sends a co-author's e-mail or
		// department, and a guess would be worse than the blank NSF allows
		if err := c.Write([]string{CoAuthor, Cell(r.Name()), Cell(r.Affiliation), "", DateCell(r.LastActive)}); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}

// Cell is a value from a service made safe as a spreadsheet cell: control
// characters and line breaks become spaces (a cell of the template holds
// one line), runs of spaces one, and a value that a spreadsheet would read
// as a formula (its first character "=", "+", "-", "@", a tab or a
// carriage return: OWASP's CSV Injection page) is prefixed with a single
// quote, which Excel, LibreOffice and Google Sheets take as "text".
func Cell(s string) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// DateCell is a date as the template's Last Active column writes it,
// MM/DD/YYYY, at the precision the works give: "03/05/2024", "03/2024"
// for a month, "2024" for a year only (no day is invented).
func DateCell(d record.Date) string {
	switch {
	case d.IsZero():
		return ""
	case d.Month == 0:
		return fmt.Sprintf("%04d", d.Year)
	case d.Day == 0:
		return fmt.Sprintf("%02d/%04d", d.Month, d.Year)
	}
	return fmt.Sprintf("%02d/%02d/%04d", d.Month, d.Day, d.Year)
}

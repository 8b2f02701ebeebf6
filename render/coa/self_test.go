package coa

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestTheResearchersIDTwiceIsTheResearcher: render marks one author of a
// work as the researcher (two authors of one work are two people), but
// the same iD twice on a work is one person, a deposit's slip or an
// index's misassigned iD: the second is the researcher too, never a row
// of their own table.
func TestTheResearchersIDTwiceIsTheResearcher(t *testing.T) {
	me := record.Author{Given: "Peter", Family: "Binfield", ORCID: "0000-0002-9341-7985"}
	twice := record.Author{Given: "P.", Family: "Binfield", ORCID: "0000-0002-9341-7985"}
	rows := Rows([]Work{{Issued: record.NewDate(2025, 6, 1),
		Authors: []record.Author{me, {Given: "Zoe", Family: "Zed"}, twice}, Self: []bool{true, false, false}}}, record.Date{})
	if len(rows) != 1 || rows[0].Family != "Zed" {
		t.Errorf("rows %+v, want Zed's alone", rows)
	}
}

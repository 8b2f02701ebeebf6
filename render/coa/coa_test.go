package coa

import (
	"bytes"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
)

// researcher is Michael A. Bender's works, the authors in the shapes the
// services send: the first as the merged record of the recorded Crossref
// answer for 10.1145/3448016.3452841 (examples/replay/api.crossref.org:
// Crossref's affiliation names, the iDs OpenAlex adds), the second as
// OpenAlex writes authorships (a display name, an institution's
// display_name: examples/replay/api.openalex.org's answer for the same
// DOI), the third as PubMed gives initials, with hostile values.
func researcher() []Work {
	me := record.Author{Given: "Michael A.", Family: "Bender", ORCID: "0000-0001-7639-530X",
		Affiliations: []string{"Stony Brook University, Stony Brook, NY, USA"}}
	sigmod := []record.Author{
		{Given: "Prashant", Family: "Pandey", ORCID: "0000-0001-5576-0320",
			Affiliations: []string{"Lawrence Berkeley National Lab & University of California, Berkeley, Berkeley, CA, USA"}},
		{Given: "Alex", Family: "Conway", ORCID: "0000-0003-4890-7413", Affiliations: []string{"VMware Research, Palo Alto, CA, USA"}},
		{Given: "Joe", Family: "Durie", Affiliations: []string{"Rutgers University, New Brunswick, NJ, USA"}},
		me,
		{Given: "Martin", Family: "Farach-Colton", ORCID: "0000-0003-3616-7788", Affiliations: []string{"Rutgers University, New Brunswick, NJ, USA"}},
		{Given: "Rob", Family: "Johnson", ORCID: "0000-0002-0784-7410", Affiliations: []string{"VMware Research, Palo Alto, CA, USA"}},
	}
	openAlexShape := []record.Author{
		{Name: "Michael A. Bender", ORCID: "0000-0001-7639-530X"},
		{Name: "Alexander J. Conway", ORCID: "0000-0003-4890-7413", Affiliations: []string{"VMware (United States)"}},
		{Name: "J. Durie"},
		{Name: "Martı́n Farach-Colton", Affiliations: []string{"Rutgers, The State University of New Jersey"}}, // OpenAlex's dotless ı and combining accent
		{Name: "SIGMOD Reproducibility Committee"},
	}
	initials := []record.Author{
		{Given: "J", Family: "Smith"},
		{Given: "John", Family: "Smith"},
		{Given: "Jane", Family: "Smith", Affiliations: []string{"Department of Chemistry, \"Lab\", Univ.\nX"}},
		{Given: "Eve", Family: `=HYPERLINK("http://evil.example","x")`, Affiliations: []string{"@SUM(1+1)"}},
		{Given: "M. A.", Family: "Bender"},
	}
	return []Work{
		{Issued: record.Date{Year: 2021, Month: 6, Day: 9}, Authors: sigmod, Self: []bool{false, false, false, true, false, false}},
		{Issued: record.Date{Year: 2023, Month: 3}, Authors: openAlexShape, Self: []bool{true, false, false, false, false}},
		{Issued: record.Date{Year: 2022}, Authors: initials, Self: []bool{false, false, false, false, true}},
		{Issued: record.Date{Year: 2024, Month: 1, Day: 15}, Authors: []record.Author{me, {Given: "Joe", Family: "Durie", Affiliations: []string{"Rutgers University"}}},
			Self: []bool{true, false}},
		{Issued: record.Date{Year: 2019, Month: 5, Day: 1}, Authors: []record.Author{me, {Given: "Old", Family: "Friend"}}, Self: []bool{true, false}},
		{Authors: []record.Author{me, {Given: "No", Family: "Date"}}, Self: []bool{true, false}},
	}
}

// The table computed by hand from the works above, window from
// 2021-01-01: Bender never (he is the researcher, as whichever spelling);
// Conway once by his iD, under his fuller name, last active and
// affiliated by the 2023 work; Durie once ("J. Durie" can only be Joe),
// from his 2024 work; Farach-Colton once (the iD-less spelling of OpenAlex
// joins the one person with an iD it can be); "J Smith" a row of its own
// beside John and Jane (it could be either); no committee, nothing from
// 2019 or undated; the formula and the line break made inert.
const wantResearcher = "4,Name:,Organizational Affiliation,\"Optional (email, Department)\",Last Active\r\n" +
	"A:,\"Conway, Alexander J.\",VMware (United States),,03/2023\r\n" +
	"A:,\"Durie, Joe\",Rutgers University,,01/15/2024\r\n" +
	"A:,\"Farach-Colton, Martin\",\"Rutgers, The State University of New Jersey\",,03/2023\r\n" +
	"A:,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\"), Eve\",'@SUM(1+1),,2022\r\n" +
	"A:,\"Johnson, Rob\",\"VMware Research, Palo Alto, CA, USA\",,06/09/2021\r\n" +
	"A:,\"Pandey, Prashant\",\"Lawrence Berkeley National Lab & University of California, Berkeley, Berkeley, CA, USA\",,06/09/2021\r\n" +
	"A:,\"Smith, J\",,,2022\r\n" +
	"A:,\"Smith, Jane\",\"Department of Chemistry, \"\"Lab\"\", Univ. X\",,2022\r\n" +
	"A:,\"Smith, John\",,,2022\r\n"

func TestTableOfAResearcherEqualsTheHandMadeOne(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, Rows(researcher(), record.Date{Year: 2021, Month: 1, Day: 1})); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != wantResearcher {
		t.Errorf("got\n%s\nwant\n%s", got, wantResearcher)
	}
}

// Two people with one name and two iDs are two rows; a spelling without
// an iD that either could be is a third, never given to one of them.
func TestDifferentIDsAreNeverOnePerson(t *testing.T) {
	works := []Work{{Issued: record.Date{Year: 2024}, Authors: []record.Author{
		{Given: "Wei", Family: "Zhang", ORCID: "0000-0001-0000-0001", Affiliations: []string{"Tsinghua University"}},
		{Given: "Wei", Family: "Zhang", ORCID: "0000-0002-0000-0002", Affiliations: []string{"Zhejiang University"}},
		{Given: "W.", Family: "Zhang"},
	}}}
	rows := Rows(works, record.Date{})
	if len(rows) != 3 {
		t.Fatalf("rows %+v, want three", rows)
	}
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.ORCID)
	}
	if got := strings.Join(ids, " "); got != " 0000-0001-0000-0001 0000-0002-0000-0002" {
		t.Errorf("iDs %q: the initials' row first (W. before Wei), then each iD", got)
	}
}

// OWASP's CSV Injection page: a cell must not start with = + - @, a tab
// or a carriage return; spaces before them do not hide them.
func TestCellIsInert(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1":            "'=1+1",
		"+1":              "'+1",
		"-1":              "'-1",
		"@SUM(A1)":        "'@SUM(A1)",
		"\t=1":            "'=1", // the tab is a space, and goes; the formula stays inert
		"  =HYPERLINK(1)": "'=HYPERLINK(1)",
		"a\r\nb\x00c":     "a b c",
		"Smith, J.":       "Smith, J.",
		"O'Brien":         "O'Brien",
	} {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWindowAndDates(t *testing.T) {
	since := record.Date{Year: 2022, Month: 6, Day: 15}
	for _, c := range []struct {
		d    record.Date
		want bool
	}{
		{record.Date{Year: 2022}, true},           // may be December
		{record.Date{Year: 2021}, false},          // all of it before
		{record.Date{Year: 2022, Month: 6}, true}, // may be the 30th
		{record.Date{Year: 2022, Month: 5}, false},
		{record.Date{Year: 2022, Month: 6, Day: 15}, true},
		{record.Date{Year: 2022, Month: 6, Day: 14}, false},
	} {
		if got := reaches(c.d, since); got != c.want {
			t.Errorf("reaches(%v, %v) = %v", c.d, since, got)
		}
	}
	for d, want := range map[record.Date]string{
		{Year: 2024, Month: 3, Day: 5}: "03/05/2024", {Year: 2024, Month: 3}: "03/2024", {Year: 2024}: "2024", {}: "",
	} {
		if got := DateCell(d); got != want {
			t.Errorf("DateCell(%v) = %q, want %q", d, got, want)
		}
	}
}

// Two authors of one work are two people, however alike their names: the
// same name twice on a collaboration's list is two rows, and an initial
// does not join the fuller name it shares a work with ("J. Durie" beside
// "Joe Durie" is someone else), though it joins it across works. Two
// "Wei Wang"s on two works are two people, not four, nor one: the second
// of one work is taken for the second of the other (the table never says
// which is which, and lists both).
func TestRowsKeepTheAuthorsOfOneWorkApart(t *testing.T) {
	works := []Work{
		{Issued: record.Date{Year: 2024}, Authors: []record.Author{
			{Given: "Wei", Family: "Wang", Affiliations: []string{"Tsinghua University"}},
			{Given: "Wei", Family: "Wang", Affiliations: []string{"Zhejiang University"}},
			{Given: "Joe", Family: "Durie"}, {Given: "J.", Family: "Durie", Affiliations: []string{"MIT"}}}},
		{Issued: record.Date{Year: 2023}, Authors: []record.Author{{Given: "A.", Family: "Conway"}, {Given: "Alex", Family: "Conway"}}},
		{Issued: record.Date{Year: 2022}, Authors: []record.Author{{Given: "A.", Family: "Byrne"},
			{Given: "Wei", Family: "Wang"}, {Given: "Wei", Family: "Wang"}}},
		{Issued: record.Date{Year: 2021}, Authors: []record.Author{{Given: "Ann", Family: "Byrne"}}},
	}
	var got []string
	for _, r := range Rows(works, record.Date{}) {
		got = append(got, r.Name()+" / "+r.Affiliation)
	}
	want := []string{"Byrne, Ann / ", "Conway, A. / ", "Conway, Alex / ", "Durie, J. / MIT", "Durie, Joe / ",
		"Wang, Wei / Tsinghua University", "Wang, Wei / Zhejiang University"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

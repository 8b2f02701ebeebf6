package cv

import (
	"bufio"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestTexURL: a link is written for \href with LaTeX's specials that
// hyperref does not take as they are percent-encoded, and "%" and "#"
// escaped; anything but http(s) is no link.
func TestTexURL(t *testing.T) {
	cases := map[string]string{
		"https://doi.org/10.1000/a_b(1)2": "https://doi.org/10.1000/a_b(1)2",
		"https://example.org/a b{c}\\d":   `https://example.org/a\%20b\%7Bc\%7D\%5Cd`,
		"https://example.org/x%20y#frag":  `https://example.org/x\%20y\%23frag`,
		"https://example.org/~u&q=$^":     `https://example.org/\%7Eu\%26q=\%24\%5E`,
		"javascript:alert(1)":             "",
		"ftp://example.org/f":             "",
	}
	for in, want := range cases {
		if got := texURL(in); got != want {
			t.Errorf("texURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPeriodAndISODate: a position held has "present" for its open end,
// an award one date; JSON Resume's dates keep the record's precision.
func TestPeriodAndISODate(t *testing.T) {
	feb1930, y1929 := record.Date{Year: 1930, Month: 2}, record.Date{Year: 1929}
	if got := period(feb1930, record.Date{}, true); got != "Feb 1930–present" {
		t.Errorf("open position: %q", got)
	}
	if got := period(feb1930, record.Date{}, false); got != "Feb 1930" {
		t.Errorf("award: %q", got)
	}
	if got := period(y1929, feb1930, false); got != "1929–Feb 1930" {
		t.Errorf("span: %q", got)
	}
	for d, want := range map[record.Date]string{feb1930: "1930-02", y1929: "1929", {Year: 2004, Month: 2, Day: 2}: "2004-02-02", {}: "", {Year: 999}: ""} {
		if got := isoDate(d); got != want {
			t.Errorf("isoDate(%+v) = %q, want %q", d, got, want)
		}
	}
}

// TestPeerReviewsOneLineAVenue: ORCID groups peer reviews by the
// reviewed journal and names each by its convening organisation, often
// the publisher, so a reviewer for three of one publisher's journals
// (and a second iD's record) has several groups naming it: the CV has
// one line for it, the counts summed, the latest date of any.
func TestPeerReviewsOneLineAVenue(t *testing.T) {
	d := Document{Name: "Josiah Carberry"}
	d.Sections.PeerReviews = []record.Reviewing{
		{Venue: "Elsevier", Reviews: 2, Last: record.Date{Year: 2019}},
		{Venue: "The Psychoceramics Society", Reviews: 1, Last: record.Date{Year: 2004}},
		{Venue: "Elsevier", Reviews: 1, Last: record.Date{Year: 2021, Month: 3}},
		{Venue: "elsevier ", Reviews: 2},
	}
	out := written(t, WriteLaTeX, d)
	src := out
	want := "\\item Elsevier: 5 reviews, latest 2021.\n\\item The Psychoceramics Society: 1 review, latest 2004.\n"
	if !strings.Contains(src, want) || strings.Count(src, "Elsevier") != 1 {
		t.Errorf("the peer reviews are not one line a venue, want\n%s\ngot:\n%s", want, src)
	}
}

// TestDegreeInProgress: an education with a start and no end is a degree
// in progress ("Sep 2022–present", as ORCID's own record page says "to
// present"), not a one-date entry a reader takes for its year; a
// distinction keeps its one date.
func TestDegreeInProgress(t *testing.T) {
	d := Document{Name: "Josiah Carberry"}
	d.Sections.Educations = []record.Affiliation{{Organization: "Brown University", Role: "PhD", Start: record.Date{Year: 2022, Month: 9}}}
	d.Sections.Distinctions = []record.Affiliation{{Organization: "Psychoceramics Society", Role: "Medal", Start: record.Date{Year: 2023}}}
	out := written(t, WriteLaTeX, d)
	for _, want := range []string{`\item \textbf{PhD}. Brown University. Sep 2022{--}present.`, `\item \textbf{Medal}. Psychoceramics Society. 2023.`} {
		if !strings.Contains(out, want) {
			t.Errorf("the CV lacks %s:\n%s", want, out)
		}
	}
}

// TestGrantLine: a funding's number follows its kind in words (ORCID's
// type "salary-award" reads "salary award").
func TestGrantLine(t *testing.T) {
	cases := map[record.Grant]string{
		{Title: "Pots", Type: "salary-award", Funder: "NSF", Number: "PSY-1"}: `\textbf{Pots}. NSF, salary award PSY-1.`,
		{Title: "Pots", Funder: "NSF", Number: "PSY-1"}:                       `\textbf{Pots}. NSF, PSY-1.`,
	}
	for g, want := range cases {
		if got := grantLine(g); got != want {
			t.Errorf("grantLine(%+v) = %q, want %q", g, got, want)
		}
	}
}

// TestDateOutOfRange: a snapshot edited by hand (or written by another
// tool) may hold a month no calendar has; the CV prints the year rather
// than stopping on it, and the JSON Resume gives the year (its pattern
// would take "1930-13").
func TestDateOutOfRange(t *testing.T) {
	for _, d := range []record.Date{{Year: 1930, Month: 13}, {Year: 1930, Month: -1, Day: 5}} {
		if got := period(d, record.Date{}, false); got != "1930" {
			t.Errorf("period(%+v) = %q, want 1930", d, got)
		}
		if got := isoDate(d); got != "1930" {
			t.Errorf("isoDate(%+v) = %q, want 1930", d, got)
		}
	}
}

// TestAuthorsLineKeepsTheSpaceBeforeEtAl: a cut author list reads
// "Ada Lovelace et al. (40 authors)" (the Typst writer's review found
// "Lovelaceet al.": text trims the tail's leading space).
func TestAuthorsLineKeepsTheSpaceBeforeEtAl(t *testing.T) {
	got := authorsLine(Work{Authors: []Author{{Name: "Ada Lovelace", Me: true}}, EtAl: " et al. (40 authors)"})
	if want := `\textbf{Ada Lovelace} et al. (40 authors)`; got != want {
		t.Errorf("authors line %q, want %q", got, want)
	}
	if got := authorsLine(Work{Authors: []Author{{Name: "Ada Lovelace"}}}); got != "Ada Lovelace" {
		t.Errorf("an uncut list %q, want no tail", got)
	}
}

// written is d as one writer writes it.
func written(t *testing.T, write func(*bufio.Writer, Document) error, d Document) string {
	t.Helper()
	var out strings.Builder
	b := bufio.NewWriter(&out)
	if err := write(b, d); err != nil {
		t.Fatal(err)
	}
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

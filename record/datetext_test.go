package record

import (
	"fmt"
	"strings"
	"testing"
)

// fmtParseDate is ParseDate as it was, by time and fmt alone.
func fmtParseDate(s string) Date { return parseDateAnyForm(strings.TrimSpace(s)) }

// fmtDateString is Date.String as it was.
func fmtDateString(d Date) string {
	switch {
	case d.Year == 0:
		return ""
	case d.Month == 0:
		return fmt.Sprintf("%04d", d.Year)
	case d.Day == 0:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

var dateTexts = []string{"2014", "2014-02", "2014-02-11", "0012-1-1", "99999", "2014-13-01", "2014-02-30",
	"2014-02-11-05", "2014-", "-2014", "+2014", "2014-+2", "2014--2", " 2014-02 ", "2014-02-11T10:00:00Z",
	"2014-02-11T23:30:00-05:00", "0x10", "1_000", "0", "", "abc", "2014/02/11", "1234567890", "2014-0000000002-1",
	"٢٠١٤", "2014-02-11 ", "2014 -02"}

func TestDateTextMatchesFmt(t *testing.T) {
	for _, s := range dateTexts {
		if got, want := ParseDate(s), fmtParseDate(s); got != want {
			t.Errorf("ParseDate(%q) = %v, fmt's %v", s, got, want)
		}
	}
	for _, d := range []Date{{}, {Year: 7}, {Year: 2014, Month: 2}, {Year: 2014, Month: 2, Day: 11}, {Year: -5, Month: 1},
		{Year: 12345, Month: 123, Day: 7}, {Year: 2014, Day: 3}, {Year: 2014, Month: -1, Day: 2}, {Year: 1, Month: 1, Day: -1}, {Year: 0, Month: 4}} {
		if got, want := d.String(), fmtDateString(d); got != want {
			t.Errorf("%#v.String() = %q, fmt's %q", d, got, want)
		}
	}
}

func FuzzParseDatePlain(f *testing.F) {
	for _, s := range dateTexts {
		f.Add(s, 2014, 2, 11)
	}
	f.Fuzz(func(t *testing.T, s string, y, m, d int) {
		if got, want := ParseDate(s), fmtParseDate(s); got != want {
			t.Errorf("ParseDate(%q) = %v, fmt's %v", s, got, want)
		}
		date := Date{Year: y, Month: m, Day: d}
		if got, want := date.String(), fmtDateString(date); got != want {
			t.Errorf("%#v.String() = %q, fmt's %q", date, got, want)
		}
	})
}

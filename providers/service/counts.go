package service

import (
	"fmt"
	"math"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// Counter reads one answer's counters strictly. A counter that is there
// but is not a whole number from 0 to record.MaxCount (-5, 3.7, 1e23, "12") is a
// malformed answer, never stored: the job fails and the previous
// snapshot's counts stand. gjson's Int would turn each into a number (1e23
// into 9223372036854775807) without a word. The first such counter is
// kept in Err.
type Counter struct {
	Provider string // for the error
	Err      error  // the first malformed counter, or nil
}

// Count is the counter in v, nil when v is absent or null (the service
// did not say, which is not zero).
func (c *Counter) Count(field string, v gjson.Result) *int {
	if n, ok := c.Number(field, v); ok {
		return record.Int(n)
	}
	return nil
}

// Number is the counter in v and whether there is one.
func (c *Counter) Number(field string, v gjson.Result) (int, bool) {
	if v.Type == gjson.Null { // absent too
		return 0, false
	}
	if n, ok := wholeIn(v, 0, record.MaxCount); ok {
		return n, true
	}
	c.fail(field, v.Raw)
	return 0, false
}

// Year is the year in v (a per-year bin's), and whether it is one: a
// whole number that record.CitationYearOK believes. Absent is malformed
// too: a bin without its year says nothing.
func (c *Counter) Year(field string, v gjson.Result) (int, bool) {
	if y, ok := wholeIn(v, record.FirstCitationYear, record.LastCitationYear); ok {
		return y, true
	}
	raw := v.Raw
	if !v.Exists() {
		raw = "(none)"
	}
	c.failAs(field, raw, fmt.Sprintf("is not a year (a whole number from %d to %d)", record.FirstCitationYear, record.LastCitationYear))
	return 0, false
}

// wholeIn is the number in v when it is a whole one from lo to hi. The
// bounds are checked on the float: converting 1e30 to an int is not
// defined.
func wholeIn(v gjson.Result, lo, hi float64) (int, bool) {
	if v.Type == gjson.Number && v.Num == math.Trunc(v.Num) && v.Num >= lo && v.Num <= hi {
		return int(v.Num), true
	}
	return 0, false
}

// fail keeps the first malformed counter, quoting at most 40 bytes of it.
func (c *Counter) fail(field, raw string) {
	c.failAs(field, raw, fmt.Sprintf("is not a count (a whole number from 0 to %d)", record.MaxCount))
}

// FailSum keeps a per-year count that a year given twice added up past
// a count.
func (c *Counter) FailSum(field string, y record.YearCount) {
	c.fail(field, fmt.Sprintf("%d (%d's, added up)", y.CitedBy, y.Year))
}

// failAs keeps the first malformed value, quoting at most 40 bytes of it,
// and what it is not.
func (c *Counter) failAs(field, raw, isNot string) {
	if c.Err != nil {
		return
	}
	if len(raw) > 40 {
		raw = raw[:40] + "…"
	}
	c.Err = Malformed(c.Provider, fmt.Sprintf("%s %s %s", field, CleanText(raw), isNot))
}

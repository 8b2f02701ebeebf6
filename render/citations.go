package render

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/htmlview"
	"github.com/aboutscholar/about/render/shape"
)

// recentYears is how far back the "since" figures reach from the newest
// year: Google Scholar's profile heads them "Since 2021" in 2026, the
// citations of the five years before the current one and of the current
// one so far: its "recent" column, over the last five years
// (https://scholar.google.com/intl/en/scholar/citations.html).
const recentYears = 5

// i10Threshold is the i10-index's bar: works cited at least ten times
// (Google Scholar's own metric, same page).
const i10Threshold = 10

// citationFigures are the page's citation figures, from the one counts
// source (pickCount), over its entries: the header's totals, Google
// Scholar's "since" columns and the per-year chart.
//
// "This year" is never the clock's: it is Newest, the newest year any
// entry was cited in, so the same snapshots always give the same page.
// Per-year counts can be partial, and the figures say how rather than
// fill the gap: OpenAlex bins the citations of its last ten years only
// (https://docs.openalex.org/api-entities/works/work-object#counts_by_year),
// so older ones are in a total but in no year (WithoutYear), and a count
// from a folder fetched before about kept years has none (NoYears).
type citationFigures struct {
	Counted   int // entries with a count from the source
	Citations int // the sum of their counts
	HIndex    int // Hirsch's h over those counts (https://doi.org/10.1073/pnas.0507655102)
	I10       int // entries cited at least ten times

	Newest int // the newest year an entry was cited in; 0 when no entry has a cited year
	Since  int // Newest − recentYears: the first year of the recent figures; 0 with Newest
	Recent struct {
		Citations, HIndex, I10 int // as above, counting only citations from Since on
	}
	Years       []record.YearCount // the page's citations per year, every year from the oldest given to Newest
	WithoutYear int                // citations in the totals that no year holds (before the source's window)
	NoYears     int                // entries with citations whose count has no years: in the totals only
}

// citationFigures computes the figures over the page's entries.
func (p *page) citationFigures() citationFigures {
	var f citationFigures
	var all, recent []int
	perYear := map[int]int{}
	for _, e := range p.shown {
		if e.cite == nil {
			continue
		}
		f.Counted++
		f.Citations = addCounts(f.Citations, e.cite.Count)
		all = append(all, e.cite.Count)
		if e.cite.ByYear == nil {
			if e.cite.Count > 0 {
				f.NoYears++
			}
			continue
		}
		yeared := 0
		for _, y := range *e.cite.ByYear {
			perYear[y.Year] = addCounts(perYear[y.Year], y.CitedBy)
			yeared = addCounts(yeared, y.CitedBy)
			f.Newest = max(f.Newest, y.Year)
		}
		f.WithoutYear += max(0, e.cite.Count-yeared)
	}
	f.HIndex, f.I10 = hIndex(all), atLeast(all, i10Threshold)
	if f.Newest == 0 {
		return f
	}
	f.Since = f.Newest - recentYears
	for _, e := range p.shown {
		if e.cite != nil && e.cite.ByYear != nil {
			recent = append(recent, citedSince(*e.cite.ByYear, f.Since))
		}
	}
	for _, n := range recent {
		f.Recent.Citations = addCounts(f.Recent.Citations, n)
	}
	f.Recent.HIndex, f.Recent.I10 = hIndex(recent), atLeast(recent, i10Threshold)
	oldest := f.Newest
	for y := range perYear {
		oldest = min(oldest, y)
	}
	for y := oldest; y <= f.Newest; y++ {
		f.Years = append(f.Years, record.YearCount{Year: y, CitedBy: perYear[y]}) // a year not given had none
	}
	return f
}

// hIndex is the largest h such that h of the counts are at least h each.
func hIndex(counts []int) int {
	sorted := append([]int(nil), counts...)
	sort.Sort(sort.Reverse(sort.IntSlice(sorted)))
	h := 0
	for i, c := range sorted {
		if c >= i+1 {
			h = i + 1
		}
	}
	return h
}

// atLeast is how many of the counts are n or more.
func atLeast(counts []int, n int) int {
	k := 0
	for _, c := range counts {
		if c >= n {
			k++
		}
	}
	return k
}

// citedSince is the citations of the years from since on.
func citedSince(years []record.YearCount, since int) int {
	n := 0
	for _, y := range years {
		if y.Year >= since {
			n = addCounts(n, y.CitedBy)
		}
	}
	return n
}

// addCounts is a + b, at most math.MaxInt: counts are loaded in range
// (record.CountOK), so only a page of a billion works would reach it,
// but a total must never wrap round to a negative figure.
func addCounts(a, b int) int {
	if b > math.MaxInt-a {
		return math.MaxInt
	}
	return a + b
}

// figuresText is the figures in a line, as the header and the Markdown
// page give them: "39 citations · h-index 3 · i10-index 1 · since 2021:
// 30 citations, h-index 3, i10-index 1".
func (f citationFigures) figuresText() string {
	if since := f.sinceText(); since != "" {
		return f.allText() + " · " + since
	}
	return f.allText()
}

// allText is the all-time figures: "39 citations · h-index 3 · i10-index 1".
// With no count from the source at all (it was never fetched, or is not
// among the providers) it says so: "0 citations · h-index 0" would be a
// figure the source never gave.
func (f citationFigures) allText() string {
	if f.Counted == 0 {
		return "No work has a citation count"
	}
	return fmt.Sprintf("%s · h-index %d · i10-index %d", citationsLabel(f.Citations), f.HIndex, f.I10)
}

// sinceText is the recent figures, "" without years: "since 2021: 30
// citations, h-index 3, i10-index 1".
func (f citationFigures) sinceText() string {
	if f.Since == 0 {
		return ""
	}
	return fmt.Sprintf("since %d: %s, h-index %d, i10-index %d", f.Since, citationsLabel(f.Recent.Citations), f.Recent.HIndex, f.Recent.I10)
}

// figuresLine is the figures as one sentence, for a page with no room
// for a chart (Markdown): the figures, their source, what is partial.
func (p *page) figuresLine() string {
	f := p.citationFigures()
	line := f.figuresText() + " (counts from " + p.providerTitle(p.source) + ")."
	if note := p.partialText(f); note != "" {
		line += " " + note
	}
	return line
}

// partialText says which figures are partial and why, or "" when none
// is: the citations no year holds, and the entries whose count has no
// years (a counts file fetched before about kept years, or a source that
// gives years for some works only).
func (p *page) partialText(f citationFigures) string {
	var notes []string
	if f.WithoutYear > 0 && len(f.Years) > 0 {
		why := p.providerTitle(p.source) + " gives no year for them"
		if p.source == "openalex" {
			why = "OpenAlex gives years for recent citations only" // ten years, its docs say; the recordings reach back further
		}
		verb := "have"
		if f.WithoutYear == 1 {
			verb = "has"
		}
		notes = append(notes, fmt.Sprintf("%d of the %s %s no year (%s): the chart, from %d, leaves %s out.",
			f.WithoutYear, citationsLabel(f.Citations), verb, why, f.Years[0].Year, themIt(f.WithoutYear)))
	}
	if f.NoYears > 0 && f.Since > 0 { // on a page where no count has years, there is no figure to qualify
		what := "1 work's count has"
		if f.NoYears > 1 {
			what = strconv.Itoa(f.NoYears) + " works' counts have"
		}
		notes = append(notes, fmt.Sprintf("%s no years: the since-%d figures and the chart leave %s out.", what, f.Since, themIt(f.NoYears)))
	}
	return strings.Join(notes, " ")
}

func citationsLabel(n int) string {
	if n == 1 {
		return "1 citation"
	}
	return strconv.Itoa(n) + " citations"
}

func themIt(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// The chart's geometry, in SVG user units (CSS pixels at full size; the
// page scales it down to a phone's width): one slot a year, bars scaled
// to the busiest year, the count above each bar, the year below.
const (
	chartSlot   = 40  // width of a year
	chartBar    = 26  // width of its bar
	chartPlot   = 100 // height of the busiest year's bar
	chartTop    = 18  // room for the count above the tallest bar
	chartBottom = 20  // room for the year labels
)

// chartOf is the chart of the figures' years, nil when there are none.
// Its title and description are the text equivalent (the SVG is one
// image to a screen reader): every year and its count, in words.
func chartOf(f citationFigures, source string) *htmlview.Chart {
	if len(f.Years) == 0 {
		return nil
	}
	busiest := 1
	for _, y := range f.Years {
		busiest = max(busiest, y.CitedBy)
	}
	c := &htmlview.Chart{
		Width: len(f.Years) * chartSlot, Height: chartTop + chartPlot + chartBottom,
		Axis:  chartTop + chartPlot,
		Title: fmt.Sprintf("Citations per year, %d–%d", f.Years[0].Year, f.Newest),
	}
	if len(f.Years) == 1 {
		c.Title = fmt.Sprintf("Citations in %d", f.Newest)
	}
	var desc []string
	for i, y := range f.Years {
		h := (y.CitedBy*chartPlot + busiest - 1) / busiest // rounded up: one citation still shows
		b := htmlview.Bar{X: i*chartSlot + (chartSlot-chartBar)/2, W: chartBar, H: h, Mid: i*chartSlot + chartSlot/2, YearY: chartTop + chartPlot + chartBottom - 5, Year: strconv.Itoa(y.Year)}
		b.Y = c.Axis - h
		b.ValueY = b.Y - 5
		if y.CitedBy > 0 {
			b.Value = strconv.Itoa(y.CitedBy)
		}
		c.Bars = append(c.Bars, b)
		desc = append(desc, fmt.Sprintf("%d: %d", y.Year, y.CitedBy))
	}
	c.Desc = strings.Join(desc, ", ") + " (counts from " + source + ")"
	return c
}

func (p *page) dataCitations() *shape.DataCitations {
	if !p.counts {
		return nil
	}
	f := p.citationFigures()
	d := &shape.DataCitations{
		Provider: p.source, Source: p.providerTitle(p.source),
		Count: f.Citations, HIndex: f.HIndex, I10Index: f.I10,
		ByYear:      dataYears(f.Years),
		WithoutYear: f.WithoutYear, WorksWithoutYears: f.NoYears,
		Text: f.figuresText(), Note: p.partialText(f),
	}
	if f.Since > 0 {
		d.Since = &shape.DataSince{Year: f.Since, Count: f.Recent.Citations, HIndex: f.Recent.HIndex, I10Index: f.Recent.I10}
	}
	return d
}

// dataYears is a count's years for the data: never nil, so a list with
// no years writes [] (the source gave years, none cited).
func dataYears(years []record.YearCount) []shape.DataYear {
	out := []shape.DataYear{}
	for _, y := range years {
		out = append(out, shape.DataYear{Year: y.Year, CitedBy: y.CitedBy})
	}
	return out
}

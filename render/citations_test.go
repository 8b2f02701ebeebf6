package render

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/shape"
)

// cited is one work's count from the counts source for the figures
// tests: its total and, unless noYears, its citations per year.
type cited struct {
	total   int
	years   map[int]int
	noYears bool // the counts file has no by_year (fetched before about kept years)
}

// citation is w as OpenAlex's count.
func (w cited) citation() folder.Citation {
	c := folder.Citation{Provider: "openalex", Count: w.total}
	if !w.noYears {
		var ys []record.YearCount
		for y, n := range w.years {
			ys = append(ys, record.YearCount{Year: y, CitedBy: n})
		}
		c.ByYear = record.ByYearOf(ys)
	}
	return c
}

// figuresPage builds a page of works cited as given, by OpenAlex, plus
// one work with no count at all, which no figure may count.
func figuresPage(works []cited) *page {
	f := &folder.Folder{}
	for i, w := range works {
		f.Works = append(f.Works, folder.Work{ID: fmt.Sprintf("doi:10.5555/%d", i), CitedBy: []folder.Citation{w.citation()},
			Record: record.Record{Title: fmt.Sprintf("Work %d", i), Type: "article-journal", Issued: record.NewDate(2015, 0, 0)}})
	}
	f.Works = append(f.Works, folder.Work{ID: "doi:10.5555/uncounted", Record: record.Record{Title: "Uncounted", Type: "article-journal"}})
	return buildPage(f, Options{Counts: true, CountsSource: "openalex"})
}

// The header's figures against a table worked out by hand. The
// researcher's newest cited year is 2026, so "since" is 2021 (Google
// Scholar's column in 2026): 2021–2026.
//
//	work  total  by year                                          since 2021
//	A     120    2017:10 2018:12 2019:15 2020:14 2021:13 2022:12   13+12+11+10+9+4 = 59
//	             2023:11 2024:10 2025:9 2026:4 (sum 110: 10 no year)
//	B      25    2019–2023: 5 each                                 5+5+5 = 15
//	C      11    2024:3 2025:6 2026:2                              11
//	D      10    2018:6 2020:4                                     0
//	E       9    2022:2 2023:3 2024:4                              9
//	F       3    2026:3                                            3
//	G      40    no years (an older counts file)                   left out
//	H       0    years given, none cited                           0
//
//	all time: 120 40 25 11 10 9 3 0 → h = 6 (9 ≥ 6, 3 < 7); i10 = 5 (120 40 25 11 10);
//	          citations 120+40+25+11+10+9+3+0 = 218
//	since:    59 15 11 9 3 0 0 → h = 4 (9 ≥ 4, 3 < 5); i10 = 3 (59 15 11);
//	          citations 59+15+11+0+9+3+0 = 97
//	per year: 2017 A10 = 10; 2018 A12+D6 = 18; 2019 A15+B5 = 20; 2020 A14+B5+D4 = 23;
//	          2021 A13+B5 = 18; 2022 A12+B5+E2 = 19; 2023 A11+B5+E3 = 19;
//	          2024 A10+C3+E4 = 17; 2025 A9+C6 = 15; 2026 A4+C2+F3 = 9 (sum 168 = 218 − 40 G − 10 A)
func TestCitationFiguresMatchAHandComputedTable(t *testing.T) {
	type want struct {
		citations, h, i10             int
		since, sinceCit, sinceH, i105 int
		years                         []record.YearCount
		withoutYear, noYears          int
	}
	yc := func(from int, counts ...int) []record.YearCount {
		var out []record.YearCount
		for i, n := range counts {
			out = append(out, record.YearCount{Year: from + i, CitedBy: n})
		}
		return out
	}
	for _, c := range []struct {
		name  string
		works []cited
		want  want
	}{
		{"the table above", tableWorks(),
			want{218, 6, 5, 2021, 97, 4, 3, yc(2017, 10, 18, 20, 23, 18, 19, 19, 17, 15, 9), 10, 1}},
		// A year no work was cited in, between two that were, is a zero bar:
		// OpenAlex leaves years without citations out. Newest 2023, since 2018:
		// 2018 is before the oldest year, so every year counts (2+1 = 3, h 1: 3 ≥ 1).
		{"a gap year is zero", []cited{{total: 3, years: map[int]int{2020: 2, 2023: 1}}},
			want{3, 1, 0, 2018, 3, 1, 0, yc(2020, 2, 0, 0, 1), 0, 0}},
		// Citations before "since" count in the totals only: 2026 − 5 = 2021.
		// All: 12 and 10 → h 2, i10 2. Since: 2 (2021) and 10 → 12 citations,
		// h 2 (the second is 2 ≥ 2), i10 1.
		{"old citations drop out of since", []cited{
			{total: 12, years: map[int]int{2017: 10, 2021: 2}},
			{total: 10, years: map[int]int{2026: 10}},
		}, want{22, 2, 2, 2021, 12, 2, 1, yc(2017, 10, 0, 0, 0, 2, 0, 0, 0, 0, 10), 0, 0}},
		// A source that gives no years (a counts file from before about kept
		// them): the totals stand, there is no since column and no chart.
		{"no years at all", []cited{{total: 15, noYears: true}, {total: 4, noYears: true}, {total: 0, noYears: true}},
			want{19, 2, 1, 0, 0, 0, 0, nil, 0, 2}},
		{"nothing counted", nil, want{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := figuresPage(c.works).citationFigures()
			got := want{f.Citations, f.HIndex, f.I10, f.Since, f.Recent.Citations, f.Recent.HIndex, f.Recent.I10, f.Years, f.WithoutYear, f.NoYears}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("figures\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

// tableWorks are the works of the hand-computed table above.
func tableWorks() []cited {
	return []cited{
		{total: 120, years: map[int]int{2017: 10, 2018: 12, 2019: 15, 2020: 14, 2021: 13, 2022: 12, 2023: 11, 2024: 10, 2025: 9, 2026: 4}},
		{total: 25, years: map[int]int{2019: 5, 2020: 5, 2021: 5, 2022: 5, 2023: 5}},
		{total: 11, years: map[int]int{2024: 3, 2025: 6, 2026: 2}},
		{total: 10, years: map[int]int{2018: 6, 2020: 4}},
		{total: 9, years: map[int]int{2022: 2, 2023: 3, 2024: 4}},
		{total: 3, years: map[int]int{2026: 3}},
		{total: 40, noYears: true},
		{total: 0, years: map[int]int{}},
	}
}

// The HTML page with --counts gives the figures in the header and the
// chart as inline SVG: one image to a screen reader, named and described
// in words (every year and its count), no script, no external asset,
// well-formed XML like the rest of the page, and the partial figures said
// under it. Without --counts there is neither chart nor its style.
func TestCitationChartIsInlineSVGWithATextEquivalent(t *testing.T) {
	p := figuresPage(tableWorks())
	var buf bytes.Buffer
	if err := flushed(&buf, writeHTML, p); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		`<p class="metrics">218 citations · h-index 6 · i10-index 5 · <span class="since">since 2021: 97 citations, h-index 4, i10-index 3</span> <span class="src">· counts from openalex</span></p>`,
		`role="img" aria-labelledby="chart-title chart-desc"`,
		`<title id="chart-title">Citations per year, 2017–2026</title>`,
		`<desc id="chart-desc">2017: 10, 2018: 18, 2019: 20, 2020: 23, 2021: 18, 2022: 19, 2023: 19, 2024: 17, 2025: 15, 2026: 9 (counts from openalex)</desc>`,
		// the busiest year, 2020 (23), is the full 100 units; 2017's 10 is 100·10/23 rounded up
		`<rect x="127" y="18" width="26" height="100" /><text x="140" y="13">23</text><text x="140" y="133">2020</text>`,
		`<rect x="7" y="74" width="26" height="44" /><text x="20" y="69">10</text><text x="20" y="133">2017</text>`,
		`10 of the 218 citations have no year (OpenAlex gives years for recent citations only): the chart, from 2017, leaves them out.`,
		`1 work&#39;s count has no years: the since-2021 figures and the chart leave it out.`, // html/template writes ' as &#39;
		".chart rect { fill: var(--accent); }",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	start, end := strings.Index(page, `<figure class="chart"`), strings.Index(page, "</figure>")
	if start < 0 || end < start {
		t.Fatal("no chart figure")
	}
	figure := page[start:end]
	if strings.Contains(figure, "href") || strings.Contains(figure, "src=") || strings.Count(figure, "http") != 1 { // the one is xmlns
		t.Errorf("the chart refers to something outside the page:\n%s", figure)
	}
	startElements(t, "page with a chart", page)
	p.counts = false
	buf.Reset()
	if err := flushed(&buf, writeHTML, p); err != nil {
		t.Fatal(err)
	}
	if s := buf.String(); strings.Contains(s, "chart") || strings.Contains(s, "h-index") {
		t.Error("without --counts the page has a chart or figures")
	}
}

// The page data carries the same figures as numbers, and per work the
// years its count has: [] for years given and none cited, absent for a
// count without years.
func TestPageDataCarriesTheFigures(t *testing.T) {
	p := figuresPage(tableWorks())
	d := dataOf(p, true)
	c := d.Citations
	if c == nil {
		t.Fatal("no citations with --counts")
	}
	got := fmt.Sprintf("%d %d %d since %+v years %d without %d/%d", c.Count, c.HIndex, c.I10Index, *c.Since, len(c.ByYear), c.WithoutYear, c.WorksWithoutYears)
	if want := "218 6 5 since {Year:2021 Count:97 HIndex:4 I10Index:3} years 10 without 10/1"; got != want {
		t.Errorf("citations %s, want %s", got, want)
	}
	byID := map[string]shape.DataWork{}
	for _, g := range d.Groups {
		for _, w := range g.Works {
			byID[w.ID] = w
		}
	}
	if y := byID["doi:10.5555/6"].CitedBy.ByYear; y != nil {
		t.Errorf("a count without years has by_year %v", *y)
	}
	if y := byID["doi:10.5555/7"].CitedBy.ByYear; y == nil || len(*y) != 0 {
		t.Errorf("years given, none cited: by_year %v, want []", y)
	}
	if y := byID["doi:10.5555/2"].CitedBy.ByYear; y == nil || !reflect.DeepEqual(*y, []shape.DataYear{{Year: 2024, CitedBy: 3}, {Year: 2025, CitedBy: 6}, {Year: 2026, CitedBy: 2}}) {
		t.Errorf("work C's by_year %v", y)
	}
	p.counts = false
	if dataOf(p, true).Citations != nil {
		t.Error("citations without --counts")
	}
}

// A counts source that gives no years (Crossref, or counts fetched before
// about kept years) gets the all-time figures and nothing it cannot
// back: no since figures, no chart, no chart style, no note.
func TestNoYearsGiveTheTotalsOnly(t *testing.T) {
	p := figuresPage([]cited{{total: 15, noYears: true}, {total: 4, noYears: true}})
	var buf bytes.Buffer
	if err := flushed(&buf, writeHTML, p); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if !strings.Contains(page, `<p class="metrics">19 citations · h-index 2 · i10-index 1 <span class="src">`) {
		t.Errorf("no all-time figures in the header:\n%.3000s", page)
	}
	for _, bad := range []string{"since", "<figure", ".chart", "no year"} {
		if strings.Contains(page, bad) {
			t.Errorf("page without years has %q", bad)
		}
	}
	d := dataOf(p, true).Citations
	if d.Since != nil || len(d.ByYear) != 0 || d.Note != "" || d.WorksWithoutYears != 2 {
		t.Errorf("data without years: %+v", *d)
	}
}

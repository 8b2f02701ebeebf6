package render

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/render/folder"
)

// TestCountsAnOlderFetchStoredOutOfRangeStayUnshown renders the example
// folder with its Crossref counts as an older about stored them from
// hostile answers: 9223372036854775807 (1e23, read by gjson's Int) for
// one work, -5 for another, and a year of 9223372036854775807 beside a
// year of 7 for the third (37 citations). Such counts are not shown and
// not summed: the page says 37 citations, h-index 1, and 7 in the recent
// years. Before, the totals wrapped round to a negative or a nonsense
// figure.
func TestCountsAnOlderFetchStoredOutOfRangeStayUnshown(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", "snapshots"))); err != nil {
		t.Fatal(err)
	}
	setCrossrefCounts(t, dir, "doi_10.1101_2f2020.12.01.406702", `{"cited_by": 9223372036854775807}`)
	setCrossrefCounts(t, dir, "doi_10.7554_2felife.01567", `{"cited_by": -5}`)
	setCrossrefCounts(t, dir, "doi_10.1145_2f3448016.3452841",
		`{"cited_by": 37, "by_year": [{"year": 2024, "cited_by": 9223372036854775807}, {"year": 2025, "cited_by": 7}]}`)
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	page := renderString(t, f, Options{Format: Markdown, Counts: true, CountsSource: "crossref"})
	if strings.Contains(page, "9223372036854775807") || regexp.MustCompile(`-\d+ citation`).MatchString(page) {
		t.Errorf("the page shows a count out of range:\n%s", page)
	}
	for _, want := range []string{"37 citations · h-index 1", "7 citations"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
}

// setCrossrefCounts replaces the counts of the crossref source of a
// work's counts file with the raw JSON counts.
func setCrossrefCounts(t *testing.T, dir, work, counts string) {
	t.Helper()
	path := filepath.Join(dir, "counts", work+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		ID      string `json:"id"`
		Sources []struct {
			Counts   json.RawMessage `json:"counts"`
			Provider string          `json:"provider"`
		} `json:"sources"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for i := range doc.Sources {
		if doc.Sources[i].Provider == "crossref" {
			doc.Sources[i].Counts = json.RawMessage(counts)
		}
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCountsYearsOutOfRangeStayUnshown renders the example folder with a
// per-year count an older about stored from a hostile OpenAlex answer: a
// year of 1 and a year of 1000000000000 beside 2025. The chart has a bar
// for every year from the oldest given to the newest, so such a file ran
// every render --counts out of memory (and a year of 1 drew 2025 bars);
// a year no citation can have (record.CitationYearOK) is now left out as
// the folder is loaded, as a count out of range is, and the page shows
// the rest.
func TestCountsYearsOutOfRangeStayUnshown(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", "snapshots"))); err != nil {
		t.Fatal(err)
	}
	setCrossrefCounts(t, dir, "doi_10.1145_2f3448016.3452841",
		`{"cited_by": 37, "by_year": [{"year": 1, "cited_by": 3}, {"year": 1000000000000, "cited_by": 2}, {"year": -7, "cited_by": 4}, {"year": 2025, "cited_by": 7}]}`)
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range f.Works {
		for _, c := range w.CitedBy {
			if c.ByYear == nil {
				continue
			}
			for _, y := range *c.ByYear {
				if y.Year < 1665 || y.Year > 9999 {
					// Rendering now would draw 10^12 bars: stop here.
					t.Fatalf("%s: %s's years were loaded with %d in them: %v", w.ID, c.Provider, y.Year, *c.ByYear)
				}
			}
		}
	}
	page := renderString(t, f, Options{Format: HTML, Counts: true, CountsSource: "crossref"})
	if !strings.Contains(page, "<title id=\"chart-title\">Citations in 2025</title>") {
		t.Errorf("the chart is not of 2025 alone:\n%s", page)
	}
}

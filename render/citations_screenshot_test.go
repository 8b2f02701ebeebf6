package render

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// screenshotTitles name the works of the chart's screenshots, so the
// picture reads as a researcher's page.
var screenshotTitles = []string{
	"Analytical engines as poetic machines",
	"A note on the Bernoulli numbers",
	"Punch cards and the weaving of algebra",
	"On the limits of mechanical reasoning",
	"Sketch of the Analytical Engine, with notes",
	"Operations on symbols as well as numbers",
	"A census of early programmes",
	"Tables of the motions of the moon",
}

// chartFolder is the hand-computed table's works (citations_test.go) as
// a page of titled, dated works by Ada Lovelace.
func chartFolder() *folder.Folder {
	f := &folder.Folder{}
	for i, w := range tableWorks() {
		f.Works = append(f.Works, folder.Work{ID: fmt.Sprintf("doi:10.5555/ada.%d", i), CitedBy: []folder.Citation{w.citation()}, Record: record.Record{
			Title: screenshotTitles[i], Type: "article-journal", Container: "Journal of Computational Poetics",
			Issued: record.NewDate(2015+i, 0, 0), Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}},
			IDs: record.IDs{DOI: fmt.Sprintf("10.5555/ada.%d", i), OpenAlex: fmt.Sprintf("W%d", 100+i)}}})
	}
	return f
}

// Chromium draws the chart headless, light, dark and at a phone's width:
// its bars are solid runs of the scheme's accent colour (the page's
// --accent, so the dark scheme's lighter blue in dark mode), the
// background is the scheme's. With -update the pictures become
// docs/citations.png, docs/citations-dark.png and docs/citations-phone.png.
func TestCitationChartScreenshots(t *testing.T) {
	chromium := tool(t, "chromium")
	dir := t.TempDir()
	person := Person{Names: []string{"Ada Lovelace"}}
	page := writeTemp(t, dir, "page.html", renderString(t, chartFolder(), Options{Format: HTML, Person: person, Counts: true, CountsSource: "openalex",
		Services: []Service{{Name: "openalex", Title: "OpenAlex", DefaultCounts: true}}}))
	for _, c := range []struct {
		name, size string
		flags      []string
		dark       bool
		accent     [3]int // --accent of the scheme
		update     string
	}{
		{"light", "1000,620", nil, false, [3]int{0x0b, 0x57, 0xd0}, "../docs/citations.png"},
		{"dark", "1000,620", []string{"--force-dark-mode"}, true, [3]int{0x8a, 0xb4, 0xf8}, "../docs/citations-dark.png"},
		{"phone", "390,760", nil, false, [3]int{0x0b, 0x57, 0xd0}, "../docs/citations-phone.png"},
	} {
		t.Run(c.name, func(t *testing.T) {
			shot := chromiumShot(t, chromium, dir, c.name, c.size, "file://"+filepath.ToSlash(page), append(c.flags, "--hide-scrollbars")...)
			img := readPNG(t, shot)
			if bg, _ := inkShare(img); (bg < 0.5) != c.dark {
				t.Errorf("background luminance %.2f, want dark=%v", bg, c.dark)
			}
			if bars := accentRuns(img, c.accent, 18); bars < 10 {
				t.Errorf("%d runs of 18 or more accent pixels, want the ten bars'", bars)
			}
			if updating() {
				copyFile(t, shot, c.update)
			}
		})
	}
}

// accentRuns counts the horizontal runs of at least n pixels close to
// the accent colour, at most one per run and row band: a bar is such a
// run on each of its rows, text and links never are. It returns the most
// runs any one row holds, so ten bars side by side give ten.
func accentRuns(img image.Image, accent [3]int, n int) int {
	near := func(x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		d := func(v uint32, w int) int { return abs(int(v>>8) - w) }
		return d(r, accent[0])+d(g, accent[1])+d(b, accent[2]) < 60
	}
	best := 0
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		runs, length := 0, 0
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			if near(x, y) {
				length++
				if length == n {
					runs++
				}
			} else {
				length = 0
			}
		}
		best = max(best, runs)
	}
	return best
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

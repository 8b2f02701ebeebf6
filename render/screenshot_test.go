package render

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// chromium draws the page headless, light, dark and at a phone's width,
// and the pictures are not blank: the background is the scheme's, and a
// good share of pixels (the text) differ from it. With -update they
// become docs/page.png, docs/page-dark.png and docs/page-phone.png.
func TestHTMLScreenshotIsNotBlank(t *testing.T) {
	chromium := tool(t, "chromium")
	f, person := fixture(t)
	page := writeTemp(t, t.TempDir(), "page.html", renderString(t, f, Options{Format: HTML, Person: person, Counts: true}))
	schemeShots(t, chromium, fileURL(page), "page")
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer fh.Close()
	img, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// copyFile copies a file, making the folder it goes in.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// inkShare returns the luminance (0–1) of the top-left pixel, taken as the
// background, and the share of pixels that differ clearly from it.
func inkShare(img image.Image) (bgLum, share float64) {
	lum := func(x, y int) float64 {
		r, g, b, _ := img.At(x, y).RGBA()
		return (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 0xffff
	}
	bounds := img.Bounds()
	bgLum = lum(bounds.Min.X, bounds.Min.Y)
	var differ, total int
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			total++
			if d := lum(x, y) - bgLum; d > 0.1 || d < -0.1 {
				differ++
			}
		}
	}
	return bgLum, float64(differ) / float64(total)
}

// The page's inline script runs in Chromium without an error: it unhides
// the filter bar (hidden in the file, so scripts-off readers never see a
// dead control) and adds a copy button to every BibTeX block.
func TestPageScriptRunsInChromium(t *testing.T) {
	chromium := tool(t, "chromium")
	f, person := fixture(t)
	dir := t.TempDir()
	page := writeTemp(t, dir, "page.html", renderString(t, f, Options{Format: HTML, Person: person}))
	if !strings.Contains(readString(t, page), `<div id="filters" class="filters" role="search" hidden="hidden">`) {
		t.Fatal("the filter bar is not hidden in the file")
	}
	dom := chromiumDOM(t, chromium, dir, "profile", "file://"+filepath.ToSlash(page))
	if !strings.Contains(dom, `<div id="filters" class="filters" role="search">`) {
		t.Error("the script did not unhide the filter bar")
	}
	p := buildPage(f, Options{Person: person, Group: ByYear})
	if n := strings.Count(dom, `class="copy"`); n != len(p.shown) {
		t.Errorf("%d copy buttons for %d entries", n, len(p.shown))
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

package render

import (
	"path/filepath"
	"testing"

	"github.com/aboutscholar/about/render/output"
)

// A work page drawn by headless Chromium light, dark and at a phone's
// width is not blank and has its scheme's background; with -update the
// pictures become docs/work-page.png, docs/work-page-dark.png and
// docs/work-page-phone.png.
func TestWorkPageScreenshotIsNotBlank(t *testing.T) {
	chromium := tool(t, "chromium")
	f, person := fixture(t)
	files, err := RenderFiles(f, Options{Format: HTMLSite, Person: person, Services: testServices(), Counts: true})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if _, err := output.WriteFiles(root, string(HTMLSite), files, false); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(root, "works", "nunezgarcia2023analytical.html")
	schemeShots(t, chromium, fileURL(page), "work-page")
}

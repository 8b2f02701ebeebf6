package render

import (
	"path/filepath"
	"strings"
	"testing"
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
	if _, err := WriteFiles(root, HTMLSite, files, false); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(root, "works", "nunezgarcia2023analytical.html")
	pageURL := "file://" + filepath.ToSlash(page)
	if !strings.HasPrefix(filepath.ToSlash(page), "/") {
		pageURL = "file:///" + filepath.ToSlash(page) // a Windows drive path
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		flags  []string
		size   string
		dark   bool
		update string
	}{
		{"light", nil, "1000,1400", false, "../docs/work-page.png"},
		{"dark", []string{"--force-dark-mode"}, "1000,1400", true, "../docs/work-page-dark.png"},
		{"phone", nil, "390,1400", false, "../docs/work-page-phone.png"},
	} {
		t.Run(c.name, func(t *testing.T) {
			shot := filepath.Join(dir, c.name+".png")
			args := append([]string{
				"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--user-data-dir=" + filepath.Join(dir, "profile-"+c.name),
				"--screenshot=" + shot, "--window-size=" + c.size,
			}, c.flags...)
			if _, stderr, err := run(t, dir, chromium, append(args, pageURL)...); err != nil {
				t.Fatalf("chromium: %v\n%s", err, stderr)
			}
			bg, ink := inkShare(readPNG(t, shot))
			if ink < 0.02 {
				t.Errorf("screenshot is blank: %.4f of pixels differ from the background", ink)
			}
			if dark := bg < 0.5; dark != c.dark {
				t.Errorf("background luminance %.2f, want dark=%v", bg, c.dark)
			}
			if updating() {
				copyFile(t, shot, c.update)
			}
		})
	}
}

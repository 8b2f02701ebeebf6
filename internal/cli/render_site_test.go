package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// html-site takes --site-url as typed (a folder without its final "/")
// and gives each work page its absolute address; the list page and every
// work page are under --out.
func TestRenderHTMLSiteWithSiteURL(t *testing.T) {
	site := t.TempDir()
	code, _, stderr := runCLI(t, "render", "--format", "html-site", "--site-url", "https://ada.example.org/papers",
		"--group", "type", "--counts", "--out", site, renderFixture)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	index, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), `href="works/nunezgarcia2023analytical.html"`) || !strings.Contains(string(index), `class="metrics"`) {
		t.Errorf("index.html does not link the work page, or has no counts (--counts):\n%.400s", index)
	}
	page, err := os.ReadFile(filepath.Join(site, "works", "nunezgarcia2023analytical.html"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "https://ada.example.org/papers/works/nunezgarcia2023analytical.html"
	for _, tag := range []string{`<link rel="canonical" href="` + want + `" />`, `<meta name="citation_abstract_html_url" content="` + want + `" />`} {
		if !strings.Contains(string(page), tag) {
			t.Errorf("the work page lacks %s", tag)
		}
	}
}

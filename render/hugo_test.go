package render

import (
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exampleHugoLayout is the Hugo layout examples/ ships for the page data:
// the test builds a site with it, so the example is what works.
const exampleHugoLayout = "../examples/hugo/layouts/index.html"

// TestHugoBuildsAPageFromTheData builds a real Hugo site (Debian's hugo)
// whose data/ folder holds the json or yaml page data, and checks every
// entry of the page reaches the built HTML.
func TestHugoBuildsAPageFromTheData(t *testing.T) {
	hugo := tool(t, "hugo")
	f, person := fixture(t)
	for _, format := range []Format{JSON, YAML} {
		t.Run(string(format), func(t *testing.T) {
			site := t.TempDir()
			ext := map[Format]string{JSON: "json", YAML: "yaml"}[format]
			hugoSite(t, site, "publications."+ext, renderString(t, f, Options{Format: format, Person: person}))
			cache := t.TempDir()
			if _, stderr, err := runWith(t, site, []string{"HUGO_CACHEDIR=" + cache}, hugo, "--quiet", "--destination", "public"); err != nil {
				t.Fatalf("hugo build: %v\n%s", err, stderr)
			}
			if entries, _ := os.ReadDir(cache); len(entries) == 0 {
				t.Errorf("hugo wrote no cache in %s: it went elsewhere, and would outlive the test", cache)
			}
			built, err := os.ReadFile(filepath.Join(site, "public", "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			page := html.UnescapeString(string(built))
			data := renderString(t, f, Options{Format: JSON, Person: person})
			entries := strings.Count(page, `class="work"`)
			if want := strings.Count(data, `"key": `); entries != want {
				t.Errorf("built page has %d entries, the data %d", entries, want)
			}
			for _, want := range []string{"Publications of Ada Lovelace", "Analytical engines as poetic machines", "On the Bernoulli numbers", "doi:10.5281/zenodo.7000000",
				// the abstract as the text the record's markup held ("<i>naïve</i>" would show as literal tags: Hugo escapes data)
				`<summary>Abstract</summary><p>We show that 100% of naïve estimators & 50% of {clever} ones fail; see §2.</p>`} {
				if !strings.Contains(page, want) {
					t.Errorf("built page lacks %q", want)
				}
			}
			if !strings.Contains(page, nastyTitle) {
				t.Errorf("the nasty title did not survive Hugo")
			}
		})
	}
}

// hugoSite lays out a Hugo site in dir whose data/ holds the page data as
// file, built with the example's layout.
func hugoSite(t *testing.T, dir, file, data string) {
	t.Helper()
	for _, sub := range []string{"data", "layouts"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeTemp(t, filepath.Join(dir, "data"), file, data)
	layout, err := os.ReadFile(exampleHugoLayout)
	if err != nil {
		t.Fatal(err)
	}
	writeTemp(t, filepath.Join(dir, "layouts"), "index.html", string(layout))
	writeTemp(t, dir, "hugo.toml", "baseURL = 'https://example.org/'\ntitle = 'about test'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', '404']\n")
}

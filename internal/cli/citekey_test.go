package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// keptKeyWorks keep two keys on the example: the eLife article's, with
// the : and / of a Google Scholar-style key, and one on the PLoS talk
// that is, letter case aside, the key about makes for the Nature
// Precedings preprint (binfield2009reputation), which must then move.
const keptKeyWorks = `
[[work]]
id = "https://doi.org/10.7554/eLife.01567"
key = "Lefevre2014:vascular/morph"

[[work]]
id = "orcid-work:0000-0002-9341-7985/15536016"
key = "Binfield2009Reputation"
`

// Every format cites a work by the key its [[work]] keeps, as the
// researcher's papers and posts do; the page and the site name it by
// that key made an id and a file name; a made key equal to a kept one
// takes a letter, the kept one never; and two renders are the same bytes.
func TestKeptKeyInEveryFormat(t *testing.T) {
	manifestPath, _ := exampleCopy(t)
	data, err := os.ReadFile(manifestPath)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, manifestPath, string(data)+keptKeyWorks)
	out := renderEveryFormat(t, manifestPath)
	out["html-site"] = renderSite(t, manifestPath)
	const kept, file = "Lefevre2014:vascular/morph", "Lefevre2014-vascular-morph"
	want := map[string][]string{
		"bibtex":        {"@article{" + kept + ",", "{Binfield2009Reputation,", "{binfield2009reputationa,"},
		"biblatex":      {"@article{" + kept + ",", "{Binfield2009Reputation,", "{binfield2009reputationa,"},
		"al-folio":      {"@article{" + kept + ",", "{Binfield2009Reputation,", "{binfield2009reputationa,"},
		"csl-json":      {`"id": "` + kept + `"`, `"id": "Binfield2009Reputation"`, `"id": "binfield2009reputationa"`},
		"ris":           {"ID  - " + kept + "\n", "ID  - Binfield2009Reputation\n", "ID  - binfield2009reputationa\n"},
		"json":          {`"key": "` + kept + `"`, `"key": "Binfield2009Reputation"`, `"key": "binfield2009reputationa"`},
		"yaml":          {`key: "` + kept + `"`, `key: "Binfield2009Reputation"`, `key: "binfield2009reputationa"`},
		"html":          {`id="` + kept + `"`, `id="Binfield2009Reputation"`, `id="binfield2009reputationa"`},
		"hugo-blox":     {"==> content/publication/" + file + "/index.md\n", "==> content/publication/Binfield2009Reputation/index.md\n"},
		"academicpages": {"-" + file + ".md\n", `permalink: "/publication/2014-02-11-` + file + `"`},
		"html-site":     {"==> works/" + file + ".html\n", `href="works/` + file + `.html"`, `href="../index.html#` + kept + `"`, `id="` + kept + `"`},
	}
	for f, needles := range want {
		text, ok := out[f]
		if !ok {
			t.Errorf("%s: not rendered", f)
			continue
		}
		for _, n := range needles {
			if !strings.Contains(text, n) {
				t.Errorf("%s does not hold %q", f, n)
			}
		}
		for _, gone := range []string{"sankar2014automated", "binfield2009plos"} {
			if strings.Contains(text, gone) {
				t.Errorf("%s still holds the made key %s", f, gone)
			}
		}
	}
	again := renderEveryFormat(t, manifestPath)
	again["html-site"] = renderSite(t, manifestPath)
	for f := range out {
		if out[f] != again[f] {
			t.Errorf("%s: a second render differs", f)
		}
	}
}

// renderSite is html-site's files for the manifest, as treeText.
func renderSite(t *testing.T, manifestPath string) string {
	t.Helper()
	site := filepath.Join(t.TempDir(), "site")
	if code, _, stderr := runCLI(t, "render", "--format", "html-site", "--out", site, manifestPath); code != 0 {
		t.Fatalf("render html-site: exit %d\n%s", code, stderr)
	}
	return treeText(t, site)
}

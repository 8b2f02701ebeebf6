package cli

import (
	"context"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/testtool"
)

// forgedEntry is issue #30's payload: text that, were a field to end at
// its brace, would be a second, fabricated entry in the researcher's CV.
const forgedEntry = `1234} @article(fake2030, author = "Eve Injected", title = "Fabricated paper", journal = "Nature", year = 2030)`

// hostileCrossrefReplay is a replay folder whose only answer is the eLife
// article's recorded Crossref record with its ISSN and title replaced:
// what a compromised mirror or a careless deposit would send.
func hostileCrossrefReplay(t *testing.T, title, issn string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(exampleReplay, "api.crossref.org", "works-10.7554-elife.01567-73869f4b.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "replay")
	path := filepath.Join(dir, "api.crossref.org", "work.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	testtool.WriteFile(t, path, string(data))
	patchAnswer(t, path, func(body map[string]any) {
		msg := body["message"].(map[string]any)
		msg["title"] = []string{title}
		msg["ISSN"] = []string{issn}
		msg["issn-type"] = []map[string]string{{"value": issn, "type": "electronic"}}
	})
	return dir
}

// bibOutputsOf fetches the eLife article from replay and renders every
// file that holds its BibTeX or BibLaTeX entry: the two citation files,
// al-folio's papers.bib, Hugo Blox's cite.bib and the page's BibTeX block
// (as a reader copies it: the HTML's text).
func bibOutputsOf(t *testing.T, replay string) (bibtex, biblatex map[string]string) {
	t.Helper()
	m := writeManifest(t, "providers = [\"crossref\"]\n[[identity]]\ndoi = \"10.7554/elife.01567\"\n")
	if code, _, stderr := runCLI(t, "fetch", "--quiet", "--replay", replay, m); code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	render := func(format string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, "render", "--format", format, m)
		if code != 0 {
			t.Fatalf("render %s: exit %d\n%s", format, code, stderr)
		}
		return stdout
	}
	site := filepath.Join(t.TempDir(), "site")
	if code, _, stderr := runCLI(t, "render", "--format", "hugo-blox", "--out", site, m); code != 0 {
		t.Fatalf("render hugo-blox: exit %d\n%s", code, stderr)
	}
	var cite string
	for path, data := range testtool.FilesUnder(t, site) {
		if filepath.Base(path) == "cite.bib" {
			cite += string(data)
		}
	}
	bibtex = map[string]string{
		"bibtex":      render("bibtex"),
		"al-folio":    render("al-folio"),
		"hugo-blox":   cite,
		"html BibTeX": htmlBibTeXBlocks(render("html")),
	}
	return bibtex, map[string]string{"biblatex": render("biblatex")}
}

var htmlBibBlock = regexp.MustCompile(`(?s)<summary>BibTeX</summary><pre>(.*?)</pre>`)

// htmlBibTeXBlocks is the text of every BibTeX block of a page, unescaped.
func htmlBibTeXBlocks(page string) string {
	var b strings.Builder
	for _, m := range htmlBibBlock.FindAllStringSubmatch(page, -1) {
		b.WriteString(html.UnescapeString(m[1]) + "\n")
	}
	return b.String()
}

// TestAForgedCitationStaysInsideItsField: issue #30's Crossref record,
// its ISSN and title carrying a closing brace and a second entry, is
// fetched and rendered; bibtex (plain.bst) formats one entry from each
// BibTeX file and biber reads one from the BibLaTeX file, and no entry is
// the fabricated one.
func TestAForgedCitationStaysInsideItsField(t *testing.T) {
	replay := hostileCrossrefReplay(t, "Automated histology "+forgedEntry, forgedEntry)
	bibtexFiles, biblatexFiles := bibOutputsOf(t, replay)
	for name, text := range bibtexFiles {
		if !strings.Contains(text, "@") {
			t.Fatalf("%s: no entry at all:\n%s", name, text)
		}
		if !strings.Contains(text, "Eve Injected") {
			t.Errorf("%s: the forged text never reached the file, so nothing was tried:\n%s", name, text)
		}
		items := bibtexItems(t, text)
		if len(items) != 1 || !strings.HasPrefix(items[0], "sankar2014") {
			t.Errorf("%s: bibtex formatted %d entries %q, want the eLife article's alone\n%s", name, len(items), items, text)
		}
	}
	for name, text := range biblatexFiles {
		if !strings.Contains(text, "Eve Injected") {
			t.Errorf("%s: the forged text never reached the file, so nothing was tried:\n%s", name, text)
		}
		if keys := biberKeys(t, text); len(keys) != 1 || !strings.HasPrefix(keys[0], "sankar2014") {
			t.Errorf("%s: biber read entries %q, want the eLife article's alone\n%s", name, keys, text)
		}
	}
}

// TestAnUnbalancedBraceInATitleKeepsTheFile: an innocent title with an
// opening brace and no closing one ("Bounds on x^{2 in the limit") is one
// entry to bibtex and to biber, not a file that ends inside it.
func TestAnUnbalancedBraceInATitleKeepsTheFile(t *testing.T) {
	replay := hostileCrossrefReplay(t, "Bounds on x^{2 in the limit", "2050-084X")
	bibtexFiles, biblatexFiles := bibOutputsOf(t, replay)
	for name, text := range map[string]string{"bibtex": bibtexFiles["bibtex"], "biblatex": biblatexFiles["biblatex"]} {
		if !strings.Contains(text, "2 in the limit") {
			t.Errorf("%s: the unbalanced title never reached the file, so nothing was tried:\n%s", name, text)
		}
	}
	if items := bibtexItems(t, bibtexFiles["bibtex"]); len(items) != 1 {
		t.Errorf("bibtex formatted %d entries, want 1\n%s", len(items), bibtexFiles["bibtex"])
	}
	if keys := biberKeys(t, biblatexFiles["biblatex"]); len(keys) != 1 {
		t.Errorf("biber read entries %q, want 1\n%s", keys, biblatexFiles["biblatex"])
	}
}

// bibtexItems runs bibtex with plain.bst over every entry of a .bib text
// and returns the keys of the \bibitems it wrote; an error message of
// bibtex's (a field that runs into the next entry) fails the test.
func bibtexItems(t *testing.T, bib string) []string {
	t.Helper()
	bibtex := testtool.Need(t, "bibtex")
	dir := t.TempDir()
	testtool.WriteFile(t, filepath.Join(dir, "works.bib"), bib)
	testtool.WriteFile(t, filepath.Join(dir, "doc.aux"), "\\citation{*}\n\\bibstyle{plain}\n\\bibdata{works}\n")
	out, _ := runTool(t, dir, bibtex, "doc") // bibtex exits non-zero on a warning; the .bbl says what it read
	bbl, err := os.ReadFile(filepath.Join(dir, "doc.bbl"))
	if err != nil {
		t.Fatalf("bibtex wrote no .bbl: %v\n%s", err, out)
	}
	if strings.Contains(out, "error message") {
		t.Errorf("bibtex read the file with errors:\n%s", out)
	}
	var keys []string
	for _, m := range regexp.MustCompile(`\\bibitem\{([^}]*)\}`).FindAllStringSubmatch(string(bbl), -1) {
		keys = append(keys, m[1])
	}
	return keys
}

// biberKeys runs biber --tool over a .bib text and returns the keys of the
// entries it read, from the file it writes back.
func biberKeys(t *testing.T, bib string) []string {
	t.Helper()
	biber := testtool.Need(t, "biber")
	dir := t.TempDir()
	testtool.WriteFile(t, filepath.Join(dir, "works.bib"), bib)
	outFile := filepath.Join(dir, "out.bib")
	if out, err := runTool(t, dir, biber, "--tool", "--nolog", "--output-file="+outFile, "works.bib"); err != nil {
		t.Fatalf("biber: %v\n%s", err, out)
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, m := range regexp.MustCompile(`(?m)^@\w+\{([^,]*),`).FindAllStringSubmatch(string(data), -1) {
		keys = append(keys, m[1])
	}
	return keys
}

func runTool(t *testing.T, dir, name string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

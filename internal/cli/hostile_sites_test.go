package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/internal/testtool"
)

// The hostile answer: markup where a title, an author, a journal and an
// abstract belong, as a compromised mirror would send it.
const (
	hostileTitle     = `Cells </script><script>alert(1)</script> <img src=x onerror=alert(2)> [see](javascript:alert(3))`
	hostileFamily    = `<img src=x onerror=alert(4)>`
	hostileGiven     = `[Eve](javascript:alert(5)){: onclick="alert(6)"}`
	hostileContainer = `</script><script>alert(7)</script><svg/onload=alert(8)>`
	hostileAbstract  = `<jats:p>Read [this](javascript:alert(9)) or <javascript:alert(10)> *now*{: onmouseover="alert(11)"}</jats:p>`
)

// hostileReplay is examples/replay with Crossref's answers for the eLife
// article (asked singly and in a list) carrying the hostile texts.
func hostileReplay(t *testing.T) (replay string) {
	t.Helper()
	replay = filepath.Join(t.TempDir(), "replay")
	if err := os.CopyFS(replay, os.DirFS(exampleReplay)); err != nil {
		t.Fatal(err)
	}
	answers, _ := filepath.Glob(filepath.Join(replay, "api.crossref.org", "works-*.json"))
	for _, path := range answers {
		patchAnswer(t, path, func(body map[string]any) {
			msg, _ := body["message"].(map[string]any)
			items, _ := msg["items"].([]any)
			for _, it := range append(items, msg) {
				if w, _ := it.(map[string]any); w != nil && strings.EqualFold(fmt.Sprint(w["DOI"]), "10.7554/eLife.01567") {
					makeHostile(w)
				}
			}
		})
	}
	return replay
}

// makeHostile puts the hostile texts into a Crossref work.
func makeHostile(w map[string]any) {
	w["title"] = []string{hostileTitle}
	w["container-title"] = []string{hostileContainer}
	w["short-container-title"] = []string{hostileContainer}
	w["publisher"] = hostileContainer
	w["abstract"] = hostileAbstract
	first := w["author"].([]any)[0].(map[string]any)
	first["family"], first["given"] = hostileFamily, hostileGiven
}

// patchAnswer rewrites the JSON body of one recorded answer; an answer
// whose body is not a JSON object (a 404's text) is left as it is.
func patchAnswer(t *testing.T, path string, patch func(map[string]any)) {
	t.Helper()
	rewriteBody(t, path, func(old string) string {
		var body map[string]any
		if err := json.Unmarshal([]byte(old), &body); err != nil {
			return old // a 404's text: nothing to patch
		}
		patch(body)
		newBody, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		return string(newBody)
	})
}

// rewriteBody replaces the body of the recorded answer at path with what
// rewrite makes of it, keeping the rest of the answer (its request,
// status and headers) as recorded: the one way the hostile-answer tests
// turn an example's recording into what a compromised mirror would send.
func rewriteBody(t *testing.T, path string, rewrite func(body string) string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	old, _ := rec["body"].(string)
	body := rewrite(old)
	if body == old {
		return
	}
	rec["body"] = body
	if data, err = json.MarshalIndent(rec, "", "  "); err != nil {
		t.Fatal(err)
	}
	testtool.WriteFile(t, path, string(data))
}

// hostileSnapshots fetches the example's works from the hostile replay.
func hostileSnapshots(t *testing.T) string {
	t.Helper()
	snaps := filepath.Join(t.TempDir(), "snapshots")
	if code, _, stderr := runCLI(t, "fetch", "-j", "2", "--quiet", "--replay", hostileReplay(t), "--snapshots", snaps, exampleManifest); code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	return snaps
}

// markdownSyntax is what would make Markdown or kramdown markup of a text
// a template passes through markdownify: a link or image, an attribute
// list, emphasis, code.
var markdownSyntax = regexp.MustCompile("[\\[\\]{}*_`\\\\]")

// TestSitesKeepAHostileAnswerInert: the drop-in formats' fields a
// theme's template prints as it is hold no "<", and those it passes
// through markdownify no Markdown syntax either (Liquid escapes nothing).
// The Lab Website Template's title, authors and publisher kept
// "</script><script>…" and "<img … onerror=…>".
func TestSitesKeepAHostileAnswerInert(t *testing.T) {
	snaps := hostileSnapshots(t)
	site := t.TempDir()
	for _, f := range []struct{ format, out string }{
		{"lab-website", filepath.Join(site, "_data", "citations.yaml")},
		{"al-folio", filepath.Join(site, "_bibliography", "papers.bib")},
		{"academicpages", site},
		{"hugo-blox", site},
	} {
		if code, _, stderr := runCLI(t, "render", "--format", f.format, "--snapshots", snaps, "--out", f.out, exampleManifest); code != 0 {
			t.Fatalf("%s: exit %d\n%s", f.format, code, stderr)
		}
	}
	t.Run("lab-website", func(t *testing.T) { labWebsiteInert(t, site) })
	t.Run("al-folio", func(t *testing.T) { alFolioInert(t, site) })
	t.Run("academicpages", func(t *testing.T) { academicPagesInert(t, site) })
	t.Run("hugo-blox", func(t *testing.T) { hugoBloxInert(t, site) })
}

// labWebsiteInert reads _data/citations.yaml as Jekyll would and checks
// the eLife item as _includes/citation.html prints it: title, publisher
// and id as they are, the authors through markdownify (and, with more
// than ten, into a tooltip tippy shows as HTML).
func labWebsiteInert(t *testing.T, site string) {
	data, err := os.ReadFile(filepath.Join(site, "_data", "citations.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var items []map[string]any
	if err := yaml.Unmarshal(data, &items); err != nil {
		t.Fatal(err)
	}
	item := findItem(t, items, "doi:10.7554/elife.01567")
	for _, key := range []string{"title", "publisher", "id"} {
		s, _ := item[key].(string)
		assertNoTag(t, key, s)
	}
	if !strings.Contains(item["title"].(string), "&lt;/script&gt;&lt;script&gt;alert(1)") {
		t.Errorf("title lost its text: %q", item["title"])
	}
	for _, a := range item["authors"].([]any) {
		assertNoTag(t, "author", a.(string))
		assertNoMarkdown(t, "author", a.(string))
	}
}

func findItem(t *testing.T, items []map[string]any, id string) map[string]any {
	t.Helper()
	for _, it := range items {
		if it["id"] == id {
			return it
		}
	}
	t.Fatalf("no item %s", id)
	return nil
}

func assertNoTag(t *testing.T, what, s string) {
	t.Helper()
	if strings.ContainsAny(s, "<>") {
		t.Errorf("%s holds markup a template would print: %q", what, s)
	}
}

func assertNoMarkdown(t *testing.T, what, s string) {
	t.Helper()
	if markdownSyntax.MatchString(s) {
		t.Errorf("%s holds Markdown syntax markdownify would turn into markup: %q", what, s)
	}
}

// alFolioInert checks papers.bib as jekyll-scholar hands it to al-folio's
// _layouts/bib.liquid: its latex filter turns {\textless} back into "<",
// and the layout prints title, author, journal and abstract as they are.
// No "<" may then open a tag: none is followed by a letter, "/", "!" or
// "?" (https://html.spec.whatwg.org/#tag-open-state); a ">" alone is text.
func alFolioInert(t *testing.T, site string) {
	data, err := os.ReadFile(filepath.Join(site, "_bibliography", "papers.bib"))
	if err != nil {
		t.Fatal(err)
	}
	bib := string(data)
	if !strings.Contains(bib, "alert(1)") {
		t.Fatalf("the hostile work is not in papers.bib:\n%s", bib)
	}
	if strings.ContainsAny(bib, "<>") {
		t.Errorf("papers.bib holds a raw angle bracket:\n%s", bib)
	}
	decoded := strings.NewReplacer(`{\textless}`, "<", `{\textgreater}`, ">").Replace(bib)
	if m := tagOpen.FindString(decoded); m != "" {
		t.Errorf("papers.bib holds %q once decoded, which al-folio's page prints as markup", m)
	}
}

// tagOpen is a "<" that starts a tag, an end tag, a comment or a
// processing instruction in HTML text.
var tagOpen = regexp.MustCompile(`<[A-Za-z/!?]`)

// academicPagesInert checks the eLife page's front matter: archive-single.html
// prints title (through markdownify), venue, citation and excerpt (through
// markdownify).
func academicPagesInert(t *testing.T, site string) {
	fm := frontMatterOf(t, site, filepath.Join("_publications", "*.md"))
	for _, key := range []string{"title", "venue", "citation", "excerpt"} {
		s, _ := fm[key].(string)
		assertNoTag(t, key, s)
	}
	for _, key := range []string{"title", "excerpt"} {
		s, _ := fm[key].(string)
		assertNoMarkdown(t, key, s)
	}
}

// hugoBloxInert builds the eLife bundle with Hugo, goldmark set as Hugo
// Blox sets it (renderer.unsafe: true, modules/blox/hugo.yaml), through a
// layout that prints the fields as Hugo Blox's single.html and
// views/citation.html do: the title and authors escaped by Go's templates,
// the publication and the abstract through markdownify.
func hugoBloxInert(t *testing.T, site string) {
	frontMatterOf(t, site, filepath.Join("content", "publication", "*", "index.md"))
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		testtool.Missing(t, "hugo is not installed")
	}
	testtool.WriteFile(t, filepath.Join(site, "hugo.toml"), "baseURL = 'https://example.org/'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', '404', 'home', 'section']\n[markup.goldmark.renderer]\nunsafe = true\n")
	if err := os.MkdirAll(filepath.Join(site, "layouts", "_default"), 0o755); err != nil {
		t.Fatal(err)
	}
	testtool.WriteFile(t, filepath.Join(site, "layouts", "_default", "single.html"),
		"<h1>{{ .Title }}</h1><p>{{ range .Params.authors }}{{ . }}, {{ end }}</p><div>{{ .Params.publication | markdownify }}</div><div>{{ .Params.abstract | markdownify }}</div>\n")
	cmd := exec.Command(hugo, "--quiet", "--destination", "public")
	cmd.Dir = site
	cmd.Env = append(os.Environ(), "HUGO_CACHEDIR="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	pages, _ := filepath.Glob(filepath.Join(site, "public", "publication", "*", "index.html"))
	page := ""
	for _, p := range pages {
		if data, err := os.ReadFile(p); err == nil && strings.Contains(string(data), "alert(9)") {
			page = string(data)
		}
	}
	if page == "" {
		t.Fatalf("hugo built no page with the hostile abstract (of %d)", len(pages))
	}
	if m := regexp.MustCompile(`<(a|img|svg|script|em)\b[^>]*>`).FindAllString(page, -1); len(m) > 0 {
		t.Errorf("the built page holds markup the answer put there: %q\n%s", m, page)
	}
}

// frontMatterOf is the front matter, read as YAML, of the one page
// matching glob that holds the hostile work.
func frontMatterOf(t *testing.T, site, glob string) map[string]any {
	t.Helper()
	pages, _ := filepath.Glob(filepath.Join(site, glob))
	var found []string
	for _, p := range pages {
		if data, err := os.ReadFile(p); err == nil && strings.Contains(string(data), "alert(1)") {
			found = append(found, string(data))
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d pages of %s hold the hostile work", len(found), glob)
	}
	parts := strings.SplitN(found[0], "---\n", 3)
	if len(parts) != 3 {
		t.Fatalf("no front matter:\n%s", found[0])
	}
	fm := map[string]any{}
	if err := yaml.Unmarshal([]byte(parts[1]), &fm); err != nil {
		t.Fatal(err)
	}
	return fm
}

// TestRenderKeepsAHandWrittenPapersBib: a one-file --out about did not
// write (a hand-kept papers.bib) or edited since is kept, and the render
// is refused (exit 2) naming it and --force; --force replaces it; about's
// own file is replaced silently, and so is one an about before these
// lists wrote (its "written by about render" line). The old render
// replaced the hand-written file silently, exit 0.
func TestRenderKeepsAHandWrittenPapersBib(t *testing.T) {
	papers := filepath.Join(t.TempDir(), "_bibliography", "papers.bib")
	mine := "@string{nat = \"Nature\"}\n@article{mine, title = {Mine}, journal = nat, custom = {kept}}\n"
	if err := os.MkdirAll(filepath.Dir(papers), 0o755); err != nil {
		t.Fatal(err)
	}
	testtool.WriteFile(t, papers, mine)
	render := func(extra ...string) (int, string) {
		code, _, stderr := runCLI(t, append([]string{"render", "--format", "al-folio", "--out", papers, renderFixture}, extra...)...)
		return code, stderr
	}
	code, stderr := render()
	if data, _ := os.ReadFile(papers); string(data) != mine || code != exitUsage ||
		!strings.Contains(stderr, "not replacing --out "+papers+": about did not write it") || !strings.Contains(stderr, "--force") {
		t.Fatalf("hand-written papers.bib: exit %d, kept %v\n%s", code, string(data) == mine, stderr)
	}
	if code, stderr := render("--force"); code != 0 || stderr != "" {
		t.Fatalf("--force: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(papers); !strings.Contains(string(data), "written by about render") {
		t.Fatalf("--force did not write about's papers.bib")
	}
	if code, stderr := render(); code != 0 || stderr != "" {
		t.Errorf("about's own file again: exit %d\n%s", code, stderr)
	}
	testtool.WriteFile(t, papers, "% al-folio _bibliography/papers.bib, written by about render from the snapshot folder; regenerate, do not edit.\n@misc{edited}\n")
	if code, stderr := render(); code != exitUsage || !strings.Contains(stderr, "edited since about wrote it") {
		t.Errorf("an edited papers.bib: exit %d\n%s", code, stderr)
	}
	if err := os.Remove(filepath.Join(filepath.Dir(papers), ".about-render.json")); err != nil {
		t.Fatal(err)
	}
	if code, stderr := render(); code != 0 || stderr != "" {
		t.Errorf("a papers.bib an earlier about wrote, with no list: exit %d\n%s", code, stderr)
	}
}

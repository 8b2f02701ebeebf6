package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// docPages are the pages a reader follows links between: the README and
// the reference under docs/.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"README.md"}, pages...)
}

var (
	inlineCode   = regexp.MustCompile("`[^`\n]*`")
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	linkText     = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	headingLine  = regexp.MustCompile(`^#{1,6} +(.*)$`)
)

// prose is a page without its fenced code blocks, whose "#" lines are
// comments and whose brackets are TOML, not headings and links.
func prose(page string) []string {
	var lines []string
	fenced := false
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " "), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines = append(lines, line)
		}
	}
	return lines
}

// headingAnchors are the fragment names GitHub gives a page's headings:
// the heading's text lower-cased, punctuation but - and _ dropped, spaces
// made -, and a -1, -2 … on a repeat.
func headingAnchors(page string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, line := range prose(page) {
		m := headingLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		text := strings.ReplaceAll(linkText.ReplaceAllString(m[1], "$1"), "`", "")
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case unicode.IsLetter(r) || unicode.IsNumber(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		anchor := b.String()
		if n := seen[anchor]; n > 0 {
			anchor += "-" + strconv.Itoa(n)
		}
		seen[b.String()]++
		anchors[anchor] = true
	}
	return anchors
}

// TestDocLinksResolve: every relative link of the README and docs/ names
// a file that exists and, for a page, a heading it has, and every docs
// page is reached from the README, so a section moved between pages
// cannot leave a dead link or an orphan behind.
func TestDocLinksResolve(t *testing.T) {
	pages := docPages(t)
	text := map[string]string{}
	for _, page := range pages {
		text[page] = readText(t, page)
	}
	linksTo := map[string][]string{}
	for _, page := range pages {
		for _, line := range prose(text[page]) {
			line = inlineCode.ReplaceAllString(line, "")
			for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
				if path, ok := checkLink(t, page, m[1], text); ok {
					linksTo[page] = append(linksTo[page], path)
				}
			}
		}
	}
	reached := reachedFrom("README.md", linksTo)
	for _, page := range pages {
		if !reached[page] {
			t.Errorf("%s is reached by no link from README.md", page)
		}
	}
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// checkLink fails the test when page's relative link target names no file
// or a heading its page lacks; it returns the file linked to. Links that
// leave the repository are not checked.
func checkLink(t *testing.T, page, target string, text map[string]string) (string, bool) {
	t.Helper()
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return "", false
	}
	file, fragment, _ := strings.Cut(target, "#")
	path := page
	if file != "" {
		path = filepath.Join(filepath.Dir(page), file)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("%s links %q: no such file", page, target)
		return "", false
	}
	if fragment == "" || !strings.HasSuffix(path, ".md") {
		return path, true
	}
	body, ok := text[path]
	if !ok {
		body = readText(t, path)
	}
	if !headingAnchors(body)[fragment] {
		t.Errorf("%s links %q: %s has no heading #%s", page, target, path, fragment)
	}
	return path, true
}

// reachedFrom is every page reached by following links from start.
func reachedFrom(start string, linksTo map[string][]string) map[string]bool {
	reached := map[string]bool{start: true}
	for queue := []string{start}; len(queue) > 0; queue = queue[1:] {
		for _, next := range linksTo[queue[0]] {
			if !reached[next] {
				reached[next] = true
				queue = append(queue, next)
			}
		}
	}
	return reached
}

// projectFileURL is a link into this repository's files on GitHub, as
// the manifests init writes and the help texts carry them.
var projectFileURL = regexp.MustCompile(`https://github\.com/aboutscholar/about/blob/main/([^\s"'()` + "`" + `#]+)(#[^\s"'()` + "`" + `]+)?`)

// TestProjectFileURLsResolve: a link to one of this repository's files,
// in the code, the goldens or the docs, names a file that exists (and,
// for a page, a heading it has), so moving a page cannot leave the
// manifests users already have pointing nowhere new.
func TestProjectFileURLsResolve(t *testing.T) {
	found := 0
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".golden", ".toml", ".yml", ".yaml":
		default:
			return nil
		}
		for _, m := range projectFileURL.FindAllStringSubmatch(readText(t, path), -1) {
			found++
			target := m[1]
			if _, err := os.Stat(filepath.FromSlash(target)); err != nil {
				t.Errorf("%s links %s: no file %s in the repository", path, m[0], target)
				continue
			}
			if anchor := strings.TrimPrefix(m[2], "#"); anchor != "" && !headingAnchors(readText(t, target))[anchor] {
				t.Errorf("%s links %s: %s has no heading #%s", path, m[0], target, anchor)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no link into the repository found: the manifest init writes carries one")
	}
}

// TestDocsNameSnapshotFilesAsWritten: a path of a snapshot file the docs
// spell with a placeholder (`orcid/<iD>.json`, `works/<…>.json`) is the
// name the example folder holds once the placeholder is filled in. The
// pages wrote orcid/<iD>.json where the file is orcid/orcid_<iD>.json.
func TestDocsNameSnapshotFilesAsWritten(t *testing.T) {
	placeholder := regexp.MustCompile("`((?:works|counts|orcid)/[^`]*<[^`>]+>[^`]*\\.json)`")
	for _, page := range append(docPages(t), "README.md") {
		for _, m := range placeholder.FindAllStringSubmatch(readText(t, page), -1) {
			pattern := regexp.QuoteMeta(m[1])
			// an iD is digits, dashes and X; another placeholder any name part
			pattern = strings.ReplaceAll(pattern, "<iD>", "[0-9X-]+")
			pattern = regexp.MustCompile(`<[^>]+>`).ReplaceAllString(pattern, `[^/]+`)
			re := regexp.MustCompile("^" + pattern + "$")
			matches, _ := filepath.Glob(filepath.Join(exampleSnapshots, filepath.Dir(m[1]), "*.json"))
			found := false
			for _, f := range matches {
				if rel, _ := filepath.Rel(exampleSnapshots, f); re.MatchString(filepath.ToSlash(rel)) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s names %s; no file of %s has that form", page, m[1], exampleSnapshots)
			}
		}
	}
}

package main

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

// TestRenderPageCitationFiguresAreTheExamples: the header line
// docs/render.md quotes under "Citation figures" is what `about render
// --format html --counts` writes for the example, and the Markdown page
// gives the same figures in a line.
func TestRenderPageCitationFiguresAreTheExamples(t *testing.T) {
	doc := readText(t, renderPage)
	_, after, ok := strings.Cut(doc, "### Citation figures\n")
	if !ok {
		t.Fatalf("%s has no Citation figures section", renderPage)
	}
	m := regexp.MustCompile(`(?m)^    (\d+ citations · .*)$`).FindStringSubmatch(after)
	if m == nil {
		t.Fatalf("%s quotes no header line under Citation figures", renderPage)
	}
	quoted := m[1]
	code, page, stderr := runCLI(t, "render", "--format", "html", "--counts", exampleManifest)
	if code != 0 {
		t.Fatalf("render: exit %d: %s", code, stderr)
	}
	line := regexp.MustCompile(`<p class="metrics">.*</p>`).FindString(page)
	if text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(line, "")); text != quoted {
		t.Errorf("the example's header line is\n%s\n%s quotes\n%s", text, renderPage, quoted)
	}
	code, md, stderr := runCLI(t, "render", "--format", "markdown", "--counts", exampleManifest)
	if code != 0 {
		t.Fatalf("render: exit %d: %s", code, stderr)
	}
	figures, _, _ := strings.Cut(quoted, " · counts from")
	if !strings.Contains(md, "\n"+figures+" (counts from OpenAlex).\n") {
		t.Errorf("the Markdown page does not give %q in a line:\n%.400s", figures, md)
	}
}

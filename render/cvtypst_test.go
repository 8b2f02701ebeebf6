package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render/folder"
)

// TestCVTypstCompiles: the Typst CV of the example folder (the replay
// of real answers) and of the fixture (names and titles in many scripts,
// Typst's markup signs in titles and venues) compiles with the real
// Typst compiler without an error or a warning, and pdftotext reads back
// the name, every heading and every work's title, the signs as they are.
func TestCVTypstCompiles(t *testing.T) {
	pdftotext := tool(t, "pdftotext")
	fixtureFolder, fixturePerson := fixture(t)
	m, err := manifest.Load("../examples/manifest.toml")
	if err != nil {
		t.Fatal(err)
	}
	corpora := map[string]struct {
		f      *folder.Folder
		person Person
	}{"fixture": {fixtureFolder, fixturePerson}, "example": {exampleFolder(t), PersonOf(m)}}
	for name, c := range corpora {
		opts := Options{Format: CVTypst, Person: c.person, Services: testServices()}
		dir := t.TempDir()
		pdf, version := testtool.CompileTypst(t, dir, renderString(t, c.f, opts))
		t.Logf("%s: Typst %s", name, version)
		out, _, err := run(t, dir, pdftotext, "-enc", "UTF-8", pdf, "-")
		if err != nil {
			t.Fatalf("pdftotext: %v", err)
		}
		text := squeezeSpace(out)
		d, err := cvDocument(buildPage(c.f, opts))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{d.Name, "Publications"}
		for _, g := range d.Groups {
			want = append(want, g.Title)
			for _, w := range g.Works {
				want = append(want, w.Title)
			}
		}
		if len(want) < 5 {
			t.Fatalf("%s: only %q to look for", name, want)
		}
		for _, w := range want {
			if !strings.Contains(text, squeezeSpace(w)) {
				t.Errorf("%s: the PDF lacks %q:\n%s", name, w, out)
			}
		}
	}
}

// squeezeSpace drops white space and hyphens, so a title Typst broke
// over two lines still matches.
func squeezeSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '-' || r == '\u00ad' || r == '\f' {
			return -1
		}
		return r
	}, s)
}

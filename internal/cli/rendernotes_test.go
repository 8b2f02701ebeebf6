package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A manifest of a dblp identity alone names nobody: the CV's heading is
// then empty and the COA table lists the researcher among their own
// co-authors, so render warns, and the CV's note does not send the user
// to cv = true, which reads an ORCID record the manifest does not name
// (nor for a lab member without an iD).
func TestRenderOfAManifestNamingNobodyWarns(t *testing.T) {
	fixture, err := filepath.Abs("../../testdata/render/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	nobody := writeManifest(t, "snapshots = \""+fixture+"\"\n[[identity]]\ndblp = \"95/7448-1\"\n")
	named := writeManifest(t, "snapshots = \""+fixture+"\"\n[[identity]]\ndblp = \"95/7448-1\"\nname = \"Ada Lovelace\"\n")
	for _, c := range []struct {
		manifest, format string
		want, not        []string
	}{
		{nobody, "cv", []string{
			"about: note: the CV lists the works alone: its employment, education and other sections come from an ORCID record, and " + nobody + " names no orcid identity",
			"about: warning: " + nobody + " names no person (no orcid identity, no name on an [[identity]]), so the CV has no name at its head",
			`about: hint: give your name on the [[identity]], below its dblp or inspire line: name = "Your Name"`}, []string{"cv = true"}},
		{nobody, "coa", []string{"so the COA table cannot leave you out and lists you among your co-authors"}, nil},
		{named, "json-resume", nil, []string{"names no person", "cv = true"}},
		{nobody, "bibtex", nil, []string{"names no person"}},
		{"../../testdata/lab/manifest.toml --member Dana Ferreira", "cv", []string{
			`about: note: the CV lists the works alone: its employment, education and other sections come from an ORCID record, and ../../testdata/lab/manifest.toml names no orcid for [[member]] "Dana Ferreira"`},
			[]string{"cv = true", "names no person"}},
	} {
		args := []string{"render", "--format", c.format, c.manifest}
		if lab, member, ok := strings.Cut(c.manifest, " --member "); ok {
			args = []string{"render", "--format", c.format, "--member", member, lab}
		}
		code, _, stderr := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.format, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%s: stderr lacks %q:\n%s", c.format, w, stderr)
			}
		}
		for _, w := range c.not {
			if strings.Contains(stderr, w) {
				t.Errorf("%s: stderr holds %q:\n%s", c.format, w, stderr)
			}
		}
	}
}

// --counts on a folder whose counts are all another provider's than the
// counts source (a manifest of INSPIRE alone keeps INSPIRE's) showed "No
// work has a citation count" and no word of counts_source: render names
// the providers that counted and the line that shows the counts.
func TestCountsFromAnotherSourceAreNamed(t *testing.T) {
	snaps, err := filepath.Abs(exampleSnapshots)
	if err != nil {
		t.Fatal(err)
	}
	m := writeManifest(t, "snapshots = \""+snaps+"\"\ncounts_source = \"inspire\"\n[[identity]]\norcid = \"0000-0002-9341-7985\"\n")
	code, _, stderr := runCLI(t, "render", "--counts", "--format", "markdown", m)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"about: warning: --counts: no work in " + snaps + " has a count from inspire (counts_source), so none is shown; the folder has counts from crossref, datacite, openalex\n",
		`about: hint: to show them, put counts_source = "crossref" in ` + m + ", above its first [[identity]]\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "render", "--counts", "--format", "markdown", exampleManifest); code != 0 || strings.Contains(stderr, "--counts") {
		t.Errorf("the example, whose counts source counts a work: exit %d:\n%s", code, stderr)
	}
}

// --format cv --out cv.pdf wrote LaTeX under a name no PDF viewer opens:
// an --out named .pdf is a usage error naming the format's own file and
// how to compile it, and nothing is written.
func TestRenderOutNamedPDFIsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ format, out, hint string }{
		{"cv", "cv.pdf", "about: hint: give --out " + filepath.Join(dir, "cv.tex") + ", then pdflatex " + filepath.Join(dir, "cv.tex")},
		{"cv-typst", "CV.PDF", "about: hint: give --out " + filepath.Join(dir, "cv.typ") + ", then typst compile " + filepath.Join(dir, "cv.typ")},
		{"bibtex", "works.pdf", "about: hint: give --out " + filepath.Join(dir, "publications.bib")},
	} {
		out := filepath.Join(dir, c.out)
		code, _, stderr := runCLI(t, "render", "--format", c.format, "--out", out, renderFixture)
		want := "about: error: --out " + out + " names a PDF, and format " + c.format + " writes text, not a PDF\n" + c.hint + "\n"
		if code != 2 || stderr != want {
			t.Errorf("%s: exit %d, stderr\n%s\nwant exit 2 and\n%s", c.format, code, stderr, want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: a refused render wrote %s", c.format, out)
		}
	}
}

package cli

import (
	"strings"
	"testing"
)

// render --format nih and nih-csv reach the report from the command line:
// on the example (replayed real answers) NIH funded nothing, eLife's and
// ACM's funders are others (counted, not listed), and the works no
// service named funders of are listed as such; render --help shows the
// format with an example.
func TestRenderNIHFromTheCommandLine(t *testing.T) {
	code, md, stderr := runCLI(t, "render", "--format", "nih", exampleManifest)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"# NIH public access: Peter Binfield\n", "## Works with NIH funding (0)\n",
		"## Funding unknown (11)\n", "\n2 works are not listed: their funders are named, and none is NIH.\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("the report has no %q:\n%s", want, md)
		}
	}
	code, csv, stderr := runCLI(t, "render", "--format", "NIH-CSV", exampleManifest)
	if code != 0 || !strings.HasPrefix(csv, "section,title,published,doi,pmid,pmcid,nih_funding,") || strings.Count(csv, "\nfunding-unknown,") != 11 {
		t.Errorf("nih-csv: exit %d, %s\n%s", code, stderr, csv)
	}
	_, help, _ := runCLI(t, "render", "--help")
	if !strings.Contains(help, "nih            NIH public access") || !strings.Contains(help, "about render --format nih --out nih-public-access.md manifest.toml") {
		t.Errorf("render --help does not show nih with an example:\n%s", help)
	}
}

// A user looking for a CV or a grant's works finds them from about help
// (render's one line names them) and render --help (an example each).
func TestHelpNamesTheCVAndTheGrantReports(t *testing.T) {
	_, help, _ := runCLI(t, "help")
	if !strings.Contains(help, "render      write the publication page, a citation file, a CV or a grant report (NSF COA, NIH)") {
		t.Errorf("about help does not say render writes a CV and the grant reports:\n%s", help)
	}
	_, help, _ = runCLI(t, "render", "--help")
	for _, want := range []string{"about render --format cv --out cv.tex manifest.toml   # with cv = true in the manifest",
		"about render --format biblatex --award R01GM123456 --out r01.bib manifest.toml"} {
		if !strings.Contains(help, want) {
			t.Errorf("render --help lacks the example %q", want)
		}
	}
}

// about import's help names every kind of file it reads and says that an
// entry without an identifier is added as a work of its own: it said
// BibTeX only, and listed "no identifier yet" among the entries not added.
func TestImportHelpSaysWhatItReadsAndKeeps(t *testing.T) {
	_, help, _ := runCLI(t, "import", "--help")
	flat := strings.Join(strings.Fields(help), " ")
	for _, want := range []string{"CSL-JSON, RIS, a Hugo Blox content/publication folder, academicpages' _publications, or the Lab Website Template's _data/sources.yaml",
		"one without as a work of its own, kept from its fields"} {
		if !strings.Contains(flat, want) {
			t.Errorf("about import --help lacks %q:\n%s", want, help)
		}
	}
	if strings.Contains(flat, "no identifier yet") {
		t.Errorf("about import --help says an entry without an identifier is not added:\n%s", help)
	}
}

package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const labFixture = "../../testdata/lab/manifest.toml"

// --member renders one member's works, titled for them, in a one-file
// format and in a folder format alike: a page or a citation file per
// member, as sites that keep member pages want.
func TestRenderMember(t *testing.T) {
	code, bib, stderr := runCLI(t, "render", "--format", "bibtex", "--member", "Wei Chen", labFixture)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	keys := regexp.MustCompile(`(?m)^@\w+\{([^,]+),`).FindAllStringSubmatch(bib, -1)
	var got []string
	for _, k := range keys {
		got = append(got, k[1])
	}
	if want := []string{"chen2023codon", "ferreira2022proteomics"}; !slices.Equal(got, want) {
		t.Errorf("Wei Chen's BibTeX holds %q, want %q", got, want)
	}
	code, md, stderr := runCLI(t, "render", "--format", "markdown", "--member", "élodie marchand", labFixture)
	if code != 0 || !strings.HasPrefix(md, "# Publications of Élodie Marchand\n") || strings.Count(md, "\n- ") != 2 {
		t.Errorf("exit %d, %s\n%s", code, stderr, md)
	}
	out := t.TempDir()
	if code, _, stderr := runCLI(t, "render", "--format", "hugo-blox", "--member", "Dana Ferreira", "--out", out, labFixture); code != 0 {
		t.Fatalf("hugo-blox: exit %d: %s", code, stderr)
	}
	pages, _ := filepath.Glob(filepath.Join(out, "content", "publication", "*", "index.md"))
	if len(pages) != 2 {
		t.Errorf("Dana Ferreira's Hugo Blox site has %d publications, want 2: %v", len(pages), pages)
	}
	code, whole, _ := runCLI(t, "render", "--format", "markdown", labFixture)
	if code != 0 || !strings.HasPrefix(whole, "# Publications of the Holt Lab\n") || strings.Contains(whole, "· ORCID") {
		t.Errorf("the lab's page: exit %d\n%s", code, whole)
	}
}

// A --member the lab does not have, or one without a lab, is a usage
// error (exit 2) that lists the members, and writes nothing.
func TestRenderMemberUsageErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "page.html")
	code, _, stderr := runCLI(t, "render", "--format", "html", "--member", "Grace Hopper", "--out", out, labFixture)
	if code != 2 || !strings.Contains(stderr, `--member "Grace Hopper" is not a member of Holt Lab`) ||
		!strings.Contains(stderr, `hint: members: "Maren Holt", "Ada Quist", "Ben Okafor", "Wei Chen", "Dana Ferreira", "Élodie Marchand"`) {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a usage error wrote the page")
	}
	code, _, stderr = runCLI(t, "render", "--format", "html", "--member", "Ada Lovelace", renderFixture)
	if code != 2 || !strings.Contains(stderr, "has no [lab]") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
}

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestManifestPageLabExampleLoads holds docs/manifest.md's lab example
// to the loader: it loads, its members are as its comments say, and their
// iDs and works are identities.
func TestManifestPageLabExampleLoads(t *testing.T) {
	page := readText(t, "docs/manifest.md")
	_, section, ok := strings.Cut(page, "## A lab: `[lab]` and `[[member]]`")
	if !ok {
		t.Fatal("docs/manifest.md has no lab section")
	}
	_, block, _ := strings.Cut(section, "```toml\n")
	block, _, _ = strings.Cut(block, "```")
	m, err := manifest.Parse(filepath.Join(t.TempDir(), "manifest.toml"), []byte(block))
	if err != nil {
		t.Fatalf("the lab example does not load: %v", err)
	}
	if m.Lab == nil || m.Lab.Name != "Holt Lab" || len(m.Lab.Members) != 3 || m.Title != "Publications of the Holt Lab" {
		t.Fatalf("lab %+v, title %q", m.Lab, m.Title)
	}
	if chen := m.Lab.Members[1]; !chen.Alumnus() {
		t.Errorf("%s is not an alumnus", chen.Name)
	}
	if dana := m.Lab.Members[2]; dana.ORCID != "" || len(dana.Works) != 2 {
		t.Errorf("the member without an iD: %+v", dana)
	}
	if got := len(m.Identities); got != 5 { // two members' iDs, Dana's two works, the [[identity]]
		t.Errorf("%d identities, want 5", got)
	}
}

// TestManifestPageLabErrorsAreTheLoadersWords: each lab error the page
// quotes is what check --offline says (exit 2) for such a manifest.
func TestManifestPageLabErrorsAreTheLoadersWords(t *testing.T) {
	page := strings.Join(strings.Fields(readText(t, "docs/manifest.md")), " ")
	const lab = "[lab]\nname = \"Holt Lab\"\n"
	for _, c := range []struct{ manifest, quoted string }{
		{lab + "\n[[member]]\nname = \"Wei Chen\"\nrole = \"PhD student\"\nstart = 2019\nend = 2017\n",
			`manifest.toml:8: [[member]] "Wei Chen" ends (2017) before it starts (2019)`},
		{"[[identity]]\ndoi = \"10.1/x\"\n[[member]]\nname = \"Wei Chen\"\n", "[[member]] without [lab]: members belong to a lab"},
		{lab + "\n[[member]]\nname = \"Maren Holt\"\n[[member]]\nname = \"maren holt\"\n", `[[member]] "maren holt" again; line 5 names a member so already`},
		{"[lab]\nname = \"Holt Lab\"\nurl = \"holtlab.example.org\"\n", `[lab] url "holtlab.example.org" is not an http(s) address`},
	} {
		path := filepath.Join(t.TempDir(), "manifest.toml")
		writeFile(t, path, c.manifest)
		code, _, stderr := runCLI(t, "check", "--offline", path)
		if code != 2 || !strings.Contains(stderr, c.quoted) {
			t.Errorf("exit %d, stderr:\n%s\nwant %q", code, stderr, c.quoted)
		}
		if !strings.Contains(page, c.quoted) {
			t.Errorf("docs/manifest.md no longer quotes %q", c.quoted)
		}
	}
}

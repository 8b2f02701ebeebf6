package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/check"
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

// TestLabMembersAreFetchedAsIdentities holds "members' iDs and works are
// identities, fetched as [[identity]]s are": the README's example written
// as a lab (its ORCID iD a member's, its DOIs the works of a member
// without an iD) fetches, from the same recorded answers, exactly the
// committed example snapshots, byte for byte; and the lab's page credits
// the record's works to the one member and the DOIs to the other.
func TestLabMembersAreFetchedAsIdentities(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "manifest.toml")
	writeFile(t, path, `mailto = "ada@example.org"
providers = ["orcid", "crossref", "openalex", "datacite"]

[lab]
name = "Example Lab"

[[member]]
name = "Peter Binfield"
orcid = "0000-0002-9341-7985"

[[member]]
name = "Dana Ferreira"
works = ["https://doi.org/10.7554/eLife.01567", "10.1145/3448016.3452841", "10.1594/PANGAEA.836178",
  "10.5281/zenodo.48440", "doi:10.1101/2020.12.01.406702"]
`)
	if code, _, stderr := runCLI(t, "fetch", "--replay", exampleReplay, path); code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	d, err := check.CompareFolders(exampleSnapshots, filepath.Join(dir, "snapshots"))
	if err != nil {
		t.Fatal(err)
	}
	if !d.Empty(false) {
		var b strings.Builder
		d.WriteDiff(&b, false)
		t.Errorf("the lab's snapshots differ from the example's:\n%s", b.String())
	}
	code, page, stderr := runCLI(t, "render", "--format", "json", path)
	if code != 0 {
		t.Fatalf("render: exit %d\n%s", code, stderr)
	}
	var data struct {
		Lab struct {
			Members []struct {
				Name  string `json:"name"`
				Works int    `json:"works"`
			} `json:"members"`
		} `json:"lab"`
		Count int `json:"count"`
	}
	if err := json.Unmarshal([]byte(page), &data); err != nil {
		t.Fatal(err)
	}
	if m := data.Lab.Members; len(m) != 2 || m[0].Works == 0 || m[1].Works == 0 || m[0].Works+m[1].Works < data.Count {
		t.Errorf("members %+v on a page of %d entries: every entry is someone's", m, data.Count)
	}
}

// TestReadmeLabExampleLoads: the README's lab example is one the loader
// takes, with the members and the alumnus it describes.
func TestReadmeLabExampleLoads(t *testing.T) {
	var example string
	for _, block := range strings.Split(readText(t, "README.md"), "```toml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if strings.Contains(block, "[lab]") {
			example = block
		}
	}
	if example == "" {
		t.Fatal("README.md has no lab example")
	}
	m, err := manifest.Parse(filepath.Join(t.TempDir(), "manifest.toml"), []byte(example))
	if err != nil {
		t.Fatalf("the README's lab example does not load: %v", err)
	}
	if m.Lab == nil || m.Lab.Name != "Quist Lab" || len(m.Lab.Members) != 2 || m.Title != "Publications of the Quist Lab" {
		t.Fatalf("lab %+v, title %q", m.Lab, m.Title)
	}
	if ada, wei := m.Lab.Members[0], m.Lab.Members[1]; ada.Alumnus() || !wei.Alumnus() || len(ada.Also) != 1 {
		t.Errorf("Ada Quist alumnus %v (also %v), Wei Chen alumnus %v; want false, one spelling, true", ada.Alumnus(), ada.Also, wei.Alumnus())
	}
	if len(m.Identities) != 2 { // Ada's iD and Wei's work
		t.Errorf("%d identities, want Ada's iD and Wei Chen's work", len(m.Identities))
	}
}

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// alfolioBib is one of the real al-folio files (testdata/import/alfolio).
func alfolioBib(name string) string {
	return filepath.Join("..", "..", "testdata", "import", "alfolio", name)
}

// alfolioAdded are the entries each real file adds to an empty manifest,
// with an identifier or without one (a work kept from its own fields),
// counted by hand (importbib's alfolioCounts says how).
var alfolioAdded = map[string]int{
	"0xtob-0xtob.github.io.bib": 16, "20001LastOrder-boqi-chen.github.io.bib": 12,
	"3c-lab-3c-lab.github.io.bib": 34, "3diglab-3DiGlab.github.io.bib": 10,
	"501Good-501Good.github.io.bib": 10, "alshedivat-al-folio.bib": 7,
	// 12 works, and the arXiv e-prints of the 7 with a DOI as identities of
	// their own, each linked as its paper's preprint
	"594zyc-594zyc.github.io.bib": 19,
}

// handKept is a manifest as a user keeps it: comments, blank lines, an
// order of their own, no newline at the end.
const handKept = `# Maren's page
mailto = "maren@example.org"   # for Crossref

[[identity]]
orcid = "0000-0002-1825-0097"  # me
name = "Maren Holt"

# the preprint ORCID lacks
[[identity]]
doi = "10.1103/PhysRev.47.777"`

func TestImportAppendsToAHandKeptManifestLeavingItByteForByte(t *testing.T) {
	for name, added := range alfolioAdded {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "manifest.toml")
			if err := os.WriteFile(path, []byte(handKept), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := runCLI(t, "import", "--manifest", path, alfolioBib(name))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if name == "alshedivat-al-folio.bib" || name == "3diglab-3DiGlab.github.io.bib" {
				added-- // PhysRev.47.777's DOI is the manifest's already
			}
			text, _ := os.ReadFile(path)
			// an entry the manifest lists already still has its key kept
			if string(text) != handKept && !strings.HasPrefix(string(text), handKept+"\n\n# imported from ") || added > 0 && string(text) == handKept {
				t.Fatalf("the manifest no longer starts with what the user wrote, then the import's comment:\n%s", text)
			}
			m, err := manifest.Load(path)
			if err != nil {
				t.Fatalf("the manifest does not load after import: %v", err)
			}
			if len(m.Identities) != 2+added {
				t.Errorf("%d identities after import, want %d", len(m.Identities), 2+added)
			}

			code, _, stderr = runCLI(t, "import", "--manifest", path, alfolioBib(name))
			again, _ := os.ReadFile(path)
			if code != 0 || string(again) != string(text) || !strings.Contains(stderr, "nothing to add") || !strings.Contains(stderr, " 0 added") {
				t.Errorf("a second import: exit %d, changed %v, said %s", code, string(again) != string(text), stderr)
			}
		})
	}
}

func TestImportSaysWhatItDidNotPlaceAndWhy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "manifest.toml")
	code, _, stderr := runCLI(t, "import", "--manifest", path, alfolioBib("4lhc-sreejiths.xyz.bib"), alfolioBib("alshedivat-al-folio.bib"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"4lhc-sreejiths.xyz.bib: 2 entries read, 0 with an identifier: 1 added (1 without an identifier, kept from its own fields), 0 already in the manifest, 1 not placed",
		"not placed: sasidharan2021irossdg (" + alfolioBib("4lhc-sreejiths.xyz.bib") + ":19): a duplicate key",
		"alshedivat-al-folio.bib: 7 entries read, 1 with an identifier: 7 added (6 without an identifier, kept from their own fields), 0 already in the manifest, 0 not placed",
		"1 citation key kept as a [[work]] key",
		"wrote " + path,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	text, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(text), "# about manifest:") || !strings.Contains(string(text), "# [[identity]]\n# orcid =") {
		t.Errorf("a missing manifest is not created as init writes it, its iD left to fill in:\n%.300s", text)
	}
	if _, err := manifest.Load(path); err != nil {
		t.Errorf("the created manifest does not load: %v", err)
	}
}

func TestImportDryRunPrintsTheLinesAndWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "manifest.toml")
	os.WriteFile(path, []byte(handKept+"\n"), 0o644)
	code, stdout, stderr := runCLI(t, "import", "--dry-run", "--manifest", path, alfolioBib("alshedivat-al-folio.bib"), alfolioBib("501Good-501Good.github.io.bib"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	text, _ := os.ReadFile(path)
	if string(text) != handKept+"\n" {
		t.Errorf("--dry-run wrote the manifest:\n%s", text)
	}
	if !strings.Contains(stderr, "dry run: nothing written") || !strings.HasPrefix(stdout, "# imported from "+filepath.ToSlash(alfolioBib("alshedivat-al-folio.bib"))) ||
		!strings.Contains(stdout, "[[identity]]\ndoi = \"10.18653/v1/2024.clinicalnlp-1.28\"  # milintsevich-etal-2024-evaluating\n") {
		t.Errorf("--dry-run printed\n%s\nand said\n%s", stdout, stderr)
	}
	// what it printed is exactly what an import appends
	runCLI(t, "import", "--manifest", path, alfolioBib("alshedivat-al-folio.bib"), alfolioBib("501Good-501Good.github.io.bib"))
	after, _ := os.ReadFile(path)
	if string(after) != handKept+"\n\n"+stdout {
		t.Errorf("the import appended\n%s\nwhere --dry-run printed\n%s", after[len(handKept)+1:], stdout)
	}

	missing := filepath.Join(t.TempDir(), "manifest.toml")
	runCLI(t, "import", "--dry-run", "--manifest", missing, alfolioBib("501Good-501Good.github.io.bib"))
	if _, err := os.Stat(missing); err == nil {
		t.Error("--dry-run created the manifest")
	}
}

func TestImportKeepsCRLFLineEndingsAndTheFilesMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "manifest.toml")
	crlf := strings.ReplaceAll(handKept, "\n", "\r\n") + "\r\n"
	os.WriteFile(path, []byte(crlf), 0o600)
	if code, _, stderr := runCLI(t, "import", "--manifest", path, alfolioBib("20001LastOrder-boqi-chen.github.io.bib")); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	text, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(text), crlf) || strings.Count(string(text), "\n") != strings.Count(string(text), "\r\n") {
		t.Errorf("a CRLF manifest got other line endings:\n%q", text)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("a private manifest (0600) is now %v", info.Mode())
	}
}

func TestImportRefusesWhatItCannotRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "manifest.toml")
	os.WriteFile(path, []byte(handKept), 0o644)
	notBib := filepath.Join(dir, "papers.bib")
	os.WriteFile(notBib, []byte(`[{"id": "x", "type": "article-journal", "title": "Not BibTeX"}]`), 0o644)
	notCSL := filepath.Join(dir, "package.json")
	os.WriteFile(notCSL, []byte(`{"name": "my-site", "version": "1.0.0"}`), 0o644)
	binary := filepath.Join(dir, "paper.pdf")
	os.WriteFile(binary, []byte("%PDF-1.4\n\x00\x01@article{x,}"), 0o644)
	badManifest := filepath.Join(dir, "bad.toml")
	os.WriteFile(badManifest, []byte("[[identity]]\norcid = \"0000-0002-1825-0098\"\n"), 0o644)
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"no file", []string{"import", "--manifest", path}, []string{"import needs a FILE"}},
		{"a missing file", []string{"import", "--manifest", path, alfolioBib("alshedivat-al-folio.bib"), filepath.Join(dir, "none.bib")}, []string{"cannot read " + filepath.Join(dir, "none.bib"), "nothing was written"}},
		{"a file that is not BibTeX", []string{"import", "--manifest", path, notBib}, []string{notBib + " is not a BibTeX file"}},
		{"a binary file", []string{"import", "--manifest", path, binary}, []string{binary + `: about import reads BibTeX (.bib), CSL-JSON (.json), RIS (.ris), the Lab Website Template's _data/sources.yaml and a Hugo Blox or academicpages site's folder; ".pdf" is none of them`}},
		{"a JSON file that is not CSL-JSON", []string{"import", "--manifest", path, notCSL}, []string{notCSL}},
		{"a manifest that does not load", []string{"import", "--manifest", badManifest, alfolioBib("alshedivat-al-folio.bib")}, []string{"bad.toml:2", "check digit"}},
		{"a bad --orcid", []string{"import", "--orcid", "0000-0002-1825-0098", "--manifest", filepath.Join(dir, "new.toml"), alfolioBib("alshedivat-al-folio.bib")}, []string{"check digit"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, c.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want 2: %s", code, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if text, _ := os.ReadFile(path); string(text) != handKept {
				t.Errorf("the manifest was written:\n%s", text)
			}
			if _, err := os.Stat(filepath.Join(dir, "new.toml")); err == nil {
				t.Error("a manifest was created")
			}
		})
	}
}

// TestImportKeepsEachEntrysCitationKey: every entry placed (added, or
// listed by the manifest already) keeps its BibTeX key as its [[work]]'s
// key, so the manifest that loads gives every format the key the site's
// posts cite; a key the user's own [[work]] should hold is named, not
// written twice; a second import appends nothing.
func TestImportKeepsEachEntrysCitationKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "manifest.toml")
	own := handKept + "\n\n[[work]]\nid = \"doi:10.1103/PhysRev.47.777\"\nnote = \"EPR\"\n"
	if err := os.WriteFile(path, []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "import", "--manifest", path, alfolioBib("alshedivat-al-folio.bib"), alfolioBib("501Good-501Good.github.io.bib"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m, err := manifest.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, w := range m.Works {
		keys[w.ID.Key()] = w.Key
	}
	// 7 with an identifier, 9 without (6 of al-folio's example, 3 of
	// 501Good's), and the user's own
	if keys["doi:10.18653/v1/2024.clinicalnlp-1.28"] != "milintsevich-etal-2024-evaluating" || keys["key:przibram1967letters"] != "przibram1967letters" || len(keys) != 17 {
		t.Errorf("[[work]] keys %v, want the 16 added entries' keys beside the user's own [[work]]", keys)
	}
	if keys["doi:10.1103/physrev.47.777"] != "" || !strings.Contains(stderr, `key PhysRev.47.777 not kept: add key = "PhysRev.47.777" to your [[work]] at line 12`) {
		t.Errorf("the user's [[work]] for the EPR paper: key %q; said\n%s", keys["doi:10.1103/physrev.47.777"], stderr)
	}
	before, _ := os.ReadFile(path)
	runCLI(t, "import", "--manifest", path, alfolioBib("alshedivat-al-folio.bib"), alfolioBib("501Good-501Good.github.io.bib"))
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Errorf("a second import appended\n%s", after[len(before):])
	}
}

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestManifestPageErrorsAreTheLoadersWords holds docs/manifest.md's quoted
// error and hint texts to the loader: each small manifest below is loaded by
// `check --offline`, exits 2 (or 1 where the manifest loads), and its
// standard error says what the page quotes, which the page must still quote.
func TestManifestPageErrorsAreTheLoadersWords(t *testing.T) {
	const orcid = "[[identity]]\norcid = \"0000-0002-1825-0097\"\n"
	page := strings.Join(strings.Fields(readText(t, "docs/manifest.md")), " ")
	for _, c := range []struct {
		name, manifest string
		code           int
		quoted         []string // on the page and in stderr
		said           []string // in stderr only (the page quotes a shorter form)
	}{
		{name: "wrong type", code: 2,
			manifest: "mailto = \"ada@example.org\"\n\nfollow_published = \"no\"\n" + orcid,
			quoted:   []string{"manifest.toml:3: follow_published must be true or false"},
			said:     []string{"text goes in quotes", "true, false and numbers do not", "a list is"}},
		{name: "unquoted value", code: 2,
			manifest: "[[identity]]\norcid = 0000-0002-9341-7985\n",
			quoted:   []string{`values are text in quotes: orcid = "0000-0002-9341-7985"`}},
		{name: "unknown key", code: 2,
			manifest: "nosuchkey = 1\n" + orcid,
			said:     []string{`unknown key "nosuchkey"`, "known keys: mailto"}},
		{name: "top-level key in a table", code: 2,
			manifest: orcid + "counts_source = \"openalex\"\n",
			said:     []string{"top-level keys go above the first [[identity]]"}},
		{name: "invisible character", code: 2,
			manifest: "[[identity]]\ndoi = \"10.1/x\u200by\"\n",
			said:     []string{"manifest.toml:2: invisible character U+200B"}},
		{name: "no-break space in an identifier", code: 2,
			manifest: "[[identity]]\ndoi = \"10.1/x\u00a0y\"\n",
			said:     []string{"manifest.toml:2:", "U+00A0 NO-BREAK SPACE"}},
		{name: "no-break space around an identifier is trimmed", code: 1,
			manifest: "[[identity]]\ndoi = \"\u00a010.1/xy\u00a0\"\n",
			said:     []string{"1 problem in"}},
		{name: "byte order mark", code: 1,
			manifest: "\ufeff[[identity]]\ndoi = \"10.1/xy\"\n",
			said:     []string{"1 problem in"}},
		{name: "a PDF passed as the manifest", code: 2,
			manifest: "%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n",
			quoted:   []string{"manifest.toml: not a TOML manifest: it holds binary data (a PDF document)"}},
		{name: "override type", code: 2,
			manifest: orcid + "[[override]]\nid = \"doi:10.1/x\"\ntype = \"journal-article\"\n",
			said:     []string{"manifest.toml:5:", "not a CSL type", "article-journal"}},
		{name: "field overridden twice", code: 2,
			manifest: orcid + "\n\n\n\n[[override]]\nid = \"10.1/X\"\ntitle = \"A\"\n\n\n[[override]]\nid = \"https://doi.org/10.1/x\"\ntitle = \"B\"\n",
			quoted:   []string{`manifest.toml:14: [[override]] of doi:10.1/x sets title again ("B"); line 9 already sets it ("A")`}},
		{name: "cycle", code: 2,
			manifest: orcid +
				"[[link]]\nfrom = \"doi:10.1/a\"\nto = \"doi:10.1/b\"\nkind = \"preprint-of\"\n" +
				"[[link]]\nfrom = \"doi:10.1/b\"\nto = \"doi:10.1/c\"\nkind = \"preprint-of\"\n" +
				"[[link]]\nfrom = \"doi:10.1/c\"\nto = \"doi:10.1/a\"\nkind = \"preprint-of\"\n",
			quoted: []string{"[[link]] closes a cycle: doi:10.1/c → doi:10.1/a → doi:10.1/b → doi:10.1/c"},
			said:   []string{"manifest.toml:11:", "lines 3, 7, 11"}},
		{name: "same-as beside version-of is a cycle", code: 2,
			manifest: orcid +
				"[[link]]\nfrom = \"doi:10.1/a\"\nto = \"doi:10.1/b\"\nkind = \"same-as\"\n" +
				"[[link]]\nfrom = \"doi:10.1/b\"\nto = \"doi:10.1/a\"\nkind = \"version-of\"\n",
			said: []string{"manifest.toml:7: [[link]] closes a cycle"}},
		{name: "pair linked twice", code: 2,
			manifest: orcid +
				"[[link]]\nfrom = \"doi:10.1/a\"\nto = \"doi:10.1/b\"\nkind = \"preprint-of\"\n" +
				"[[link]]\nfrom = \"doi:10.1/b\"\nto = \"doi:10.1/a\"\nkind = \"distinct\"\n",
			said: []string{`manifest.toml:7: [[link]] of doi:10.1/b and doi:10.1/a again (kind "distinct"); line 3 already links them (kind "preprint-of")`}},
		{name: "second [[work]] for one work", code: 2,
			manifest: orcid + "[[work]]\nid = \"doi:10.1234/X\"\ntags = [\"a\"]\n\n[[work]]\nid = \"https://doi.org/10.1234/x\"\nnote = \"b\"\n",
			quoted:   []string{"manifest.toml:7: a second [[work]] for doi:10.1234/x; line 3 already has one"}},
		{name: "key with a space", code: 2,
			manifest: orcid + strings.Repeat("\n", 7) + "[[work]]\nid = \"doi:10.1234/x\"\nkey = \"a b\"\n",
			quoted:   []string{`manifest.toml:12: [[work]] key "a b" holds white space`}},
		{name: "key beyond ASCII", code: 2,
			manifest: orcid + strings.Repeat("\n", 7) + "[[work]]\nid = \"doi:10.1234/x\"\nkey = \"Núñez2023\"\n",
			quoted: []string{`manifest.toml:12: [[work]] key "Núñez2023" holds 'ú', which is not ASCII`,
				`pdfLaTeX's bibtex cannot read a key beyond ASCII: write it without accents, e.g. key = "Nunez2023"`}},
		{name: "key of another work", code: 2,
			manifest: orcid + strings.Repeat("\n", 7) + "[[work]]\nid = \"doi:10.1234/x\"\nkey = \"Lefevre2021\"\n" +
				strings.Repeat("\n", 5) + "[[work]]\nid = \"doi:10.1234/y\"\nkey = \"lefevre2021\"\n",
			quoted: []string{`manifest.toml:20: [[work]] key "lefevre2021" is already the key at line 12 (BibTeX compares keys whatever their letter case)`}},
		{name: "exclude of a listed work", code: 2,
			manifest: "[[identity]]\ndoi = \"10.1/x\"\n\n[[exclude]]\nid = \"doi:10.1/X\"\nreason = \"r\"\n",
			said:     []string{"manifest.toml:4: [[exclude]] of doi:10.1/x, which the [[identity]] at line 2 lists"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "manifest.toml")
			writeFile(t, path, c.manifest)
			code, _, stderr := runCLI(t, "check", "--offline", path)
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s", code, c.code, stderr)
			}
			for _, s := range c.quoted {
				if !strings.Contains(page, s) {
					t.Errorf("docs/manifest.md no longer quotes %q", s)
				}
			}
			for _, s := range append(c.quoted, c.said...) {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr does not say %q:\n%s", s, stderr)
				}
			}
		})
	}
}

package main

import (
	"os"
	"strings"
	"testing"
)

// identityPage is the docs page on one entry per work.
const identityPage = "docs/identity.md"

// TestDocIdentityLoadErrors holds docs/identity.md's list of manifest
// words about links that are errors when the manifest loads to what the
// CLI does: each, added to the example's manifest, makes check --offline
// exit 2 (usage) naming its line and the other line, and the page names
// each.
func TestDocIdentityLoadErrors(t *testing.T) {
	const (
		a = "10.7554/eLife.01567"
		b = "10.1145/3448016.3452841"
		c = "10.1594/PANGAEA.836178"
	)
	link := func(from, to, kind string) string {
		return "\n[[link]]\nfrom = \"" + from + "\"\nto = \"" + to + "\"\nkind = \"" + kind + "\"\n"
	}
	cases := []struct {
		name, page, add string
		want            []string
	}{
		{"second link of one pair", "a second `[[link]]` of one pair of works, either way round and whatever its kind",
			link(a, b, "preprint-of") + link(b, "https://doi.org/"+a, "distinct"),
			[]string{"again (kind \"distinct\")", "already links them (kind \"preprint-of\")"}},
		{"cycle", "`[[link]]`s\n  that form a cycle",
			link(a, b, "preprint-of") + link(b, c, "preprint-of") + link(c, a, "preprint-of"),
			[]string{"closes a cycle: doi:10.1594/pangaea.836178 → doi:10.7554/elife.01567 → doi:10.1145/3448016.3452841 → doi:10.1594/pangaea.836178"}},
		{"exclude of a listed identity", "an `[[exclude]]` of a work an `[[identity]]` lists",
			"\n[[exclude]]\nid = \"doi:" + b + "\"\nreason = \"not mine\"\n",
			[]string{"[[exclude]] of doi:10.1145/3448016.3452841, which the [[identity]] at line "}},
	}
	page := readText(t, identityPage)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(page, tc.page) {
				t.Errorf("%s no longer says %q", identityPage, tc.page)
			}
			manifestPath, _ := exampleCopy(t)
			f, err := os.OpenFile(manifestPath, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString(tc.add); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := runCLI(t, "check", "--offline", manifestPath)
			if code != 2 {
				t.Errorf("exit %d, want 2 (usage)\n%s", code, stderr)
			}
			for _, w := range append(tc.want, "manifest.toml:", "hint:") {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
		})
	}
}

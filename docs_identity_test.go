package main

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
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
		{"cycle", "`[[link]]`s that form a cycle",
			link(a, b, "preprint-of") + link(b, c, "preprint-of") + link(c, a, "preprint-of"),
			[]string{"closes a cycle: doi:10.1594/pangaea.836178 → doi:10.7554/elife.01567 → doi:10.1145/3448016.3452841 → doi:10.1594/pangaea.836178"}},
		{"exclude of a listed identity", "an `[[exclude]]` of a work an `[[identity]]` lists",
			"\n[[exclude]]\nid = \"doi:" + b + "\"\nreason = \"not mine\"\n",
			[]string{"[[exclude]] of doi:10.1145/3448016.3452841, which the [[identity]] at line "}},
	}
	page := strings.Join(strings.Fields(readText(t, identityPage)), " ")
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

// TestDocIdentityLinksExample holds docs/identity.md's links.json example
// to the file TestIdentityGolden's run writes: it reads as links.json
// (no field links.json lacks), and each of its links and shown_as entries
// is one of the golden's, evidence and all.
func TestDocIdentityLinksExample(t *testing.T) {
	_, rest, ok := strings.Cut(readText(t, identityPage), "and decides which works are one entry:\n\n```json\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatalf("%s no longer shows links.json after \"and decides which works are one entry:\"", identityPage)
	}
	var page snapshots.Links
	dec := json.NewDecoder(strings.NewReader(block))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&page); err != nil {
		t.Fatalf("%s's links.json example: %v\n%s", identityPage, err, block)
	}
	golden := readText(t, "testdata/golden/orchestrator/TestIdentityGolden.golden")
	_, section, ok := strings.Cut(golden, "=== links.json\n")
	section, _, _ = strings.Cut(section, "\n=== ")
	var want snapshots.Links
	if !ok || json.NewDecoder(bytes.NewReader([]byte(section))).Decode(&want) != nil {
		t.Fatal("TestIdentityGolden's golden has no links.json")
	}
	if len(page.Links) == 0 || len(page.ShownAs) == 0 {
		t.Fatalf("the example shows no link: %+v", page)
	}
	for _, l := range page.Links {
		found := false
		for _, w := range want.Links {
			found = found || reflect.DeepEqual(l, w)
		}
		if !found {
			t.Errorf("the example's link %+v is not one TestIdentityGolden's run writes", l)
		}
	}
	for k, v := range page.ShownAs {
		if want.ShownAs[k] != v {
			t.Errorf("the example shows %s as %s; the run shows it as %q", k, v, want.ShownAs[k])
		}
	}
}

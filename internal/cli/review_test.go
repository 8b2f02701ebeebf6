package cli

import (
	"strings"
	"testing"
)

// --counts or --group on the feed names every format that takes them,
// html-site among them, and the hint speaks of the feed, not of a
// citation file.
func TestPageOptionsOnTheFeedNameThePagesAndTheFeed(t *testing.T) {
	for _, flag := range []string{"--counts", "--group=type"} {
		code, stdout, stderr := runCLI(t, "render", "--format", "atom", flag, renderFixture)
		if code != 2 || stdout != "" {
			t.Errorf("%s: exit %d, stdout %q; want 2 and nothing", flag, code, stdout)
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(flag, "--"), "=")
		for _, want := range []string{
			"about: error: --" + name + " applies to pages (markdown, html, html-site, json, yaml), not to atom",
			"about: hint: the feed lists every work once, newest first, ungrouped and without counts",
		} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", flag, want, stderr)
			}
		}
	}
}

// A counts_source no run would fetch a count from is an error at load
// naming its line (for check as for render): a provider that gives no
// counts, one left out of a pinned providers list, and OpenCitations,
// which is asked only when named. One that is fetched loads.
func TestCountsSourceThatGivesNoCountIsAnError(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"counts_source = \"orcid\"\n", `:1: counts_source "orcid" gives no citation counts`},
		{"counts_source = \"semanticscholar\"\nproviders = [\"crossref\", \"openalex\"]\n", `:1: counts_source "semanticscholar" is not in providers, so no count of its is fetched`},
		{"counts_source = \"opencitations\"\n", `:1: counts_source "opencitations" is not in providers`},
	} {
		path := writeManifest(t, c.src+"[[identity]]\ndoi = \"10.1/x\"\n")
		code, _, stderr := runCLI(t, "check", "--offline", path)
		if code != 2 || !strings.Contains(stderr, path+c.want) || !strings.Contains(stderr, "about: hint: ") {
			t.Errorf("%q: exit %d, want 2 and %q with a hint:\n%s", c.src, code, c.want, stderr)
		}
	}
	for _, src := range []string{
		"counts_source = \"semanticscholar\"\n",
		"counts_source = \"opencitations\"\nproviders = [\"crossref\", \"opencitations\"]\n",
	} {
		path := writeManifest(t, src+"[[identity]]\ndoi = \"10.1/x\"\n")
		if _, _, stderr := runCLI(t, "check", "--offline", path); strings.Contains(stderr, "counts_source") {
			t.Errorf("%q is fetched, yet:\n%s", src, stderr)
		}
	}
}

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

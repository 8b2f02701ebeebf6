package cli

import (
	"strings"
	"testing"
)

// TestCountsSourceINSPIREAccepted: INSPIRE gives citation counts (with
// its listing), so a manifest may name it as its counts_source.
func TestCountsSourceINSPIREAccepted(t *testing.T) {
	for _, src := range []string{
		"counts_source = \"inspire\"\n",
		"counts_source = \"inspire\"\nproviders = [\"crossref\", \"inspire\"]\n",
	} {
		path := writeManifest(t, src+"[[identity]]\ninspire = \"E.Witten.1\"\n")
		if code, _, stderr := runCLI(t, "check", "--offline", path); strings.Contains(stderr, "counts_source") {
			t.Errorf("%q: exit %d, yet:\n%s", src, code, stderr)
		}
	}
}

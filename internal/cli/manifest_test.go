package cli

import "testing"

// counts_source and selected are checked when the manifest loads, so fetch
// and check (the CI gate) fail on a mistake the later render would hit.
func TestCountsSourceAndSelectedAreCheckedAtLoad(t *testing.T) {
	badSource := writeManifest(t, "counts_source = \"scopus\"\n[[identity]]\ndoi = \"10.1/x\"\n")
	badSelected := writeManifest(t, "\nselected = [\"doi:10.1/x\", \"isbn:123\"]\n[[identity]]\ndoi = \"10.1/x\"\n")
	for _, cmd := range [][]string{{"fetch"}, {"check", "--offline"}} {
		assertUsageError(t, append(cmd, badSource), badSource+`:1: counts_source "scopus" is not a provider`, "about: hint: about providers lists them")
		assertUsageError(t, append(cmd, badSelected), badSelected+`:2: selected: "isbn:123" is not an identifier`, "about: hint: write identifiers as")
	}
}

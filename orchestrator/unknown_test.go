package orchestrator

import (
	"strings"
	"testing"
)

// TestDOINotFoundAnywhereWarnedWithoutTheLookup: a typo'd DOI every
// service answers "not found" about is warned about even when doi.org's
// agency lookup failed (every agency was then asked, each "not found"
// unrouted), and the warning says the lookup failed (#20, item 10).
func TestDOINotFoundAnywhereWarnedWithoutTheLookup(t *testing.T) {
	nw := newOutageNet(simORCID(0), 1)
	nw.set("doi.org", unavailable)
	m := newManifest(t, "mailto = \"ada@example.org\"\n[[identity]]\ndoi = \"10.5500/typo\"\n[[identity]]\ndoi = \"10.5500/sim.0\"\n")
	rep := runOK(t, testOptions(m, nw, 4))
	var got []string
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "not found anywhere") {
			got = append(got, w.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "doi:10.5500/typo: not found anywhere (") ||
		!strings.Contains(got[0], "its agency could not be looked up") || !strings.HasSuffix(got[0], "— check the DOI") {
		t.Errorf("warnings %q; want one for the typo only, saying the lookup failed", got)
	}
}

package works

import (
	"fmt"
	"runtime"
	"testing"
)

// TestPreprintPairingReadsAuthorsOnlyOfLikelyPairs: at a run's end the
// link pass holds every work, and preprint pairing held beside them a
// map of each published work's family names, 25 MB at 50,000 works, of
// which it reads only those whose title matches or nearly matches a
// preprint's. The authors of the others are never read now: what the
// pass allocates for a published work of eight authors stays small.
func TestPreprintPairingReadsAuthorsOnlyOfLikelyPairs(t *testing.T) {
	const n = 5000
	families := []string{"Carberry", "Okafor", "Lindqvist", "Nakamura", "Ferreira", "Kowalski", "Haddad", "Moreau"}
	ws := []Work{pairedWork(t, "doi:10.1101/2020.01.01.000001", "Kiln physics of the ancient world", 2020, "", families...)}
	for i := range n {
		ws = append(ws, pairedWork(t, fmt.Sprintf("doi:10.5555/pots.%d", i), fmt.Sprintf("Glazes and their chemistry, part %d", i), 2021, "", families...))
	}
	ls := make([]*Linkable, len(ws))
	for i, w := range ws {
		l := w.ForLinking()
		ls[i] = &l
	}
	l := newLinker(ls, nil)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	edges := l.preprintEdges(map[string]bool{})
	runtime.ReadMemStats(&after)
	perWork := (after.TotalAlloc - before.TotalAlloc) / n
	t.Logf("%d bytes allocated a work", perWork)
	if perWork > 400 {
		t.Errorf("preprint pairing allocates %d bytes a published work; want at most 400: it reads the authors of works no preprint's title is near", perWork)
	}
	if len(edges) != 0 {
		t.Errorf("edges %+v; want none (no title matches)", edges)
	}
}

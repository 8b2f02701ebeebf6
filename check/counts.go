package check

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// countsNamed is how many missing counts files the problem names.
const countsNamed = 3

// missingCounts is the problem of a folder whose counts are gone: no
// listed work has its counts/ file, yet some were found by a service that
// counts citations (Spec.Counts), whose answers carry a count for the
// works they find, so fetch wrote their counts files. The file checks cannot see it: fetch
// writes a counts file only for a work some service gave counts for, and
// index.json does not record which did, so a counts/ deleted by hand left
// a folder that passed check --offline and a render --counts that showed
// none. With any listed work's counts file there, a missing one cannot be
// told from a work whose services gave no count, and nothing is said.
func missingCounts(d snapshots.Dir, reads *workReads, index snapshots.Index) []Problem {
	counting := map[string]bool{}
	for _, s := range providers.All() {
		counting[s.Name] = s.Counts
	}
	present := map[string]bool{}
	entries, _ := os.ReadDir(filepath.Join(d.Root, snapshots.CountsDir)) // absent: none present
	for _, e := range entries {
		present[e.Name()] = true
	}
	var missing []string
	by := map[string]bool{}
	for _, iw := range index.Works {
		id, err := manifest.ParseKey(iw.ID)
		if err != nil {
			continue // the index's problem, said by the folder check
		}
		name := snapshots.FileName(id) + ".json"
		if present[name] {
			return nil
		}
		w, ok := reads.of(iw.ID)
		if !ok {
			continue
		}
		counted := false
		for _, p := range w.checked.route.Found {
			if counting[p] {
				counted, by[p] = true, true
			}
		}
		if counted {
			missing = append(missing, snapshots.CountsDir+"/"+name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	named := strings.Join(missing[:min(len(missing), countsNamed)], ", ")
	if n := len(missing) - countsNamed; n > 0 {
		named += fmt.Sprintf(" and %d more", n)
	}
	return []Problem{{Path: snapshots.CountsDir + "/", What: fmt.Sprintf(
		"missing: no listed work has its counts file, though %d %s found by %s, which count citations: %s; render --counts would show no counts (git checkout restores the folder, about fetch writes it again)",
		len(missing), english.Plural(len(missing), "work was", "works were"), strings.Join(slices.Sorted(maps.Keys(by)), ", "), named)}}
}

package works

import (
	"fmt"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
)

// StaleWorks is check's rule for the manifest's [[work]]s: each must name
// a work of the folder (authors holds, for every work index.json lists,
// by identity key, the number of authors its record has; -1 when its
// file could not be read), and its author marks must fall within that
// work's author list. A [[work]] for a work that left the record, or was
// never fetched, would otherwise be dropped from every page without a
// word. One error per stale [[work]], in the manifest's order.
func StaleWorks(m *manifest.Manifest, authors map[string]int) []*manifest.Error {
	var stale []*manifest.Error
	for i, w := range m.Works {
		n, listed := authors[w.ID.Key()]
		if !listed {
			stale = append(stale, &manifest.Error{File: m.Path, Line: w.Line, Value: w.ID.Key(),
				Err:  fmt.Errorf("[[work]] for %s is stale: no work in the snapshots has that id (it left the record, or was never fetched), so its fields are on no page", w.ID.Key()),
				Hint: fmt.Sprintf("delete the [[work]], or name the work as index.json lists it; to fetch it, add [[identity]] %s = %q and run about fetch", w.ID.Kind, w.ID.Value)})
			continue
		}
		if n < 0 {
			continue // the file's problem is the folder check's to say (check.Folder)
		}
		for _, marks := range []struct {
			key       string
			positions []int
		}{{"equal", w.Equal}, {"corresponding", w.Corresponding}} {
			if len(marks.positions) == 0 || marks.positions[len(marks.positions)-1] <= n {
				continue
			}
			p := marks.positions[len(marks.positions)-1]
			stale = append(stale, &manifest.Error{File: m.Path, Line: lineOr(m.Line(fmt.Sprintf("work.%d.%s", i, marks.key)), w.Line), Value: fmt.Sprint(p),
				Err:  fmt.Errorf("[[work]] for %s marks author %d (%s), but the work has %d %s", w.ID.Key(), p, marks.key, n, english.Plural(n, "author", "authors")),
				Hint: "positions count from 1 in the work's author list as its snapshot gives it"})
		}
	}
	return stale
}

func lineOr(line, otherwise int) int {
	if line > 0 {
		return line
	}
	return otherwise
}

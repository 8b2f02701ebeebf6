package works

import (
	"fmt"

	"github.com/aboutscholar/about/manifest"
)

// UnlistedSelected is the rule render and check share for the manifest's
// selected list: each one must be a work of the folder, named by its
// identity key as index.json lists it (listed). It gives one error per
// selected work that is not, in the manifest's order.
func UnlistedSelected(m *manifest.Manifest, listed []string) []*manifest.Error {
	known := make(map[string]bool, len(listed))
	for _, id := range listed {
		known[id] = true
	}
	var unlisted []*manifest.Error
	for _, id := range m.Selected {
		if !known[id] {
			unlisted = append(unlisted, &manifest.Error{File: m.Path, Line: m.Line("selected"), Value: id,
				Err:  fmt.Errorf("selected work %q is not in the snapshots", id),
				Hint: "name works as index.json lists them, e.g. \"doi:10.5555/abc\""})
		}
	}
	return unlisted
}

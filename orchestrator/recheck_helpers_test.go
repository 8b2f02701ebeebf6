package orchestrator

import (
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// checkMerged is the re-merge's problems alone (recheckWorks).
func checkMerged(m *manifest.Manifest, dir string) []snapshots.Problem {
	merged, _ := recheckWorks(m, dir)
	return merged
}

// checkLinks is the link pass's problems alone (recheckWorks).
func checkLinks(m *manifest.Manifest, dir string) []snapshots.Problem {
	_, linked := recheckWorks(m, dir)
	return linked
}

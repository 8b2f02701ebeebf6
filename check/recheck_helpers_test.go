package check

import (
	"github.com/aboutscholar/about/manifest"
)

// checkMerged is the re-merge's problems alone (recheckWorks).
func checkMerged(m *manifest.Manifest, dir string) []Problem {
	merged, _ := recheckFolder(m, dir)
	return merged
}

// checkLinks is the link pass's problems alone (recheckWorks).
func checkLinks(m *manifest.Manifest, dir string) []Problem {
	_, linked := recheckFolder(m, dir)
	return linked
}

// recheckFolder is Recheck.
func recheckFolder(m *manifest.Manifest, dir string) (merged, linked []Problem) {
	return Recheck(m, dir)
}

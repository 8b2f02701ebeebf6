package orchestrator

import (
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// checkMerged is the re-merge's problems alone (recheckWorks).
func checkMerged(m *manifest.Manifest, dir string) []snapshots.Problem {
	merged, _ := recheckFolder(m, dir)
	return merged
}

// checkLinks is the link pass's problems alone (recheckWorks).
func checkLinks(m *manifest.Manifest, dir string) []snapshots.Problem {
	_, linked := recheckFolder(m, dir)
	return linked
}

// recheckFolder is recheckWorks over the folder at dir, as CheckOffline
// reads it.
func recheckFolder(m *manifest.Manifest, dir string) (merged, linked []snapshots.Problem) {
	d := snapshots.Dir{Root: dir}
	reads := newWorkReads(m)
	snapshots.CheckFolderWith(m, dir, snapshots.CheckOptions{OnWork: reads.visit})
	index, links := readIndexAndLinks(d, nil)
	if index == nil {
		return nil, nil
	}
	return recheckWorks(m, reads, *index, links)
}

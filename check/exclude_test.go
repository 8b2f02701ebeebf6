package check

import (
	"strconv"
	"strings"
	"testing"
)

// TestCheckFolderExcludeNotFetchedYet: a work of the ORCID record that the
// manifest now excludes and the folder still lists is an [[exclude]] not
// fetched yet, said with its manifest line, not "neither the manifest nor
// an ORCID record names it" (the record does). (An exclude of a work an
// [[identity]] lists is a manifest error, so the work is the record's.)
func TestCheckFolderExcludeNotFetchedYet(t *testing.T) {
	src := checkManifest(t)
	m := fetched(t, src)
	excluding := newManifest(t, src+"\n[[exclude]]\nid = \"doi:10.3233/isu-130714\"\nreason = \"not mine\"\n")
	excluding.Snapshots = m.Snapshots
	got := problemLines(Folder(excluding, m.Snapshots))
	line := strings.Count(src, "\n") + 2
	want := "index.json: work doi:10.3233/isu-130714 is listed, but the manifest's [[exclude]] at " + excluding.Path + ":" + strconv.Itoa(line) + " leaves it out: the exclude is not applied yet: run about fetch\n"
	if got != want {
		t.Errorf("problems:\n%s\nwant:\n%s", got, want)
	}
}

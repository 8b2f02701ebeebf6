package check

import (
	"maps"
	"slices"
	"strings"

	"github.com/aboutscholar/about/snapshots"
)

// digestsNamed is how many files not in the folder a problem names.
const digestsNamed = 3

// digested holds every works/, counts/ and orcid/ file to the digest
// index.json records of the bytes fetch wrote (snapshots.Digested): a
// hand edit of one is canonical and complete, and neither the re-merge
// nor any other rule notices it (a counts file is the services' word
// alone; an orcid/ file heads the page; a work's source edited with its
// merged field re-merges to itself). A file with a problem already (a
// stray, not canonical, damaged) is not told again; a digest can name the
// file only, not the line that changed.
func (c *folderCheck) digested(idx snapshots.Index) {
	told := map[string]bool{}
	for _, p := range c.problems {
		told[p.Path] = true
	}
	var unlisted []string
	for _, rel := range slices.Sorted(maps.Keys(c.digests)) {
		want, listed := idx.Digests[rel]
		switch {
		case told[rel]:
		case !listed:
			unlisted = append(unlisted, rel)
		case !snapshots.IsDigest(want, c.digests[rel]):
			c.problems = append(c.problems, Problem{Path: rel, edited: true,
				What: "changed since about wrote it (its digest in index.json differs): a hand edit? about fetch rewrites it" + editInstead(rel)})
		}
	}
	var gone []string
	for _, rel := range slices.Sorted(maps.Keys(idx.Digests)) {
		_, read := c.files[rel]
		switch {
		case !snapshots.Digested(rel):
			c.add(snapshots.IndexFile, "has a digest of %s: about records the digests of works/, counts/ and orcid/ files only", rel)
		case !read && !told[rel]:
			gone = append(gone, rel)
		}
	}
	c.few(unlisted, "not among index.json's digests, so not a file about fetch wrote as it is (copied in, or its digest taken out of index.json by hand?): about fetch rewrites it",
		"has no digest of %d files of the folder, so not files about fetch wrote as they are (copied in, or their digests taken out of index.json by hand?): %s and %d more: about fetch rewrites them")
	c.few(gone, "missing: deleted since about wrote it (index.json has its digest): git checkout restores it, about fetch writes it again",
		"has the digests of %d files not in the folder, deleted since about wrote them: %s and %d more: git checkout restores them, about fetch writes them again")
}

// editInstead is what to do instead of a hand edit of the file at rel,
// when the manifest has a way: a work's fields are corrected by an
// [[override]], which fetch and check apply.
func editInstead(rel string) string {
	if strings.HasPrefix(rel, snapshots.WorksDir+"/") {
		return "; to correct a field of the work, use an [[override]] in the manifest"
	}
	return ""
}

// few tells each of a few files (one), or, for more, one line of index.json
// naming the first (many, given how many, their names and how many more):
// a counts/ deleted whole is one line, not one a file.
func (c *folderCheck) few(files []string, one, many string) {
	if len(files) <= digestsNamed {
		for _, rel := range files {
			c.add(rel, "%s", one)
		}
		return
	}
	c.add(snapshots.IndexFile, many, len(files), strings.Join(files[:digestsNamed], ", "), len(files)-digestsNamed)
}

// withoutToldEdits drops each digest's problem (Problem.edited) of a file
// another problem names: the re-merge says which field of a work file
// changed, where the digest says only that the file did.
func withoutToldEdits(problems []Problem) []Problem {
	named := map[string]bool{}
	for _, p := range problems {
		if !p.edited {
			named[p.Path] = true
		}
	}
	return slices.DeleteFunc(problems, func(p Problem) bool { return p.edited && named[p.Path] })
}

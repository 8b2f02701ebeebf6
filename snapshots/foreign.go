package snapshots

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aboutscholar/about/internal/english"
)

// ForeignError is a snapshot folder fetch will not write into: one that
// is not about's (no index.json, and it holds what about does not write),
// or one whose works/, counts/ or orcid/ is a symbolic link. Fetch prunes
// the snapshot files of works that left the manifest; in a folder about
// did not make (snapshots = ".." names the project's parent) or through a
// link, those could be anyone's files.
type ForeignError struct {
	Dir     string   // the folder
	Others  []string // what in it about does not write, sorted; empty when Links says why
	Links   []string // its works/, counts/ or orcid/ that are symbolic links, sorted
	Omitted int      // entries of Others not listed (the message names a few)
	// Notes is true when every one of Others is a file of notes (no
	// folder, no .json or .toml): likely the user's own snapshot folder,
	// prepared before its first fetch, rather than a project's.
	Notes bool
}

// foreignListed is how many of a folder's other entries the message names.
const foreignListed = 5

func (e *ForeignError) Error() string {
	if len(e.Links) > 0 {
		return fmt.Sprintf("snapshot folder %s: %s %s a symbolic link; about writes and prunes only folders of its own, never through a link",
			e.Dir, strings.Join(e.Links, ", "), english.Plural(len(e.Links), "is", "are"))
	}
	others := strings.Join(e.Others, ", ")
	if e.Omitted > 0 {
		others += fmt.Sprintf(" and %d more", e.Omitted)
	}
	return fmt.Sprintf("snapshot folder %s is not about's: it has no %s and holds %s, which about does not write; fetch would prune files there", e.Dir, IndexFile, others)
}

// Hint says what to do.
func (e *ForeignError) Hint() string {
	if len(e.Links) > 0 {
		return "replace each link with the folder it points to, or point --snapshots (or the manifest's snapshots) at a folder of real folders"
	}
	if e.Notes {
		return fmt.Sprintf("if this folder is meant for the snapshots, move %s out of it for the first fetch and back after: once it has about's %s, your files beside the snapshots are left alone; or point --snapshots or the manifest's snapshots at a new or empty folder",
			english.Plural(len(e.Others)+e.Omitted, "that file", "those files"), IndexFile)
	}
	return "point --snapshots or the manifest's snapshots at a new or empty folder (the default is snapshots/ beside the manifest); a folder about writes has an index.json"
}

// isNote reports an entry that is a file of the user's notes: not a
// folder, and not the JSON or TOML a project or another tool keeps.
func isNote(e fs.DirEntry) bool {
	ext := strings.ToLower(filepath.Ext(e.Name()))
	return e.Type().IsRegular() && ext != ".json" && ext != ".toml"
}

// Adoptable is nil when fetch may write into the folder: it does not
// exist yet, holds only about's names, hidden files and a README (new, or left by a
// first fetch stopped before its index.json), or has an index.json (about
// wrote it; the user's files there are left alone, see owned.go). Else
// it is a *ForeignError. A folder that cannot be read is no reason to
// refuse here: taking the lock then says what is wrong with it.
func (d Dir) Adoptable() error {
	entries, err := os.ReadDir(d.Root)
	if err != nil {
		return nil
	}
	var others, links []string
	indexed, notes := false, true
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == WorksDir || name == CountsDir || name == ORCIDDir:
			if e.Type()&fs.ModeSymlink != 0 {
				links = append(links, name)
			} else if !e.IsDir() {
				others, notes = append(others, name), false
			}
		case name == IndexFile:
			indexed = true
		case name == LinksFile || name == UnclaimedFile || strings.HasPrefix(name, "."):
			// about's, or hidden: .gitkeep, .DS_Store, the lock, .tmp-* leftovers
		case IsReadme(name) && !e.IsDir():
			// a note on what the folder is for, written before the first fetch
		default:
			others, notes = append(others, name), notes && isNote(e)
		}
	}
	switch {
	case len(links) > 0:
		slices.Sort(links)
		return &ForeignError{Dir: d.Root, Links: links}
	case indexed || len(others) == 0:
		return nil
	}
	slices.Sort(others)
	e := &ForeignError{Dir: d.Root, Others: others, Notes: notes}
	if len(others) > foreignListed {
		e.Others, e.Omitted = others[:foreignListed], len(others)-foreignListed
	}
	return e
}

// IsReadme reports a README file (README, README.md, readme.txt): the
// one file people put in a folder before it has anything else, to say what
// it is for. Prune never touches the top of the folder, and the same
// README beside an index.json is left alone (owned.go), so it is no reason
// to refuse the folder's first fetch.
func IsReadme(name string) bool {
	stem, _, _ := strings.Cut(name, ".")
	return strings.EqualFold(stem, "readme")
}

// ownSubfolder is nil when sub, a folder of the snapshot folder, is a real
// folder or absent: a symbolic link there is not about's to prune through.
func (d Dir) ownSubfolder(sub string) error {
	fi, err := os.Lstat(filepath.Join(d.Root, sub))
	if err != nil || fi.IsDir() {
		return nil // absent (nothing to prune), or a folder
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link: about prunes only its own folders, never through a link, so nothing there was removed", filepath.Join(d.Root, sub))
	}
	return nil // a file: reading it as a folder fails, and says so
}

package check

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// Findings is what check --offline finds in a committed folder.
type Findings struct {
	// Problems are the folder's, sorted by path: not canonical or not
	// complete (Folder), or a merged field its sources do
	// not give (recheckWorks).
	Problems []Problem
	// Refused are the manifest settings render would refuse with this
	// folder: a selected work the snapshots do not hold. check is the CI
	// gate before the deploy step's render, so it fails on them rather
	// than passing a folder render cannot use.
	Refused []*manifest.Error
	// Stale are the manifest's [[work]]s that name no work of the folder,
	// or mark authors past its author list (works.Recheck.Manifest): their
	// fields would be on no page, so check says so rather than render
	// dropping them without a word.
	Stale []*manifest.Error
	// Unmatched are the manifest's [[override]]s of no work the folder
	// lists: they set nothing (fetch warns), most likely a typo in the id
	// or a work that left, so the gate fails on them rather than letting a
	// correction the user believes in never reach the page.
	Unmatched []*manifest.Error
	// Works is the works index.json lists, in its order, and Links the
	// links links.json holds, for check's --report; none when unreadable.
	Works []manifest.Identity
	Links int
	// Unknown is what render would leave out because no service knows it,
	// in render's words (works.UnknownMessage), so check warns the same.
	Unknown []string
}

// Offline is check --offline with no network: the committed folder
// dir's problems and the manifest settings render would refuse with it.
// An unreadable index.json is a problem, so nothing is refused then.
func Offline(m *manifest.Manifest, dir string) Findings {
	return checkOffline(m, dir, nil)
}

// checkOffline is Offline reading the folder's files with readFile
// (nil: os.ReadFile), each once.
func checkOffline(m *manifest.Manifest, dir string, readFile func(string) ([]byte, error)) Findings {
	d := snapshots.Dir{Root: dir}
	reads := newWorkReads(m)
	problems := folderWith(m, dir, folderOptions{OnWork: reads.visit, ReadFile: readFile})
	index, links := readIndexAndLinks(d, readFile)
	if index != nil {
		// A hand-edited merged field or links.json is canonical and
		// complete (and links.json decides which works the page shows),
		// so only doing again what fetch does with the files notices it.
		merged, linked := recheckWorks(m, reads, *index, links)
		problems = append(problems, slices.Concat(merged, linked, missingCounts(d, reads, *index))...)
	}
	problems = withoutToldEdits(problems)
	slices.SortStableFunc(problems, func(a, b Problem) int { return strings.Compare(a.Path, b.Path) })
	check := Findings{Problems: problems}
	if index != nil {
		listed := make([]string, len(index.Works))
		for i, w := range index.Works {
			listed[i] = w.ID
			if id, err := manifest.ParseKey(w.ID); err == nil {
				check.Works = append(check.Works, id)
			}
		}
		check.Refused, check.Stale = reads.core.Manifest(listed, workAuthors(m, reads, listed))
		check.Unmatched = unmatchedOverrides(m, listed)
		check.Unknown = reads.unknownWorks(*index)
	}
	if links != nil {
		check.Links = len(links.Links)
	}
	return check
}

// Recheck is the re-merge's and the link pass's problems alone
// (recheckWorks), without the file checks' own, for a caller that
// wants to tell a hand edit of a merged field or of links.json from the
// rest.
func Recheck(m *manifest.Manifest, dir string) (merged, linked []Problem) {
	reads := newWorkReads(m)
	folderWith(m, dir, folderOptions{OnWork: reads.visit})
	index, links := readIndexAndLinks(snapshots.Dir{Root: dir}, nil)
	if index == nil {
		return nil, nil
	}
	return recheckWorks(m, reads, *index, links)
}

// unmatchedOverrides are the [[override]]s of m whose work is not
// among listed (index.json's works), each naming its manifest line.
func unmatchedOverrides(m *manifest.Manifest, listed []string) []*manifest.Error {
	in := make(map[string]bool, len(listed))
	for _, k := range listed {
		in[k] = true
	}
	excluded := map[string]int{} // work key → its [[exclude]]'s line
	for _, x := range m.Excludes {
		excluded[x.ID.Key()] = x.Line
	}
	var out []*manifest.Error
	for _, o := range m.Overrides {
		if in[o.ID.Key()] {
			continue
		}
		hint := "correct its id (as index.json lists the work) or delete it; to fetch the work, add it as an [[identity]] and run about fetch"
		if line, ok := excluded[o.ID.Key()]; ok {
			// Adding the [[identity]] would contradict the [[exclude]]
			// (a manifest error, exit 2): one of the two must go.
			hint = fmt.Sprintf("the [[exclude]] at line %d leaves this work out: delete the [[override]], or the [[exclude]] and run about fetch", line)
		}
		out = append(out, &manifest.Error{File: m.Path, Line: o.Line, Value: o.ID.Key(),
			Err:  fmt.Errorf("[[override]] of %s matches no work of the snapshots, so it sets nothing", o.ID.Key()),
			Hint: hint})
	}
	return out
}

// workAuthors is, for each listed work, its record's number of authors
// when a [[work]] marks some (-1 when its file cannot be read), else 0:
// what works.Recheck.Manifest holds the marks to.
func workAuthors(m *manifest.Manifest, reads *workReads, listed []string) map[string]int {
	marks := map[string]bool{}
	for _, w := range m.Works {
		marks[w.ID.Key()] = len(w.Equal)+len(w.Corresponding) > 0
	}
	authors := make(map[string]int, len(listed))
	for _, key := range listed {
		authors[key] = 0
		if !marks[key] {
			continue
		}
		authors[key] = -1
		if w, ok := reads.of(key); ok {
			authors[key] = w.authors
		}
	}
	return authors
}

// readIndexAndLinks reads the folder's index.json and links.json once for
// the whole check; nil for one that cannot be read (Folder says so).
func readIndexAndLinks(d snapshots.Dir, readFile func(string) ([]byte, error)) (*snapshots.Index, *snapshots.Links) {
	if readFile == nil {
		readFile = os.ReadFile
	}
	var index snapshots.Index
	var links snapshots.Links
	ip, lp := &index, &links
	if data, err := readFile(d.IndexPath()); err != nil || json.Unmarshal(data, ip) != nil {
		ip = nil
	}
	if data, err := readFile(d.LinksPath()); err != nil || json.Unmarshal(data, lp) != nil {
		lp = nil
	}
	return ip, lp
}

// recheckWorks does again, with no network, what fetch does with each
// listed work's file, from what the folder check's one reading of it
// kept (workReads):
//
//   - merged: it re-merges the work's sources and the manifest's
//     overrides exactly as fetch does (works.Recheck.File), and
//     reports every merged field of the work's file (record, provenance,
//     conflicts) the re-merge does not give: a hand edit of a snapshot,
//     which would otherwise pass the offline check and reach the
//     rendered page;
//   - linked: it decides the links among the listed works again, in index
//     order (fetch's), from their files and the manifest's [[link]]s with
//     the core fetch decides them with (works.Recheck.Links), and reports
//     where the committed links.json or a work's recorded decisions is not
//     what fetch would write now: links.json decides
//     which works the page shows.
//
// Files that are missing, unreadable or not listed are Folder's
// problems, not repeated here; with any listed work's file unreadable, or
// links.json (links nil), the links are not decided again (they would
// differ for that reason alone).
func recheckWorks(m *manifest.Manifest, reads *workReads, index snapshots.Index, links *snapshots.Links) (merged, linked []Problem) {
	found := make([]rechecked, len(index.Works))
	for i, iw := range index.Works {
		if w, ok := reads.of(iw.ID); ok && w.id == iw.ID {
			found[i] = w.checked
		} else if p, ok := reads.mismatched(iw.ID); ok {
			merged = append(merged, p)
		}
	}
	for _, r := range found {
		merged = append(merged, r.problems...)
	}
	merged = append(merged, unroutedWorks(found, index)...)
	if links == nil {
		return merged, nil
	}
	return merged, relink(reads.core, *links, found)
}

// rechecked is what recheckWorks keeps of one listed work.
type rechecked struct {
	problems []Problem      // its merged fields' (Differences)
	read     bool           // its file was read, about it
	path     string         // its file, relative to the folder
	remerged works.Remerged // what the core's link pass reads of it
	route    RoutedWork     // its sources, for the routed-registrar rule
}

// relink is recheckWorks' link pass over the works it read.
func relink(core *works.Recheck, have snapshots.Links, found []rechecked) []Problem {
	remerged := make([]*works.Remerged, len(found))
	paths := map[string]string{} // work key → its file
	for i, r := range found {
		remerged[i], paths[r.remerged.ID()] = &found[i].remerged, r.path
	}
	var problems []Problem
	for _, p := range core.Links(have, remerged) {
		path := snapshots.LinksFile
		if p.Work != "" {
			path = paths[p.Work]
		}
		problems = append(problems, Problem{Path: path, What: p.What})
	}
	return problems
}

// precedence is the registry's merge order, handed to the core as data.
func precedence() works.Precedence {
	return works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence()}
}

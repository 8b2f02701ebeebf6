package orchestrator

import (
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// OfflineCheck is what check --offline finds in a committed folder.
type OfflineCheck struct {
	// Problems are the folder's, sorted by path: not canonical or not
	// complete (snapshots.CheckFolder), or a merged field its sources do
	// not give (checkMerged).
	Problems []snapshots.Problem
	// Refused are the manifest settings render would refuse with this
	// folder: a selected work the snapshots do not hold. check is the CI
	// gate before the deploy step's render, so it fails on them rather
	// than passing a folder render cannot use.
	Refused []*manifest.Error
	// Works is the works index.json lists, in its order, and Links the
	// links links.json holds, for check's --report; none when unreadable.
	Works []manifest.Identity
	Links int
}

// CheckOffline is check --offline with no network: the committed folder
// dir's problems and the manifest settings render would refuse with it.
// An unreadable index.json is a problem, so nothing is refused then.
func CheckOffline(m *manifest.Manifest, dir string) OfflineCheck {
	problems := snapshots.CheckFolder(m, dir)
	// A hand-edited merged field is canonical and complete, so only a
	// re-merge of the file's own sources notices it.
	problems = append(problems, checkMerged(m, dir)...)
	// links.json decides which works the page shows: a hand edit of it,
	// or a [[link]] not fetched yet, is canonical and complete too.
	problems = append(problems, checkLinks(m, dir)...)
	slices.SortStableFunc(problems, func(a, b snapshots.Problem) int { return strings.Compare(a.Path, b.Path) })
	check := OfflineCheck{Problems: problems}
	var index snapshots.Index
	if err := snapshots.Read(snapshots.Dir{Root: dir}.IndexPath(), &index); err == nil {
		listed := make([]string, len(index.Works))
		for i, w := range index.Works {
			listed[i] = w.ID
			if id, err := manifest.ParseKey(w.ID); err == nil {
				check.Works = append(check.Works, id)
			}
		}
		check.Refused = works.UnlistedSelected(m, listed)
	}
	var links snapshots.Links
	if err := snapshots.Read(snapshots.Dir{Root: dir}.LinksPath(), &links); err == nil {
		check.Links = len(links.Links)
	}
	return check
}

// checkMerged re-merges, with no network, each listed work's sources and
// the manifest's overrides exactly as fetch does (works.Precedence.Document), and reports
// every merged field of the work's file (record, provenance, conflicts)
// the re-merge does not give: a hand edit of a snapshot, which would
// otherwise pass the offline check and reach the rendered page. Files
// that are missing, unreadable or not listed are CheckFolder's problems,
// not repeated here.
func checkMerged(m *manifest.Manifest, dir string) []snapshots.Problem {
	d := snapshots.Dir{Root: dir}
	var index snapshots.Index
	if err := snapshots.Read(d.IndexPath(), &index); err != nil {
		return nil
	}
	overrides := map[string][]manifest.Override{}
	for _, o := range m.Overrides {
		overrides[o.ID.Key()] = append(overrides[o.ID.Key()], o)
	}
	// Each work is independent and merging is CPU-bound (folding names):
	// one goroutine per CPU, each its own share of the works, results
	// kept in the index's order.
	order := precedence()
	found := make([][]snapshots.Problem, len(index.Works))
	workers := min(runtime.GOMAXPROCS(0), len(index.Works))
	var wg sync.WaitGroup
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(index.Works); i += workers {
				found[i] = remergeWork(d, order, index.Works[i], overrides)
			}
		}()
	}
	wg.Wait()
	return slices.Concat(found...)
}

// remergeWork is checkMerged for one listed work.
func remergeWork(d snapshots.Dir, order works.Precedence, iw snapshots.IndexWork, overrides map[string][]manifest.Override) []snapshots.Problem {
	id, err := manifest.ParseKey(iw.ID)
	if err != nil {
		return nil
	}
	var file snapshots.Work
	if err := snapshots.Read(d.WorkPath(id), &file); err != nil || file.ID != iw.ID {
		return nil
	}
	path := snapshots.WorksDir + "/" + iw.File + ".json"
	var problems []snapshots.Problem
	for _, what := range order.Differences(id, file, overrides[iw.ID]) {
		problems = append(problems, snapshots.Problem{Path: path, What: what})
	}
	return problems
}

// precedence is the registry's merge order, handed to the core as data.
func precedence() works.Precedence {
	return works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence()}
}

// checkLinks decides the links among the listed works again, with no
// network, from their files and the manifest's [[link]]s, with the core
// fetch decides them with (works.Decide), and reports where the committed
// links.json or a work's recorded decisions is not what fetch would write
// now (works.LinkDifferences). A folder whose index, links.json or a
// listed work's file cannot be read is CheckFolder's problem: with works
// missing, the links would differ for that reason alone.
func checkLinks(m *manifest.Manifest, dir string) []snapshots.Problem {
	d := snapshots.Dir{Root: dir}
	var index snapshots.Index
	if err := snapshots.Read(d.IndexPath(), &index); err != nil {
		return nil
	}
	var have snapshots.Links
	if err := snapshots.Read(d.LinksPath(), &have); err != nil {
		return nil
	}
	files := make([]snapshots.Work, len(index.Works))
	linkWorks := make([]works.Work, len(index.Works))
	names := map[string]string{} // work key → its file, relative
	for i, iw := range index.Works {
		id, err := manifest.ParseKey(iw.ID)
		if err != nil {
			return nil
		}
		if err := snapshots.Read(d.WorkPath(id), &files[i]); err != nil || files[i].ID != iw.ID {
			return nil
		}
		if linkWorks[i], err = works.Written(files[i]); err != nil {
			return nil
		}
		names[iw.ID] = snapshots.WorksDir + "/" + snapshots.FileName(id) + ".json"
	}
	var problems []snapshots.Problem
	for _, p := range works.LinkDifferences(have, files, works.Decide(linkWorks, m), m) {
		path := snapshots.LinksFile
		if p.Work != "" {
			path = names[p.Work]
		}
		problems = append(problems, snapshots.Problem{Path: path, What: p.What})
	}
	return problems
}

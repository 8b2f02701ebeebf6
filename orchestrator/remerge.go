package orchestrator

import (
	"runtime"
	"slices"
	"sync"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// CheckMerged re-merges, with no network, each listed work's sources and
// the manifest's overrides exactly as fetch does (works.Precedence.Document), and reports
// every merged field of the work's file (record, provenance, conflicts)
// the re-merge does not give: a hand edit of a snapshot, which would
// otherwise pass the offline check and reach the rendered page. Files
// that are missing, unreadable or not listed are CheckFolder's problems,
// not repeated here.
func CheckMerged(m *manifest.Manifest, dir string) []snapshots.Problem {
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

// remergeWork is CheckMerged for one listed work.
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

package check

import (
	"path/filepath"
	"sync"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// workReads is what check --offline keeps of each work file as the folder
// check reads it (folderOptions.OnWork): the re-merge's findings,
// what the link pass reads and the author count, not the file, so the
// check reads every file once and holds a few facts a work, not the
// folder.
type workReads struct {
	core   *works.Recheck
	mu     sync.Mutex
	byPath map[string]readWork // path in the folder → what was read
}

// readWork is one work file as read.
type readWork struct {
	id       string             // the file's "id"
	decoded  bool               // it decodes as a work file
	authors  int                // its record's authors
	checked  rechecked          // its re-merge (recheckWorks), when its id is a key
	unknown  []snapshots.Source // when no service knows it (works.Unknown): its sources' providers and statuses
	mismatch *Problem           // JSON that does not decode as a work file: where and why
}

func newWorkReads(m *manifest.Manifest) *workReads {
	return &workReads{core: works.NewRecheck(m, precedence()), byPath: map[string]readWork{}}
}

// visit re-merges one work file as it is read; the folder check calls it
// from one goroutine per CPU, which is what re-merging (folding names)
// needs.
func (r *workReads) visit(rel string, data []byte) {
	w := readWork{}
	file, err := snapshots.DecodeWork(data) // json.Unmarshal's result, in a third of its time
	if err == nil {
		w = readWork{id: file.ID, decoded: true, authors: len(file.Record.Authors)}
		if works.Unknown(file) {
			w.unknown = []snapshots.Source{} // the message needs only providers and statuses
			for _, src := range file.Sources {
				w.unknown = append(w.unknown, snapshots.Source{Provider: src.Provider, Status: src.Status})
			}
		}
		if id, err := manifest.ParseKey(file.ID); err == nil {
			w.checked = remergeFile(r.core, id, rel, file)
		}
	} else if what, ok := snapshots.SchemaMismatch(err); ok { // JSON, so the folder check's read did not name it
		w.mismatch = &Problem{Path: rel, What: what + " (about fetch rewrites it)"}
	}
	r.mu.Lock()
	r.byPath[rel] = w
	r.mu.Unlock()
}

// of is what was read of a listed work's file, if it was read, decoded
// and is about that work (its id is the index's).
func (r *workReads) of(key string) (readWork, bool) {
	id, err := manifest.ParseKey(key)
	if err != nil {
		return readWork{}, false
	}
	w, ok := r.byPath[snapshots.WorksDir+"/"+snapshots.FileName(id)+".json"]
	return w, ok && w.decoded
}

// mismatched is a listed work's file that is JSON but not of the work
// schema, as a problem naming where.
func (r *workReads) mismatched(key string) (Problem, bool) {
	id, err := manifest.ParseKey(key)
	if err != nil {
		return Problem{}, false
	}
	w := r.byPath[snapshots.WorksDir+"/"+snapshots.FileName(id)+".json"]
	if w.mismatch == nil {
		return Problem{}, false
	}
	return *w.mismatch, true
}

// remergeFile is recheckWorks for one work file.
func remergeFile(core *works.Recheck, id manifest.Identity, rel string, file snapshots.Work) rechecked {
	r := rechecked{path: rel, remerged: core.File(id, file)}
	r.route = Routed(r.path, file)
	for _, what := range r.remerged.Differences {
		r.problems = append(r.problems, Problem{Path: r.path, What: what})
	}
	r.read = r.remerged.Read
	return r
}

// unknownWorks is what render would leave out of the folder because no
// service knows it (works.Unknown), in index order, as folder.Load words
// it: check says the same lines. None when some listed work's file could
// not be read, as render then cannot load the folder (check's problems
// say why).
func (r *workReads) unknownWorks(index snapshots.Index) []string {
	var out []string
	seen := map[string]bool{}
	for _, iw := range index.Works {
		if seen[iw.ID] {
			continue
		}
		seen[iw.ID] = true
		name := iw.File
		if name == "" || filepath.Base(name) != name || name == "." || name == ".." { // as folder.Load names it
			id, err := manifest.ParseKey(iw.ID)
			if err != nil {
				return nil
			}
			name = snapshots.FileName(id)
		}
		w, ok := r.byPath[snapshots.WorksDir+"/"+name+".json"]
		if !ok || !w.decoded {
			return nil
		}
		if w.unknown != nil {
			out = append(out, works.UnknownMessage(snapshots.Work{ID: iw.ID, Sources: w.unknown}))
		}
	}
	return out
}

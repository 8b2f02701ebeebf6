package orchestrator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// Problem is one thing wrong with a committed snapshot folder.
type Problem struct {
	Path string // relative to the snapshot folder, with forward slashes
	What string // what is off, in words
}

func (p Problem) String() string { return p.Path + ": " + p.What }

// CheckFolder verifies, with no network, that the snapshot folder dir is
// exactly what about fetch would leave for manifest m:
//
//   - canonical: every file re-encodes (snapshots.Canonical) to its own bytes;
//   - consistent: index.json lists the manifest's identities in order, and
//     its works are the manifest's own works together with those of each
//     ORCID record's orcid/ file, in fetch order, with their file names;
//   - complete: every listed work has its works/ file, every ORCID identity
//     its orcid/ file; counts/ files exist only for listed works;
//   - nothing else: no stray files, folders or leftovers of interrupted writes.
//
// It returns the problems sorted by path; none means the folder is good.
func CheckFolder(m *manifest.Manifest, dir string) []Problem {
	c := &folderCheck{dir: dir, files: map[string][]byte{}, ids: map[string]string{}}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return []Problem{{Path: ".", What: fmt.Sprintf("no snapshot folder at %s (run about fetch to create it)", dir)}}
	}
	c.scan()
	idx, haveIndex := c.index()
	expected, orcidFiles, complete := c.expected(m)

	if haveIndex {
		c.identities(m, idx)
	}
	listed := map[string]string{} // work key → file name
	var listedOrder []string
	if haveIndex {
		listed, listedOrder = c.indexWorks(idx, expected, complete)
	}
	// Every work the manifest reaches needs its file, listed in the index or not.
	for _, k := range expected {
		if _, ok := listed[k]; !ok {
			if id, err := manifest.ParseKey(k); err == nil {
				listed[k] = snapshots.FileName(id)
				listedOrder = append(listedOrder, k)
			}
		}
	}
	wantWorks := map[string]string{} // file name → key
	for _, k := range listedOrder {
		wantWorks[listed[k]] = k
	}
	for _, k := range listedOrder {
		c.workFile(k, listed[k])
	}
	for name := range c.inFolder(snapshots.WorksDir) {
		if _, ok := wantWorks[name]; !ok {
			c.add(snapshots.WorksDir+"/"+name+".json", "stray: no work of the manifest, its ORCID records or index.json has this file")
		}
	}
	for name := range c.inFolder(snapshots.CountsDir) {
		k, ok := wantWorks[name]
		if !ok {
			c.add(snapshots.CountsDir+"/"+name+".json", "stray: counts of a work that is not listed")
			continue
		}
		c.countsFile(k, name)
	}
	for name := range c.inFolder(snapshots.ORCIDDir) {
		if !orcidFiles[name] {
			c.add(snapshots.ORCIDDir+"/"+name+".json", "stray: not an ORCID iD of the manifest")
		}
	}
	c.links(listed)
	sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].Path < c.problems[j].Path })
	return c.problems
}

// folderCheck is the state of one CheckFolder.
type folderCheck struct {
	dir      string
	toRead   []string          // files in known places, relative paths
	files    map[string][]byte // relative path → bytes, for every file read that is valid JSON
	ids      map[string]string // relative path → the file's top-level "id", if any
	problems []Problem
}

func (c *folderCheck) add(p, format string, args ...any) {
	c.problems = append(c.problems, Problem{Path: p, What: fmt.Sprintf(format, args...)})
}

// scan reads the folder: known places are index.json and *.json directly
// in works/, counts/ and orcid/; everything else is stray. Every file in a
// known place must be canonical JSON.
func (c *folderCheck) scan() {
	defer c.readAll()
	root, err := os.ReadDir(c.dir)
	if err != nil {
		c.add(".", "unreadable: %v", err)
		return
	}
	for _, e := range root {
		name := e.Name()
		switch {
		case e.IsDir() && (name == snapshots.WorksDir || name == snapshots.CountsDir || name == snapshots.ORCIDDir):
			c.scanSub(name)
		case !e.IsDir() && (name == snapshots.IndexFile || name == snapshots.LinksFile):
			c.toRead = append(c.toRead, name)
		case e.IsDir():
			c.add(name+"/", "stray folder: about fetch writes only index.json, links.json, works/, counts/ and orcid/")
		default:
			c.add(name, "stray: about fetch writes only index.json, links.json, works/, counts/ and orcid/")
		}
	}
}

func (c *folderCheck) scanSub(sub string) {
	entries, err := os.ReadDir(filepath.Join(c.dir, sub))
	if err != nil {
		c.add(sub+"/", "unreadable: %v", err)
		return
	}
	for _, e := range entries {
		rel := sub + "/" + e.Name()
		switch {
		case e.IsDir():
			c.add(rel+"/", "stray folder")
		case strings.HasPrefix(e.Name(), ".tmp-"):
			c.add(rel, "stray: leftover of an interrupted write")
		case !strings.HasSuffix(e.Name(), ".json"):
			c.add(rel, "stray: not a .json snapshot file")
		default:
			c.toRead = append(c.toRead, rel)
		}
	}
}

// readAll reads the files found by scan, on every CPU: re-encoding is
// the bulk of the check's time.
func (c *folderCheck) readAll() {
	type result struct {
		rel     string
		data    []byte
		id      string
		problem string
	}
	results := make([]result, len(c.toRead))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(c.toRead)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := &results[i]
				r.rel = c.toRead[i]
				r.data, r.id, r.problem = c.read(r.rel)
			}
		}()
	}
	for i := range c.toRead {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, r := range results {
		if r.problem != "" {
			c.add(r.rel, "%s", r.problem)
		}
		if r.data != nil {
			c.files[r.rel] = r.data
			c.ids[r.rel] = r.id
		}
	}
}

// read loads a file and checks it is canonical JSON. It returns the data
// only when the file is valid JSON (for the consistency checks), with its
// top-level "id" if it has one, and what is wrong with it if anything.
func (c *folderCheck) read(rel string) (data []byte, id, problem string) {
	data, err := os.ReadFile(filepath.Join(c.dir, filepath.FromSlash(rel)))
	if err != nil {
		return nil, "", fmt.Sprintf("unreadable: %v", err)
	}
	canon, err := snapshots.Canonical(data)
	if err != nil {
		return nil, "", err.Error()
	}
	if !bytes.Equal(canon, data) {
		problem = fmt.Sprintf("not canonical: %s (about fetch rewrites it canonically)", firstDifference(data, canon))
	}
	var head struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(data, &head) == nil {
		id = head.ID
	}
	return data, id, problem
}

// firstDifference says where data first departs from its canonical form.
func firstDifference(data, canon []byte) string {
	n := min(len(data), len(canon))
	i := 0
	for i < n && data[i] == canon[i] {
		i++
	}
	line := bytes.Count(data[:i], []byte("\n")) + 1
	if i == n && len(data) > len(canon) {
		return fmt.Sprintf("extra bytes after the document at line %d", line)
	}
	if i == n {
		return fmt.Sprintf("ends early at line %d (canonical files end with one newline)", line)
	}
	lines := bytes.Split(data, []byte("\n"))
	clines := bytes.Split(canon, []byte("\n"))
	cl := bytes.Count(canon[:i], []byte("\n"))
	got, want := "", ""
	if line-1 < len(lines) {
		got = string(lines[line-1])
	}
	if cl < len(clines) {
		want = string(clines[cl])
	}
	return fmt.Sprintf("line %d is %s, canonical is %s", line, quoteLine(got), quoteLine(want))
}

func quoteLine(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strconv.Quote(s)
}

// inFolder is the names (without .json) of the snapshot files read in sub.
func (c *folderCheck) inFolder(sub string) map[string]bool {
	out := map[string]bool{}
	for rel := range c.files {
		if d, name := path.Split(rel); d == sub+"/" {
			out[strings.TrimSuffix(name, ".json")] = true
		}
	}
	return out
}

func (c *folderCheck) index() (snapshots.Index, bool) {
	var idx snapshots.Index
	data, ok := c.files[snapshots.IndexFile]
	if !ok {
		if !c.reported(snapshots.IndexFile) {
			c.add(snapshots.IndexFile, "missing (about fetch writes it)")
		}
		return idx, false
	}
	if err := strictDecode(data, &idx); err != nil {
		c.add(snapshots.IndexFile, "not an index: %v", err)
		return idx, false
	}
	return idx, true
}

// links checks links.json: present, of its form, and about listed works
// only (a link to a work that is not written would point at nothing).
func (c *folderCheck) links(listed map[string]string) {
	data, ok := c.files[snapshots.LinksFile]
	if !ok {
		if !c.reported(snapshots.LinksFile) {
			c.add(snapshots.LinksFile, "missing (about fetch writes it)")
		}
		return
	}
	var l snapshots.Links
	if err := strictDecode(data, &l); err != nil {
		c.add(snapshots.LinksFile, "not a links file: %v", err)
		return
	}
	named := map[string]bool{}
	for _, x := range slices.Concat(l.Links, l.Undone) {
		named[x.From], named[x.To] = true, true
	}
	for from, to := range l.ShownAs {
		named[from], named[to] = true, true
	}
	for _, k := range slices.Sorted(maps.Keys(named)) {
		if _, ok := listed[k]; !ok {
			c.add(snapshots.LinksFile, "names %s, which is not a listed work", k)
		}
	}
}

// reported tells whether a problem was already recorded for rel.
func (c *folderCheck) reported(rel string) bool {
	for _, p := range c.problems {
		if p.Path == rel {
			return true
		}
	}
	return false
}

// expected lists, in fetch order, the works the manifest reaches: its own
// works and, at each ORCID iD's place, the works of its orcid/ file. It
// also returns the orcid/ file names the manifest accounts for, and
// whether every orcid/ file could be read (else the list is partial).
func (c *folderCheck) expected(m *manifest.Manifest) (order []string, names map[string]bool, complete bool) {
	complete = true
	seen := map[string]bool{}
	addListed := func(k string) {
		if !seen[k] {
			seen[k] = true
			order = append(order, k)
		}
	}
	excluded := map[string]bool{}
	for _, x := range m.Excludes {
		excluded[x.ID.Key()] = true
	}
	add := func(k string) {
		if !excluded[k] { // [[exclude]]d works are never written
			addListed(k)
		}
	}
	names = map[string]bool{}
	for _, e := range m.Identities {
		if e.Kind != manifest.KindORCID {
			add(e.Key())
			continue
		}
		name := snapshots.FileName(e.Identity)
		names[name] = true
		rel := snapshots.ORCIDDir + "/" + name + ".json"
		data, ok := c.files[rel]
		if !ok {
			if !c.reported(rel) {
				c.add(rel, "missing: the works of ORCID record %s (about fetch writes it once the record is read)", e.Value)
			}
			complete = false
			continue
		}
		var exp snapshots.Expansion
		if err := strictDecode(data, &exp); err != nil {
			c.add(rel, "not an ORCID expansion: %v", err)
			complete = false
			continue
		}
		if exp.ORCID != e.Value {
			c.add(rel, "orcid is %q, want %q", exp.ORCID, e.Value)
		}
		for _, k := range exp.Works {
			if _, err := manifest.ParseKey(k); err != nil {
				c.add(rel, "work %q is not an identity: %v", k, err)
				continue
			}
			add(k)
		}
	}
	return order, names, complete
}

// identities compares index.json's identities with the manifest's.
func (c *folderCheck) identities(m *manifest.Manifest, idx snapshots.Index) {
	var want []string
	for _, e := range m.Identities {
		want = append(want, e.Key())
	}
	have := idx.Identities
	inHave, inWant := set(have), set(want)
	for _, k := range want {
		if !inHave[k] {
			c.add(snapshots.IndexFile, "identity %s of the manifest is not listed", k)
		}
	}
	for _, k := range have {
		if !inWant[k] {
			c.add(snapshots.IndexFile, "identity %s is listed but not in the manifest", k)
		}
	}
	if len(have) == len(want) && !c.reported(snapshots.IndexFile) {
		for i := range want {
			if have[i] != want[i] {
				c.add(snapshots.IndexFile, "identities are not in manifest order: #%d is %s, the manifest has %s", i+1, have[i], want[i])
				break
			}
		}
	}
}

// indexWorks compares index.json's works with the expected list and
// returns the listed works with their file names. When the expected list
// is partial (an orcid/ file is missing or unreadable, already reported),
// works it lacks and their order are not held against the index.
func (c *folderCheck) indexWorks(idx snapshots.Index, expected []string, complete bool) (map[string]string, []string) {
	listed := map[string]string{}
	var order []string
	for i, w := range idx.Works {
		id, err := manifest.ParseKey(w.ID)
		if err != nil {
			c.add(snapshots.IndexFile, "works #%d: %q is not an identity: %v", i+1, w.ID, err)
			continue
		}
		if _, dup := listed[w.ID]; dup {
			c.add(snapshots.IndexFile, "work %s is listed twice", w.ID)
			continue
		}
		if want := snapshots.FileName(id); w.File != want {
			c.add(snapshots.IndexFile, "work %s has file %q, want %q", w.ID, w.File, want)
		}
		listed[w.ID] = snapshots.FileName(id)
		order = append(order, w.ID)
	}
	inExpected := set(expected)
	for _, k := range order {
		if complete && !inExpected[k] {
			c.add(snapshots.IndexFile, "work %s is listed but neither the manifest nor an ORCID record's orcid/ file names it", k)
		}
	}
	missing := false
	for _, k := range expected {
		if _, ok := listed[k]; !ok {
			missing = true
			c.add(snapshots.IndexFile, "work %s is not listed (the manifest or an orcid/ file names it)", k)
		}
	}
	if complete && !missing && len(order) == len(expected) {
		for i := range expected {
			if order[i] != expected[i] {
				c.add(snapshots.IndexFile, "works are not in fetch order: #%d is %s, want %s", i+1, order[i], expected[i])
				break
			}
		}
	}
	return listed, order
}

// workFile checks that a listed work has its works/ file, about itself.
func (c *folderCheck) workFile(key, name string) {
	rel := snapshots.WorksDir + "/" + name + ".json"
	if _, ok := c.files[rel]; !ok {
		if !c.reported(rel) {
			c.add(rel, "missing: the file of work %s", key)
		}
		return
	}
	if id := c.ids[rel]; id != key {
		c.add(rel, "id is %q, want %q", id, key)
	}
}

func (c *folderCheck) countsFile(key, name string) {
	rel := snapshots.CountsDir + "/" + name + ".json"
	if id := c.ids[rel]; id != key {
		c.add(rel, "id is %q, want %q", id, key)
	}
}

func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func set(list []string) map[string]bool {
	out := make(map[string]bool, len(list))
	for _, s := range list {
		out[s] = true
	}
	return out
}

// --- check against a fresh fetch ---

// CheckCurrent runs a fetch exactly as about fetch would with opts, but
// into a temporary copy of the committed snapshot folder (opts.Snapshots,
// or the manifest's), and compares the result with the committed folder,
// which is never written. Starting from a copy means a provider that fails
// now keeps its committed values, as it would in a real fetch, instead of
// showing up as a removal.
func CheckCurrent(ctx context.Context, opts Options) (*Report, *Diff, error) {
	committed := opts.Snapshots
	if committed == "" {
		committed = opts.Manifest.Snapshots
	}
	tmp, err := os.MkdirTemp("", "about-check-")
	if err != nil {
		return nil, nil, fmt.Errorf("check: %w", err)
	}
	defer os.RemoveAll(tmp)
	fresh := filepath.Join(tmp, "snapshots")
	if err := copySnapshots(committed, fresh); err != nil {
		return nil, nil, fmt.Errorf("check: copy %s: %w", committed, err)
	}
	opts.Snapshots = fresh
	rep, err := Run(ctx, opts)
	if err != nil {
		return rep, nil, err
	}
	diff, err := CompareFolders(committed, fresh)
	if rep != nil {
		rep.Snapshots = committed + " (fetched into a temporary copy)"
	}
	return rep, diff, err
}

// copySnapshots copies a snapshot folder's files; a missing folder is an
// empty one.
func copySnapshots(src, dst string) error {
	if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dst, 0o755)
	}
	return os.CopyFS(dst, os.DirFS(src))
}

// Diff is how a fresh fetch differs from the committed snapshot folder,
// kept in the folder's three kinds of change.
type Diff struct {
	Works  []FileDiff // works/: bibliographic metadata
	Counts []FileDiff // counts/: volatile counters
	Lists  []FileDiff // index.json and orcid/: which works there are
}

// FileDiff is one file's change.
type FileDiff struct {
	Path   string        // relative to the snapshot folder, with forward slashes
	ID     string        // the file's identity key, when it has one
	Change string        // "added", "removed" or "changed"
	Fields []FieldChange // for "changed": each differing field, in path order
}

// FieldChange is one differing value. Old or New is "" when the field is
// absent on that side; otherwise they are compact JSON.
type FieldChange struct {
	Field    string // e.g. record.title, sources[crossref].record.issued.year
	Provider string // the provider that supplied the value, when known
	Old, New string
}

// Empty reports whether nothing differs (counters aside, if ignoreCounts).
func (d *Diff) Empty(ignoreCounts bool) bool {
	return len(d.Works) == 0 && len(d.Lists) == 0 && (ignoreCounts || len(d.Counts) == 0)
}

// CompareFolders compares two snapshot folders file by file and field by
// field. A missing folder compares as an empty one.
func CompareFolders(oldDir, newDir string) (*Diff, error) {
	oldFiles, err := snapshotFiles(oldDir)
	if err != nil {
		return nil, err
	}
	newFiles, err := snapshotFiles(newDir)
	if err != nil {
		return nil, err
	}
	var paths []string
	for p := range oldFiles {
		paths = append(paths, p)
	}
	for p := range newFiles {
		if _, ok := oldFiles[p]; !ok {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	d := &Diff{}
	for _, p := range paths {
		a, inOld := oldFiles[p]
		b, inNew := newFiles[p]
		if inOld && inNew && bytes.Equal(a, b) {
			continue
		}
		fd := FileDiff{Path: p}
		switch {
		case !inOld:
			fd.Change, fd.ID = "added", fileID(b)
		case !inNew:
			fd.Change, fd.ID = "removed", fileID(a)
		default:
			fd.Change, fd.ID = "changed", fileID(b)
			fd.Fields = compareJSON(a, b)
		}
		switch {
		case strings.HasPrefix(p, snapshots.WorksDir+"/"):
			d.Works = append(d.Works, fd)
		case strings.HasPrefix(p, snapshots.CountsDir+"/"):
			d.Counts = append(d.Counts, fd)
		default:
			d.Lists = append(d.Lists, fd)
		}
	}
	return d, nil
}

// snapshotFiles reads every file of a snapshot folder by relative path.
func snapshotFiles(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if e.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read snapshots %s: %w", dir, err)
	}
	return out, nil
}

func fileID(data []byte) string {
	var head struct {
		ID    string `json:"id"`
		ORCID string `json:"orcid"`
	}
	if json.Unmarshal(data, &head) != nil {
		return ""
	}
	if head.ID == "" && head.ORCID != "" {
		return "orcid:" + head.ORCID
	}
	return head.ID
}

// absent marks a field missing on one side of a comparison.
type absent struct{}

// compareJSON lists the fields that differ between two JSON documents.
// Arrays of objects that name a provider (sources) or an id (index works)
// are compared by that name; other arrays element by element when their
// lengths agree, else as one value. A document that is not JSON compares
// as one value.
func compareJSON(a, b []byte) []FieldChange {
	va, errA := decodeLoose(a)
	vb, errB := decodeLoose(b)
	if errA != nil || errB != nil {
		return []FieldChange{{Field: "(whole file)", Old: clip(string(a)), New: clip(string(b))}}
	}
	var out []FieldChange
	walkDiff("", va, vb, &out)
	// Name the provider of each field: sources[P] carries it; a merged
	// record field has it in provenance (new side first, else old).
	prov := provenanceOf(vb)
	oldProv := provenanceOf(va)
	for i := range out {
		out[i].Provider = providerOf(out[i].Field, prov, oldProv)
	}
	return out
}

func decodeLoose(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func walkDiff(p string, a, b any, out *[]FieldChange) {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := map[string]bool{}
		for k := range av {
			keys[k] = true
		}
		for k := range bv {
			keys[k] = true
		}
		for _, k := range sortedKeys(keys) {
			x, inA := av[k]
			y, inB := bv[k]
			var xa, yb any = x, y
			if !inA {
				xa = absent{}
			}
			if !inB {
				yb = absent{}
			}
			walkDiff(join(p, k), xa, yb, out)
		}
		return
	case []any:
		bv, ok := b.([]any)
		if !ok {
			break
		}
		if key := arrayKey(av, bv); key != "" {
			am, bm := keyed(av, key), keyed(bv, key)
			names := map[string]bool{}
			for k := range am {
				names[k] = true
			}
			for k := range bm {
				names[k] = true
			}
			for _, k := range sortedKeys(names) {
				x, inA := am[k]
				y, inB := bm[k]
				var xa, yb any = x, y
				if !inA {
					xa = absent{}
				}
				if !inB {
					yb = absent{}
				}
				walkDiff(p+"["+k+"]", xa, yb, out)
			}
			return
		}
		if len(av) == len(bv) {
			for i := range av {
				walkDiff(p+"["+strconv.Itoa(i)+"]", av[i], bv[i], out)
			}
			return
		}
	}
	ea, eb := render(a), render(b)
	if ea != eb {
		*out = append(*out, FieldChange{Field: p, Old: ea, New: eb})
	}
}

func join(p, k string) string {
	if p == "" {
		return k
	}
	return p + "." + k
}

// arrayKey is the member that names each element of both arrays, if every
// element is an object with a distinct string "provider" or "id".
func arrayKey(a, b []any) string {
	for _, key := range []string{"provider", "id"} {
		ok := len(a)+len(b) > 0
		seenA, seenB := map[string]bool{}, map[string]bool{}
		for _, list := range []struct {
			items []any
			seen  map[string]bool
		}{{a, seenA}, {b, seenB}} {
			for _, el := range list.items {
				m, isObj := el.(map[string]any)
				s, isStr := m[key].(string)
				if !isObj || !isStr || list.seen[s] {
					ok = false
					break
				}
				list.seen[s] = true
			}
		}
		if ok {
			return key
		}
	}
	return ""
}

func keyed(list []any, key string) map[string]any {
	out := map[string]any{}
	for _, el := range list {
		m := el.(map[string]any)
		out[m[key].(string)] = m
	}
	return out
}

// render is a value as compact JSON, or "" when absent.
func render(v any) string {
	if _, ok := v.(absent); ok {
		return ""
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return clip(strings.TrimSuffix(buf.String(), "\n"))
}

// clip keeps a long value readable in a diff.
func clip(s string) string {
	const max = 400
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%d more bytes)", len(s)-cut)
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func provenanceOf(doc any) map[string]string {
	m, _ := doc.(map[string]any)
	p, _ := m["provenance"].(map[string]any)
	out := map[string]string{}
	for k, v := range p {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}

// providerOf names who supplied a field: the provider in a sources[P]
// path, or the provenance of a merged record field (longest dotted prefix
// without array indexes, e.g. record.ids.doi → "ids.doi").
func providerOf(field string, prov, oldProv map[string]string) string {
	if rest, ok := strings.CutPrefix(field, "sources["); ok {
		if i := strings.IndexByte(rest, ']'); i >= 0 {
			return rest[:i]
		}
	}
	rest, ok := strings.CutPrefix(field, "record.")
	if !ok {
		return ""
	}
	if i := strings.IndexByte(rest, '['); i >= 0 {
		rest = rest[:i]
	}
	for rest != "" {
		if p, ok := prov[rest]; ok {
			return p
		}
		if p, ok := oldProv[rest]; ok {
			return p
		}
		i := strings.LastIndexByte(rest, '.')
		if i < 0 {
			break
		}
		rest = rest[:i]
	}
	return ""
}

// WriteDiff prints a diff for people: one section per kind of change,
// each file as a unified-diff header, each field as an @@ line naming the
// field and its provider, then - old and + new. Counters are left out
// when ignoreCounts. It ends with a one-line verdict.
func (d *Diff) WriteDiff(w io.Writer, ignoreCounts bool) {
	section := func(title string, files []FileDiff) {
		if len(files) == 0 {
			return
		}
		fmt.Fprintf(w, "%s: %d %s\n", title, len(files), plural(len(files), "file", "files"))
		for _, f := range files {
			id := ""
			if f.ID != "" {
				id = "  (" + f.ID + ")"
			}
			switch f.Change {
			case "added":
				fmt.Fprintf(w, "--- /dev/null\n+++ b/%s%s  new\n", f.Path, id)
			case "removed":
				fmt.Fprintf(w, "--- a/%s%s  removed\n+++ /dev/null\n", f.Path, id)
			default:
				fmt.Fprintf(w, "--- a/%s%s\n+++ b/%s\n", f.Path, id, f.Path)
				for _, fc := range f.Fields {
					by := ""
					if fc.Provider != "" {
						by = " (" + fc.Provider + ")"
					}
					fmt.Fprintf(w, "@@ %s%s @@\n", fc.Field, by)
					if fc.Old != "" {
						fmt.Fprintf(w, "-%s\n", fc.Old)
					}
					if fc.New != "" {
						fmt.Fprintf(w, "+%s\n", fc.New)
					}
				}
			}
		}
		fmt.Fprintln(w)
	}
	section("bibliographic changes (works/)", d.Works)
	section("works listed (index.json, orcid/)", d.Lists)
	if ignoreCounts {
		if len(d.Counts) > 0 {
			fmt.Fprintf(w, "volatile counters (counts/): %d %s changed, ignored (--ignore-counts)\n\n", len(d.Counts), plural(len(d.Counts), "file", "files"))
		}
	} else {
		section("volatile counters (counts/)", d.Counts)
	}
	if d.Empty(ignoreCounts) {
		fmt.Fprintln(w, "snapshots are current: a fetch now would write exactly the committed files")
		return
	}
	var parts []string
	if n := len(d.Works); n > 0 {
		parts = append(parts, fmt.Sprintf("%d work %s", n, plural(n, "file", "files")))
	}
	if n := len(d.Lists); n > 0 {
		parts = append(parts, fmt.Sprintf("%d list %s", n, plural(n, "file", "files")))
	}
	if n := len(d.Counts); n > 0 && !ignoreCounts {
		parts = append(parts, fmt.Sprintf("%d counts %s", n, plural(n, "file", "files")))
	}
	fmt.Fprintf(w, "snapshots are out of date: %s would change (run about fetch and commit)\n", strings.Join(parts, ", "))
}

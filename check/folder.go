package check

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
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

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"

	"github.com/aboutscholar/about/snapshots"
)

// Problem is one thing wrong with a committed snapshot folder.
type Problem struct {
	Path string // relative to the snapshot folder, with forward slashes
	What string // what is off, in words
	// Yours: a file about did not write, which no fetch removes; only
	// the user can move it out.
	Yours bool
	// edited: the file's bytes are not those index.json has the digest
	// of, which says no more than that; a problem that names the field of
	// the same file says it better (digested).
	edited bool
}

func (p Problem) String() string { return p.Path + ": " + p.What }

// Folder verifies, with no network, that the snapshot folder dir is
// exactly what about fetch would leave for manifest m:
//
//   - canonical: every file re-encodes (Canonical) to its own bytes;
//   - consistent: index.json lists the manifest's identities in order, and
//     its works are the manifest's own works together with those of each
//     ORCID record's orcid/ file and the published versions their
//     preprints link to (fetched with follow_published), in fetch order,
//     with their file names;
//   - complete: every listed work has its works/ file, every ORCID identity
//     its orcid/ file; counts/ files exist only for listed works; no work
//     file is an empty record no service answered about;
//   - nothing else of about's: no stray snapshot files (names about writes
//     that no listed work has) and no leftovers of interrupted writes.
//     Hidden files (.gitkeep, .gitattributes, .DS_Store) and a README are
//     the user's and are not checked; any other file in works/, counts/ or
//     orcid/, or a .json beside index.json, is a stray (see scan).
//
// It returns the problems sorted by path; none means the folder is good.
func Folder(m *manifest.Manifest, dir string) []Problem {
	return newFolderCheck(dir).run(m)
}

func newFolderCheck(dir string) *folderCheck {
	return &folderCheck{dir: dir, files: map[string][]byte{}, ids: map[string]string{}, empty: map[string]bool{}, digests: map[string][32]byte{}}
}

func (c *folderCheck) run(m *manifest.Manifest) []Problem {
	dir := c.dir
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return []Problem{{Path: ".", What: fmt.Sprintf("no snapshot folder at %s (run about fetch to create it)", dir)}}
	}
	c.scan()
	schema, readable := c.schema()
	if !readable {
		return c.problems
	}
	idx, haveIndex := c.index()
	expected, orcidFiles, complete := c.expected(m)

	if haveIndex {
		c.identities(m, idx)
	}
	listed := map[string]string{} // work key → file name
	var listedOrder []string
	if haveIndex {
		listed, listedOrder = c.indexWorks(m, idx, expected, complete)
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
	if haveIndex && schema >= snapshots.DigestsSchema {
		c.digested(idx)
	}
	sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].Path < c.problems[j].Path })
	return c.problems
}

// folderCheck is the state of one Folder.
type folderCheck struct {
	dir      string
	toRead   []string            // files in known places, relative paths
	files    map[string][]byte   // relative path → bytes, for every file read that is valid JSON (nil for works/ and counts/: bulkFile)
	ids      map[string]string   // relative path → the file's top-level "id", if any
	empty    map[string]bool     // work files no service answered about (neverAnswered)
	digests  map[string][32]byte // relative path → the SHA-256 of its bytes, for each canonical works/, counts/ and orcid/ file
	problems []Problem
	opts     folderOptions
}

func (c *folderCheck) add(p, format string, args ...any) {
	c.problems = append(c.problems, Problem{Path: p, What: fmt.Sprintf(format, args...)})
}

// addYours adds a problem with a file about did not write (Problem.Yours).
func (c *folderCheck) addYours(p, format string, args ...any) {
	c.problems = append(c.problems, Problem{Path: p, What: fmt.Sprintf(format, args...), Yours: true})
}

// scan reads the folder: about's files are index.json, links.json,
// unclaimed.json and snapshot-named *.json directly in works/, counts/
// and orcid/, and every file of about's must be canonical JSON. .tmp-*
// leftovers are problems, and so is anything else in about's own folders
// or a .json file beside index.json: fetch never writes nor removes
// them, so a misplaced or hand-renamed snapshot there would pass the gate
// unread. The user's own are hidden files (.gitkeep, .gitattributes,
// .DS_Store), a README, and other files and folders at the top.
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
		case !e.IsDir() && (name == snapshots.IndexFile || name == snapshots.LinksFile || name == snapshots.UnclaimedFile):
			c.readIfFile(name, e)
		case !e.IsDir() && snapshots.IsTempName(name):
			c.add(name, "stray: leftover of an interrupted write")
		case !e.IsDir() && strings.HasSuffix(name, ".json") && !usersOwn(name):
			c.addYours(name, "stray: a .json file about does not write beside %s, so never checked nor removed; move it out of the snapshot folder", snapshots.IndexFile)
		}
	}
}

// usersOwn reports a name in about's folders that is the user's, not a
// stray: a hidden file (.gitkeep, .gitattributes, .DS_Store, the lock)
// or a README.
func usersOwn(name string) bool {
	return strings.HasPrefix(name, ".") || snapshots.IsReadme(name)
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
		case snapshots.IsTempName(e.Name()):
			c.add(rel, "stray: leftover of an interrupted write")
		case usersOwn(e.Name()):
		case e.IsDir():
			c.addYours(rel+"/", "stray: a folder in %s/, where about writes only its own files; move it out of the snapshot folder", sub)
		case !snapshots.IsOwnFile(e.Name()):
			c.addYours(rel, "stray: not a file about writes (its names here are <kind>_<escaped id>.json), so never checked nor removed; move it out of the snapshot folder")
		default:
			c.readIfFile(rel, e)
		}
	}
}

// readIfFile queues the file at rel to be read, or tells it is not a file
// about writes. A symbolic link is never read through: a pull request can
// commit one pointing anywhere on the machine CI checks it on, and the
// check would quote its target's first line in the log. A named pipe
// would never end.
func (c *folderCheck) readIfFile(rel string, e fs.DirEntry) {
	switch t := e.Type(); {
	case t.IsRegular():
		c.toRead = append(c.toRead, rel)
	case t&fs.ModeSymlink != 0:
		c.add(rel, "a symbolic link, not read: about writes its files itself and reads none through a link; delete the link (about fetch writes the file again if a work needs it)")
	default:
		c.add(rel, "not a regular file (%v), not read: delete it (about fetch writes the file again if a work needs it)", t)
	}
}

// readAll reads the files found by scan, on every CPU: re-encoding is
// the bulk of the check's time.
func (c *folderCheck) readAll() {
	type result struct {
		rel     string
		data    []byte
		bulk    bool // a works/ or counts/ file that is JSON; data dropped
		facts   fileFacts
		problem string
	}
	results := make([]result, len(c.toRead))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(c.toRead)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var scratch readScratch // this goroutine's, reused file to file
			for i := range next {
				r := &results[i]
				r.rel = c.toRead[i]
				r.data, r.facts, r.problem = c.read(r.rel, &scratch)
				if r.data != nil && bulkFile(r.rel) {
					r.data, r.bulk = nil, true // read and JSON: its facts are enough, and the folder need not stay in memory
				}
			}
		}()
	}
	for i := range c.toRead {
		next <- i
	}
	close(next)
	wg.Wait()
	var crlfOnly []string
	for _, r := range results {
		if r.problem != "" {
			c.add(r.rel, "%s", r.problem)
		}
		if r.facts.lineEndings {
			crlfOnly = append(crlfOnly, r.rel)
		}
		if r.data != nil || r.bulk {
			c.files[r.rel] = r.data
			c.ids[r.rel] = r.facts.id
			c.empty[r.rel] = r.facts.empty
			if r.facts.digested {
				c.digests[r.rel] = r.facts.digest
			}
		}
	}
	c.lineEndings(crlfOnly)
}

// read loads a file and checks it is canonical JSON. It returns the data
// only when the file is valid JSON (for the consistency checks), with its
// top-level "id" if it has one, and what is wrong with it if anything.
// A work file goes to OnWork too.
func (c *folderCheck) read(rel string, scratch *readScratch) (data []byte, facts fileFacts, problem string) {
	crlfOnly := false
	data, err := c.readFile(filepath.Join(c.dir, filepath.FromSlash(rel)), bulkFile(rel), scratch)
	if err != nil {
		return nil, facts, fmt.Sprintf("unreadable: %v", err)
	}
	written := data                   // the bytes fetch would have written: with LF line endings
	if !snapshots.IsCanonical(data) { // nearly every file is: no need to re-encode it to see
		canon, err := scratch.canon.Canonical(data)
		if err != nil {
			return nil, facts, checkDamage(data, err)
		}
		problem = notCanonical(data, canon)
		crlfOnly = problem == "" && !bytes.Equal(canon, data)
		written = canon
	}
	facts, ok := canonicalFacts(data)
	if !ok || problem != "" || crlfOnly {
		facts = factsOf(data)
	}
	facts.lineEndings = crlfOnly
	if problem == "" && snapshots.Digested(rel) {
		// A checkout's CRLF is told once for the folder, not as an edit
		// of every file: the digest is of the bytes with LF.
		facts.digest, facts.digested = sha256.Sum256(written), true
	}
	if d, _ := path.Split(rel); d == snapshots.WorksDir+"/" && c.opts.OnWork != nil {
		c.opts.OnWork(rel, data)
	}
	return data, facts, problem
}

// notCanonical is what is wrong with data, whose canonical form is canon:
// "" when nothing, or only its line endings (told once for the folder,
// see lineEndings), else where it first differs.
func notCanonical(data, canon []byte) string {
	if bytes.Equal(canon, data) || snapshots.OnlyLineEndings(data, canon) {
		return ""
	}
	what := firstDifference(data, canon)
	if lfData := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")); len(lfData) < len(data) {
		what = firstDifference(lfData, canon) + ", and its lines end in CRLF"
	}
	return fmt.Sprintf("not canonical: %s (about fetch rewrites it canonically)", what)
}

// lineEndings adds the one problem of the files whose only fault is CRLF
// line endings, naming the first and how many: a folder checked out with
// core.autocrlf has every file so, and one line saying why beats a line
// a file.
func (c *folderCheck) lineEndings(files []string) {
	if len(files) == 0 {
		return
	}
	slices.Sort(files)
	what := files[0]
	if n := len(files) - 1; n > 0 {
		what = fmt.Sprintf("%s and %d more %s", files[0], n, english.Plural(n, "file", "files"))
	}
	c.add(".", "%s %s Windows line endings (CRLF) where about writes LF, and are otherwise canonical: %s (about fetch rewrites them with LF)",
		what, english.Plural(len(files), "has", "have"), snapshots.LineEndingsHint)
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

// schema checks index.json's layout version (see the package doc). A
// folder of a layout this about does not read is that one problem alone:
// its files cannot be judged by this about's rules. A missing or damaged
// index is index's to report.
func (c *folderCheck) schema() (version int, readable bool) {
	var head struct {
		Schema int `json:"schema"`
	}
	if data, ok := c.files[snapshots.IndexFile]; !ok || json.Unmarshal(data, &head) != nil {
		return snapshots.SchemaVersion, true
	}
	var bad *snapshots.SchemaError
	if errors.As(snapshots.SchemaReadable(snapshots.IndexFile, head.Schema), &bad) {
		c.problems = []Problem{{Path: snapshots.IndexFile, What: bad.Reason()}}
		return head.Schema, false
	}
	if head.Schema < snapshots.SchemaVersion {
		c.add(snapshots.IndexFile, "snapshot schema %d%s, not the %d fetch writes: run about fetch to migrate it", head.Schema, olderSchema(head.Schema), snapshots.SchemaVersion)
	}
	return head.Schema, true
}

// olderSchema explains an older schema in a message: what its folder
// lacks, so what check cannot hold it to.
func olderSchema(v int) string {
	switch {
	case v == 0:
		return ` (no "schema": written before about versioned its folders)`
	case v < snapshots.DigestsSchema:
		return " (written before index.json held its files' digests, so check cannot tell a hand edit of its files)"
	}
	return ""
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
// works and, at each ORCID iD's place, the works of its orcid/ file, then
// the published versions of their preprints that links.json names. It
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
		if !manifest.IsPerson(e.Kind) { // an ORCID iD or a dblp person: their works are in their files
			add(e.Key())
			continue
		}
		name := snapshots.FileName(e.Identity)
		names[name] = true
		rel := snapshots.ORCIDDir + "/" + name + ".json"
		data, ok := c.files[rel]
		if !ok {
			if !c.reported(rel) {
				c.add(rel, "missing: the works of %s (about fetch writes it once the record is read)", personLabel(e.Identity))
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
	if m.FollowPublished {
		for _, k := range c.linkedWorks(order) {
			add(k)
		}
	}
	return order, names, complete
}

// linkedWorks lists the published versions about fetch brought in for the
// preprints among works (origin "linked:<preprint>"), in the order it
// fetches them: the preprints' order, then the published version's key
// (links.json's order). They are the preprint-of links from a work to a
// work that is not one. An unreadable links.json is reported by links.
func (c *folderCheck) linkedWorks(works []string) []string {
	data, ok := c.files[snapshots.LinksFile]
	if !ok {
		return nil
	}
	var l snapshots.Links
	if err := strictDecode(data, &l); err != nil {
		return nil
	}
	in := set(works)
	var out []string
	for _, k := range works {
		for _, x := range l.Links {
			if x.Kind == manifest.LinkPreprintOf && x.From == k && !in[x.To] {
				in[x.To] = true
				out = append(out, x.To)
			}
		}
	}
	return out
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
// works it lacks and their order are not held against the index; a work
// an [[exclude]] of m names is never expected, so listed it is an exclude
// not fetched yet, said with its manifest line.
func (c *folderCheck) indexWorks(m *manifest.Manifest, idx snapshots.Index, expected []string, complete bool) (map[string]string, []string) {
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
	excludedAt := map[string]int{} // work key → line of its [[exclude]]
	for _, x := range m.Excludes {
		if _, seen := excludedAt[x.ID.Key()]; !seen {
			excludedAt[x.ID.Key()] = x.Line
		}
	}
	for _, k := range order {
		if line, ok := excludedAt[k]; ok {
			c.add(snapshots.IndexFile, "work %s is listed, but the manifest's [[exclude]] at %s:%d leaves it out: the exclude is not applied yet: run about fetch", k, m.Path, line)
			continue
		}
		if complete && !inExpected[k] {
			c.add(snapshots.IndexFile, "work %s is listed but neither the manifest, an ORCID record's orcid/ file nor a preprint's link in links.json names it", k)
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
	if c.empty[rel] {
		c.add(rel, "incomplete: no service has answered about work %s, so its record is empty and it would show as \"Untitled\" (about fetch fills it once a service answers)", key)
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

// personLabel names a person identity in messages: "ORCID record <iD>",
// "dblp person <pid>".
func personLabel(id manifest.Identity) string {
	switch id.Kind {
	case manifest.KindDBLP:
		return "dblp person " + id.Value
	case manifest.KindINSPIRE:
		return "INSPIRE author " + id.Value
	}
	return "ORCID record " + id.Value
}

// Package output writes what render makes into the user's folders by one
// rule: about replaces only what it wrote. It lists each file it writes,
// with its hash, in WrittenList beside it; keeps a file it did not write
// or one edited since unless forced; stages every file beside its path and
// renames it into place only when all are made; and removes the files an
// earlier render of the same format wrote that this one does not. It knows
// no format: a format is a name, the key of its list.
package output

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/snapshots"
)

// WrittenList is the file under a folder format's --out that lists the
// files about render wrote there, per format, with a hash of each: a
// later render removes the listed files it no longer writes (a work
// excluded, or its citation key changed) and so never touches a file it
// did not write, nor one edited since.
const WrittenList = ".about-render.json"

// written is WrittenList's content: format → path (relative to --out,
// forward slashes) → what about wrote there.
type written map[string]map[string]writtenFile

// writtenFile is one file about wrote: the sha256 of its bytes, and the
// work it puts on the site (for the message when it is kept). Pending is
// the hash of the bytes a render is about to write over SHA256's: the list
// goes to disk before the files, so a render cut between the two leaves
// either content there, and both are about's.
type writtenFile struct {
	SHA256  string `json:"sha256"`
	Pending string `json:"pending,omitempty"`
	Work    string `json:"work,omitempty"`
}

// holds is whether a file whose bytes hash to hash is what about wrote.
func (w writtenFile) holds(hash string) bool {
	return hash == w.SHA256 || w.Pending != "" && hash == w.Pending
}

// UnmarshalJSON also reads the first lists' form, the hash alone.
func (w *writtenFile) UnmarshalJSON(data []byte) error {
	var hash string
	if json.Unmarshal(data, &hash) == nil {
		*w = writtenFile{SHA256: hash}
		return nil
	}
	type plain writtenFile
	return json.Unmarshal(data, (*plain)(w))
}

// File is one file of a folder format, its path relative to the site's
// root folder (--out), with forward slashes.
type File struct {
	Path string
	Data []byte
	Work string // identity key of the work the file puts on the site, for the messages about it
	// Write, when set, makes Data as it is written (Data is nil): a list
	// page of 10,000 entries is tens of megabytes.
	Write func(*bufio.Writer) error
}

// FileNote is a file WriteFiles removed or left alone, and why.
type FileNote struct {
	Path string // relative to --out, forward slashes
	Work string // identity key of the work it puts on the site; "" when unknown
	Why  string // for a kept file: why it was not removed or rewritten
	Link string // a one-file --out that is a symbolic link: what it points to
}

// Outcome is what WriteFiles did besides writing: a render says each of
// these, so no file of the user's site changes or stays behind unsaid.
type Outcome struct {
	Removed    []FileNote // files an earlier render wrote that this one does not
	KeptStale  []FileNote // such files kept: edited since, or not safely removable
	KeptEdited []FileNote // files this render would rewrite, kept because edited since
}

// WriteFiles writes a folder format's files under root, each replaced
// atomically, then removes the files an earlier render of the same format
// wrote there that this one does not (and the folders that leaves empty).
// A file whose content is not what about last wrote there (the user
// edited it, or wrote it before about did) is not overwritten unless
// force. The list is first widened to old ∪ new, with both hashes of each
// file about overwrites, so a render cut short still knows every file it
// may have written and still takes its unwritten files for its own.
func WriteFiles(root string, format string, files []File, force bool) (Outcome, error) {
	return WriteFilesFrom(root, format, force, func(emit func(File) error) error {
		for _, f := range files {
			if err := emit(f); err != nil {
				return err
			}
		}
		return nil
	})
}

// WriteFilesFrom is WriteFiles for files made one at a time (each,
// emitted, may be dropped by its maker): each one to write goes to a
// temporary file beside its path as it comes, so the site is never held
// whole; none is renamed into place before every file is made and the
// list holds them all, and a failure before that removes the temporary
// files and leaves the site as it was.
func WriteFilesFrom(root string, format string, force bool, files func(emit func(File) error) error) (out Outcome, err error) {
	listPath, list, err := openWritten(root)
	if err != nil {
		return out, err
	}
	s := newStager(root, list[format], force, &out)
	defer s.discard()
	if err := files(s.stageFile); err != nil {
		return out, err
	}
	list[format] = mergeEntries(s.old, s.now, s.pending)
	if err := writeWritten(listPath, list); err != nil {
		return out, err
	}
	if err := s.commit(); err != nil {
		return out, err
	}
	// Removal goes through os.Root: the list is a file anyone can edit,
	// and a symbolic link under root must not let it reach outside.
	r, err := os.OpenRoot(root)
	if err != nil {
		return out, err
	}
	defer r.Close()
	for p, w := range removeStale(r, s.old, s.now, &out) {
		s.now[p] = w
	}
	list[format] = s.now
	return out, writeWritten(listPath, list)
}

// stager decides, file by file, what a render writes (plan), and holds
// each file to write in a temporary file beside its path until commit
// renames it into place.
type stager struct {
	root    string
	old     map[string]writtenFile // the format's list before this render
	force   bool
	out     *Outcome
	now     map[string]writtenFile // the list entries for this render's files
	pending map[string]writtenFile // for each listed file it overwrites: both hashes, until it is written
	staged  []stagedFile           // in the order made
	swept   map[string]bool        // folders whose dead renders' temporary files are removed
}

// stagedFile is a file made and not yet in place: its bytes are in tmp.
type stagedFile struct{ path, tmp string }

func newStager(root string, old map[string]writtenFile, force bool, out *Outcome) *stager {
	return &stager{root: root, old: old, force: force, out: out, now: map[string]writtenFile{}, pending: map[string]writtenFile{}, swept: map[string]bool{}}
}

// stageFile plans one file and, when it is to be written, puts its bytes
// in a temporary file (one made as it is written goes there first).
func (s *stager) stageFile(f File) error {
	s.sweep(filepath.Join(s.root, filepath.FromSlash(f.Path)))
	if f.Write != nil {
		hash, err := s.stageStream(f.Path, f.Write)
		if err != nil {
			return err
		}
		if !s.plan(f.Path, f.Work, hash) {
			os.Remove(s.staged[len(s.staged)-1].tmp)
			s.staged = s.staged[:len(s.staged)-1]
		}
		return nil
	}
	if !s.plan(f.Path, f.Work, hashOf(f.Data)) {
		return nil
	}
	tmp, err := s.tempBeside(filepath.Join(s.root, filepath.FromSlash(f.Path)))
	if err != nil {
		return err
	}
	s.staged = append(s.staged, stagedFile{path: f.Path, tmp: tmp.Name()})
	if _, err := tmp.Write(f.Data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", f.Path, err)
	}
	return closeSynced(tmp, f.Path)
}

// plan decides whether the file at path (relative to root), whose new
// bytes hash to hash, is written: not there, holding what about last
// wrote there, or (with force) edited. It records the file's list entries
// and, for a kept file, the Outcome's note.
func (s *stager) plan(path, work, hash string) bool {
	entry := writtenFile{SHA256: hash, Work: work}
	current, err := fileHash(filepath.Join(s.root, filepath.FromSlash(path)))
	prev, listed := s.old[path]
	write := false
	switch {
	case err != nil: // not there (or unreadable: writing it says why)
		write = true
	case current == hash: // already so: not rewritten, so its time stays
	case s.force || (listed && prev.holds(current)):
		write = true
		if listed {
			s.pending[path] = writtenFile{SHA256: aboutHash(prev, current), Pending: entry.SHA256, Work: work}
		}
	default:
		why := "edited since about wrote it"
		if !listed {
			why = "about did not write it"
		}
		s.out.KeptEdited = append(s.out.KeptEdited, FileNote{Path: path, Work: work, Why: why})
		if !listed {
			return false // the user's file: not about's to list
		}
		entry.SHA256 = prev.SHA256 // still edited next time
	}
	s.now[path] = entry
	return write
}

// commit renames every staged file into place, in the order made, then
// makes the renames durable, one sync of each folder.
func (s *stager) commit() error {
	dirs := map[string]bool{}
	for len(s.staged) > 0 {
		f := s.staged[0]
		to := filepath.Join(s.root, filepath.FromSlash(f.path))
		if err := os.Rename(f.tmp, to); err != nil {
			return fmt.Errorf("replace %s: %w", to, err)
		}
		s.staged = s.staged[1:]
		dirs[filepath.Dir(to)] = true
	}
	for d := range dirs {
		syncDir(d)
	}
	return nil
}

// discard removes the temporary files not renamed into place.
func (s *stager) discard() {
	for _, f := range s.staged {
		os.Remove(f.tmp)
	}
	s.staged = nil
}

// tempMark starts a temporary file's name, as snapshots names its own:
// the one mark for a file about is still writing. A render's carry its
// process id (tempMark + "render-<pid>-…"), so a later render can tell
// those of a render that was killed (a second Ctrl-C, a SIGKILL) from
// those of one still running in the same folder, and remove them: a
// site's thousands of leftovers would otherwise be committed and served.
const tempMark = ".tmp-"

// renderTemp starts the name of this process's temporary files.
func renderTemp() string { return fmt.Sprintf("%srender-%d-", tempMark, os.Getpid()) }

// tempBeside creates a temporary file in path's folder (made if missing),
// where renaming it over path is atomic, once a render per folder first
// removing the temporary files of renders no longer running.
func (s *stager) tempBeside(path string) (*os.File, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	s.sweep(path)
	tmp, err := os.CreateTemp(dir, renderTemp()+"*")
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return tmp, nil
}

// sweep removes, once a render per folder, the temporary files of
// renders no longer running from path's folder: whether or not this
// render writes there, a killed one may have.
func (s *stager) sweep(path string) {
	if dir := filepath.Dir(path); !s.swept[dir] {
		s.swept[dir] = true
		removeDeadTemps(dir)
	}
}

// removeDeadTemps removes the temporary files in dir that a render no
// longer running left behind; anything else, and any file it cannot
// read the process of, is left alone.
func removeDeadTemps(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), tempMark+"render-")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || snapshots.ProcessAlive(pid) {
			continue
		}
		_ = os.Remove(filepath.Join(dir, e.Name()))
	}
}

// closeSynced gives a staged file the mode of a written one, syncs and
// closes it: once renamed, it is there whole or not at all.
func closeSynced(tmp *os.File, name string) error {
	err := tmp.Chmod(0o644)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// syncDir makes the renames in dir durable where the platform allows;
// failure is harmless (some systems cannot fsync a directory).
func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

// aboutHash is which of prev's hashes about's file holds: current when it
// is one of them, else (a file edited, overwritten by force) the one
// about wrote, so a cut render does not adopt the user's bytes as about's.
func aboutHash(prev writtenFile, current string) string {
	if prev.holds(current) {
		return current
	}
	return prev.SHA256
}

// removeStale removes each file of old that now lacks, when it still holds
// what about wrote, and returns the entries to keep listing: files kept,
// which a later render still warns about until they are deleted by hand.
func removeStale(r *os.Root, old, now map[string]writtenFile, out *Outcome) map[string]writtenFile {
	keep := map[string]writtenFile{}
	for _, p := range sortedKeys(old) {
		if _, kept := now[p]; kept {
			continue
		}
		w := old[p]
		note := FileNote{Path: p, Work: w.Work}
		if !insideRoot(p) {
			note.Why = "its path leaves --out"
			out.KeptStale = append(out.KeptStale, note)
			continue // a hand-made entry: dropped from the list
		}
		data, err := readRegular(r, p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // gone already
		case err != nil:
			note.Why = "not removed: " + err.Error()
		case !w.holds(hashOf(data)):
			note.Why = "edited since about wrote it"
		default:
			if err := r.Remove(filepath.FromSlash(p)); err != nil {
				note.Why = "not removed: " + err.Error()
				break
			}
			out.Removed = append(out.Removed, note)
			removeEmptyParents(r, path.Dir(p))
			continue
		}
		out.KeptStale = append(out.KeptStale, note)
		keep[p] = w
	}
	return keep
}

// readRegular reads the regular file p under r; a symbolic link is not
// followed out of r, and a link in p's place is not about's file.
func readRegular(r *os.Root, p string) ([]byte, error) {
	name := filepath.FromSlash(p)
	fi, err := r.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", p)
	}
	f, err := r.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// removeEmptyParents removes dir and its parents up to root while they are
// empty folders (a Hugo bundle's once its files are gone); it stops at the
// first that is not a real folder, as removing a symbolic link to the
// user's folder would unlink it whatever it holds, and os.Root.Remove
// fails on a folder that still holds anything, such as a featured image.
func removeEmptyParents(r *os.Root, dir string) {
	for dir != "." && dir != "/" && dir != "" {
		name := filepath.FromSlash(dir)
		fi, err := r.Lstat(name)
		if err != nil || !fi.IsDir() || r.Remove(name) != nil {
			return
		}
		dir = path.Dir(dir)
	}
}

// insideRoot is whether p, a path from the list, names a file under
// --out on every system: forward slashes only (a backslash separates on
// Windows), local (no "..", no volume name such as C: or \\host\share),
// and clean.
func insideRoot(p string) bool {
	return p != "" && !strings.ContainsAny(p, `\:`) && path.Clean(p) == p &&
		filepath.IsLocal(filepath.FromSlash(p))
}

func readWritten(file string) (written, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return written{}, nil
	}
	if err != nil {
		return nil, err
	}
	list := written{}
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("%s: %w (it lists the files about render wrote; delete it to start afresh, and remove stale files by hand)", file, err)
	}
	return list, nil
}

func writeWritten(file string, list written) error {
	for f, files := range list {
		if len(files) == 0 {
			delete(list, f)
		}
	}
	// encoding/json sorts map keys, so the list is byte-stable.
	data, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	return snapshots.WriteFileAtomic(file, append(data, '\n'))
}

// fileHash is hashOf the file at path's bytes, read a piece at a time.
func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func sortedKeys(m map[string]writtenFile) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// WriteFile writes a one-file format's output to path as WriteFiles
// writes each file of a folder: listed, with its hash, in WrittenList
// beside it, and not written over a file about did not write or one
// edited since (a hand-kept papers.bib, custom fields, @strings and all)
// unless force, nor ever over a symbolic link, a folder or a device
// (claimOut): the Outcome's KeptEdited then says why, and nothing at all
// is written. It removes nothing: two renders to two names beside each
// other are two outputs, not a stale one. A file about wrote before it
// kept lists is its own when it carries about's mark (ownMark): the first
// render after an upgrade replaces it.
func WriteFile(path string, format string, data []byte, force bool) (Outcome, error) {
	return WriteFileFrom(path, format, force, func(w *bufio.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFileFrom is WriteFile for bytes write makes as it goes: they go to
// a temporary file beside path, hashed on the way, so the output is never
// held whole; it is renamed over path once the list holds it, and a
// failure before that removes it and leaves path as it was. write may
// also run only to be hashed, written nowhere: a file about would refuse
// is first compared with its bytes.
func WriteFileFrom(path string, format string, force bool, write func(*bufio.Writer) error) (out Outcome, err error) {
	root, name := filepath.Dir(path), filepath.Base(path)
	listPath := filepath.Join(root, WrittenList)
	list, err := readWritten(listPath)
	if err != nil {
		return out, err
	}
	c, err := claimOut(path, name, list, force, func() (string, error) { return hashWritten(write) })
	switch {
	case err != nil:
		return out, err
	case c.keep != nil:
		out.KeptEdited = append(out.KeptEdited, *c.keep)
		return out, nil
	case c.adopt != "":
		list[format] = mergeEntries(list[format], map[string]writtenFile{name: {SHA256: c.adopt}})
		return out, writeWritten(listPath, list)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return out, err
	}
	old := list[format]
	s := newStager(root, old, force || c.take, &out)
	defer s.discard()
	hash, err := s.stageStream(name, write)
	if err != nil {
		return out, err
	}
	if !s.plan(name, "", hash) {
		s.discard()
	}
	list[format] = mergeEntries(old, s.now, s.pending)
	if len(s.staged) == 0 && len(s.pending) == 0 && old[name] == s.now[name] {
		return out, nil // nothing changes: not even the list is rewritten
	}
	if err := writeWritten(listPath, list); err != nil {
		return out, err
	}
	if len(s.staged) == 0 {
		return out, nil
	}
	if err := s.commit(); err != nil {
		return out, err
	}
	list[format][name] = s.now[name]
	return out, writeWritten(listPath, list)
}

// stageStream puts what write makes in a temporary file beside path
// (relative to root), staged, and returns the hash of its bytes.
func (s *stager) stageStream(path string, write func(*bufio.Writer) error) (string, error) {
	tmp, err := s.tempBeside(filepath.Join(s.root, filepath.FromSlash(path)))
	if err != nil {
		return "", err
	}
	s.staged = append(s.staged, stagedFile{path: path, tmp: tmp.Name()})
	h := sha256.New()
	w := bufio.NewWriterSize(io.MultiWriter(tmp, h), 64<<10)
	if err := write(w); err != nil {
		tmp.Close()
		return "", err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), closeSynced(tmp, path)
}

// openWritten makes root if it is not there and reads the list of what
// about wrote in it, which both writers start from.
func openWritten(root string) (listPath string, list written, err error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", nil, err
	}
	listPath = filepath.Join(root, WrittenList)
	list, err = readWritten(listPath)
	return listPath, list, err
}

// ownMark reports whether the file at path starts as about writes its
// files: a "Written by about render" comment (the BibTeX, BibLaTeX,
// al-folio, YAML, Lab Website Template, cv and cv-typst formats), the HTML page's
// generator tag or the Atom feed's. The mark tells about's file from the
// user's when no list says (the list was not committed, or an about before
// lists wrote it); it cannot tell an edit, so a list naming the file
// wins over it. RIS, CSL-JSON, JSON and Markdown have no mark: without the
// list, only a file holding exactly the render's bytes is about's.
func ownMark(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096) // the Atom feed's generator follows its title and author
	n, _ := io.ReadFull(f, head)
	s := strings.ToLower(string(head[:n]))
	return strings.Contains(s, "written by about render") || strings.Contains(s, `<meta name="generator" content="about" />`) ||
		strings.Contains(s, `<generator uri="https://github.com/aboutscholar/about">about</generator>`)
}

// mergeEntries is a format's list after a render: what it listed, then
// what it wrote now and what it is about to write, later ones winning.
func mergeEntries(lists ...map[string]writtenFile) map[string]writtenFile {
	out := map[string]writtenFile{}
	for _, l := range lists {
		for p, w := range l {
			out[p] = w
		}
	}
	return out
}

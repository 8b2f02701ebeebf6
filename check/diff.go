package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/internal/termtext"

	"github.com/aboutscholar/about/snapshots"
)

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
		if inOld && inNew && (bytes.Equal(a, b) || snapshots.OnlyLineEndings(a, b)) {
			continue // line endings alone are the folder check's one problem, not what a fetch changes
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
		if p == snapshots.IndexFile && fd.Change == "changed" {
			if fd.Fields = withoutDigests(fd.Fields); len(fd.Fields) == 0 {
				continue
			}
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

// withoutDigests is index.json's changes but its digests: a digest changes
// with its file, whose own diff tells the change, so a fetch that changed
// only counts is no change of the works listed (--ignore-counts).
func withoutDigests(fields []FieldChange) []FieldChange {
	return slices.DeleteFunc(fields, func(f FieldChange) bool {
		return f.Field == "digests" || strings.HasPrefix(f.Field, "digests.")
	})
}

// snapshotFiles reads every regular file of a snapshot folder by
// relative path.
func snapshotFiles(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if !e.Type().IsRegular() {
			// A folder is walked; a symbolic link is not read through (it
			// can point anywhere, and the diff would print its target).
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
		walkMembers(av, bv, func(k string) string { return join(p, k) }, out)
		return
	case []any:
		bv, ok := b.([]any)
		if !ok {
			break
		}
		if key := arrayKey(av, bv); key != "" {
			walkMembers(keyed(av, key), keyed(bv, key), func(k string) string { return p + "[" + k + "]" }, out)
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

// walkMembers diffs two keyed collections member by member, in key order;
// a member on one side only is compared with absent{}.
func walkMembers(a, b map[string]any, path func(string) string, out *[]FieldChange) {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		x, inA := a[k]
		y, inB := b[k]
		if !inA {
			x = absent{}
		}
		if !inB {
			y = absent{}
		}
		walkDiff(path(k), x, y, out)
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
	d.WriteChanges(w, ignoreCounts)
	d.writeVerdict(w, ignoreCounts)
}

// WriteChanges is WriteDiff without its last line, for a caller whose
// verdict is not the diff's alone (a comparison that came back short).
func (d *Diff) WriteChanges(w io.Writer, ignoreCounts bool) {
	writeSection(w, "bibliographic changes (works/)", d.Works)
	writeSection(w, "works listed (index.json, orcid/)", d.Lists)
	if ignoreCounts {
		if len(d.Counts) > 0 {
			fmt.Fprintf(w, "volatile counters (counts/): %d %s changed, ignored (--ignore-counts)\n\n", len(d.Counts), english.Plural(len(d.Counts), "file", "files"))
		}
	} else {
		writeSection(w, "volatile counters (counts/)", d.Counts)
	}
}

// writeSection prints one kind of change: a title with the file count,
// then each file; nothing when there are none.
func writeSection(w io.Writer, title string, files []FileDiff) {
	if len(files) == 0 {
		return
	}
	fmt.Fprintf(w, "%s: %d %s\n", title, len(files), english.Plural(len(files), "file", "files"))
	for _, f := range files {
		f.write(w)
	}
	fmt.Fprintln(w)
}

// write prints one file as a unified-diff header and, for a changed file,
// each field as an @@ line naming it and its provider, - old, + new. Each
// value came from a file or an answer and is printed as a termtext.Field:
// a newline in one would start a line that passes for the diff's own.
func (f FileDiff) write(w io.Writer) {
	path := termtext.Field(f.Path)
	id := ""
	if f.ID != "" {
		id = "  (" + termtext.Field(f.ID) + ")"
	}
	switch f.Change {
	case "added":
		fmt.Fprintf(w, "--- /dev/null\n+++ b/%s%s  new\n", path, id)
		return
	case "removed":
		fmt.Fprintf(w, "--- a/%s%s  removed\n+++ /dev/null\n", path, id)
		return
	}
	fmt.Fprintf(w, "--- a/%s%s\n+++ b/%s\n", path, id, path)
	for _, fc := range f.Fields {
		by := ""
		if fc.Provider != "" {
			by = " (" + termtext.Field(fc.Provider) + ")"
		}
		fmt.Fprintf(w, "@@ %s%s @@\n", termtext.Field(fc.Field), by)
		if fc.Old != "" {
			fmt.Fprintf(w, "-%s\n", termtext.Field(fc.Old))
		}
		if fc.New != "" {
			fmt.Fprintf(w, "+%s\n", termtext.Field(fc.New))
		}
	}
}

// writeVerdict is the diff's last line: current, or what would change.
func (d *Diff) writeVerdict(w io.Writer, ignoreCounts bool) {
	if d.Empty(ignoreCounts) {
		fmt.Fprintln(w, "snapshots are current: a fetch now would write exactly the committed files")
		return
	}
	var parts []string
	if n := len(d.Works); n > 0 {
		parts = append(parts, fmt.Sprintf("%d work %s", n, english.Plural(n, "file", "files")))
	}
	if n := len(d.Lists); n > 0 {
		parts = append(parts, fmt.Sprintf("%d list %s", n, english.Plural(n, "file", "files")))
	}
	if n := len(d.Counts); n > 0 && !ignoreCounts {
		parts = append(parts, fmt.Sprintf("%d counts %s", n, english.Plural(n, "file", "files")))
	}
	fmt.Fprintf(w, "snapshots are out of date: %s would change (run about fetch and commit)\n", strings.Join(parts, ", "))
}

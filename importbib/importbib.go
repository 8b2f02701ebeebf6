// Package importbib is the logic of `about import` for BibTeX and
// BibLaTeX files: which identifiers each entry of a bibfile.File names
// (a DOI, arXiv id, PMID or PMCID, in its own field or in a link or
// mention elsewhere), which of those the manifest already lists, and the
// [[identity]] lines to append for the rest. It reads and writes no
// file: the command line (internal/cli) reads the .bib and the manifest
// and writes the result.
package importbib

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/manifest"
)

// NoIdentifier is why an entry with no identifier is not placed: the
// manifest's works without identifiers are issue #33's next slice.
const NoIdentifier = "works without identifiers are not yet supported (#33)"

// Placed is an entry that became (or already was) an identity.
type Placed struct {
	Key  string
	Line int
	ID   manifest.Identity // the one identity written for it, its best (manifest.WorkRank)
	// KeepKey: the key is appended as the work's [[work]] key (KeepKeys
	// decides); KeyNote says why it is not, "" when there is nothing to say.
	KeepKey bool
	KeyNote string
}

// Unplaced is an entry that is not added, and why.
type Unplaced struct {
	Key  string
	Line int
	Why  string
}

// Result is what importing one file would do.
type Result struct {
	File      string
	Entries   int        // every entry read, duplicates and broken ones included
	WithID    int        // entries with at least one identifier
	Added     []Placed   // entries to append, in file order
	Already   []Placed   // entries one of whose identifiers the manifest lists
	NotPlaced []Unplaced // every other entry, with why
	Problems  []string   // file:line errors outside any entry read (text the parser skipped)
}

// Plan reads f's entries against the identities the manifest already
// lists (have, keyed by manifest.Identity.Key, arXiv versions dropped:
// Have makes it) and says what to add. have gains what is added, so the
// next file of the same import, and a second entry naming the same work,
// are compared with it.
func Plan(f *bibfile.File, have map[string]string) Result {
	r := Result{File: f.Name, Entries: len(f.Entries)}
	for _, e := range f.Entries {
		r.place(f, e, have)
	}
	for _, p := range f.Errors() {
		if !inEntry(f, p) {
			r.Problems = append(r.Problems, p.Error())
		}
	}
	return r
}

func (r *Result) place(f *bibfile.File, e *bibfile.Entry, have map[string]string) {
	found := Find(e)
	if len(found.IDs) > 0 {
		r.WithID++
	}
	switch {
	case e.Broken || e.Key == "":
		r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, "a syntax error: " + entryProblem(f, e)})
		return
	case e.Duplicate:
		first := f.Lookup(e.Key)
		r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line,
			fmt.Sprintf("a duplicate key: BibTeX and biber read only the first %s (%s:%d)", e.Key, f.Name, first.Line)})
		return
	case len(found.IDs) == 0:
		why := NoIdentifier
		if len(found.Bad) > 0 {
			why = strings.Join(found.Bad, "; ") + "; " + why
		}
		r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, why})
		return
	}
	best := found.IDs[0]
	for _, id := range found.IDs {
		if by, ok := have[compareKey(id)]; ok {
			if by != "" {
				r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, fmt.Sprintf("the same work as %s (%s)", by, id.Key())})
				return
			}
			r.Already = append(r.Already, Placed{Key: e.Key, Line: e.Line, ID: id})
			return
		}
	}
	for _, id := range found.IDs {
		have[compareKey(id)] = e.Key
	}
	r.Added = append(r.Added, Placed{Key: e.Key, Line: e.Line, ID: best})
}

// Have is the set Plan compares with: every identity the manifest lists
// (its [[identity]]s and its members' works), each mapped to "" (the
// manifest's own, not an entry of this import).
func Have(m *manifest.Manifest) map[string]string {
	have := map[string]string{}
	for _, e := range m.Identities {
		have[compareKey(e.Identity)] = ""
	}
	return have
}

// compareKey is an identity's key with an arXiv version dropped: the
// entry and the manifest name the work, whichever version each wrote.
func compareKey(id manifest.Identity) string {
	if id.Kind == manifest.KindArXiv {
		return manifest.Identity{Kind: id.Kind, Value: dropVersion(id.Value)}.Key()
	}
	return id.Key()
}

var arxivVersion = regexp.MustCompile(`v[0-9]+$`)

func dropVersion(s string) string { return arxivVersion.ReplaceAllString(s, "") }

// inEntry reports whether p is told as an entry's reason for not being
// placed: it names the entry's key, or lies in an entry with none. An
// @string left open is told where it ran into the next entry, which is
// read whole: that problem is the file's, not the entry's.
func inEntry(f *bibfile.File, p bibfile.Problem) bool {
	if p.Key != "" {
		return true
	}
	for _, e := range f.Entries {
		if e.Key == "" && e.Line <= p.Line && p.Line <= e.Line+strings.Count(e.Raw, "\n") {
			return true
		}
	}
	return false
}

// entryProblem is the first error within e, as file:line: message.
func entryProblem(f *bibfile.File, e *bibfile.Entry) string {
	end := e.Line + strings.Count(e.Raw, "\n")
	for _, p := range f.Errors() {
		if (p.Key == e.Key && p.Key != "" && p.Line >= e.Line) || (e.Key == "" && e.Line <= p.Line && p.Line <= end) {
			return p.Error()
		}
	}
	return fmt.Sprintf("%s:%d: the entry is cut short", f.Name, e.Line)
}

// Block is the text appended to the manifest for one file's added
// entries: a comment naming the file and the date, then one [[identity]]
// each with its citation key as a trailing comment. "" when nothing is
// added. nl is the manifest's line ending ("\n" or "\r\n").
func Block(r Result, file, date, nl string) string {
	if len(r.Added) == 0 && !slices.ContainsFunc(r.Already, func(p Placed) bool { return p.KeepKey }) {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s# imported from %s (about import, %s)%s", nl, oneLine(file), date, nl)
	for _, p := range r.Added {
		fmt.Fprintf(&b, "[[identity]]%s%s = %s  # %s%s", nl, p.ID.Kind, tomlString(p.ID.Value), oneLine(p.Key), nl)
		b.WriteString(WorkKeyLines(p, nl))
	}
	for _, p := range r.Already {
		b.WriteString(WorkKeyLines(p, nl))
	}
	return b.String()
}

// Keys is what the manifest already holds of citation keys: every
// [[work]]'s key (folded, as BibTeX compares keys) and the [[work]] of
// each identity, so a key is kept once and never beside a [[work]] the
// user wrote. Keys from ranks what KeepKeys adds as it goes.
type Keys struct {
	taken map[string]bool          // folded keys in use
	works map[string]manifest.Work // identity key → the manifest's [[work]] for it
}

// KeysOf is the manifest's keys and works.
func KeysOf(m *manifest.Manifest) Keys {
	k := Keys{taken: map[string]bool{}, works: map[string]manifest.Work{}}
	if m == nil {
		return k
	}
	for _, w := range m.Works {
		k.works[compareKey(w.ID)] = w
		if w.Key != "" {
			k.taken[strings.ToLower(w.Key)] = true
		}
	}
	return k
}

// KeepKeys decides, for each entry added or already listed, whether its
// citation key is kept as a [[work]]'s key: so the \cite in the user's
// papers and the {% cite %} in their site's posts keep working. Not when
// the manifest refuses the key (manifest.CheckKey), another [[work]]
// keeps it, or the user's own [[work]] for that work is where it goes
// (the note says which line); nothing is said when that [[work]] keeps
// this very key already (a second import).
func (k Keys) KeepKeys(r *Result) {
	for _, list := range [][]Placed{r.Added, r.Already} {
		for i := range list {
			k.keep(&list[i])
		}
	}
}

func (k Keys) keep(p *Placed) {
	folded := strings.ToLower(p.Key)
	if w, ok := k.works[compareKey(p.ID)]; ok {
		if w.Key != p.Key { // case too: LaTeX labels and biber are case-sensitive
			p.KeyNote = fmt.Sprintf("key %s not kept: add key = %s to your [[work]] at line %d", p.Key, tomlString(p.Key), w.Line)
		}
		return
	}
	if err := manifest.CheckKey(p.Key); err != nil {
		p.KeyNote = fmt.Sprintf("key %s not kept: it %s; about makes one", p.Key, err)
		return
	}
	if k.taken[folded] {
		p.KeyNote = fmt.Sprintf("key %s not kept: another [[work]] keeps it", p.Key)
		return
	}
	k.taken[folded] = true
	k.works[compareKey(p.ID)] = manifest.Work{ID: p.ID, Key: p.Key}
	p.KeepKey = true
}

// WorkKeyLines is the [[work]] that keeps the entry's citation key, ""
// when KeepKeys did not keep it.
func WorkKeyLines(p Placed, nl string) string {
	if !p.KeepKey {
		return ""
	}
	return fmt.Sprintf("[[work]]%sid = %s%skey = %s%s", nl, tomlString(p.ID.Key()), nl, tomlString(p.Key), nl)
}

// tomlString is s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20 || c >= 0x7f && c <= 0x9f: // C1 too: --dry-run prints this to a terminal
			fmt.Fprintf(&b, "\\u%04X", c)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// oneLine keeps a comment on its line, free of the invisible characters
// the manifest refuses anywhere and of the C0 and C1 controls a terminal
// would act on when --dry-run prints it.
func oneLine(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c < 0x20 || c >= 0x7f && c <= 0x9f:
			return ' '
		case invisible(c):
			return -1
		}
		return c
	}, s)
}

// Sorted is the kinds' order an identity is preferred in, for Find.
func sortIDs(ids []manifest.Identity) {
	slices.SortStableFunc(ids, func(a, b manifest.Identity) int {
		return manifest.WorkRank(a.Kind) - manifest.WorkRank(b.Kind)
	})
}

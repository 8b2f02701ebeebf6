// Package importbib is the logic of `about import` for BibTeX and
// BibLaTeX files: which identifiers each entry of a bibfile.File names
// (a DOI, arXiv id, PMID or PMCID, in its own field or in a link or
// mention elsewhere), which of those the manifest already lists, and the
// [[identity]] lines to append for the rest. It reads and writes no
// file: the command line (internal/cli) reads the .bib and the manifest
// and writes the result.
package importbib

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/manifest"
)

// Placed is an entry that became (or already was) a work of the
// manifest: an identity, or, without an identifier, a [[work]] known by
// its key and kept from its own fields (Typed).
type Placed struct {
	Key  string
	Line int
	ID   manifest.Identity // the one identity written for it, its best (manifest.WorkRank); key:<its key> when Typed
	// KeepKey: the key is appended as the work's [[work]] key (KeepKeys
	// decides); KeyNote says why it is not, "" when there is nothing to say.
	KeepKey bool
	KeyNote string
	Typed   bool  // it has no identifier: the [[work]] is the whole of it
	Made    bool  // its key was made (MakeKey): its file gives none
	Entry   Entry // what the [[work]] keeps of it (WorkLines)
	// WorkLine is the line of the manifest's own [[work]] for it, 0 when
	// none: its fields are then not added beside the user's (-1: they
	// would not load, Loadable).
	WorkLine int
}

// Unplaced is an entry that is not added, and why.
type Unplaced struct {
	Key  string
	Line int
	Why  string
	File string // the file it is in, when not the one imported (a Hugo Blox bundle's index.md); "" otherwise
}

// Result is what importing one file would do.
type Result struct {
	File      string
	Entries   int        // every entry read, duplicates and broken ones included
	WithID    int        // entries with at least one identifier
	Added     []Placed   // entries to append, in file order
	Already   []Placed   // entries the manifest lists (one of their identifiers, or their key for one without)
	NotPlaced []Unplaced // every other entry, with why
	Problems  []string   // file:line errors outside any entry read (text the parser skipped)
}

// Typed is how many of the added entries have no identifier.
func (r Result) Typed() int {
	n := 0
	for _, p := range r.Added {
		if p.Typed {
			n++
		}
	}
	return n
}

// Plan reads f's entries against the identities the manifest already
// lists (have, keyed by compareKey, arXiv versions dropped: Have makes
// it) and says what to add. have gains what is added, so the next file
// of the same import, and a second entry naming the same work, are
// compared with it.
func Plan(f *bibfile.File, have map[string]string) Result {
	r := PlanEntries(f.Name, FromBib(f), have)
	for _, p := range f.Errors() {
		if !inEntry(f, p) {
			r.Problems = append(r.Problems, p.Error())
		}
	}
	return r
}

// PlanEntries is Plan of entries read from any format.
func PlanEntries(file string, entries []Entry, have map[string]string) Result {
	r := Result{File: file, Entries: len(entries)}
	for _, e := range entries {
		r.place(e, have)
	}
	return r
}

func (r *Result) place(e Entry, have map[string]string) {
	if len(e.Found.IDs) > 0 {
		r.WithID++
	}
	e.Record = visible(e.Record)
	e.Fields, e.Lost = keepable(tables(e.Fields), e.Lost)
	e.Tags, e.Lost = keepableTags(e.Tags, e.Lost)
	made := false
	if e.Key == "" && e.Problem == "" && e.Record.Title != "" && len(e.Found.IDs) == 0 {
		// a work without an identifier is named by its key, so it needs
		// one; a work with one gets render's key, made from what the
		// services say of it
		e.Key, made = MakeKey(e.Record, have), true
	}
	switch {
	case e.Problem != "":
		r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, e.Problem, e.File})
		return
	case len(e.Found.IDs) == 0:
		r.placeTyped(e, have, made)
		return
	}
	best := e.Found.IDs[0]
	for _, id := range e.Found.IDs {
		if by, ok := have[compareKey(id)]; ok {
			if by != "" {
				r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, fmt.Sprintf("the same work as %s (%s)", by, id.Key()), e.File})
				return
			}
			r.Already = append(r.Already, Placed{Key: e.Key, Line: e.Line, ID: id, Entry: e})
			return
		}
	}
	for _, id := range e.Found.IDs {
		have[compareKey(id)] = e.Key
	}
	r.Added = append(r.Added, Placed{Key: e.Key, Line: e.Line, ID: best, Entry: e})
}

// visible is r without the invisible characters the manifest refuses in
// a work's own fields (a soft hyphen or zero-width space pasted from a
// PDF into a CSL-JSON title), as the BibTeX reader reads a title: they
// show nothing, and left in they would stop the manifest loading. A
// zero-width joiner stays: it joins an emoji, and the manifest takes it.
func visible(r manifest.WorkRecord) manifest.WorkRecord {
	drop := func(s string) string {
		return strings.Map(func(c rune) rune {
			if invisible(c) && c != '\u200d' {
				return -1
			}
			return c
		}, s)
	}
	for _, s := range []*string{&r.Type, &r.Title, &r.Venue, &r.Publisher, &r.Volume, &r.Issue, &r.Pages, &r.Date, &r.URL, &r.Abstract} {
		*s = drop(*s)
	}
	for _, names := range []*[]string{&r.Authors, &r.Editors} {
		*names = slices.Clone(*names)
		for i := range *names {
			(*names)[i] = drop((*names)[i])
		}
	}
	return r
}

// tables gathers fields a reader flattened ("image.caption",
// "image.focal_point") into one table field ("image"), as the front
// matter held them, at the place of the first.
func tables(fields []manifest.CustomField) []manifest.CustomField {
	var out []manifest.CustomField
	at := map[string]int{}
	for _, f := range fields {
		table, key, dotted := strings.Cut(f.Name, ".")
		if !dotted || strings.Contains(key, ".") {
			out = append(out, f)
			continue
		}
		i, seen := at[table]
		if !seen {
			i = len(out)
			at[table] = i
			out = append(out, manifest.CustomField{Name: table, Value: map[string]any{}, Line: f.Line})
		}
		if m, ok := out[i].Value.(map[string]any); ok {
			m[key] = f.Value
		}
	}
	return out
}

// keepableTags are the tags the manifest takes: text without a comma,
// each once whatever its letter case (Hugo's taxonomies and BibTeX's
// keywords make one tag of them too); a tag left out is said to be.
func keepableTags(tags, lost []string) ([]string, []string) {
	var out []string
	for _, t := range tags {
		t = strings.Join(strings.Fields(t), " ")
		switch i := slices.IndexFunc(out, func(o string) bool { return strings.EqualFold(o, t) }); {
		case t == "":
		case strings.Contains(t, ","):
			lost = append(lost, fmt.Sprintf("tag %q (a comma would make it two)", t))
		case i >= 0:
			lost = append(lost, fmt.Sprintf("tag %q (the tag %q but for letter case, one tag on a site)", t, out[i]))
		default:
			out = append(out, t)
		}
	}
	return out, lost
}

// keepable are the custom fields the manifest can keep; a field about
// writes from the record itself (a Hugo Blox page's date as written, an
// academicpages collection) is dropped without a word, any other is
// said to be lost.
func keepable(fields []manifest.CustomField, lost []string) ([]manifest.CustomField, []string) {
	var out []manifest.CustomField
	for _, f := range fields {
		err, reserved := manifest.CustomFieldProblem(f.Name, f.Value)
		switch {
		case err == nil:
			out = append(out, f)
		case !reserved:
			lost = append(lost, fmt.Sprintf("%s (%v)", f.Name, err))
		}
	}
	return out, lost
}

// placeTyped places an entry without an identifier: a [[work]] known by
// its key, so the key must be one the manifest can keep, and shown by its
// title, so it must have one. A key made for it (made) is its own already:
// MakeKey reserved it in have.
func (r *Result) placeTyped(e Entry, have map[string]string, made bool) {
	why := ""
	if len(e.Found.Bad) > 0 {
		why = strings.Join(e.Found.Bad, "; ") + "; "
	}
	if e.Record.Title == "" {
		r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, why + "it has no identifier and no title: nothing would show it", e.File})
		return
	}
	if err := manifest.CheckKey(e.Key); err != nil {
		r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, fmt.Sprintf("%sit has no identifier, so its key names it, and the key %s: rename the key in the file and import again", why, err), e.File})
		return
	}
	id := manifest.Identity{Kind: manifest.KindKey, Value: e.Key}
	if by, ok := have[compareKey(id)]; ok && !made {
		switch {
		case by == e.Key:
			r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, "an entry read before it (in this file or another of this import) has the same key", e.File})
			return
		case by != "":
			r.NotPlaced = append(r.NotPlaced, Unplaced{e.Key, e.Line, fmt.Sprintf("its key is %s's (BibTeX compares keys whatever their letter case)", by), e.File})
			return
		}
		r.Already = append(r.Already, Placed{Key: e.Key, Line: e.Line, ID: id, Typed: true, Entry: e})
		return
	}
	have[compareKey(id)] = e.Key
	r.Added = append(r.Added, Placed{Key: e.Key, Line: e.Line, ID: id, Typed: true, Made: made, Entry: e})
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
// entry and the manifest name the work, whichever version each wrote;
// a citation key in lower case, as BibTeX compares keys.
func compareKey(id manifest.Identity) string {
	switch id.Kind {
	case manifest.KindArXiv:
		return manifest.Identity{Kind: id.Kind, Value: dropVersion(id.Value)}.Key()
	case manifest.KindKey:
		return manifest.Identity{Kind: id.Kind, Value: strings.ToLower(id.Value)}.Key()
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

// Block is the text appended to the manifest for one file's entries: a
// comment naming the file and the date, then for each entry added its
// [[identity]] (the key as a trailing comment) and the [[work]] that
// keeps its key, its own fields and its custom fields (WorkLines); an
// entry the manifest lists without a [[work]] gets that [[work]] too.
// "" when nothing is added. nl is the manifest's line ending ("\n" or
// "\r\n").
func Block(r Result, file, date, nl string) string {
	var b strings.Builder
	for _, p := range r.Added {
		if b.Len() > 0 {
			b.WriteString(nl) // a blank line between entries
		}
		if !p.Typed {
			fmt.Fprintf(&b, "[[identity]]%s%s = %s  # %s%s", nl, p.ID.Kind, tomlString(p.ID.Value), oneLine(p.Key), nl)
		}
		b.WriteString(WorkLines(p, nl))
		b.WriteString(PreprintLines(p, nl))
	}
	for _, p := range r.Already {
		if w := WorkLines(p, nl); w != "" {
			if b.Len() > 0 {
				b.WriteString(nl)
			}
			b.WriteString(w)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return fmt.Sprintf("%s# imported from %s (about import, %s)%s", nl, oneLine(file), date, nl) + b.String()
}

// Keys is what the manifest already holds of citation keys: every
// [[work]]'s key (folded, as BibTeX compares keys) and the [[work]] of
// each identity, so a key is kept once and never beside a [[work]] the
// user wrote. Keys from ranks what KeepKeys adds as it goes.
type Keys struct {
	taken map[string]bool          // folded keys in use
	works map[string]manifest.Work // identity key → the manifest's [[work]] for it
	typed map[string]manifest.Work // madeKeyOf's key → the manifest's [[work]] without an identifier
}

// KeysOf is the manifest's keys and works.
func KeysOf(m *manifest.Manifest) Keys {
	k := Keys{taken: map[string]bool{}, works: map[string]manifest.Work{}, typed: map[string]manifest.Work{}}
	if m == nil {
		return k
	}
	for _, w := range m.Works {
		k.works[compareKey(w.ID)] = w
		if w.ID.Kind == manifest.KindKey {
			k.typed[madeKeyOf(w.Own)] = w
		}
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
// this very key already (a second import). An entry without an
// identifier is known by its key: when another [[work]] keeps it, the
// entry is not placed.
func (k Keys) KeepKeys(r *Result) {
	added := r.Added[:0]
	for _, p := range r.Added {
		if w, ok := k.typed[madeKeyOf(p.Entry.Record)]; ok && p.Made && strings.HasPrefix(strings.ToLower(w.Key), MakeKey(p.Entry.Record, map[string]string{})) {
			p.ID, p.Key = w.ID, w.Key // an earlier import made its key: the manifest lists it
			r.Already = append(r.Already, p)
			continue
		}
		if p.Typed && k.taken[strings.ToLower(p.Key)] {
			r.NotPlaced = append(r.NotPlaced, Unplaced{p.Key, p.Line, "it has no identifier, so its key names it, and another [[work]] of the manifest keeps that key: rename one of them", p.Entry.File})
			continue
		}
		added = append(added, p)
	}
	r.Added = added
	already := r.Already[:0]
	for _, p := range r.Already {
		if w, ok := k.works[compareKey(p.ID)]; ok && p.Typed && w.Key != p.Key && !sameText(w.Own.Title, p.Entry.Record.Title) {
			r.NotPlaced = append(r.NotPlaced, Unplaced{p.Key, p.Line, fmt.Sprintf("it has no identifier, so its key names it, and the [[work]] at line %d keeps %s, another work (BibTeX compares keys whatever their letter case): rename the key in the file and import again", w.Line, w.Key), p.Entry.File})
			continue
		}
		already = append(already, p)
	}
	r.Already = already
	for _, list := range [][]Placed{r.Added, r.Already} {
		for i := range list {
			k.keep(&list[i])
		}
	}
}

// sameText reports whether two titles are one, white space and letter
// case aside.
func sameText(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}

// madeKeyOf is what tells an entry whose key was made from another one
// made the same key for: its title and date as the manifest holds them.
func madeKeyOf(r manifest.WorkRecord) string {
	return strings.ToLower(strings.Join(strings.Fields(r.Title), " ")) + "\x00" + strings.TrimSpace(r.Date)
}

func (k Keys) keep(p *Placed) {
	folded := strings.ToLower(p.Key)
	if w, ok := k.works[compareKey(p.ID)]; ok {
		p.WorkLine = w.Line
		if w.Key != p.Key { // case too: LaTeX labels and biber are case-sensitive
			p.KeyNote = fmt.Sprintf("key %s not kept: add key = %s to your [[work]] at line %d", p.Key, tomlString(p.Key), w.Line)
		}
		return
	}
	if p.Typed {
		k.taken[folded] = true
		k.works[compareKey(p.ID)] = manifest.Work{ID: p.ID, Key: p.Key}
		p.KeepKey = true
		return
	}
	if p.Key == "" {
		return // the file gives none: render makes one
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

// WorkLines is the [[work]] an entry gives: its id (none for one without
// an identifier, which its key names), the key KeepKeys kept, its own
// fields, links, image, award and tags, and its custom fields under
// [work.fields]. "" when the manifest has a [[work]] for it already
// (its fields are the user's to merge) or there is nothing to keep.
func WorkLines(p Placed, nl string) string {
	if p.WorkLine != 0 {
		return ""
	}
	var b strings.Builder
	line := func(key, value string) {
		if value != "" && value != `""` && value != "[]" {
			fmt.Fprintf(&b, "%s = %s%s", key, value, nl)
		}
	}
	if p.KeepKey {
		line("key", tomlString(p.Key))
	}
	e, r := p.Entry, p.Entry.Record
	for _, f := range []struct{ key, value string }{
		{"type", tomlString(r.Type)}, {"title", tomlString(r.Title)}, {"authors", tomlList(r.Authors)},
		{"editors", tomlList(r.Editors)}, {"venue", tomlString(r.Venue)}, {"publisher", tomlString(r.Publisher)},
		{"volume", tomlString(r.Volume)}, {"issue", tomlString(r.Issue)}, {"pages", tomlString(r.Pages)},
		{"date", tomlString(r.Date)}, {"url", tomlString(r.URL)}, {"abstract", tomlString(r.Abstract)},
	} {
		line(f.key, f.value)
	}
	for _, l := range e.Links {
		line(l.Kind, tomlString(l.URL))
	}
	line("image", tomlString(e.Image))
	line("award", tomlString(e.Award))
	line("tags", tomlList(e.Tags))
	if len(e.Fields) > 0 {
		fmt.Fprintf(&b, "[work.fields]%s", nl)
		for _, f := range e.Fields {
			line(f.Name, tomlLiteral(f.Value))
		}
	}
	if strings.HasSuffix(b.String(), "[work.fields]"+nl) {
		s := strings.TrimSuffix(b.String(), "[work.fields]"+nl)
		b.Reset()
		b.WriteString(s)
	}
	if b.Len() == 0 {
		return ""
	}
	head := "[[work]]" + nl
	if !p.Typed {
		head += "id = " + tomlString(p.ID.Key()) + nl
	}
	return head + b.String()
}

// tomlList is a list of texts as a TOML array on one line.
func tomlList(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = tomlString(s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// tomlLiteral is a custom field's value as TOML writes it.
func tomlLiteral(v any) string {
	switch x := v.(type) {
	case string:
		return tomlString(x)
	case []string:
		return tomlList(x)
	case bool, int64:
		return fmt.Sprint(x)
	case []map[string]any:
		parts := make([]string, len(x))
		for i, table := range x {
			parts[i] = tomlLiteral(table)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(x)) {
			parts = append(parts, k+" = "+tomlLiteral(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case float64:
		f := strconv.FormatFloat(x, 'g', -1, 64)
		if !strings.ContainsAny(f, ".eIN") {
			f += ".0" // a float stays one
		}
		return f
	}
	return tomlString(fmt.Sprint(v))
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
		case invisible(c) && c > 0xffff: // the manifest refuses them as written, and an escape shows
			fmt.Fprintf(&b, "\\U%08X", c)
		case invisible(c):
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

// Loadable moves to NotPlaced every added entry whose lines the manifest
// would refuse (a link that is neither a URL nor a site path, a value it
// cannot hold), with the manifest's words: one such entry must not stop
// the import of the rest, nor be told as a line of a file never written.
// An entry the manifest lists already keeps its place; the [[work]] it
// would get is left out, and said to be.
func (r *Result) Loadable(nl string) {
	added := r.Added[:0]
	for _, p := range r.Added {
		head := ""
		if !p.Typed {
			head = fmt.Sprintf("[[identity]]%s%s = %s%s", nl, p.ID.Kind, tomlString(p.ID.Value), nl)
		}
		if why := refused(head + WorkLines(p, nl) + PreprintLines(p, nl)); why != "" {
			r.NotPlaced = append(r.NotPlaced, Unplaced{p.Key, p.Line, "the manifest would refuse it: " + why, p.Entry.File})
			continue
		}
		added = append(added, p)
	}
	r.Added = added
	for i, p := range r.Already {
		if why := refused(WorkLines(p, nl)); why != "" {
			r.Already[i].WorkLine = -1 // WorkLines gives nothing for it
			r.Already[i].Entry.Lost = append(r.Already[i].Entry.Lost, "its [[work]] fields (the manifest would refuse them: "+why+")")
		}
	}
}

// PreprintLines keep the arXiv id of an entry that names a DOI too (al-folio's
// arxiv = {…} beside doi = {…}, biblatex's eprint beside doi): the arXiv
// e-print is the preprint of the published work, so it becomes an
// [[identity]] of its own and a [[link]] says it is that work's preprint,
// which every format then shows within the published entry (al-folio's
// arXiv badge). An arXiv DOI (10.48550/arXiv.…) is the e-print itself.
// "" for any other entry.
func PreprintLines(p Placed, nl string) string {
	arxiv := preprintOf(p)
	if arxiv == "" {
		return ""
	}
	return fmt.Sprintf("[[identity]]%sarxiv = %s  # the preprint of %s%s[[link]]%sfrom = %s%sto = %s%skind = \"preprint-of\"%s",
		nl, tomlString(arxiv), oneLine(p.Key), nl, nl, tomlString("arxiv:"+arxiv), nl, tomlString(p.ID.Key()), nl, nl)
}

// preprintOf is the arXiv id an added entry names beside its DOI, "" when
// none or the DOI is arXiv's own.
func preprintOf(p Placed) string {
	if p.Typed || p.ID.Kind != manifest.KindDOI || strings.HasPrefix(p.ID.Value, "10.48550/") {
		return ""
	}
	for _, id := range p.Entry.Found.IDs {
		if id.Kind == manifest.KindArXiv {
			return id.Value
		}
	}
	return ""
}

// refused is why the manifest would not load text, "" when it would.
func refused(text string) string {
	if text == "" {
		return ""
	}
	_, err := manifest.Parse("import", []byte(text))
	var e *manifest.Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e) && e.Err != nil:
		return e.Err.Error()
	}
	return err.Error()
}

// Package manifest reads and validates an about manifest (TOML) and owns
// the identifier kinds and their normalisation. It reads only the file it
// is given: no environment, no network, and it knows nothing of providers
// beyond their names as strings.
package manifest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// DefaultSnapshots is the snapshot folder, relative to the manifest, when
// the manifest names none.
const DefaultSnapshots = "snapshots"

// Manifest is a validated manifest.
type Manifest struct {
	Path       string                   // the file as given
	Mailto     string                   // polite-pool contact; "" when none
	Snapshots  string                   // snapshot folder, joined to the manifest's folder
	Providers  []string                 // explicit provider choice, with orcid implied by an ORCID identity; nil means every provider that applies
	Intervals  map[string]time.Duration // per-provider minimum interval overrides
	Identities []Entry                  // in file order, duplicates removed (first kept)
	Links      []Link                   // [[link]]: the user's word on which works are one entry
	Excludes   []Exclude                // [[exclude]]: works never fetched nor written
	Overrides  []Override               // [[override]]: fields the user sets on a work
	Works      []Work                   // [[work]]: the user's own links, notes, tags and author marks per work (work.go)
	// FollowPublished (follow_published, default true) fetches, in a
	// second round of the same run, the published version a preprint of
	// the run links to when it is not among the works, so the pair is
	// shown as one entry.
	FollowPublished bool
	// Discover (discover, default true) asks Crossref, OpenAlex and
	// DataCite, for each ORCID identity, which works carry that iD, and
	// reports those missing from the record (never adding them).
	Discover bool
	// CV (cv, default false) reads each ORCID record's CV sections
	// (employment, education, distinctions, memberships, service,
	// funding, peer reviews) for render's cv and json-resume formats: the
	// record's name is then asked from /record, which holds /person and
	// the activities summary, so no request is added.
	CV bool
	// CountsSource (counts_source) is the provider whose citation counts
	// render's pages show; "" for render's default. The caller checks it
	// against the provider registry, as it does providers.
	CountsSource string
	// Selected (selected) are identity keys as index.json lists them
	// (normalised, so "10.5555/ABC" is "doi:10.5555/abc"): the works render
	// marks selected (al-folio) or featured (Hugo Blox).
	Selected []string
	Title    string // title: the page title; "" for "Publications of <name>"
	Lab      *Lab   // [lab] and its [[member]]s; nil for one researcher's manifest

	lines map[string]int // TOML key path → line, for errors found after loading
}

// The kinds of [[link]]. The first three say how two works are one entry
// (the work "to" is the one shown); LinkDistinct says they are not, and
// undoes a link the data would otherwise make.
const (
	LinkPreprintOf = "preprint-of" // from is a preprint or repository copy of to, the version of record
	LinkVersionOf  = "version-of"  // from is one version of to, the concept (all versions) DOI
	LinkSameAs     = "same-as"     // from and to are two identifiers of one work
	LinkDistinct   = "distinct"    // from and to are different works: never link them
)

// LinkKinds lists the kinds a [[link]] may have.
func LinkKinds() []string {
	return []string{LinkPreprintOf, LinkVersionOf, LinkSameAs, LinkDistinct}
}

// Link is one [[link]] of the manifest.
type Link struct {
	From, To Identity
	Kind     string // one of LinkKinds
	Line     int    // line of the [[link]] header
}

// Exclude is one [[exclude]]: a work to leave out although the ORCID
// record (or the manifest) names it.
type Exclude struct {
	ID     Identity
	Reason string
	Line   int
}

// Override is one [[override]]: fields of a work's merged record the user
// sets, whatever the services say. Zero values set nothing.
type Override struct {
	ID    Identity
	Title string
	Type  string // CSL item type, e.g. article-journal
	Year  int
	Line  int
}

// Entry is one [[identity]] of the manifest.
type Entry struct {
	Identity
	Name string // optional display name of the person (for highlighting in pages)
	Line int    // line of the identifier in the manifest
}

// Line returns the line of a top-level key (e.g. "providers"), or 0.
func (m *Manifest) Line(key string) int { return m.lines[key] }

// Error is a manifest problem at a place in the file.
type Error struct {
	File  string // manifest path as given
	Line  int    // 1-based; 0 when the problem has no single line
	Value string // the offending value, when there is one
	Err   error  // what is wrong
	Hint  string // what to do about it; may be ""
}

func (e *Error) Error() string {
	msg := "<nil>"
	if e.Err != nil {
		msg = cutQuoted(e.Err.Error())
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.File, msg)
}

func (e *Error) Unwrap() error { return e.Err }

type rawManifest struct {
	Mailto    string            `toml:"mailto"`
	Snapshots string            `toml:"snapshots"`
	Follow    *bool             `toml:"follow_published"`
	Discover  *bool             `toml:"discover"`
	CV        bool              `toml:"cv"`
	Counts    string            `toml:"counts_source"`
	Selected  []string          `toml:"selected"`
	Providers []string          `toml:"providers"`
	Intervals map[string]string `toml:"intervals"`
	Identity  []rawIdentity     `toml:"identity"`
	Link      []rawLink         `toml:"link"`
	Exclude   []rawExclude      `toml:"exclude"`
	Override  []rawOverride     `toml:"override"`
	Work      []rawWork         `toml:"work"`
	Title     string            `toml:"title"`
	Lab       *rawLab           `toml:"lab"`
	Member    []rawMember       `toml:"member"`
}

type rawLink struct {
	From string `toml:"from"`
	To   string `toml:"to"`
	Kind string `toml:"kind"`
}

type rawExclude struct {
	ID     string `toml:"id"`
	Reason string `toml:"reason"`
}

type rawOverride struct {
	ID    string `toml:"id"`
	Title string `toml:"title"`
	Type  string `toml:"type"`
	Year  int    `toml:"year"`
}

// rawIdentity is an [[identity]] table: one field per kind a manifest may
// name (its toml key is the kind; TestIDKindsComplete holds the two
// together), and a name.
type rawIdentity struct {
	DOI     string `toml:"doi"`
	ORCID   string `toml:"orcid"`
	ArXiv   string `toml:"arxiv"`
	PMID    string `toml:"pmid"`
	PMCID   string `toml:"pmcid"`
	DBLP    string `toml:"dblp"`
	INSPIRE string `toml:"inspire"`
	Name    string `toml:"name"`
}

// value is the identifier of kind k the table gives, "" for none: read by
// the field's toml key, so a kind is a row and a field, not a third line.
func (r rawIdentity) value(k Kind) string {
	v := reflect.ValueOf(r)
	for i := range v.NumField() {
		if v.Type().Field(i).Tag.Get("toml") == string(k) {
			return v.Field(i).String()
		}
	}
	return ""
}

// Load reads and validates the manifest at path.
func Load(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Err: errors.Unwrap(err), Hint: "pass the path of a manifest file, e.g. about fetch manifest.toml (about init writes one)"}
	}
	return Parse(path, data)
}

// Parse validates manifest text; path is used for messages and to resolve
// the snapshot folder.
func Parse(path string, data []byte) (*Manifest, error) {
	m, err := parse(path, data)
	var me *Error
	if errors.As(err, &me) {
		me.Value = cut(me.Value) // a whole file pasted into one value is not worth keeping
	}
	return m, err
}

func parse(path string, data []byte) (*Manifest, error) {
	data = stripByteOrderMark(data)
	if err := checkBinary(path, data); err != nil {
		return nil, err
	}
	if err := checkInvisible(path, data); err != nil {
		return nil, err
	}
	var raw rawManifest
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, decodeError(path, data, err)
	}
	lines, err := keyLines(data)
	if err != nil {
		return nil, &Error{File: path, Err: err}
	}
	m := &Manifest{Path: path, lines: lines, Intervals: map[string]time.Duration{}}

	m.Mailto = strings.TrimSpace(raw.Mailto)
	if m.Mailto != "" && !looksLikeEmail(m.Mailto) {
		return nil, &Error{File: path, Line: lines["mailto"], Value: raw.Mailto,
			Err:  fmt.Errorf("mailto %q is not an e-mail address", raw.Mailto),
			Hint: "services use it to contact you before blocking a misbehaving client; e.g. mailto = \"ada@example.org\""}
	}

	snap := raw.Snapshots
	if snap == "" {
		snap = DefaultSnapshots
	}
	if filepath.IsAbs(snap) {
		m.Snapshots = filepath.Clean(snap)
	} else {
		m.Snapshots = filepath.Join(filepath.Dir(path), snap)
	}

	m.FollowPublished = raw.Follow == nil || *raw.Follow
	m.Discover = orTrue(raw.Discover)
	m.CV = raw.CV
	m.CountsSource = strings.ToLower(strings.TrimSpace(raw.Counts))
	for _, v := range raw.Selected {
		id, err := ParseID(v)
		if err != nil {
			return nil, &Error{File: path, Line: lines["selected"], Value: v, Err: fmt.Errorf("selected: %w", err), Hint: idHint}
		}
		m.Selected = append(m.Selected, id.Key())
	}

	if raw.Providers != nil && len(raw.Providers) == 0 {
		return nil, &Error{File: path, Line: lines["providers"], Value: "[]",
			Err:  errors.New("providers = [] asks no provider"),
			Hint: "leave providers out to ask every provider that applies, or name some, e.g. providers = [\"orcid\", \"crossref\"]"}
	}
	for _, p := range raw.Providers {
		m.Providers = append(m.Providers, strings.ToLower(strings.TrimSpace(p)))
	}

	names := make([]string, 0, len(raw.Intervals))
	for name := range raw.Intervals {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		d, err := time.ParseDuration(raw.Intervals[name])
		if err != nil || d <= 0 {
			e := &Error{File: path, Line: lines["intervals."+name], Value: raw.Intervals[name],
				Err:  fmt.Errorf("intervals.%s = %q is not a positive duration", name, raw.Intervals[name]),
				Hint: "write durations like \"500ms\" or \"2s\""}
			if isTopLevelKey(name) {
				e.Hint = topLevelHint(name)
			}
			return nil, e
		}
		m.Intervals[strings.ToLower(name)] = d
	}

	if err := m.readIdentities(raw); err != nil {
		return nil, err
	}
	m.Providers = WithORCID(m.Providers, m.Identities)
	if err := m.readDecisions(raw, lines); err != nil {
		return nil, err
	}
	// checked after the [[work]]s: a work without an identifier is one
	if len(m.Identities) == 0 {
		return nil, &Error{File: path, Err: errors.New("no [[identity]] entries"),
			Hint: "add one, e.g.\n[[identity]]\norcid = \"0000-0002-1825-0097\"\n(a lab's [[member]]s with an orcid or works count too, and a [[work]] with a key and a title)"}
	}
	return m, nil
}

// readIdentities reads the [[identity]]s, then title, [lab] and its
// [[member]]s, whose iDs and works are identities too.
func (m *Manifest) readIdentities(raw rawManifest) error {
	seen := map[string]bool{}
	for i, ri := range raw.Identity {
		entry, err := identityEntry(m.Path, i, ri, m.lines)
		if err != nil {
			return err
		}
		if seen[entry.Key()] {
			continue
		}
		seen[entry.Key()] = true
		m.Identities = append(m.Identities, entry)
	}
	return m.readLab(raw, seen)
}

// idHint is what every identifier in [[link]], [[exclude]] and
// [[override]] may look like.
var idHint = "write identifiers as " + workIDsHint() + " (as index.json lists them)"

// readDecisions validates [[link]], [[exclude]], [[override]] and [[work]].
func (m *Manifest) readDecisions(raw rawManifest, lines map[string]int) error {
	d := decisions{path: m.Path, lines: lines}
	var err error
	if m.Links, err = d.links(raw.Link); err != nil {
		return err
	}
	if m.Excludes, err = d.excludes(raw.Exclude); err != nil {
		return err
	}
	if err := d.linkCycle(m.Links); err != nil {
		return err
	}
	if err := d.linkPairOnce(m.Links); err != nil {
		return err
	}
	if err := d.excludedIdentity(m.Excludes, m.Identities); err != nil {
		return err
	}
	if m.Overrides, err = d.overrides(raw.Override); err != nil {
		return err
	}
	if m.Works, err = d.works(raw.Work, m.Excludes); err != nil { // work.go
		return err
	}
	// A work without an identifier is asked for by its [[work]]: fetch
	// writes it, index.json lists it and check holds it like any other.
	for _, w := range m.Works {
		if w.ID.Kind == KindKey {
			m.Identities = append(m.Identities, Entry{Identity: w.ID, Line: w.Line})
		}
	}
	return nil
}

// linkCycle rejects [[link]]s that, followed from the work shown as
// another to that one, come back where they started (preprint-of A → B,
// B → C, C → A): no work of the group could be the one shown, and
// links.json would contradict itself. The error is at the link that
// closes the cycle, which it spells out. "distinct" links show nothing.
func (d decisions) linkCycle(links []Link) error {
	next := map[string][]Link{} // from key → the links from it so far
	for _, l := range links {
		if l.Kind == LinkDistinct {
			continue
		}
		if path := linkPath(next, l.To.Key(), l.From.Key(), map[string]bool{}); path != nil {
			cycle := l.From.Key() + " → " + l.To.Key()
			for _, p := range path {
				cycle += " → " + p.To.Key()
			}
			return &Error{File: d.path, Line: l.Line, Value: l.From.Key(),
				Err:  fmt.Errorf("[[link]] closes a cycle: %s (each is shown as the next, so none can be shown)", cycle),
				Hint: fmt.Sprintf("links lead from the work hidden to the one shown; delete or turn round one of the [[link]]s at lines %s", cycleLines(l, path))}
		}
		next[l.From.Key()] = append(next[l.From.Key()], l)
	}
	return nil
}

// linkPairOnce rejects a second [[link]] of one pair of works (either
// way round): one link would stand and the other be ignored, a distinct
// beside a preprint-of saying both that the works are one and not.
func (d decisions) linkPairOnce(links []Link) error {
	first := map[[2]string]Link{}
	for _, l := range links {
		a, b := l.From.Key(), l.To.Key()
		if a > b {
			a, b = b, a
		}
		if f, ok := first[[2]string{a, b}]; ok {
			return &Error{File: d.path, Line: l.Line, Value: l.From.Key(),
				Err:  fmt.Errorf("[[link]] of %s and %s again (kind %q); line %d already links them (kind %q)", l.From.Key(), l.To.Key(), l.Kind, f.Line, f.Kind),
				Hint: "a pair of works has one [[link]]: delete one of the two"}
		}
		first[[2]string{a, b}] = l
	}
	return nil
}

// linkPath is a path of links from key from to key to, or nil.
func linkPath(next map[string][]Link, from, to string, seen map[string]bool) []Link {
	if seen[from] {
		return nil
	}
	seen[from] = true
	for _, l := range next[from] {
		if l.To.Key() == to {
			return []Link{l}
		}
		if rest := linkPath(next, l.To.Key(), to, seen); rest != nil {
			return append([]Link{l}, rest...)
		}
	}
	return nil
}

// cycleLines is the lines of the links of a cycle, in file order.
func cycleLines(closing Link, path []Link) string {
	lines := []int{closing.Line}
	for _, p := range path {
		lines = append(lines, p.Line)
	}
	slices.Sort(lines)
	words := make([]string, len(lines))
	for i, n := range lines {
		words[i] = fmt.Sprint(n)
	}
	return strings.Join(words, ", ")
}

// excludedIdentity rejects an [[exclude]] of a work an [[identity]]
// lists: fetch would leave out the work the manifest asks for, and check
// could not say which word stands.
func (d decisions) excludedIdentity(excludes []Exclude, ids []Entry) error {
	for _, x := range excludes {
		i := slices.IndexFunc(ids, func(e Entry) bool { return e.Key() == x.ID.Key() })
		if i < 0 {
			continue
		}
		return &Error{File: d.path, Line: x.Line, Value: x.ID.Key(),
			Err:  fmt.Errorf("[[exclude]] of %s, which the [[identity]] at line %d lists", x.ID.Key(), ids[i].Line),
			Hint: "a work is either asked for or left out: delete the [[identity]] or the [[exclude]]"}
	}
	return nil
}

// decisions reads the [[link]], [[exclude]] and [[override]] tables,
// naming the line of whatever is wrong.
type decisions struct {
	path  string
	lines map[string]int
}

// line is the line of table.key, or of the table when the key has none.
func (d decisions) line(table, key string) int {
	if line := d.lines[table+"."+key]; line != 0 {
		return line
	}
	return d.lines[table]
}

// id parses the identifier under table.key; it must be there.
func (d decisions) id(table, key, value string) (Identity, error) {
	line := d.line(table, key)
	if strings.TrimSpace(value) == "" {
		return Identity{}, &Error{File: d.path, Line: line, Err: fmt.Errorf("[[%s]] has no %s", strings.Split(table, ".")[0], key), Hint: idHint}
	}
	v, err := ParseID(value)
	if err != nil {
		return Identity{}, &Error{File: d.path, Line: line, Value: value, Err: err, Hint: idHint}
	}
	return v, nil
}

func (d decisions) links(raw []rawLink) ([]Link, error) {
	var links []Link
	for i, r := range raw {
		table := fmt.Sprintf("link.%d", i)
		from, err := d.id(table, "from", r.From)
		if err != nil {
			return nil, err
		}
		to, err := d.id(table, "to", r.To)
		if err != nil {
			return nil, err
		}
		kind := strings.ToLower(strings.TrimSpace(r.Kind))
		if !slices.Contains(LinkKinds(), kind) {
			return nil, &Error{File: d.path, Line: d.line(table, "kind"), Value: r.Kind, Err: fmt.Errorf("[[link]] kind %q is not one of %s", r.Kind, strings.Join(LinkKinds(), ", ")),
				Hint: "preprint-of: from is a preprint of to; version-of: from is a version of the concept DOI to; same-as: one work, two identifiers; distinct: never link them"}
		}
		if from == to {
			return nil, &Error{File: d.path, Line: d.lines[table], Value: r.From, Err: fmt.Errorf("[[link]] links %s to itself", from)}
		}
		links = append(links, Link{From: from, To: to, Kind: kind, Line: d.lines[table]})
	}
	return links, nil
}

func (d decisions) excludes(raw []rawExclude) ([]Exclude, error) {
	var excludes []Exclude
	for i, r := range raw {
		table := fmt.Sprintf("exclude.%d", i)
		v, err := d.id(table, "id", r.ID)
		if err != nil {
			return nil, err
		}
		excludes = append(excludes, Exclude{ID: v, Reason: strings.TrimSpace(r.Reason), Line: d.lines[table]})
	}
	return excludes, nil
}

func (d decisions) overrides(raw []rawOverride) ([]Override, error) {
	var overrides []Override
	set := map[string]overrideField{} // "key field" → the override that sets it first
	for i, r := range raw {
		table := fmt.Sprintf("override.%d", i)
		v, err := d.id(table, "id", r.ID)
		if err != nil {
			return nil, err
		}
		o := Override{ID: v, Title: strings.TrimSpace(r.Title), Type: strings.TrimSpace(r.Type), Year: r.Year, Line: d.lines[table]}
		if r.Year != 0 && (r.Year < 1 || r.Year > 9999) {
			return nil, &Error{File: d.path, Line: d.lines[table+".year"], Value: fmt.Sprint(r.Year), Err: fmt.Errorf("[[override]] year %d is not a year", r.Year)}
		}
		if o.Type != "" && !IsCSLType(o.Type) {
			return nil, overrideTypeError(d.path, d.line(table, "type"), r.Type)
		}
		if o.Title == "" && o.Type == "" && o.Year == 0 {
			return nil, &Error{File: d.path, Line: d.lines[table], Err: errors.New("[[override]] sets nothing"), Hint: "give title, type or year"}
		}
		if err := d.overrideOnce(set, table, o); err != nil {
			return nil, err
		}
		overrides = append(overrides, o)
	}
	return overrides, nil
}

// overrideField is where a field of a work was first overridden.
type overrideField struct {
	line  int
	value string
}

// overrideOnce rejects a second [[override]] of a field of one work
// (however its identifier is spelled): only one could stand, and which
// one would depend on the order of the tables.
func (d decisions) overrideOnce(set map[string]overrideField, table string, o Override) error {
	fields := []struct{ name, value string }{{"title", o.Title}, {"type", o.Type}, {"year", ""}}
	if o.Year != 0 {
		fields[2].value = fmt.Sprint(o.Year)
	}
	for _, f := range fields {
		if f.value == "" {
			continue
		}
		k := o.ID.Key() + " " + f.name
		line := d.line(table, f.name)
		if first, ok := set[k]; ok {
			return &Error{File: d.path, Line: line, Value: f.value,
				Err:  fmt.Errorf("[[override]] of %s sets %s again (%q); line %d already sets it (%q)", o.ID.Key(), f.name, f.value, first.line, first.value),
				Hint: "a field of a work is overridden once: delete one of the two"}
		}
		set[k] = overrideField{line: line, value: f.value}
	}
	return nil
}

// overrideTypeError says a type is not a CSL one, with the type probably
// meant: Crossref's and ORCID's journal-article is CSL's article-journal,
// and a type no citation processor knows would be written as "document".
func overrideTypeError(path string, line int, t string) error {
	e := &Error{File: path, Line: line, Value: t, Err: fmt.Errorf("[[override]] type %q is not a CSL type", t),
		Hint: "CSL types: " + strings.Join(cslTypes, ", ")}
	if s := suggestCSLType(t); s != "" {
		e.Err = fmt.Errorf("[[override]] type %q is not a CSL type (did you mean %s?)", t, s)
		e.Hint = fmt.Sprintf("type = %q; CSL types are listed at https://docs.citationstyles.org/en/stable/specification.html#appendix-iii-types", s)
	}
	return e
}

// ParseID reads an identifier as written in [[link]], [[exclude]] and
// [[override]]: an identity key ("doi:10.1/x", "arxiv:…", "pmid:…",
// "pmcid:…", "orcid-work:<iD>/<put-code>", "key:<citation key>" of a
// work without an identifier), or a bare DOI or DOI URL.
func ParseID(raw string) (Identity, error) {
	s := strings.TrimSpace(raw)
	kind, value, ok := strings.Cut(s, ":")
	if ok {
		row, known := LookupKind(Kind(strings.ToLower(kind)))
		switch {
		case known && row.Role == RoleWork && row.Normalize != nil:
			return Normalize(row.Kind, value)
		case row.Kind == KindORCIDWork:
			orcid, putCode, _ := strings.Cut(strings.TrimSpace(value), "/")
			o, err := NormalizeORCID(orcid)
			if err != nil || putCode == "" || strings.ContainsFunc(putCode, func(r rune) bool { return r < '0' || r > '9' }) {
				return Identity{}, fmt.Errorf("%q is not orcid-work:<ORCID iD>/<put-code>", raw)
			}
			return Identity{Kind: KindORCIDWork, Value: o + "/" + putCode}, nil
		case row.Kind == KindKey:
			if err := CheckKey(value); err != nil {
				return Identity{}, fmt.Errorf("%q is not key:<citation key>: the key %w", raw, err)
			}
			return Identity{Kind: KindKey, Value: value}, nil
		case row.Kind == KindDBLPWork:
			return parseDBLPWork(raw, value)
		case row.Kind == KindINSPIREWork:
			return parseINSPIREWork(raw, value)
		}
	}
	if v, err := NormalizeDOI(s); err == nil {
		return Identity{Kind: KindDOI, Value: v}, nil
	}
	return Identity{}, fmt.Errorf("%q is not an identifier this tool knows", raw)
}

func identityEntry(path string, i int, ri rawIdentity, lines map[string]int) (Entry, error) {
	table := fmt.Sprintf("identity.%d", i)
	var found []Kind
	for _, k := range Kinds() {
		if strings.TrimSpace(ri.value(k)) != "" {
			found = append(found, k)
		}
	}
	switch len(found) {
	case 0:
		return Entry{}, &Error{File: path, Line: lines[table], Err: errors.New("[[identity]] names no identifier"),
			Hint: "give exactly one of " + kindList()}
	case 1:
	default:
		return Entry{}, &Error{File: path, Line: lines[table+"."+string(found[1])],
			Err:  fmt.Errorf("[[identity]] names both %s and %s", found[0], found[1]),
			Hint: "split them into two [[identity]] entries"}
	}
	k := found[0]
	line := lines[table+"."+string(k)]
	value := ri.value(k)
	id, err := Normalize(k, value)
	if err != nil {
		e := &Error{File: path, Line: line, Value: value, Err: err}
		var cd *CheckDigitError
		switch {
		case errors.As(err, &cd):
			e.Hint = fmt.Sprintf("check the iD on orcid.org; with these first 15 digits it would end in %c", cd.Want)
		case k == KindORCID:
			e.Hint = "ORCID iDs look like 0000-0002-1825-0097"
		case k == KindDBLP:
			e.Hint = dblpHint
		case k == KindINSPIRE:
			e.Hint = inspireHint
		case k == KindDOI:
			e.Hint = "DOIs look like 10.5281/zenodo.1234567 (https://doi.org/… and doi:… are accepted too)"
		}
		return Entry{}, e
	}
	return Entry{Identity: id, Name: strings.TrimSpace(ri.Name), Line: line}, nil
}

func looksLikeEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	return ok && local != "" && strings.Contains(domain, ".") && !strings.ContainsAny(s, " \t<>\"")
}

// topLevelKeys are the keys a manifest has before its first table.
var topLevelKeys = []string{"mailto", "snapshots", "providers", "follow_published", "discover", "cv", "counts_source", "selected", "title"}

func isTopLevelKey(k string) bool { return slices.Contains(topLevelKeys, k) }

// topLevelHint explains the TOML rule behind a top-level key read as part
// of a table: every key after a [table] header belongs to that table.
func topLevelHint(key string) string {
	return key + " is a top-level key: top-level keys go above the first [[identity]] (or other table), since TOML puts every key after a table header into that table"
}

// knownKeysHint lists every key a manifest may hold, by table.
var knownKeysHint = "known keys: " + strings.Join(topLevelKeys, ", ") + ", [intervals]; in [[identity]]: " + kindList() + ", name; in [[link]]: from, to, kind; in [[exclude]]: id, reason; in [[override]]: id, title, type, year; in [[work]]: " + strings.Join(workKeys(), ", ") + "; " + labKeysHint

// decodeError turns the TOML library's errors into ones naming the line.
func decodeError(path string, data []byte, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		first := strict.Errors[0]
		row, _ := first.Position()
		parts := first.Key()
		key := strings.Join(parts, ".")
		e := &Error{File: path, Line: row, Value: cut(key), Err: fmt.Errorf("unknown key %q", key), Hint: knownKeysHint}
		if near := nearKey(parts); near != "" {
			e.Err = fmt.Errorf("unknown key %q (did you mean %s?)", key, near)
		}
		if len(parts) == 2 && isTopLevelKey(parts[1]) {
			e.Hint = topLevelHint(parts[1]) + "; " + knownKeysHint
		}
		return e
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		if te := typeError(path, de); te != nil {
			return te
		}
		return syntaxError(path, data, de)
	}
	return &Error{File: path, Err: err}
}

// keyLines maps each key path ("mailto", "identity.0.doi", "intervals.x")
// and each array-table header ("identity.0", "link.2") to its 1-based line, so
// problems found after decoding can still name their line.
func keyLines(data []byte) (map[string]int, error) {
	lines := map[string]int{}
	var p unstable.Parser
	p.Reset(data)
	table := ""
	counts := map[string]int{} // array table → entries seen
	newlines := newlineOffsets(data)
	for p.NextExpression() {
		expr := p.Expression()
		switch expr.Kind {
		case unstable.ArrayTable, unstable.Table:
			name := joinKey(expr.Key())
			if expr.Kind == unstable.ArrayTable {
				i := counts[name]
				counts[name]++
				name = fmt.Sprintf("%s.%d", name, i)
			} else if parent, sub, ok := strings.Cut(name, "."); ok && counts[parent] > 0 {
				// [work.fields] belongs to the last [[work]]
				name = fmt.Sprintf("%s.%d.%s", parent, counts[parent]-1, sub)
			}
			table = name
			lines[name] = lineOf(data, newlines, expr.Key())
		case unstable.KeyValue:
			key := joinKey(expr.Key())
			if table != "" {
				key = table + "." + key
			}
			lines[key] = lineOf(data, newlines, expr.Key())
		}
	}
	return lines, p.Error()
}

func joinKey(it unstable.Iterator) string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}

// lineOf finds the line of a key's first part from its raw range: one
// more than the newlines before it (newlines is newlineOffsets(data); a
// count from the file's start for every key made an imported manifest of
// thousands of works take seconds to load).
func lineOf(data []byte, newlines []int, it unstable.Iterator) int {
	if !it.Next() {
		return 0
	}
	off := int(it.Node().Raw.Offset)
	if off > len(data) {
		return 0
	}
	return 1 + sort.SearchInts(newlines, off)
}

// newlineOffsets are the offsets of data's newlines, in order.
func newlineOffsets(data []byte) []int {
	var out []int
	for i, c := range data {
		if c == '\n' {
			out = append(out, i)
		}
	}
	return out
}

// orTrue is a switch that is on unless the manifest turns it off.
func orTrue(b *bool) bool { return b == nil || *b }

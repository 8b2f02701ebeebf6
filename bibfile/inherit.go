package bibfile

import (
	"fmt"
	"strings"
)

// Mode says whose inheritance rules Resolve applies.
type Mode int

const (
	// BibLaTeX resolves xdata and crossref as biber does for biblatex's
	// default data model (biblatex.def's \DeclareDataInheritance).
	BibLaTeX Mode = iota
	// BibTeX resolves crossref as BibTeX does: a field the entry lacks
	// is taken from its parent under the same name, one level deep.
	BibTeX
)

// Resolve fills each entry's Inherited fields from its xdata and
// crossref parents, leaving its own Fields as they are; a parent that
// is missing, or a loop, is a warning. It may be called again: each call
// starts afresh.
//
// In BibLaTeX mode, as biber does: xdata first, every field of each
// listed xdata entry (resolved in turn) but ids, and it replaces the
// entry's own field of the same name (biber's resolve_xdata sets it
// unconditionally; Get reads it so, Own still has the entry's); then
// crossref, recursively, each field the entry lacks of the parent's own
// and crossref-inherited ones (not its xdata's: biber resolves
// crossrefs before xdata), renamed by
// biblatex's rules (a proceedings' title is an inproceedings'
// booktitle, a book's author also its inbook's bookauthor, a periodical's
// title an article's journaltitle, an mvbook's title a book's
// maintitle), shorttitle, sorttitle, indextitle and indexsorttitle never
// passed on by those pairs, and ids, crossref, xref, entryset and the
// like never passed on at all. biber --tool's own configuration
// (biber-tool.conf) lacks the \noinherit lines and passes shorttitle on;
// Resolve follows biblatex.def, what a document gets.
func (f *File) Resolve(mode Mode) {
	r := &resolver{f: f, mode: mode, done: map[*Entry]bool{}, busy: map[*Entry]bool{}}
	for _, e := range f.Entries {
		e.Inherited = nil
	}
	for _, e := range f.Entries {
		r.resolve(e)
	}
}

type resolver struct {
	f          *File
	mode       Mode
	done, busy map[*Entry]bool
}

func (r *resolver) resolve(e *Entry) {
	if r.done[e] || r.busy[e] {
		return
	}
	r.busy[e] = true
	defer func() { r.busy[e] = false; r.done[e] = true }()
	if r.mode == BibLaTeX {
		r.xdata(e)
	}
	ref, ok := e.Own("crossref")
	if !ok || ref.Value == "" {
		return
	}
	parent := r.parent(e, ref.Value)
	if parent == nil {
		return
	}
	if r.mode == BibTeX {
		for _, pf := range parent.Fields {
			if pf.Name != "crossref" {
				r.inherit(e, parent, pf, pf.Name, false)
			}
		}
		return
	}
	r.resolve(parent)
	for _, pf := range crossrefView(parent) {
		for _, to := range inheritedAs(parent.Type, e.Type, pf.Name) {
			r.inherit(e, parent, pf, to, false)
		}
	}
}

// xdata copies the fields of the entry's xdata entries.
func (r *resolver) xdata(e *Entry) {
	ref, ok := e.Own("xdata")
	if !ok {
		return
	}
	for _, key := range strings.Split(ref.Value, ",") {
		parent := r.parent(e, strings.TrimSpace(key))
		if parent == nil {
			continue
		}
		if parent.Type != "xdata" {
			r.warn(e, "xdata %s is a @%s, not an @xdata: biber does not resolve it", parent.Key, parent.Type)
			continue
		}
		r.resolve(parent)
		for _, pf := range effective(parent) {
			if pf.Name != "ids" && pf.Name != "xdata" {
				r.inherit(e, parent, pf, pf.Name, true)
			}
		}
	}
}

// parent finds the entry a crossref or xdata names, and warns when there
// is none or when following it would loop.
func (r *resolver) parent(e *Entry, key string) *Entry {
	p := r.f.Lookup(key)
	if p == nil && r.mode == BibTeX {
		p = r.lookupFold(key) // BibTeX matches keys in any case
	}
	switch {
	case p == nil:
		r.warn(e, "%s is not in the file: nothing is inherited from it", key)
		return nil
	case r.busy[p] || p == e:
		r.warn(e, "inheriting from %s loops back to this entry: not followed", key)
		return nil
	}
	return p
}

func (r *resolver) lookupFold(key string) *Entry {
	for _, e := range r.f.Entries {
		if strings.EqualFold(e.Key, key) && key != "" {
			return e
		}
	}
	return nil
}

func (r *resolver) warn(e *Entry, format string, args ...any) {
	r.f.Problems = append(r.f.Problems, Problem{File: r.f.Name, Line: e.Line, Key: e.Key, Warning: true, Message: fmt.Sprintf(format, args...)})
}

// inherit gives e the parent's field pf under the name to, unless e
// already has one (an override, xdata's, is kept even then).
func (r *resolver) inherit(e, parent *Entry, pf Field, to string, override bool) {
	if !override {
		if _, has := e.Get(to); has {
			return
		}
	}
	for _, f := range e.Inherited {
		if f.Name == to {
			return
		}
	}
	from := pf.Name
	if pf.From != "" {
		from = pf.FromName
	}
	nf := pf
	nf.Name, nf.NameWritten = to, to
	nf.FromName = from
	if pf.From == "" {
		nf.From = parent.Key
	}
	nf.Override = override
	e.Inherited = append(e.Inherited, nf)
}

// crossrefView are the fields a crossref child inherits from: the
// parent's own and what it took by crossref, not its xdata (biber
// resolves crossrefs first: biber --tool shows a child of a book with
// xdata taking the book's own publisher, not the xdata's).
func crossrefView(e *Entry) []Field {
	out := append([]Field(nil), e.Fields...)
	for _, f := range e.Inherited {
		if !f.Override {
			out = append(out, f)
		}
	}
	return out
}

// effective are an xdata entry's fields as the entries that use it see
// them: its own and what it inherited, its own xdata's first.
func effective(e *Entry) []Field {
	out := make([]Field, 0, len(e.Fields)+len(e.Inherited))
	for _, f := range e.Inherited {
		if f.Override {
			out = append(out, f)
		}
	}
	for _, f := range e.Fields {
		if _, over := findOverride(e.Inherited, f.Name); !over {
			out = append(out, f)
		}
	}
	for _, f := range e.Inherited {
		if !f.Override {
			out = append(out, f)
		}
	}
	return out
}

func findOverride(fields []Field, name string) (Field, bool) {
	for _, f := range fields {
		if f.Name == name && f.Override {
			return f, true
		}
	}
	return Field{}, false
}

// neverInherited are the fields biblatex passes on to no child
// (\DeclareDataInheritance{*}{*}).
var neverInherited = map[string]bool{
	"ids": true, "crossref": true, "xref": true, "entryset": true, "entrysubtype": true,
	"execute": true, "label": true, "options": true, "presort": true, "related": true,
	"relatedoptions": true, "relatedstring": true, "relatedtype": true, "shorthand": true,
	"shorthandintro": true, "sortkey": true,
	// biber consumes a parent's xdata field when it resolves it: a child
	// does not take the parent's xdata entries (biber --tool)
	"xdata": true,
}

// inheritanceRule is one \DeclareDataInheritance of biblatex.def: from
// parents of these types to children of those, a field becomes these
// fields ("" for none).
type inheritanceRule struct {
	parents, children []string
	fields            map[string][]string
}

func titleRule(prefix string) map[string][]string {
	return map[string][]string{
		"title": {prefix + "title"}, "subtitle": {prefix + "subtitle"}, "titleaddon": {prefix + "titleaddon"},
		"shorttitle": nil, "sorttitle": nil, "indextitle": nil, "indexsorttitle": nil,
	}
}

var inheritanceRules = []inheritanceRule{
	{[]string{"mvbook", "book"}, []string{"inbook", "bookinbook", "suppbook"}, map[string][]string{"author": {"author", "bookauthor"}}},
	{[]string{"mvbook"}, []string{"book", "inbook", "bookinbook", "suppbook"}, titleRule("main")},
	{[]string{"mvcollection", "mvreference"}, []string{"collection", "reference", "incollection", "inreference", "suppcollection"}, titleRule("main")},
	{[]string{"mvproceedings"}, []string{"proceedings", "inproceedings"}, titleRule("main")},
	{[]string{"book"}, []string{"inbook", "bookinbook", "suppbook"}, titleRule("book")},
	{[]string{"collection", "reference"}, []string{"incollection", "inreference", "suppcollection"}, titleRule("book")},
	{[]string{"proceedings"}, []string{"inproceedings"}, titleRule("book")},
	{[]string{"periodical"}, []string{"article", "suppperiodical"}, map[string][]string{
		"title": {"journaltitle"}, "subtitle": {"journalsubtitle"}, "titleaddon": {"journaltitleaddon"},
		"shorttitle": nil, "sorttitle": nil, "indextitle": nil, "indexsorttitle": nil,
	}},
}

// inheritedAs are the names a parent's field takes in a child under
// biblatex's rules: those of every rule for the pair of types that
// names the field, else its own name unless it is never inherited.
func inheritedAs(parentType, childType, field string) []string {
	var to []string
	ruled := false
	for _, rule := range inheritanceRules {
		if !contains(rule.parents, parentType) || !contains(rule.children, childType) {
			continue
		}
		if targets, ok := rule.fields[field]; ok {
			ruled = true
			to = append(to, targets...)
		}
	}
	if ruled {
		return to
	}
	if neverInherited[field] {
		return nil
	}
	return []string{field}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

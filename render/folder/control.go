package folder

import (
	"reflect"
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// WithoutControls is the folder with every string of its records, of the
// owners' names and of the providers' attributions freed of control
// characters (C0, DEL, C1; each a space) and of directional controls
// (BidiControl): a snapshot an older about wrote, or
// one edited by hand, may hold what no format may (pdflatex stops at
// U+001B, XML 1.0 forbids most of them, a terminal obeys them). Every
// format reads the page built from it, so this is the one place; clean
// does the same for the texts, whatever reaches them. The caller's folder
// is not changed.
//
// A record with no such character is shared, not copied (the folder is
// read, never written): a folder of 10,000 works is tens of megabytes,
// and one with a control character anywhere is rare.
func WithoutControls(f *Folder) *Folder {
	c := *f
	for i, w := range f.Works {
		if !hasControl(reflect.ValueOf(w.Record)) {
			continue
		}
		if &c.Works[0] == &f.Works[0] {
			c.Works = slices.Clone(f.Works)
		}
		c.Works[i].Record = sanitized(reflect.ValueOf(w.Record)).Interface().(record.Record)
	}
	if f.Owners != nil {
		c.Owners = make(map[string]snapshots.OwnerName, len(f.Owners))
		for k, n := range f.Owners {
			c.Owners[k] = sanitized(reflect.ValueOf(n)).Interface().(snapshots.OwnerName)
		}
	}
	if f.CVs != nil {
		c.CVs = sanitized(reflect.ValueOf(f.CVs)).Interface().(map[string]record.CV)
	}
	c.Providers = make([]snapshots.IndexProvider, len(f.Providers))
	for i, p := range f.Providers {
		c.Providers[i] = sanitized(reflect.ValueOf(p)).Interface().(snapshots.IndexProvider)
	}
	return &c
}

// sanitized is a deep copy of v with every string's controls made spaces;
// slices, maps and pointers are copied, never shared with v, and an
// unexported field is copied as it is.
func sanitized(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	switch v.Kind() {
	case reflect.String:
		out.SetString(strings.Map(WithoutControl, v.String()))
	case reflect.Struct:
		out.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if out.Field(i).CanSet() {
				out.Field(i).Set(sanitized(v.Field(i)))
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return out
		}
		out.Set(reflect.MakeSlice(v.Type(), v.Len(), v.Len()))
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(sanitized(v.Index(i)))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return out
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(sanitized(v.Elem()))
		out.Set(p)
	case reflect.Map:
		if v.IsNil() {
			return out
		}
		out.Set(reflect.MakeMapWithSize(v.Type(), v.Len()))
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(sanitized(it.Key()), sanitized(it.Value()))
		}
	case reflect.Interface:
		if !v.IsNil() {
			out.Set(sanitized(v.Elem()))
		}
	default:
		out.Set(v)
	}
	return out
}

// hasControl reports whether any string in v holds a character
// sanitized would change.
func hasControl(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return strings.IndexFunc(v.String(), func(r rune) bool { return WithoutControl(r) != r }) >= 0
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && hasControl(v.Field(i)) {
				return true
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if hasControl(v.Index(i)) {
				return true
			}
		}
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && hasControl(v.Elem())
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if hasControl(it.Key()) || hasControl(it.Value()) {
				return true
			}
		}
	}
	return false
}

// BidiControl reports the explicit directional embeddings, overrides and
// isolates (U+202A–U+202E, U+2066–U+2069, UAX #9). One a service leaves
// open in a title runs on over the rest of its entry's line (an override
// shows "invoice‮gnp.exe" as "invoiceexe.png"), and no format can close
// it for the text: BibTeX, RIS and Markdown have no isolation, and a
// field may be cut short (an excerpt, a badge). The implicit marks (LRM,
// RLM, ALM), which open nothing, stay, as does right-to-left text, which
// the bidirectional algorithm orders without them.
func BidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// WithoutControl maps a control character (C0, DEL, C1: unicode.IsControl,
// the set providers strip as answers are read) to a space (white space,
// which clean then collapses), drops a directional control (BidiControl)
// and keeps every other rune.
func WithoutControl(r rune) rune {
	switch {
	case unicode.IsControl(r):
		return ' '
	case BidiControl(r):
		return -1
	}
	return r
}

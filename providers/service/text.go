package service

import (
	"reflect"
	"strings"
	"unicode"
)

// Clean strips control characters from every text of res: titles, names,
// affiliations, container, publisher, abstract, identifiers, topics,
// annotations, the works an expansion or a listing found, warnings.
// No text a service sends means one: C0 (U+0000–U+001F), DEL and C1
// (U+0080–U+009F) only break what is made of it (pdflatex stops at
// U+001B in a .bib, RIS is one field a line, a terminal obeys escape
// sequences). It is the one place every answer is cleaned: the caller
// hands it each Result as it comes from a provider, before anything reads
// it. It walks the Result's exported fields, so a field added later is
// cleaned too; errors are left alone (they quote what they cite).
func Clean(res *Result) {
	cleanValue(reflect.ValueOf(res).Elem())
}

// cleanValue cleans every string reachable from v through pointers,
// structs, slices and arrays. Maps are not walked: no Result field is one.
func cleanValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); v.CanSet() && hasControl(s) {
			v.SetString(CleanText(s))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			cleanValue(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				cleanValue(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			cleanValue(v.Index(i))
		}
	}
}

// CleanText is s without control characters. The ones that are white
// space (tab, line feed, vertical tab, form feed, carriage return, next
// line) become a space, as records keep text on one line (abstracts too:
// markup.AbstractText joins its words with single spaces); the rest
// go. Runs of spaces the change made are one space, with none at either
// end. A string without controls is returned as it is.
func CleanText(s string) string {
	if !hasControl(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := true // at the start: no leading space
	for _, r := range s {
		switch {
		case r == '\t', r == '\n', r == '\v', r == '\f', r == '\r', r == '\u0085', r == ' ':
			if !space {
				b.WriteByte(' ')
			}
			space = true
		case unicode.IsControl(r): // exactly C0, DEL and C1 (Unicode's Cc)
		default:
			b.WriteRune(r)
			space = false
		}
	}
	return strings.TrimSuffix(b.String(), " ")
}

// hasControl reports whether s holds a C0, DEL or C1 character, reading
// bytes: C1 is U+0080–U+009F, in UTF-8 0xC2 followed by 0x80–0x9F.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f || (c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f) {
			return true
		}
	}
	return false
}

package manifest

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	toml "github.com/pelletier/go-toml/v2"
)

// invisibleName names the characters a manifest may not hold: they do
// not show in an editor, so a DOI carrying one (a zero-width space pasted
// from a PDF, a right-to-left override) looks right and is asked about as
// another identifier that no service knows. Bidirectional controls are
// also how "Trojan Source" text hides what it says (CVE-2021-42574).
func invisibleName(r rune) (string, bool) {
	switch r {
	case '\u00AD':
		return "SOFT HYPHEN", true
	case '\u200B':
		return "ZERO WIDTH SPACE", true
	case '\u200C':
		return "ZERO WIDTH NON-JOINER", true
	case '\u200D':
		return "ZERO WIDTH JOINER", true
	case '\u200E':
		return "LEFT-TO-RIGHT MARK", true
	case '\u200F':
		return "RIGHT-TO-LEFT MARK", true
	case '\u202A':
		return "LEFT-TO-RIGHT EMBEDDING", true
	case '\u202B':
		return "RIGHT-TO-LEFT EMBEDDING", true
	case '\u202C':
		return "POP DIRECTIONAL FORMATTING", true
	case '\u202D':
		return "LEFT-TO-RIGHT OVERRIDE", true
	case '\u202E':
		return "RIGHT-TO-LEFT OVERRIDE", true
	case '\u2060':
		return "WORD JOINER", true
	case '\u2066':
		return "LEFT-TO-RIGHT ISOLATE", true
	case '\u2067':
		return "RIGHT-TO-LEFT ISOLATE", true
	case '\u2068':
		return "FIRST STRONG ISOLATE", true
	case '\u2069':
		return "POP DIRECTIONAL ISOLATE", true
	case '\uFEFF':
		return "ZERO WIDTH NO-BREAK SPACE (byte order mark)", true
	}
	return "", false
}

// byteOrderMark may open a file (some Windows editors write one); it is
// only an invisible character anywhere else.
const byteOrderMark = "\uFEFF"

// checkInvisible rejects the first invisible or bidirectional-control
// character of data, naming its line and code point. It scans the whole
// text, comments included: one rule is easier to trust than one that
// depends on where a # is.
func checkInvisible(path string, data []byte) error {
	line := 1
	for off := 0; off < len(data); {
		r, size := utf8.DecodeRune(data[off:])
		if name, bad := invisibleName(r); bad {
			return &Error{File: path, Line: line, Value: fmt.Sprintf("U+%04X", r),
				Err:  fmt.Errorf("invisible character U+%04X %s", r, name),
				Hint: "delete it (it was probably pasted with the text); identifiers and names are asked about character by character"}
		}
		if r == '\n' {
			line++
		}
		off += size
	}
	return nil
}

// keyType says, for each key, what its value must be; a TOML type error
// is reported with it instead of the decoder's Go type names.
func keyType(key string) string {
	switch key {
	case "mailto":
		return `an e-mail address in quotes, e.g. mailto = "ada@example.org"`
	case "snapshots":
		return `a folder name in quotes, e.g. snapshots = "snapshots"`
	case "follow_published", "discover", "cv":
		return "true or false"
	case "providers":
		return `a list of provider names, e.g. providers = ["orcid", "crossref"]`
	case "counts_source":
		return `a provider name in quotes, e.g. counts_source = "openalex"`
	case "selected":
		return `a list of work ids in quotes, e.g. selected = ["doi:10.5555/abc"]`
	case "intervals":
		return `a table of durations, e.g. [intervals] then crossref = "2s"`
	case "identity":
		return "[[identity]] tables"
	case "link":
		return "[[link]] tables"
	case "exclude":
		return "[[exclude]] tables"
	case "override":
		return "[[override]] tables"
	case "override.year":
		return "a year as a number, e.g. year = 2021"
	case "work":
		return "[[work]] tables"
	case "work.tags":
		return `a list of tags in quotes, e.g. tags = ["filters", "databases"]`
	case "work.equal", "work.corresponding":
		return "a list of author positions, e.g. " + strings.TrimPrefix(key, "work.") + " = [1, 2]"
	}
	return labKeyType(key)
}

// expectedType is what the value at key (as the decoder names it, without
// array indices) must be; "" for a key this table does not describe.
func expectedType(key []string) string {
	joined := strings.Join(key, ".")
	if want := keyType(joined); want != "" {
		return want
	}
	switch {
	case len(key) == 2 && key[0] == "intervals":
		return `a duration in quotes, e.g. "2s"`
	case len(key) == 2:
		return "text in quotes"
	}
	return ""
}

// typeError rewrites the decoder's "cannot decode TOML string into struct
// field manifest.rawManifest.Follow of type bool" as what the user wrote
// wrong, e.g. "follow_published must be true or false", at its line.
func typeError(path string, de *toml.DecodeError) error {
	if !strings.Contains(de.Error(), "cannot decode") {
		return nil
	}
	key := de.Key()
	want := expectedType(key)
	if want == "" {
		return nil
	}
	row, _ := de.Position()
	name := cut(strings.Join(key, "."))
	e := &Error{File: path, Line: row, Value: name, Err: fmt.Errorf("%s must be %s", name, want), Hint: tomlValuesHint}
	// Only [intervals] takes any key; elsewhere a top-level name (title
	// in [[override]]) is the table's own field.
	if len(key) == 2 && key[0] == "intervals" && isTopLevelKey(key[1]) {
		e.Hint = topLevelHint(key[1])
	}
	return e
}

// tomlValuesHint is how TOML writes each kind of value.
const tomlValuesHint = `in TOML, text goes in quotes ("…"), true, false and numbers do not, and a list is ["a", "b"]`

// keyValueLine is a "key = value" line, the value up to a comment.
var keyValueLine = regexp.MustCompile(`^\s*([A-Za-z0-9_-]+)\s*=\s*([^#]*?)\s*(#.*)?$`)

// unquoted reports a value TOML would read as something other than text,
// a list or a table: an iD, a DOI or an address typed without quotes,
// which the parser takes for a date or a malformed number.
func unquoted(value string) bool {
	if value == "" || strings.ContainsAny(value[:1], "\"'[{") {
		return false
	}
	return value != "true" && value != "false"
}

// bareValueType is what a key's value must be when it is not text (so
// quoting it would be the wrong advice), or "".
func bareValueType(key string) string {
	switch key {
	case "follow_published", "discover", "cv", "providers", "selected":
		return keyType(key)
	case "tags", "equal", "corresponding":
		return keyType("work." + key)
	case "year":
		return keyType("override.year")
	}
	return ""
}

// syntaxError gives a TOML syntax error a hint for the mistakes people
// make: a value without quotes (the parser's own words for an unquoted
// ORCID iD are "dates are expected to have the format YYYY-MM-DD"), a
// table header not closed, a key or table given twice.
func syntaxError(path string, data []byte, de *toml.DecodeError) error {
	row, _ := de.Position()
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	e := &Error{File: path, Line: row, Err: fmt.Errorf("%s", msg)}
	lines := strings.Split(string(data), "\n")
	if row >= 1 && row <= len(lines) {
		if m := keyValueLine.FindStringSubmatch(lines[row-1]); m != nil && unquoted(m[2]) {
			m[1], m[2] = cut(m[1]), cut(m[2])
			e.Value = m[2]
			if want := bareValueType(m[1]); want != "" {
				e.Err = fmt.Errorf("%s = %s: %s must be %s", m[1], m[2], m[1], want)
				e.Hint = tomlValuesHint
				return e
			}
			e.Err = fmt.Errorf("%s = %s: the value is not in quotes", m[1], m[2])
			e.Hint = fmt.Sprintf("values are text in quotes: %s = %q", m[1], m[2])
			return e
		}
	}
	switch {
	case strings.Contains(msg, "to close array table name"):
		e.Hint = "a header of a table that repeats has two brackets on each side: [[identity]]"
	case strings.Contains(msg, "to close table name"):
		e.Hint = "a table header has one bracket on each side, [intervals]; one that repeats has two, [[identity]]"
	case strings.Contains(msg, "is already defined"):
		e.Hint = "a key may appear once in a table: delete one, or put a second identifier in its own [[identity]] table"
	case strings.Contains(msg, "already exists"):
		e.Hint = "write the table once, with all its keys; a table that repeats has two brackets: [[identity]]"
	case strings.Contains(msg, "cannot have new lines"):
		e.Hint = "close the quote on the same line"
	default:
		e.Hint = tomlValuesHint
	}
	return e
}

// stripByteOrderMark drops a leading byte order mark.
func stripByteOrderMark(data []byte) []byte {
	return bytes.TrimPrefix(data, []byte(byteOrderMark))
}

// CheckMailto holds a contact address from outside the manifest (the
// ABOUT_MAILTO environment variable) to the manifest's rule for mailto.
func CheckMailto(v string) error {
	if !looksLikeEmail(v) {
		return fmt.Errorf("%q is not an e-mail address", v)
	}
	if i := strings.IndexFunc(v, func(r rune) bool { _, bad := invisibleName(r); return bad }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(v[i:])
		name, _ := invisibleName(r)
		return fmt.Errorf("%q holds the invisible character U+%04X %s", v, r, name)
	}
	return nil
}

// WithORCID adds orcid to an explicit provider list when an identity is an
// ORCID iD: the ORCID record is how that identity's works are found, so a
// list naming only the services that describe works (docs/manifest.md's
// providers = ["crossref", "openalex"]) would otherwise find none and
// report an empty, "complete" run. Every person kind is so: a dblp
// identity adds dblp (each person kind's provider has the kind's name).
// nil (every provider) stays nil.
func WithORCID(names []string, ids []Entry) []string {
	if len(names) == 0 {
		return names
	}
	out := names
	for _, id := range ids {
		row, _ := LookupKind(id.Kind)
		if row.Role == RolePerson && !slices.Contains(out, string(id.Kind)) {
			out = append(slices.Clone(out), string(id.Kind))
		}
	}
	return out
}

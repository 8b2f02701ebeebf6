package check

import (
	"bytes"
	"encoding/json"
	"strings"
)

// canonicalFacts is factsOf for a file in canonical form, read off its
// lines without decoding it: there a line opening with two spaces and a
// quote is a top-level key, and the sources' own keys are the lines of
// six spaces and a quote in the value of "sources". Decoding a
// 10,000-work folder for these facts cost a sixth of check's time.
// ok is false for anything unlike what fetch writes (the caller then
// decodes); TestCanonicalFactsAreFactsOf and FuzzCanonicalFacts hold it
// to factsOf.
func canonicalFacts(data []byte) (f fileFacts, ok bool) {
	if !bytes.HasPrefix(data, []byte("{\n")) {
		return f, false
	}
	f.empty = true
	top := "" // the top-level key whose value the line is in
	for line := range bytes.SplitSeq(data[2:], []byte("\n")) {
		if rest, isKey := bytes.CutPrefix(line, []byte(`  "`)); isKey {
			key, value, plain := keyLine(rest)
			if !plain || foldsTo(key, "id", "record", "sources") {
				return f, false // the decoder would match it to a field
			}
			top = key
			switch {
			case key == "id":
				if f.id, ok = plainString(value); !ok {
					return f, false
				}
			case key == "record" && !bytes.HasPrefix(value, []byte("{}")) && !bytes.HasPrefix(value, []byte("null")):
				f.empty = false
			case key == "sources" && !bytes.HasPrefix(value, []byte("[")) && !bytes.HasPrefix(value, []byte("null")):
				return f, false
			}
			continue
		}
		if top == "sources" && !sourceLine(line, &f) {
			return f, false
		}
	}
	return f, true
}

// sourceLine reads one line of the sources array: an element's brace, a
// source's key (its status clears f.empty) or a deeper line. It is false
// for an element that is no object, or a status that is no string.
func sourceLine(line []byte, f *fileFacts) bool {
	rest, inArray := bytes.CutPrefix(line, []byte("    "))
	switch {
	case !inArray:
		return true // the array's closing bracket
	case len(rest) == 0:
		return false
	case rest[0] == '{' || rest[0] == '}':
		return true
	case rest[0] != ' ':
		return false // an element that is no object
	}
	k, isKey := bytes.CutPrefix(rest, []byte(`  "`))
	if !isKey {
		return true // inside a source's value
	}
	key, value, plain := keyLine(k)
	if !plain || foldsTo(key, "status") {
		return false
	}
	if key == "status" {
		s, isString := plainString(value)
		if !isString {
			return false
		}
		if s != "" {
			f.empty = false
		}
	}
	return true
}

// keyLine splits the rest of a key's line, after its opening quote, into
// the key and its value; plain is false for a key with an escape.
func keyLine(rest []byte) (key string, value []byte, plain bool) {
	i := bytes.IndexByte(rest, '"')
	if i < 0 || bytes.IndexByte(rest[:i], '\\') >= 0 || !bytes.HasPrefix(rest[i:], []byte(`": `)) {
		return "", nil, false
	}
	return string(rest[:i]), rest[i+3:], true
}

// foldsTo reports a key that encoding/json would match to one of names
// (it matches keys to fields case-insensitively, as bytes.EqualFold) but
// that is not one of them.
func foldsTo(key string, names ...string) bool {
	for _, n := range names {
		if key != n && strings.EqualFold(key, n) {
			return true
		}
	}
	return false
}

// plainString decodes the JSON string at the start of v (up to its line's
// end, less a trailing comma); ok is false when v holds no string there.
func plainString(v []byte) (string, bool) {
	if i := bytes.IndexByte(v, '\n'); i >= 0 {
		v = v[:i]
	}
	v = bytes.TrimSuffix(v, []byte(","))
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1]), true
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

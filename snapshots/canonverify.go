package snapshots

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// IsCanonical reports that data is already in canonical form, so that
// Canonical(data) would give data back: checked in place, writing
// nothing. The folder check asks it of every file, nearly all of which
// are canonical; re-encoding each to compare was a fifth of check
// --offline's CPU at 10,000 works. It is false for anything it is not
// sure of (a key with an escape, say), and the caller then re-encodes as
// before, which gives the same verdict and names the first difference.
// FuzzIsCanonical holds it to Canonical.
func IsCanonical(data []byte) bool {
	v := canonVerifier{in: data}
	return v.value(0) && v.pos == len(data)-1 && data[v.pos] == '\n'
}

// canonVerifier is one IsCanonical call's state.
type canonVerifier struct {
	in  []byte
	pos int
}

// is consumes s if the input continues with it.
func (v *canonVerifier) is(s string) bool {
	if len(v.in)-v.pos < len(s) || string(v.in[v.pos:v.pos+len(s)]) != s { // no allocation: a comparison
		return false
	}
	v.pos += len(s)
	return true
}

// indent consumes a newline and depth levels of two spaces.
func (v *canonVerifier) indent(depth int) bool {
	if v.pos >= len(v.in) || v.in[v.pos] != '\n' {
		return false
	}
	v.pos++
	end := v.pos + 2*depth
	if end > len(v.in) {
		return false
	}
	for ; v.pos < end; v.pos++ {
		if v.in[v.pos] != ' ' {
			return false
		}
	}
	return true
}

func (v *canonVerifier) value(depth int) bool {
	if v.pos >= len(v.in) {
		return false
	}
	switch b := v.in[v.pos]; {
	case (b == '{' || b == '[') && depth >= maxCanonDepth:
		return false
	case b == '{':
		return v.object(depth)
	case b == '[':
		return v.array(depth)
	case b == '"':
		_, ok := v.str()
		return ok
	case b == 't':
		return v.is("true")
	case b == 'f':
		return v.is("false")
	case b == 'n':
		return v.is("null")
	}
	d := workDecoder{in: v.in, pos: v.pos} // JSON's grammar for it; the canonical form copies a number as it is
	if !d.number() {
		return false
	}
	v.pos = d.pos
	return true
}

func (v *canonVerifier) array(depth int) bool {
	if v.is("[]") {
		return true
	}
	v.pos++
	for {
		if !v.indent(depth+1) || !v.value(depth+1) {
			return false
		}
		if !v.is(",") {
			return v.indent(depth) && v.is("]")
		}
	}
}

// object checks the members' keys rise strictly: the canonical form sorts
// them and keeps one of equal keys.
func (v *canonVerifier) object(depth int) bool {
	if v.is("{}") {
		return true
	}
	v.pos++
	var last []byte
	for {
		if !v.indent(depth+1) || v.pos >= len(v.in) || v.in[v.pos] != '"' {
			return false
		}
		key, ok := v.str()
		if !ok || key == nil || last != nil && bytes.Compare(last, key) >= 0 {
			return false
		}
		last = key
		if !v.is(": ") || !v.value(depth+1) {
			return false
		}
		if !v.is(",") {
			return v.indent(depth) && v.is("}")
		}
	}
}

// str checks a string is as the encoder writes it and returns its
// decoded bytes when it holds no escape (nil with ok for one that does:
// its canonical text is the encoder's quoting of its value).
func (v *canonVerifier) str() (plain []byte, ok bool) {
	start := v.pos
	escaped := false
	i := start + 1
	for ; ; i++ {
		if i >= len(v.in) {
			return nil, false
		}
		b := v.in[i]
		if b == '"' {
			break
		}
		switch {
		case b < 0x20:
			return nil, false
		case b == '\\':
			escaped = true
			i++
		case b >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(v.in[i:])
			if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
				return nil, false // the encoder writes these escaped
			}
			i += size - 1
		}
	}
	v.pos = i + 1
	raw := v.in[start:v.pos]
	if !escaped {
		return raw[1 : len(raw)-1], true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil || !bytes.Equal(appendQuoted(nil, s), raw) {
		return nil, false
	}
	return nil, true
}

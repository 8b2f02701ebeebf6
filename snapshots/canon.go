package snapshots

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"unicode/utf8"
)

// errCanon is any input canonicalize does not take; the caller then runs
// the generic path, which gives the error (or, for the odd input the
// decoder takes, the bytes) Canonical always gave.
var errCanon = errors.New("not canonicalizable in one pass")

// maxCanonDepth is encoding/json's own nesting limit: deeper input goes
// to the generic path, which rejects it as before.
const maxCanonDepth = 10000

// canonicalize writes JSON text in canonical form in one pass over its
// bytes, with no decoding into maps of interfaces: object members are
// written as they come and then put in key order, strings and numbers
// are copied as they are unless a string holds an escape, a character
// the encoder escapes or invalid UTF-8. The bytes are exactly those of
// canonicalGeneric (json.Decoder with UseNumber, then json.Encoder with
// two-space indent and no HTML escaping), which TestCanonicalMatchesGeneric
// and FuzzCanonical hold it to.
func canonicalize(in []byte, out []byte) ([]byte, error) {
	c := canonWriter{in: in, out: out}
	return c.document()
}

// document is canonicalize with c's buffers, appending to c.out.
func (c *canonWriter) document() ([]byte, error) {
	c.space()
	if err := c.value(0); err != nil {
		return nil, err
	}
	c.space()
	if c.pos != len(c.in) {
		return nil, errCanon
	}
	return append(c.out, '\n'), nil
}

// canonWriter is one canonicalize call's state.
type canonWriter struct {
	in      []byte
	pos     int
	out     []byte
	tmp     []byte   // an object's members while they are reordered
	members []member // a stack: each open object's members from its base up
}

// member is one object member as written: its key (decoded) and where its
// `"key": value` text is in out.
type member struct {
	key        []byte // a window on the input, unless the key held an escape
	start, end int
}

func (c *canonWriter) space() {
	for c.pos < len(c.in) {
		switch c.in[c.pos] {
		case ' ', '\t', '\n', '\r':
			c.pos++
		default:
			return
		}
	}
}

func (c *canonWriter) value(depth int) error {
	if c.pos >= len(c.in) {
		return errCanon
	}
	switch b := c.in[c.pos]; {
	case (b == '{' || b == '[') && depth >= maxCanonDepth: // depth counts the containers around it
		return errCanon
	case b == '{':
		return c.object(depth)
	case b == '[':
		return c.array(depth)
	case b == '"':
		_, err := c.str()
		return err
	case b == 't':
		return c.literal("true")
	case b == 'f':
		return c.literal("false")
	case b == 'n':
		return c.literal("null")
	default:
		return c.number()
	}
}

func (c *canonWriter) literal(word string) error {
	if !bytes.HasPrefix(c.in[c.pos:], []byte(word)) {
		return errCanon
	}
	c.pos += len(word)
	c.out = append(c.out, word...)
	return nil
}

// number copies a number literal as it is (the decoder's UseNumber keeps
// its text), after checking JSON's grammar for it.
func (c *canonWriter) number() error {
	start := c.pos
	digits := func() int {
		n := 0
		for c.pos < len(c.in) && c.in[c.pos] >= '0' && c.in[c.pos] <= '9' {
			c.pos++
			n++
		}
		return n
	}
	if c.pos < len(c.in) && c.in[c.pos] == '-' {
		c.pos++
	}
	if c.pos < len(c.in) && c.in[c.pos] == '0' {
		c.pos++
	} else if digits() == 0 {
		return errCanon
	}
	if c.pos < len(c.in) && c.in[c.pos] == '.' {
		c.pos++
		if digits() == 0 {
			return errCanon
		}
	}
	if c.pos < len(c.in) && (c.in[c.pos] == 'e' || c.in[c.pos] == 'E') {
		c.pos++
		if c.pos < len(c.in) && (c.in[c.pos] == '+' || c.in[c.pos] == '-') {
			c.pos++
		}
		if digits() == 0 {
			return errCanon
		}
	}
	c.out = append(c.out, c.in[start:c.pos]...)
	return nil
}

// str writes the string at pos canonically and returns its decoded value.
func (c *canonWriter) str() ([]byte, error) {
	start := c.pos
	plain := true // no escape, nothing the encoder escapes, valid UTF-8
	c.pos++
	for {
		if c.pos >= len(c.in) {
			return nil, errCanon
		}
		b := c.in[c.pos]
		if b == '"' {
			break
		}
		switch {
		case b < 0x20:
			return nil, errCanon
		case b == '\\':
			plain = false
			c.pos += 2 // the escaped byte cannot end the string
			continue
		case b >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(c.in[c.pos:])
			if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
				plain = false
			}
			c.pos += size
			continue
		}
		c.pos++
	}
	c.pos++
	raw := c.in[start:c.pos]
	if plain {
		c.out = append(c.out, raw...)
		return raw[1 : len(raw)-1], nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, errCanon
	}
	c.out = appendQuoted(c.out, s)
	return []byte(s), nil
}

func (c *canonWriter) array(depth int) error {
	c.pos++
	c.space()
	if c.pos < len(c.in) && c.in[c.pos] == ']' {
		c.pos++
		c.out = append(c.out, "[]"...)
		return nil
	}
	c.out = append(c.out, '[')
	for {
		c.out = appendIndent(c.out, depth+1)
		if err := c.value(depth + 1); err != nil {
			return err
		}
		c.space()
		if c.pos >= len(c.in) {
			return errCanon
		}
		switch c.in[c.pos] {
		case ',':
			c.pos++
			c.out = append(c.out, ',')
			c.space()
		case ']':
			c.pos++
			c.out = appendIndent(c.out, depth)
			c.out = append(c.out, ']')
			return nil
		default:
			return errCanon
		}
	}
}

// object writes each member as it comes, then rewrites them in key order
// (the last of equal keys wins, as decoding into a map does).
func (c *canonWriter) object(depth int) error {
	c.pos++
	c.space()
	if c.pos < len(c.in) && c.in[c.pos] == '}' {
		c.pos++
		c.out = append(c.out, "{}"...)
		return nil
	}
	base := len(c.members)
	defer func() { c.members = c.members[:base] }()
	objStart := len(c.out)
	for {
		if c.pos >= len(c.in) || c.in[c.pos] != '"' {
			return errCanon
		}
		m := member{start: len(c.out)}
		key, err := c.str()
		if err != nil {
			return err
		}
		m.key = key
		c.space()
		if c.pos >= len(c.in) || c.in[c.pos] != ':' {
			return errCanon
		}
		c.pos++
		c.space()
		c.out = append(c.out, ": "...)
		if err := c.value(depth + 1); err != nil {
			return err
		}
		m.end = len(c.out)
		c.members = append(c.members, m)
		c.space()
		if c.pos >= len(c.in) {
			return errCanon
		}
		if c.in[c.pos] == '}' {
			c.pos++
			break
		}
		if c.in[c.pos] != ',' {
			return errCanon
		}
		c.pos++
		c.space()
	}
	c.reorder(objStart, c.members[base:], depth)
	return nil
}

// reorder rewrites out from objStart, where members were written side by
// side, as the indented object with its members in key order.
func (c *canonWriter) reorder(objStart int, ms []member, depth int) {
	c.tmp = append(c.tmp[:0], c.out[objStart:]...)
	slices.SortStableFunc(ms, func(a, b member) int { return bytes.Compare(a.key, b.key) })
	c.out = append(c.out[:objStart], '{')
	for i, m := range ms {
		if i+1 < len(ms) && bytes.Equal(ms[i+1].key, m.key) {
			continue // a later member of the same key replaces this one
		}
		if len(c.out) > objStart+1 {
			c.out = append(c.out, ',')
		}
		c.out = appendIndent(c.out, depth+1)
		c.out = append(c.out, c.tmp[m.start-objStart:m.end-objStart]...)
	}
	c.out = appendIndent(c.out, depth)
	c.out = append(c.out, '}')
}

func appendIndent(out []byte, depth int) []byte {
	out = append(out, '\n')
	for range depth {
		out = append(out, "  "...)
	}
	return out
}

// appendQuoted quotes s as json.Encoder does with SetEscapeHTML(false):
// quote, backslash and control characters escaped (\b \f \n \r \t by
// name), invalid UTF-8 as \ufffd, and U+2028 and U+2029 escaped.
func appendQuoted(out []byte, s string) []byte {
	const hex = "0123456789abcdef"
	out = append(out, '"')
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '"' || b == '\\':
				out = append(out, '\\', b)
			case b == '\b':
				out = append(out, `\b`...)
			case b == '\f':
				out = append(out, `\f`...)
			case b == '\n':
				out = append(out, `\n`...)
			case b == '\r':
				out = append(out, `\r`...)
			case b == '\t':
				out = append(out, `\t`...)
			case b < 0x20:
				out = append(out, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			default:
				out = append(out, b)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r == '\u2028':
			out = append(out, `\u2028`...)
		case r == '\u2029':
			out = append(out, `\u2029`...)
		default:
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return append(out, '"')
}

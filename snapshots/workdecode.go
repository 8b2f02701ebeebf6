package snapshots

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// DecodeWork decodes a work file as json.Unmarshal into a zero Work does:
// the same Work and the same error for every input. check --offline
// decodes every work file, and encoding/json (which first scans the whole
// text to validate it, then decodes by reflection) was 40 % of its CPU at
// 10,000 works. A file as fetch writes it (canonical: keys sorted, the
// schema's keys only, the schema's kinds) is decoded here in one pass;
// anything else, a schema break included, goes to json.Unmarshal, so its
// error (SchemaMismatch, Damage) names the field and byte as before.
// TestDecodeWorkTakesEveryField and FuzzDecodeWork hold it to that.
func DecodeWork(data []byte) (Work, error) {
	if w, ok := decodeWorkFast(data); ok {
		return w, nil
	}
	var w Work
	err := json.Unmarshal(data, &w)
	return w, err
}

// decodeWorkFast is DecodeWork's one pass; ok is false for any input it
// does not take (then nothing of w is used).
func decodeWorkFast(data []byte) (w Work, ok bool) {
	d := workDecoder{in: data}
	d.space()
	if !d.work(&w) {
		return Work{}, false
	}
	d.space()
	return w, d.pos == len(d.in)
}

// workDecoder reads the subset of JSON that equals encoding/json's
// reading for the snapshot schema with no reflection: each object's keys
// are the schema's own, exactly spelt, in strictly rising order (so no key
// twice, and no key encoding/json would match case-insensitively or
// ignore); each value of its field's kind; null only where it leaves the
// zero value; integers that fit an int. Anything else stops it (false).
type workDecoder struct {
	in  []byte
	pos int
}

func (d *workDecoder) space() {
	for d.pos < len(d.in) {
		switch d.in[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// next is the byte a value starts with (after white space), 0 at the end.
func (d *workDecoder) next() byte {
	d.space()
	if d.pos >= len(d.in) {
		return 0
	}
	return d.in[d.pos]
}

// null consumes a null, which encoding/json decodes into a string, a
// number, a slice, a map, a pointer or a struct of a fresh value as the
// zero value it already is.
func (d *workDecoder) null() bool {
	if d.next() == 'n' && bytes.HasPrefix(d.in[d.pos:], []byte("null")) {
		d.pos += 4
		return true
	}
	return false
}

// object reads an object, calling field for each member with the cursor
// on its value; field reads the value and is false for a key it does not
// know. Keys must rise strictly and hold no escape.
func (d *workDecoder) object(field func(key []byte) bool) bool {
	if d.next() != '{' {
		return false
	}
	d.pos++
	if d.next() == '}' {
		d.pos++
		return true
	}
	var last []byte
	for {
		if d.next() != '"' {
			return false
		}
		key, ok := d.plainKey()
		if !ok || last != nil && bytes.Compare(last, key) >= 0 {
			return false
		}
		last = key
		if d.next() != ':' {
			return false
		}
		d.pos++
		d.space()
		if !field(key) {
			return false
		}
		if end, ok := d.memberEnd(); !ok || end {
			return ok
		}
	}
}

// memberEnd reads what follows an object's member: a comma (more
// members) or the closing brace (end); anything else is not ok.
func (d *workDecoder) memberEnd() (end, ok bool) {
	switch d.next() {
	case ',':
		d.pos++
		return false, true
	case '}':
		d.pos++
		return true, true
	}
	return false, false
}

// plainKey reads a key with no escape and no byte past ASCII.
func (d *workDecoder) plainKey() ([]byte, bool) {
	start := d.pos + 1
	for i := start; i < len(d.in); i++ {
		switch b := d.in[i]; {
		case b == '"':
			d.pos = i + 1
			return d.in[start:i], true
		case b == '\\' || b < 0x20 || b >= utf8.RuneSelf:
			return nil, false
		}
	}
	return nil, false
}

// array reads an array, calling elem for each element with the cursor on
// it; n is the number of elements.
func (d *workDecoder) array(elem func() bool) (n int, ok bool) {
	if d.next() != '[' {
		return 0, false
	}
	d.pos++
	if d.next() == ']' {
		d.pos++
		return 0, true
	}
	for {
		d.space()
		if !elem() {
			return n, false
		}
		n++
		switch d.next() {
		case ',':
			d.pos++
		case ']':
			d.pos++
			return n, true
		default:
			return n, false
		}
	}
}

// str reads a string value into dst (null leaves it).
func (d *workDecoder) str(dst *string) bool {
	if d.null() {
		return true
	}
	s, ok := d.stringValue()
	*dst = s
	return ok
}

// stringValue reads a string as encoding/json decodes it: a string with
// no escape and valid UTF-8 is its bytes; any other goes to
// json.Unmarshal, which replaces invalid UTF-8 and reads the escapes.
func (d *workDecoder) stringValue() (string, bool) {
	if d.pos >= len(d.in) || d.in[d.pos] != '"' {
		return "", false
	}
	start := d.pos
	plain, ascii := true, true
	i := start + 1
	for ; ; i++ {
		if i >= len(d.in) {
			return "", false
		}
		b := d.in[i]
		if b == '"' {
			break
		}
		switch {
		case b < 0x20:
			return "", false
		case b == '\\':
			plain = false
			i++ // the escaped byte cannot end the string
		case b >= utf8.RuneSelf:
			ascii = false
		}
	}
	d.pos = i + 1
	raw := d.in[start:d.pos]
	if plain && (ascii || utf8.Valid(raw[1:len(raw)-1])) {
		return string(raw[1 : len(raw)-1]), true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// integer reads a JSON integer that fits an int, as encoding/json reads
// one into an int field; a fraction, an exponent or an overflow stops it
// (encoding/json's error then names the field).
func (d *workDecoder) integer(dst *int) bool {
	if d.null() {
		return true
	}
	start := d.pos
	if d.pos < len(d.in) && d.in[d.pos] == '-' {
		d.pos++
	}
	digits := d.pos
	for d.pos < len(d.in) && d.in[d.pos] >= '0' && d.in[d.pos] <= '9' {
		d.pos++
	}
	n := d.pos - digits
	if n == 0 || n > 1 && d.in[digits] == '0' {
		return false
	}
	if d.pos < len(d.in) && (d.in[d.pos] == '.' || d.in[d.pos] == 'e' || d.in[d.pos] == 'E') {
		return false
	}
	v, err := strconv.ParseInt(string(d.in[start:d.pos]), 10, strconv.IntSize)
	*dst = int(v)
	return err == nil
}

// strings reads a list of strings; [] is an empty list, not nil, as
// encoding/json gives it.
func (d *workDecoder) strings(dst *[]string) bool {
	if d.null() {
		return true
	}
	out := []string{}
	_, ok := d.array(func() bool {
		s, ok := d.stringValue()
		out = append(out, s)
		return ok
	})
	*dst = out
	return ok
}

// skip reads any JSON value (decisions' own shape is the link pass's to
// read), checking its grammar as encoding/json does: depth is how many
// containers are open around it, and one deeper than encoding/json's
// limit (maxCanonDepth) stops it.
func (d *workDecoder) skip(depth int) bool {
	switch d.next() {
	case '{', '[':
		if depth >= maxCanonDepth {
			return false
		}
		if d.in[d.pos] == '[' {
			_, ok := d.array(func() bool { return d.skip(depth + 1) })
			return ok
		}
		return d.anyObject(depth)
	case '"':
		_, ok := d.stringValue()
		return ok
	case 't':
		return d.word("true")
	case 'f':
		return d.word("false")
	case 'n':
		return d.word("null")
	}
	return d.number()
}

// anyObject reads an object of any keys (in any order: RawMessage keeps
// them as written).
func (d *workDecoder) anyObject(depth int) bool {
	d.pos++
	if d.next() == '}' {
		d.pos++
		return true
	}
	for {
		if d.next() != '"' {
			return false
		}
		if _, ok := d.stringValue(); !ok {
			return false
		}
		if d.next() != ':' {
			return false
		}
		d.pos++
		if !d.skip(depth + 1) {
			return false
		}
		if end, ok := d.memberEnd(); !ok || end {
			return ok
		}
	}
}

func (d *workDecoder) word(w string) bool {
	if !bytes.HasPrefix(d.in[d.pos:], []byte(w)) {
		return false
	}
	d.pos += len(w)
	return true
}

// number reads a number literal by JSON's grammar.
func (d *workDecoder) number() bool {
	digits := func() int {
		n := 0
		for d.pos < len(d.in) && d.in[d.pos] >= '0' && d.in[d.pos] <= '9' {
			d.pos++
			n++
		}
		return n
	}
	if d.pos < len(d.in) && d.in[d.pos] == '-' {
		d.pos++
	}
	if d.pos < len(d.in) && d.in[d.pos] == '0' {
		d.pos++
	} else if digits() == 0 {
		return false
	}
	if d.pos < len(d.in) && d.in[d.pos] == '.' {
		d.pos++
		if digits() == 0 {
			return false
		}
	}
	if d.pos < len(d.in) && (d.in[d.pos] == 'e' || d.in[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.in) && (d.in[d.pos] == '+' || d.in[d.pos] == '-') {
			d.pos++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

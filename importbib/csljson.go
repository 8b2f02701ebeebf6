package importbib

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// ReadCSLJSON reads a CSL-JSON file (CSL 1.0.2's csl-data.json): an array
// of items, as Zotero's "CSL JSON" and Better BibTeX's "Better CSL JSON"
// exports write it, or one item alone. Each item's key is its
// citation-key (Better BibTeX's), or the "Citation Key:" line Zotero
// keeps in its note, or its id unless that is a URI (Zotero's own export
// writes the item's, http://zotero.org/users/…/items/…: no key); its line is
// where its "{" is. A syntax error ends the read: the items before it are
// kept and the error is a problem (file:line: message), as is an item
// that is not an object.
func ReadCSLJSON(name string, src []byte) ([]Entry, []string) {
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	lines := lineCounter{src: src}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	problem := func(off int64, msg string) []string {
		return []string{fmt.Sprintf("%s:%d: %s", name, lines.at(int(off)), msg)}
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, problem(errOffset(err, dec), "not CSL-JSON: "+jsonError(err))
	}
	switch tok {
	case json.Delim('{'):
		start := bytes.IndexByte(src, '{')
		kvs, err := readObject(dec)
		if err != nil {
			return nil, problem(errOffset(err, dec), "not CSL-JSON: "+jsonError(err))
		}
		return []Entry{cslEntry(name, lines.at(start), kvs)}, nil
	case json.Delim('['):
	default:
		return nil, problem(0, "not CSL-JSON: it is neither an array of items nor an item")
	}
	out, problems := readItems(name, src, dec, &lines)
	markDuplicates(out)
	return out, problems
}

// readItems reads an array's items after its "[": those before a syntax
// error, and the problems met.
func readItems(name string, src []byte, dec *json.Decoder, lines *lineCounter) ([]Entry, []string) {
	problem := func(off int64, msg string) []string {
		return []string{fmt.Sprintf("%s:%d: %s", name, lines.at(int(off)), msg)}
	}
	var out []Entry
	var problems []string
	for dec.More() {
		start := nextValue(src, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return out, append(problems, problem(errOffset(err, dec), "not CSL-JSON: "+jsonError(err))...)
		}
		if tok != json.Delim('{') {
			if d, ok := tok.(json.Delim); ok { // an array in the array: skip it whole
				if err := skipRest(dec, d); err != nil {
					return out, append(problems, problem(errOffset(err, dec), "not CSL-JSON: "+jsonError(err))...)
				}
			}
			problems = append(problems, problem(int64(start), "an item that is not an object is skipped")...)
			continue
		}
		kvs, err := readObject(dec)
		if err != nil {
			return out, append(problems, problem(errOffset(err, dec), "not CSL-JSON: "+jsonError(err))...)
		}
		out = append(out, cslEntry(name, lines.at(start), kvs))
	}
	if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) {
		problems = append(problems, problem(errOffset(err, dec), "not CSL-JSON: "+jsonError(err))...)
	}
	return out, problems
}

// kv is one of an item's variables, in file order.
type kv struct {
	name  string
	value any // as encoding/json decodes it, numbers as json.Number
}

// readObject reads an object's members after its "{", and its "}".
func readObject(dec *json.Decoder) ([]kv, error) {
	var out []kv
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out, err
		}
		key, _ := tok.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return out, err
		}
		out = append(out, kv{key, v})
	}
	_, err := dec.Token()
	return out, err
}

// skipRest reads to the end of the array or object whose opening d was read.
func skipRest(dec *json.Decoder, d json.Delim) error {
	for dec.More() {
		if d == '{' {
			if _, err := dec.Token(); err != nil {
				return err
			}
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return err
		}
	}
	_, err := dec.Token()
	return err
}

// nextValue is where the value after off starts: past white space and a comma.
func nextValue(src []byte, off int) int {
	for off < len(src) && strings.IndexByte(" \t\r\n,", src[off]) >= 0 {
		off++
	}
	return off
}

func errOffset(err error, dec *json.Decoder) int64 {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return syn.Offset
	}
	return dec.InputOffset()
}

func jsonError(err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return "it ends in the middle of a value"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// lineCounter turns byte offsets, asked in increasing order, into lines
// without counting the file from its start each time.
type lineCounter struct {
	src  []byte
	off  int
	line int
}

func (c *lineCounter) at(off int) int {
	off = min(max(off, 0), len(c.src))
	if off < c.off {
		c.off, c.line = 0, 0
	}
	c.line += bytes.Count(c.src[c.off:off], []byte("\n"))
	c.off = off
	return c.line + 1
}

// cslIDFields are the CSL variables that hold one identifier whole.
var cslIDFields = map[string]manifest.Kind{"doi": manifest.KindDOI, "pmid": manifest.KindPMID, "pmcid": manifest.KindPMCID}

// cslEntry is one CSL item's Entry. Variables the record, the key, the
// tags and the identifiers take are not kept again as fields.
func cslEntry(file string, line int, kvs []kv) Entry {
	e := Entry{File: file, Line: line}
	r := &e.Record
	var texts []TextField
	var id, archive, number string
	for _, v := range kvs {
		s := cslString(v.value)
		lower := strings.ToLower(v.name)
		switch lower {
		case "id":
			id = s
			continue
		case "citation-key", "citation_key":
			e.Key = s
			continue
		case "archive":
			archive = s
		case "number":
			number = s
		case "keyword":
			e.Tags = append(e.Tags, cslKeywords(v.value)...)
			continue
		}
		if kind, ok := cslIDFields[lower]; ok {
			texts = append(texts, TextField{Name: v.name, Kind: kind, Value: s})
			continue
		}
		if cslRecordField(r, v) {
			texts = append(texts, TextField{Name: v.name, Value: s})
			continue
		}
		if f, ok := cslCustom(v); ok {
			f.Line = line
			e.Fields = append(e.Fields, f)
		}
		texts = append(texts, TextField{Name: v.name, Value: cslText(v.value)})
	}
	if strings.EqualFold(archive, "arxiv") && number != "" {
		texts = append(texts, TextField{Name: "number", Kind: manifest.KindArXiv, Value: number})
	}
	if e.Key == "" && !strings.Contains(id, "://") { // Zotero's own export's id is the item's URI, no citation key
		e.Key = cmp.Or(noteKey(texts), id)
	}
	e.Found = FindText(texts)
	return e
}

// cslRecordField fills the record field v names, and reports whether it did.
func cslRecordField(r *manifest.WorkRecord, v kv) bool {
	s := strings.TrimSpace(cslString(v.value))
	switch strings.ToLower(v.name) {
	case "type":
		r.Type = s
	case "title":
		r.Title = plainCSL(s)
	case "author":
		r.Authors = cslNames(v.value)
	case "editor":
		r.Editors = cslNames(v.value)
	case "container-title":
		r.Venue = plainCSL(s)
	case "publisher":
		r.Publisher = s
	case "volume":
		r.Volume = s
	case "issue":
		r.Issue = s
	case "page":
		r.Pages = s
	case "issued":
		r.Date = cslDate(v.value)
		return r.Date != "" // else kept as written, a field
	case "url":
		r.URL = s
	case "abstract":
		r.Abstract = s
	default:
		return false
	}
	return true
}

// noteKey is the citation key Zotero keeps in an item's Extra, which its
// CSL export writes to note: a line "Citation Key: key".
func noteKey(texts []TextField) string {
	for _, t := range texts {
		if !strings.EqualFold(t.Name, "note") {
			continue
		}
		for _, l := range strings.Split(t.Value, "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "citation key") {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

// cslString is a scalar's text: a number as written, a boolean as
// true/false; "" for anything else.
func cslString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// cslText is any value as text, for finding mentions in it.
func cslText(v any) string {
	if s := cslString(v); s != "" {
		return s
	}
	if v == nil {
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// cslKeywords are CSL's keyword variable's words: a string of them,
// separated by commas (or semicolons, as Zotero's tags are joined by some
// exporters), or an array.
func cslKeywords(v any) []string {
	var words []string
	switch x := v.(type) {
	case string:
		words = strings.FieldsFunc(x, func(r rune) bool { return r == ',' || r == ';' })
	case []any:
		for _, w := range x {
			words = append(words, cslString(w))
		}
	}
	var out []string
	for _, w := range words {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// cslMarkup is CSL's rich text in a title (CSL 1.0.2, "Rich text"):
// <i>, <b>, <sup>, <sub>, <span class="nocase">, <span style="...">.
var cslMarkup = regexp.MustCompile(`</?(?:i|b|sup|sub|sc|span)(?:\s[^<>]*)?>`)

// plainCSL is a title's text without its rich-text tags.
func plainCSL(s string) string { return strings.TrimSpace(cslMarkup.ReplaceAllString(s, "")) }

// cslNames are a CSL name list's names, "Family, Given" each: a
// non-dropping particle goes with the family ("van der Meer, Jan"), a
// dropping one after the given names, a suffix between (BibTeX's "Last,
// Jr, First"), and a literal name, or a family name of several words with
// no given name, in braces, kept whole.
func cslNames(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, item := range list {
		if s, ok := item.(string); ok { // not CSL, but some tools write names so
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
			continue
		}
		m, _ := item.(map[string]any)
		if n := cslName(m); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func cslName(m map[string]any) string {
	get := func(k string) string { return strings.TrimSpace(cslString(m[k])) }
	if lit := get("literal"); lit != "" {
		return "{" + lit + "}"
	}
	family := strings.TrimSpace(get("non-dropping-particle") + " " + get("family"))
	given := strings.TrimSpace(get("given") + " " + get("dropping-particle"))
	switch {
	case family == "":
		return given
	case given == "" && strings.ContainsAny(family, " \t"):
		return "{" + family + "}"
	case given == "":
		return family
	case get("suffix") != "":
		return family + ", " + get("suffix") + ", " + given
	}
	return family + ", " + given
}

// cslDate is a CSL date's "YYYY[-MM[-DD]]": its first date-parts (a
// range's start; numbers or numeric strings, as Better BibTeX writes
// them), else its raw or literal text read as ISO 8601 or for a year.
// Months 13 to 24 are CSL's seasons: only the year is kept. "" when it
// names no year.
func cslDate(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		if s, ok := v.(string); ok { // an EDTF string, as some tools write it
			return dateText(s)
		}
		return ""
	}
	if parts, ok := m["date-parts"].([]any); ok && len(parts) > 0 {
		if first, ok := parts[0].([]any); ok {
			var nums []int
			for _, p := range first {
				n, err := strconv.Atoi(strings.TrimSpace(cslString(p)))
				if err != nil {
					break
				}
				nums = append(nums, n)
			}
			if d := dateOf(nums); d != "" {
				return d
			}
		}
	}
	for _, k := range []string{"raw", "literal"} {
		if s, ok := m[k].(string); ok {
			if d := dateText(s); d != "" {
				return d
			}
		}
	}
	return ""
}

// dateOf is year, month and day as "YYYY[-MM[-DD]]", as far as they are
// valid: a month past 12 (a season) or a day past 31 ends it there.
func dateOf(nums []int) string {
	if len(nums) == 0 || nums[0] < 1 || nums[0] > 9999 {
		return ""
	}
	d := fmt.Sprintf("%04d", nums[0])
	if len(nums) > 1 && nums[1] >= 1 && nums[1] <= 12 {
		d += fmt.Sprintf("-%02d", nums[1])
		if len(nums) > 2 && nums[2] >= 1 && nums[2] <= 31 {
			d += fmt.Sprintf("-%02d", nums[2])
		}
	}
	return d
}

var (
	isoDate  = regexp.MustCompile(`^\s*([0-9]{4})(?:[-/]([0-9]{1,2})(?:[-/]([0-9]{1,2}))?)?`)
	yearText = regexp.MustCompile(`\b([0-9]{4})\b`)
)

// dateText reads a date written as text: ISO 8601 (or with slashes, as
// RIS writes it) from its start, else the first four-digit year in it.
func dateText(s string) string {
	if m := isoDate.FindStringSubmatch(s); m != nil {
		var nums []int
		for _, p := range m[1:] {
			if p == "" {
				break
			}
			n, _ := strconv.Atoi(p)
			nums = append(nums, n)
		}
		return dateOf(nums)
	}
	if m := yearText.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		return dateOf([]int{n})
	}
	return ""
}

// cslCustom is a variable kept as a field: a string, a boolean, an
// integer, a list of strings; a name list as names, a date as its date
// (or, when it names none, as the text it holds); anything else as its
// JSON text. Empty values are not kept.
func cslCustom(v kv) (manifest.CustomField, bool) {
	f := manifest.CustomField{Name: v.name}
	switch x := v.value.(type) {
	case nil:
		return f, false
	case string:
		f.Value = x
	case bool:
		f.Value = x
	case json.Number:
		if n, err := x.Int64(); err == nil {
			f.Value = n
		} else {
			f.Value = x.String()
		}
	case []any:
		f.Value = cslList(x)
	case map[string]any:
		if d := cslDate(x); d != "" {
			f.Value = d
		} else if t := cslString(x["literal"]) + cslString(x["raw"]); t != "" {
			f.Value = t
		} else {
			f.Value = cslText(x)
		}
	}
	if s, ok := f.Value.(string); ok && strings.TrimSpace(s) == "" {
		return f, false
	}
	if l, ok := f.Value.([]string); ok && len(l) == 0 {
		return f, false
	}
	return f, true
}

// cslList is a list as strings: a name list's names, scalars as text,
// anything else as its JSON text.
func cslList(x []any) []string {
	if len(x) > 0 {
		if _, isName := x[0].(map[string]any); isName {
			return cslNames(x)
		}
	}
	var out []string
	for _, item := range x {
		out = append(out, cslText(item))
	}
	return out
}

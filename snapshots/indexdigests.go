package snapshots

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tidwall/gjson"
)

// The writer's digests, held lean: a fetch of 50,000 works records
// 100,000 of them, and as a map of "works/<name>.json" → "sha256:<hex>"
// strings they were 15–20 MB live through the write's tail, where a
// fetch's memory peaks. Each is kept as its 32 bytes, a work's beside its
// place in the index (workDigests), and "sha256:<hex>" is written only
// as index.json is encoded.

// workDigests are the digests of one work's files, at the work's place in
// Index.Works.
type workDigests struct {
	doc, counts [32]byte
	has         uint8 // hasDoc, hasCounts: which files are on disk
}

const (
	hasDoc uint8 = 1 << iota
	hasCounts
)

// dirBit is the workDigests bit of a work's file in sub (WorksDir,
// CountsDir); 0 for any other folder.
func dirBit(sub string) uint8 {
	switch sub {
	case WorksDir:
		return hasDoc
	case CountsDir:
		return hasCounts
	}
	return 0
}

// forgetFiles drops the digests of the given files (paths, in the folder
// or as index.json names them): they are not on disk, or another digest
// stands for them.
func (w *Writer) forgetFiles(paths []string) {
	if len(paths) == 0 {
		return
	}
	if w.slotOf == nil { // built once, on the rare lost, withdrawn or kept file
		w.slotOf = make(map[string]int, len(w.index.Works))
		for i, iw := range w.index.Works {
			w.slotOf[iw.File] = i
		}
	}
	for _, p := range paths {
		rel := filepath.Base(filepath.Dir(p)) + "/" + filepath.Base(p)
		sub, file, _ := strings.Cut(rel, "/")
		if i, ok := w.slotOf[strings.TrimSuffix(file, ".json")]; ok {
			w.digests[i].has &^= dirBit(sub)
		}
		delete(w.otherDigests, rel)
	}
}

// keptDigests records the digest of each file kept as it is: the earlier
// index's (looked up in its bytes, before, without decoding its other
// digests), so a hand edit of a file this run could not rewrite still
// fails check; or, when that index has none (a folder of an older
// schema), the digest of its bytes as they are, which this fetch takes
// for about's as it migrates the folder.
func (w *Writer) keptDigests(before []byte) {
	for _, rel := range w.keptAsIs {
		if d := gjson.GetBytes(before, "digests."+gjson.Escape(rel)); d.Type == gjson.String {
			w.setOther(rel, d.Str)
		} else if data, err := readRegular(filepath.Join(w.dir.Root, filepath.FromSlash(rel))); err == nil {
			w.setOther(rel, Digest(data))
		}
	}
}

// setOther records the digest of a file that is no work's written this
// run (an orcid/ file, a file kept as it is); for a work's file kept, it
// stands for the digest of what this run wrote.
func (w *Writer) setOther(rel, digest string) {
	if sub, _, _ := strings.Cut(rel, "/"); dirBit(sub) != 0 {
		w.forgetFiles([]string{filepath.FromSlash(rel)})
	}
	if w.otherDigests == nil {
		w.otherDigests = map[string]string{}
	}
	w.otherDigests[rel] = digest
}

// digestEntry is one line of index.json's "digests": the file's folder,
// its name (base, and suffix ".json" for a work's file, which is kept
// without it) and its digest as bytes or as the text recorded.
type digestEntry struct {
	sub, base, suffix string
	sum               *[32]byte
	text              string
}

// digestEntries are the digests the index records, sorted as the
// canonical encoding sorts its keys ("<sub>/<file>", byte order).
func (w *Writer) digestEntries() []digestEntry {
	n := len(w.otherDigests)
	for _, d := range w.digests {
		n += int(d.has&hasDoc) + int(d.has&hasCounts)>>1
	}
	entries := make([]digestEntry, 0, n)
	for i := range w.digests {
		d, name := &w.digests[i], w.index.Works[i].File
		if d.has&hasDoc != 0 {
			entries = append(entries, digestEntry{sub: WorksDir, base: name, suffix: ".json", sum: &d.doc})
		}
		if d.has&hasCounts != 0 {
			entries = append(entries, digestEntry{sub: CountsDir, base: name, suffix: ".json", sum: &d.counts})
		}
	}
	for rel, text := range w.otherDigests {
		sub, file, _ := strings.Cut(rel, "/")
		entries = append(entries, digestEntry{sub: sub, base: file, text: text})
	}
	slices.SortFunc(entries, compareEntries)
	return entries
}

// compareEntries orders two entries as their keys compare, without
// building them. The folders are the snapshot folders, none a prefix of
// another.
func compareEntries(a, b digestEntry) int {
	if c := strings.Compare(a.sub, b.sub); c != 0 {
		return c
	}
	n := min(len(a.base), len(b.base))
	if c := strings.Compare(a.base[:n], b.base[:n]); c != 0 {
		return c
	}
	la, lb := len(a.base)+len(a.suffix), len(b.base)+len(b.suffix)
	for i := n; i < min(la, lb); i++ { // one base is the other's start
		if ca, cb := a.at(i), b.at(i); ca != cb {
			return int(ca) - int(cb)
		}
	}
	return la - lb
}

// at is the key's file name's byte i.
func (e digestEntry) at(i int) byte {
	if i < len(e.base) {
		return e.base[i]
	}
	return e.suffix[i-len(e.base)]
}

// encodeIndex is index.json's canonical bytes: Encode(index) with the
// entries as its "digests" member, rendered here, so no map of strings is
// built for them. "digests" sorts first of the index's keys.
func encodeIndex(index Index, entries []digestEntry) ([]byte, error) {
	index.Digests = nil
	rest, err := Encode(index)
	if err != nil || len(entries) == 0 {
		return rest, err
	}
	const head, line = "{\n  \"digests\": {\n", len(`    "counts/.json": "sha256:",`) + 2*sha256.Size + 1
	size := len(head) + len(rest) + len("  },\n")
	for _, e := range entries {
		size += line + len(e.base) + len(e.text)
	}
	out := make([]byte, 0, size)
	out = append(out, head...)
	for i, e := range entries {
		out = append(out, "    "...)
		out = appendJSONString(out, e.sub+"/"+e.base+e.suffix)
		out = append(out, ": "...)
		if e.sum != nil {
			out = append(out, '"')
			out = append(out, digestPrefix...)
			out = hex.AppendEncode(out, e.sum[:])
			out = append(out, '"')
		} else {
			out = appendJSONString(out, e.text)
		}
		if i < len(entries)-1 {
			out = append(out, ',')
		}
		out = append(out, '\n')
	}
	out = append(out, "  },\n"...)
	return append(out, bytes.TrimPrefix(rest, []byte("{\n"))...), nil
}

// appendJSONString appends s quoted as the canonical encoding quotes it
// (encoding/json, no HTML escaping): as it is when it holds only
// printable ASCII other than a quote or backslash, as a snapshot's file
// name and a digest do.
func appendJSONString(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(s) // a string always encodes
			return append(out, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
		}
	}
	out = append(out, '"')
	out = append(out, s...)
	return append(out, '"')
}

// indexShape decodes as Index does, and fails where it fails, without
// building the map of its digests: what the writer reads of the index it
// replaces (the works' files, whether it is damaged).
type indexShape struct {
	Schema     int             `json:"schema"`
	Identities []string        `json:"identities"`
	Works      []IndexWork     `json:"works"`
	Providers  []IndexProvider `json:"providers"`
	Digests    digestsShape    `json:"digests"`
}

// digestsShape takes what Index.Digests takes (null, or an object whose
// values are strings or null) and keeps nothing of it.
type digestsShape struct{}

func (digestsShape) UnmarshalJSON(data []byte) error {
	if fitsDigests(data) {
		return nil
	}
	var m map[string]string // the decoder's own error for what does not fit
	return json.Unmarshal(data, &m)
}

// fitsDigests reports that data, JSON the decoder has checked, is null or
// an object of strings and nulls, reading it in place.
func fitsDigests(data []byte) bool {
	if bytes.Equal(data, []byte("null")) {
		return true
	}
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	for i = skipSpace(data, i+1); i < len(data) && data[i] != '}'; i = skipSpace(data, i) {
		i = skipSpace(data, skipString(data, i)) + 1 // the key, then ':'
		i = skipSpace(data, i)
		switch {
		case i < len(data) && data[i] == '"':
			i = skipString(data, i)
		case bytes.HasPrefix(data[i:], []byte("null")):
			i += len("null")
		default:
			return false
		}
		if i = skipSpace(data, i); i < len(data) && data[i] == ',' {
			i++
		}
	}
	return true
}

// skipSpace is the index of the first byte at or after i that is not
// JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\n' || data[i] == '\t' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString is the index just after the JSON string starting at i.
func skipString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

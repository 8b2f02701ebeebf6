// Package snapshots owns the on-disk form of what a run learned: the
// canonical JSON encoding (sorted keys, two-space indent, one trailing
// newline, no timestamps), injective path-safe file names, atomic replace,
// and reading back the previous run; and a fetch's writing of the folder
// (Writer): which files a work owns, damaged files named, the index, and
// what a prune removes. It knows identities (manifest) and
// the record schema (record), not providers: records are typed as record
// defines them, so a schema change is one place and a golden.
//
// Every folder names its layout version: index.json's "schema"
// (SchemaVersion). The rule:
//
//   - fetch writes SchemaVersion; over an older folder (schema 0 has no
//     "schema": written before versions) it migrates it, as the next fetch
//     rewrites every file in the current layout;
//   - render and check read OldestSchema to SchemaVersion. They refuse an
//     older folder with "run about fetch to migrate it"; check --offline
//     also reports a readable older folder, which is not what fetch would
//     write, with the same hint;
//   - a folder newer than SchemaVersion was written by a newer about: render,
//     check and fetch (which would drop what it does not know) refuse it
//     with "upgrade about";
//   - a layout change an older about would misread, or lose when it
//     fetches, raises SchemaVersion;
//   - compatibility code for an older layout says which version it serves
//     and is removed when OldestSchema passes it.
package snapshots

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Encode renders v canonically: object keys sorted at every depth, two
// spaces of indent, no HTML escaping, one trailing newline. Equal data
// gives equal bytes whatever the struct field order or map order.
func Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // so a title's "&" needs no unescaping below
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode snapshot: %w", err)
	}
	raw := buf.Bytes()
	if out, err := canonicalize(raw, make([]byte, 0, len(raw)+len(raw)/2)); err == nil {
		return out, nil
	}
	return canonicalGeneric(raw)
}

// Canonical re-encodes JSON text in canonical form; check uses it to tell
// whether a committed file is exactly what about would write.
func Canonical(data []byte) ([]byte, error) {
	if out, err := canonicalize(data, make([]byte, 0, len(data)+len(data)/4)); err == nil {
		return out, nil
	}
	return canonicalGeneric(data) // the errors, and the odd text the decoder takes, as ever
}

// canonicalGeneric is Canonical by decoding into interfaces and encoding
// again: the definition of the canonical form, which canonicalize gives in
// one pass. It costs half of a large run's allocations, so it serves only
// input canonicalize refuses, to keep their errors and bytes as they were.
func canonicalGeneric(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers keep their literal text
	var generic any
	if err := dec.Decode(&generic); err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("not JSON: trailing data after the document")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(generic); err != nil { // maps encode with sorted keys
		return nil, fmt.Errorf("encode snapshot: %w", err)
	}
	return buf.Bytes(), nil
}

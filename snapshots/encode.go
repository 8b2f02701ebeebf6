// Package snapshots owns the on-disk form of what a run learned: the
// canonical JSON encoding (sorted keys, two-space indent, one trailing
// newline, no timestamps), injective path-safe file names, atomic replace,
// and reading back the previous run. It knows identities (manifest) and
// the record schema (record), not providers: records are typed as record
// defines them, so a schema change is one place and a golden.
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
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode snapshot: %w", err)
	}
	return Canonical(raw)
}

// Canonical re-encodes JSON text in canonical form; check uses it to tell
// whether a committed file is exactly what about would write.
func Canonical(data []byte) ([]byte, error) {
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

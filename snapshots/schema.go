package snapshots

import (
	"encoding/json"
	"fmt"
	"os"
)

// The versions of the folder's layout (see the package doc for the rule).
// Compatibility code for an older layout names the version it serves and
// goes when OldestSchema passes it.
const (
	// SchemaVersion is the layout this about writes, as index.json's
	// "schema". Schema 1: every fetch writes links.json. Schema 2: an
	// ORCID expansion lists its works' entries and their last-modified
	// dates ("entries"), which an about of schema 1 would refuse to read.
	// Schema 3: index.json holds the digest of every works/, counts/ and
	// orcid/ file ("digests"), which check --offline holds the files to;
	// a fetch by an about of schema 2 would drop them, and its check would
	// refuse the field.
	SchemaVersion = 3
	// DigestsSchema is the first layout whose index.json has "digests":
	// check holds an older folder's files to none.
	DigestsSchema = 3
	// OldestSchema is the oldest layout render and check still read.
	// Schema 0 is a folder written before versions (index.json has no
	// "schema"); it may lack links.json, and render then pairs preprints
	// from the records' relations instead.
	OldestSchema = 0
)

// SchemaError is a folder whose layout this about may not use: written by
// a newer about, or (for render and check) older than OldestSchema. Its
// message says what to do.
type SchemaError struct {
	Path   string // the folder's index.json
	Schema int    // the version it names
}

func (e *SchemaError) Error() string { return e.Path + ": " + e.Reason() }

// Reason is the message without the path: what is off and what to do.
func (e *SchemaError) Reason() string {
	switch {
	case e.Schema > SchemaVersion:
		return fmt.Sprintf("snapshot schema %d is newer than the %d this about knows: this folder was written by a newer about; upgrade about", e.Schema, SchemaVersion)
	case e.Schema < 0:
		return fmt.Sprintf("snapshot schema %d is none about writes: run about fetch to rewrite the folder", e.Schema)
	default:
		return fmt.Sprintf("snapshot schema %d is older than %d, the oldest this about reads: run about fetch to migrate it to schema %d", e.Schema, OldestSchema, SchemaVersion)
	}
}

// Newer reports that a newer about wrote the folder.
func (e *SchemaError) Newer() bool { return e.Schema > SchemaVersion }

// SchemaReadable is nil when render and check can read a folder of schema
// v (OldestSchema to SchemaVersion), else the *SchemaError for the index
// at path.
func SchemaReadable(path string, v int) error {
	if v < OldestSchema || v > SchemaVersion {
		return &SchemaError{Path: path, Schema: v}
	}
	return nil
}

// SchemaWritable is nil when fetch may write over a folder of schema v,
// migrating an older one, else the *SchemaError for the index at path: a
// fetch by an older about would drop what it does not know of a newer
// layout.
func SchemaWritable(path string, v int) error {
	if v < 0 || v > SchemaVersion {
		return &SchemaError{Path: path, Schema: v}
	}
	return nil
}

// Schema is the layout version of the folder's index.json: 0 when it has
// none (written before versions). A missing index reports fs.ErrNotExist.
func (d Dir) Schema() (int, error) {
	data, err := os.ReadFile(d.IndexPath())
	if err != nil {
		return 0, err
	}
	var head struct {
		Schema int `json:"schema"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return 0, fmt.Errorf("read %s: %w", d.IndexPath(), err)
	}
	return head.Schema, nil
}

// MarshalJSON writes the Index with "schema": SchemaVersion whatever its
// Schema field holds: what this about writes is its own layout, so a fetch
// over an older folder migrates it and no writer can forget the version.
func (x Index) MarshalJSON() ([]byte, error) {
	type fields Index // without this method
	v := fields(x)
	v.Schema = SchemaVersion
	return json.Marshal(v)
}

// Writable is nil unless the folder's index names a layout fetch may not
// write over (SchemaWritable); a missing or damaged index is fetch's to
// rewrite, and so no reason to refuse.
func (d Dir) Writable() error {
	v, err := d.Schema()
	if err != nil {
		return nil
	}
	return SchemaWritable(d.IndexPath(), v)
}

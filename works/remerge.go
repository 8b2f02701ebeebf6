package works

import (
	"bytes"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// Differences names each merged field of file that its sources and
// overrides do not give. A field the manifest's [[override]] sets, or set
// when the file was written, differs because the override was added,
// changed or removed since the last fetch: that is said once per
// overridden field, not blamed on a hand edit. Any other difference is
// worded neutrally, because a hand edit and a snapshot merged by another
// version of about look the same from here.
func (p Precedence) Differences(id manifest.Identity, file snapshots.Work, overrides []manifest.Override) []string {
	sources := make(map[string]snapshots.Source, len(file.Sources))
	for _, s := range file.Sources {
		sources[s.Provider] = s
	}
	want, lw := p.Document(id, file.Origins, sources, overrides)
	want.Conflicts = ConflictsAsFiled(want.Conflicts, file)
	var fields []string
	fields = append(fields, differingKeys("record.", file.Record, want.Record)...)
	fields = append(fields, differingKeys("provenance.", file.Provenance, want.Provenance)...)
	fields = append(fields, differingKeys("conflicts.", conflictsByField(file), conflictsByField(want))...)
	pending := pendingOverrides(recordedOverrides(file), lw.overrides, fields)
	var out []string
	for _, field := range slices.Sorted(maps.Keys(pending)) {
		out = append(out, "the manifest's [[override]] of "+field+" is not applied yet (or its removal is not): run about fetch")
	}
	for _, f := range fields {
		if pending[overriddenField(f)] {
			continue
		}
		out = append(out, f+" differs from what this about's merge gives from the file's sources: "+
			"edited by hand, or merged by another version of about; run about fetch (to change a value, use [[override]] in the manifest)")
	}
	return out
}

// recordedOverrides is the override entries ("title (manifest)") the
// file's decisions record; a file without decisions recorded none.
func recordedOverrides(file snapshots.Work) []string {
	var dec snapshots.Decisions
	if len(file.Decisions) == 0 || json.Unmarshal(file.Decisions, &dec) != nil {
		return nil
	}
	return dec.Overrides
}

// pendingOverrides is the set of fields whose override the file does
// not hold yet: an override added or removed since the last fetch (the
// recorded entries differ from what a fetch would record now), or one
// whose value changed (the field overridden now differs).
func pendingOverrides(recorded, now, differing []string) map[string]bool {
	pending := map[string]bool{}
	field := func(entry string) string { return strings.TrimSuffix(entry, " (manifest)") }
	for _, e := range recorded {
		if !slices.Contains(now, e) {
			pending[field(e)] = true
		}
	}
	for _, e := range now {
		if !slices.Contains(recorded, e) {
			pending[field(e)] = true
		}
	}
	for _, d := range differing {
		if f := overriddenField(d); slices.Contains(now, f+" (manifest)") {
			pending[f] = true
		}
	}
	return pending
}

// overriddenField is the record field an override sets that a differing
// key ("record.title", "conflicts.genre") belongs to; a type override
// also clears the genre that came with the old type.
func overriddenField(key string) string {
	_, f, _ := strings.Cut(key, ".")
	if f == "genre" {
		return "type"
	}
	return f
}

// conflictsByField keys a work's conflicts by their field, so a
// difference names the field rather than a position in the list.
func conflictsByField(w snapshots.Work) map[string]any {
	out := make(map[string]any, len(w.Conflicts))
	for _, c := range w.Conflicts {
		out[c.Field] = c
	}
	return out
}

// differingKeys compares a and b as the snapshot's JSON holds them, one
// top-level key at a time, and returns prefix+key for each key whose
// values differ, sorted. Comparing the encoded values means an empty list
// and an absent one, which encode alike, are alike.
func differingKeys(prefix string, a, b any) []string {
	if sameEncoding(a, b) {
		return nil // alike as a whole, so alike key by key: no need to split them
	}
	ja, jb := jsonFields(a), jsonFields(b)
	var out []string
	for _, k := range slices.Sorted(maps.Keys(ja)) {
		if !bytes.Equal(ja[k], jb[k]) {
			out = append(out, prefix+k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(jb)) {
		if _, seen := ja[k]; !seen {
			out = append(out, prefix+k)
		}
	}
	slices.Sort(out)
	return out
}

// jsonFields is v's JSON object, key by key. Values of the snapshot's
// own types always encode to an object; anything else is no fields.
func jsonFields(v any) map[string]json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) != nil {
		return nil
	}
	return fields
}

// sameEncoding reports whether a and b encode to the same JSON. It is the
// check of almost every work (a snapshot fetch wrote is what its sources
// give), and comparing the two encodings is a fraction of the cost of
// decoding each into its keys (jsonFields); equal encodings have equal
// keys and values, so differingKeys finds nothing either way.
func sameEncoding(a, b any) bool {
	if reflect.DeepEqual(a, b) {
		return true // equal values encode alike; cheaper still than encoding them
	}
	ja, err := json.Marshal(a)
	if err != nil {
		return false
	}
	jb, err := json.Marshal(b)
	return err == nil && bytes.Equal(ja, jb)
}

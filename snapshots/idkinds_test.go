package snapshots

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// TestEveryIDKindIsDecodedInOnePass: the one-pass decoder reads every
// identifier kind a record holds (manifest's table of kinds) in a work's
// record and in each source's, so a kind added to the table is read at
// full speed, not by json.Unmarshal after the one pass gives up.
func TestEveryIDKindIsDecodedInOnePass(t *testing.T) {
	for k := range manifest.RecordIDKinds() {
		var ids record.IDs
		*k.Field(&ids) = "v1"
		rec := record.Record{Title: "T", IDs: ids}
		w := Work{ID: "doi:10.1/a", Record: rec, Sources: []Source{{Provider: "crossref", Status: "found", Record: &rec}}}
		data, err := Encode(w)
		if err != nil {
			t.Fatal(err)
		}
		got, fast := decodeWorkFast(data)
		if !fast {
			t.Errorf("snapshots/workdecode_fields.go: ids() has no case %q: add case %q: return d.str(&i.<its field>)", k.Kind, k.Kind)
			continue
		}
		if v := k.Get(&got.Record.IDs); v != "v1" || !reflect.DeepEqual(got.Sources[0].Record.IDs, ids) {
			t.Errorf("kind %q: the one pass read %q, sources %+v", k.Kind, v, got.Sources)
		}
	}
}

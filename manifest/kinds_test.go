package manifest

import (
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestIDKindsComplete holds the code to the table of identifier kinds
// (kinds.go), so a kind is added as a row and the few things a row cannot
// say, each named here with where it goes: every string field of
// record.IDs has a row named as its JSON name, in the struct's order, and
// IsZero sees it; every kind a manifest may name has its [[identity]] key
// in rawIdentity and an example it keeps; every link is https.
// (snapshots' TestEveryIDKindIsDecodedInOnePass holds the snapshot
// decoder to the table, and the root's TestManifestPageNamesEveryKind the
// manifest page.)
func TestIDKindsComplete(t *testing.T) {
	rows := IDKinds()
	checkRowsNameRecordFields(t, rows)
	checkManifestKeys(t, rows)
	seen := map[Kind]bool{}
	name := regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	for _, k := range rows {
		if seen[k.Kind] {
			t.Errorf("manifest/kinds.go: kind %q has two rows", k.Kind)
		}
		seen[k.Kind] = true
		// The kind prefixes snapshot file names, which keep a-z, 0-9 and - plain.
		if !name.MatchString(string(k.Kind)) {
			t.Errorf("manifest/kinds.go: kind %q is not lower-case letters, digits and dashes", k.Kind)
		}
		if k.Label == "" {
			t.Errorf("manifest/kinds.go: kind %q has no Label for messages", k.Kind)
		}
		if k.URLPrefix != "" {
			if u, err := url.Parse(k.URLPrefix); err != nil || u.Scheme != "https" || u.Host == "" {
				t.Errorf("manifest/kinds.go: kind %q links to %q, not an https URL", k.Kind, k.URLPrefix)
			}
		}
		if k.Chip && (k.URLPrefix == "" || k.Field == nil) {
			t.Errorf("manifest/kinds.go: kind %q is a chip but has no URLPrefix or no record.IDs Field: a page could not show or link it", k.Kind)
		}
		// an ORCID put-code, a citation key and a dblp or INSPIRE record
		// key name a work by what no other service's record holds, so
		// there is nothing to merge or compare
		if k.Role == RoleWork && k.Field == nil && k.Kind != KindORCIDWork && k.Kind != KindKey && k.Kind != KindDBLPWork && k.Kind != KindINSPIREWork {
			t.Errorf("manifest/kinds.go: work kind %q has no record.IDs Field: the merge, conflicts and the link pass could not read it", k.Kind)
		}
	}
}

// checkRowsNameRecordFields: each string field of record.IDs has exactly
// one row, whose Field is that field and whose Kind is its JSON name, in
// record.IDs order, and IDs.IsZero sees each.
func checkRowsNameRecordFields(t *testing.T, rows []IDKind) {
	t.Helper()
	typ := reflect.TypeFor[record.IDs]()
	var fields []string // the string fields' JSON names, in struct order
	goName := map[string]string{}
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Type.Kind() != reflect.String {
			continue
		}
		json := strings.Split(f.Tag.Get("json"), ",")[0]
		fields = append(fields, json)
		goName[json] = f.Name
	}
	var order []string
	for _, k := range rows {
		if k.Field == nil {
			continue
		}
		var ids record.IDs
		*k.Field(&ids) = "x"
		set := ""
		v := reflect.ValueOf(ids)
		for i := range typ.NumField() {
			if v.Field(i).Kind() == reflect.String && v.Field(i).String() == "x" {
				set = strings.Split(typ.Field(i).Tag.Get("json"), ",")[0]
			}
		}
		if set != string(k.Kind) {
			t.Errorf("manifest/kinds.go: kind %q's Field sets record.IDs field %q; a kind is named as its field's JSON name", k.Kind, set)
		}
		if ids.IsZero() {
			t.Errorf("record/record.go: IDs.IsZero does not see %s (kind %q): add i.%s == \"\"", goName[set], k.Kind, goName[set])
		}
		order = append(order, set)
	}
	for _, f := range fields {
		if !strings.Contains(" "+strings.Join(order, " ")+" ", " "+f+" ") {
			t.Errorf("record.IDs.%s (json %q) has no row in manifest/kinds.go: add {Kind: %q, Role: RoleWork or RoleRecord, Label: …, Field: func(i *record.IDs) *string { return &i.%s }} (URLPrefix and Chip if a page links it; Normalize and Example if a manifest names it)",
				goName[f], f, f, goName[f])
		}
	}
	if !reflect.DeepEqual(order, fields) {
		t.Errorf("manifest/kinds.go: the rows with a Field are %v; want record.IDs field order %v (pages show chips in it)", order, fields)
	}
}

// checkManifestKeys: a kind a manifest may name (a row with Normalize) is
// a key of [[identity]] and keeps its example; rawIdentity has no key
// without a row.
func checkManifestKeys(t *testing.T, rows []IDKind) {
	t.Helper()
	keys := map[string]bool{}
	typ := reflect.TypeFor[rawIdentity]()
	for i := range typ.NumField() {
		keys[typ.Field(i).Tag.Get("toml")] = true
	}
	named := map[string]bool{"name": true}
	for _, k := range rows {
		if k.Normalize == nil {
			continue
		}
		named[string(k.Kind)] = true
		if !keys[string(k.Kind)] {
			t.Errorf("manifest/manifest.go: rawIdentity has no field for kind %q: add %s string `toml:%q`", k.Kind, goIdent(string(k.Kind)), k.Kind)
		}
		if k.Role == RoleRecord {
			t.Errorf("manifest/kinds.go: kind %q is RoleRecord but has a Normalize: a manifest names works and people only", k.Kind)
		}
		if got, err := Normalize(k.Kind, k.Example); err != nil || got.Value != k.Example {
			t.Errorf("manifest/kinds.go: kind %q's Example %q normalizes to %q, %v; want itself (hints show it)", k.Kind, k.Example, got.Value, err)
		}
		if id, err := ParseKey(string(k.Kind) + ":" + k.Example); err != nil || id.Kind != k.Kind {
			t.Errorf("ParseKey does not read kind %q: %v", k.Kind, err)
		}
	}
	for key := range keys {
		if !named[key] {
			t.Errorf("manifest/manifest.go: rawIdentity has key %q, which no row of manifest/kinds.go with a Normalize names", key)
		}
	}
}

// goIdent is a Go field name for a kind, for messages ("pmcid" → "Pmcid").
func goIdent(kind string) string {
	return strings.ToUpper(kind[:1]) + strings.ReplaceAll(kind[1:], "-", "")
}

// TestWorkKindsInPreferenceOrder: WorkIDKinds and WorkRank agree, and a
// DOI is preferred over every other kind.
func TestWorkKindsInPreferenceOrder(t *testing.T) {
	work := slices.Collect(WorkIDKinds())
	if len(work) == 0 || work[0].Kind != KindDOI {
		t.Fatalf("WorkIDKinds %v: want the DOI first", work)
	}
	for i, k := range work {
		if got := WorkRank(k.Kind); got != i {
			t.Errorf("WorkRank(%q) = %d, want %d", k.Kind, got, i)
		}
	}
	if got := WorkRank(KindORCIDWork); got != len(work) {
		t.Errorf("WorkRank(orcid-work) = %d, want %d (after every kind a record holds)", got, len(work))
	}
}

package works

import (
	"strings"

	"github.com/aboutscholar/about/snapshots"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// TypedSource is the source a [[work]]'s own fields are (manifest.WorkRecord):
// what the user typed, or imported from their bibliography. It ranks
// after every provider (byPrecedence), so it fills only what no service
// gives, and a service that says otherwise is a conflict the work file
// keeps, never a silent overwrite. For a work without an identifier it is
// the whole record.
const TypedSource = "typed"

// TypedRecords is the record each [[work]] with its own fields gives,
// by identity key.
func TypedRecords(m *manifest.Manifest) map[string]record.Record {
	out := map[string]record.Record{}
	for _, w := range m.Works {
		if !w.Own.IsZero() {
			r := TypedRecord(w.Own)
			// The identifier the [[work]] is named by is typed too (an
			// imported entry's doi or eprint): without it, a work no
			// service answers for would be written without its DOI.
			if k, ok := manifest.LookupKind(w.ID.Kind); ok && k.Field != nil {
				*k.Field(&r.IDs) = w.ID.Value
			}
			out[w.ID.Key()] = r
		}
	}
	return out
}

// TypedRecord is a [[work]]'s own fields as a source's record.
func TypedRecord(w manifest.WorkRecord) record.Record {
	return record.Record{
		Title: w.Title, Authors: typedNames(w.Authors), Editors: typedNames(w.Editors),
		Container: w.Venue, Publisher: w.Publisher, Type: w.Type, Issued: record.ParseDate(w.Date),
		Volume: w.Volume, Issue: w.Issue, Pages: w.Pages, Abstract: w.Abstract, URL: w.URL,
	}
}

// typedNames reads names as the manifest documents them: "Family, Given"
// or "Given Family" (record.ParseName), and a name wholly in braces
// ("{CMS Collaboration}") kept whole, as BibTeX keeps it.
func typedNames(names []string) []record.Author {
	var out []record.Author
	for _, n := range names {
		if inner, ok := strings.CutPrefix(n, "{"); ok && strings.HasSuffix(inner, "}") && !strings.ContainsAny(strings.TrimSuffix(inner, "}"), "{}") {
			out = append(out, record.Author{Name: strings.TrimSpace(strings.TrimSuffix(inner, "}"))})
			continue
		}
		p := record.ParseName(n)
		out = append(out, record.Author{Given: p.Given, Family: p.Family})
	}
	return out
}

// typedPending says when the work file's typed source is not what the
// manifest's [[work]] types now (edited, added or removed since the last
// fetch), which only a fetch applies; "" when they agree.
func typedPending(file snapshots.Work, typed map[string]record.Record) string {
	want, wanted := typed[file.ID]
	var have *record.Record
	for _, s := range file.Sources {
		if s.Provider == TypedSource {
			have = s.Record
		}
	}
	if wanted == (have != nil) && (have == nil || sameEncoding(*have, want)) {
		return ""
	}
	return "the manifest's [[work]] fields (title, authors, venue, …) are not applied yet (or their removal is not): run about fetch"
}

package works

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// A conflict is recorded where providers gave the same field really
// different values, never for cosmetic differences a careful
// bibliographer would not note:
//
//   - title: compared folded (record.Fold: case, accents, punctuation and
//     spacing aside), so "Deep Learning." and "deep learning" agree; a
//     title without the other's subtitle (the part after the first ':')
//     is the same title shortened, not another one;
//   - container, type, genre, volume, issue, pages: compared folded;
//   - issued: compared as far as both dates go (2020 agrees with
//     2020-05-14; 2020-05 and 2020-06 do not);
//   - authors: the number of authors, where providers list different
//     numbers (names are completed, not chosen: see mergeAuthors);
//   - open_access.license: compared by licence (a Creative Commons URL,
//     its SPDX-style id and its bare family agree: see sameLicence);
//     open_access.status: folded;
//   - the identifiers a work may be known by (manifest.WorkIDKinds: doi,
//     arxiv, pmid, pmcid): compared exactly, as stored.
//
// Publisher names, abstracts, topics, landing and free-copy URLs vary
// by house style or by copy and are not compared; nor are funder lists,
// which a registrar takes from the deposit and an index partly from the
// acknowledgements, naming the same funders differently (mergeFunding).

// fieldCheck is how one field is compared across providers.
type fieldCheck struct {
	field string
	value func(*record.Record) string
	same  func(a, b string) bool
	// normal, when set, is the one spelling a value is stored and grouped
	// in (normalLicence for the licence), so a service switching between
	// spellings of one value rewrites no conflict byte.
	normal func(string) string
}

func sameFolded(a, b string) bool  { return record.Fold(a) == record.Fold(b) }
func sameExactly(a, b string) bool { return a == b }

// sameTitle: folded equal, or one is the other without its subtitle.
func sameTitle(a, b string) bool {
	main := func(s string) string { m, _, _ := strings.Cut(s, ":"); return record.Fold(m) }
	fa, fb := record.Fold(a), record.Fold(b)
	return fa == fb || fa == main(b) || main(a) == fb
}

// fieldChecks is built once: the table of closures is the same for every
// work, and conflicts are checked for each.
var fieldChecks = sync.OnceValue(func() []fieldCheck {
	text := func(field string, get func(*record.Record) string) fieldCheck {
		return fieldCheck{field: field, value: get, same: sameFolded}
	}
	oa := func(get func(*record.OpenAccess) string) func(*record.Record) string {
		return func(r *record.Record) string {
			if r.OA == nil {
				return ""
			}
			return get(r.OA)
		}
	}
	checks := []fieldCheck{
		{field: "title", value: func(r *record.Record) string { return r.Title }, same: sameTitle},
		text("container", func(r *record.Record) string { return r.Container }),
		text("type", func(r *record.Record) string { return r.Type }),
		text("genre", func(r *record.Record) string { return r.Genre }),
		text("volume", func(r *record.Record) string { return r.Volume }),
		text("issue", func(r *record.Record) string { return r.Issue }),
		text("pages", func(r *record.Record) string { return r.Pages }),
		{field: "issued", value: func(r *record.Record) string { return r.Issued.String() }, same: func(a, b string) bool {
			return sameDate(record.ParseDate(a), record.ParseDate(b))
		}},
		{field: "authors", value: func(r *record.Record) string {
			if len(r.Authors) == 0 {
				return ""
			}
			return strconv.Itoa(len(r.Authors)) + " " + english.Plural(len(r.Authors), "author", "authors") // not Sprintf: asked of every record of every work
		}, same: sameExactly},
		{field: "open_access.license", value: oa(func(o *record.OpenAccess) string { return o.License }), same: sameLicence, normal: normalLicence},
		text("open_access.status", oa(func(o *record.OpenAccess) string { return o.Status })),
	}
	for k := range manifest.WorkIDKinds() {
		checks = append(checks, fieldCheck{field: "ids." + string(k.Kind), value: func(r *record.Record) string { return *k.Field(&r.IDs) }, same: sameExactly})
	}
	return checks
})

// conflicts compares every checked field of every provider's record with
// the merged value and lists the fields where some provider disagreed,
// sorted by field.
func conflicts(merged record.Record, ordered, oaOrdered []Named) []record.Conflict {
	var out []record.Conflict
	for _, c := range fieldChecks() {
		records := ordered
		if strings.HasPrefix(c.field, "open_access.") {
			records = oaOrdered
		}
		if k, ok := disagreement(c, c.value(&merged), records); ok {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b record.Conflict) int { return strings.Compare(a.Field, b.Field) })
	return out
}

// disagreement groups providers' values of one field with the kept value
// and with each other, and reports a conflict when some provider's value
// is not the kept one. A field with a normal form stores values not kept
// in it and groups them by it exactly, so neither a service's spelling
// nor the order of providers shows; other fields group by the field's
// comparison, the first value of a group in precedence order naming it.
func disagreement(c fieldCheck, kept string, records []Named) (record.Conflict, bool) {
	if kept == "" {
		return record.Conflict{}, false
	}
	group := c.same
	if c.normal != nil {
		group = sameExactly
	}
	k := record.Conflict{Field: c.field, Kept: record.Choice{Value: kept}}
	for j := range records { // by index: a copy of each record, taken by address, would go to the heap
		n := &records[j]
		v := c.value(&n.Record)
		switch {
		case v == "":
		case c.same(v, kept):
			k.Kept.Providers = append(k.Kept.Providers, n.Provider)
		default:
			if c.normal != nil {
				v = c.normal(v)
			}
			i := slices.IndexFunc(k.NotKept, func(ch record.Choice) bool { return group(ch.Value, v) })
			if i < 0 {
				k.NotKept = append(k.NotKept, record.Choice{Value: v})
				i = len(k.NotKept) - 1
			}
			k.NotKept[i].Providers = append(k.NotKept[i].Providers, n.Provider)
		}
	}
	if len(k.NotKept) == 0 {
		return record.Conflict{}, false
	}
	slices.Sort(k.Kept.Providers)
	for i := range k.NotKept {
		slices.Sort(k.NotKept[i].Providers)
	}
	slices.SortFunc(k.NotKept, func(a, b record.Choice) int { return strings.Compare(a.Value, b.Value) })
	return k, true
}

// ManifestSource is the name provenance and conflicts give a value the
// manifest's [[override]] set.
const ManifestSource = "manifest"

// Overridden rewrites field's conflict for a manifest [[override]] that
// set it to value, so the work file never says a value was kept that the
// record no longer has. A careful bibliographer notes the editor's
// correction beside what the sources said: the override is the kept value,
// credited to "manifest" and to every provider that gave it (by the
// field's comparison); every other provider's value is a value not kept —
// including the one the merge had kept. When every provider that gave the
// field agrees with the override there is nothing to explain and the
// field has no conflict. The other fields' entries are untouched.
func (p Precedence) Overridden(conflicts []record.Conflict, records []Named, field, value string) []record.Conflict {
	checks := fieldChecks()
	i := slices.IndexFunc(checks, func(c fieldCheck) bool { return c.field == field })
	if i < 0 {
		return conflicts
	}
	check := checks[i]
	order := p.orderFor(field)
	out := slices.DeleteFunc(slices.Clone(conflicts), func(c record.Conflict) bool { return c.Field == field })
	k, ok := disagreement(check, value, byPrecedence(records, order))
	if !ok {
		return out
	}
	k.Kept.Providers = append(k.Kept.Providers, ManifestSource)
	slices.Sort(k.Kept.Providers)
	out = append(out, k)
	slices.SortFunc(out, func(a, b record.Conflict) int { return strings.Compare(a.Field, b.Field) })
	return out
}

// KeepConflicts makes a work's conflicts those of values gathered at one
// time. A provider this run could not read (unread) stands with last
// time's values, and a careful bibliographer does not set them against the
// others' fresh ones: a title corrected everywhere, Crossref's old one kept
// through an outage, would otherwise be a conflict for one run that no
// source made. So, for each compared field an unread provider gives:
// while the merged value is the one the previous snapshot kept, the
// previous snapshot's entry of the field stands as it was (or its
// absence); when the merged value changed (a provider read this run gave
// a new one), the field is compared among the providers read this run
// only. The fresh comparison returns on the next run that reads the
// provider. A field the manifest overrides is compared as the override
// says. Fields whose entry differs from the comparison of every source
// are named in doc.ConflictsKept, so the re-merge of check --offline
// takes them as filed (ConflictsAsFiled).
func (p Precedence) KeepConflicts(doc *snapshots.Work, prev snapshots.Work, unread []string) {
	doc.ConflictsKept = nil
	if len(unread) == 0 {
		return
	}
	var read []Named
	for _, s := range doc.Sources {
		if s.Record != nil && s.Status == string(record.Found) && !slices.Contains(unread, s.Provider) {
			read = append(read, Named{Provider: s.Provider, Record: *s.Record})
		}
	}
	for _, c := range fieldChecks() {
		if doc.Provenance[c.field] == ManifestSource || !givenBy(c, doc.Sources, unread) {
			continue
		}
		want, ok := conflictOf(prev.Conflicts, c.field)
		if c.value(&doc.Record) != c.value(&prev.Record) {
			want, ok = p.freshConflict(c, doc, read)
		}
		now, has := conflictOf(doc.Conflicts, c.field)
		if ok == has && (!ok || sameConflict(want, now)) {
			continue
		}
		doc.Conflicts = slices.DeleteFunc(doc.Conflicts, func(k record.Conflict) bool { return k.Field == c.field })
		if ok {
			doc.Conflicts = append(doc.Conflicts, want)
		}
		doc.ConflictsKept = append(doc.ConflictsKept, c.field)
	}
	slices.SortFunc(doc.Conflicts, func(a, b record.Conflict) int { return strings.Compare(a.Field, b.Field) })
	slices.Sort(doc.ConflictsKept)
}

// freshConflict is the field's conflict among the records read this run,
// with the work's merged value kept, as Merge writes it.
func (p Precedence) freshConflict(c fieldCheck, doc *snapshots.Work, read []Named) (record.Conflict, bool) {
	order := p.orderFor(c.field)
	k, ok := disagreement(c, c.value(&doc.Record), byPrecedence(read, order))
	if ok {
		k = creditDOIPrefix([]record.Conflict{k}, doc.Provenance)[0]
	}
	return k, ok
}

// ConflictsAsFiled is the re-merge's conflicts of a work with the entries
// of the fields its file keeps from an earlier snapshot (KeepConflicts)
// taken as the file has them: the sources alone cannot say what was
// compared when the provider was last read.
func ConflictsAsFiled(merged []record.Conflict, file snapshots.Work) []record.Conflict {
	if len(file.ConflictsKept) == 0 {
		return merged
	}
	out := slices.DeleteFunc(slices.Clone(merged), func(k record.Conflict) bool { return slices.Contains(file.ConflictsKept, k.Field) })
	for _, k := range file.Conflicts {
		if slices.Contains(file.ConflictsKept, k.Field) {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b record.Conflict) int { return strings.Compare(a.Field, b.Field) })
	return out
}

// givenBy reports whether one of providers' found sources gives the field.
func givenBy(c fieldCheck, sources []snapshots.Source, providers []string) bool {
	return slices.ContainsFunc(sources, func(s snapshots.Source) bool {
		return s.Record != nil && s.Status == string(record.Found) && slices.Contains(providers, s.Provider) && c.value(s.Record) != ""
	})
}

// conflictOf is the entry of field in conflicts.
func conflictOf(conflicts []record.Conflict, field string) (record.Conflict, bool) {
	i := slices.IndexFunc(conflicts, func(k record.Conflict) bool { return k.Field == field })
	if i < 0 {
		return record.Conflict{}, false
	}
	return conflicts[i], true
}

// sameConflict compares two entries as the file holds them.
func sameConflict(a, b record.Conflict) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// orderFor is the precedence a field's values are taken in: open-access
// fields have their own order.
func (p Precedence) orderFor(field string) []string {
	if strings.HasPrefix(field, "open_access.") {
		return p.OA
	}
	return p.Fields
}

package providers

import (
	"slices"
	"sort"

	"github.com/aboutscholar/about/record"
)

// Precedence is the documented order in which providers' fields win when
// records are merged: the registration agency's own record first (Crossref,
// DataCite), then doi.org's content negotiation (also the agency's data),
// then the indexes, then the ORCID record (the researcher's own entry,
// least curated). Each provider declares its place (Spec.Precedence).
// Open-access fields have their own order, below.
func Precedence() []string {
	return ranked(func(s Spec) int { return s.Precedence })
}

// oaPrecedence: Unpaywall is the reference for open-access locations,
// OpenAlex is built on the same data, the agency gives only a licence
// (Spec.OAPrecedence).
func oaPrecedence() []string {
	return ranked(func(s Spec) int { return s.OAPrecedence })
}

// Named is one provider's record for merging.
type Named struct {
	Provider string
	Record   record.Record
}

// Merge combines providers' records into one, field by field: each field
// comes whole from the first provider in Precedence that has it, and
// provenance says which one (field name → provider). Identifiers are
// merged per identifier; relations are the sorted union. Each field's rule
// is a function of the records in precedence order, so a rule can change
// alone.
func Merge(records []Named) (record.Record, map[string]string) {
	ordered := byPrecedence(records, Precedence())
	from := map[string]string{}
	out := record.Record{
		Title:     note(from, "title", mergeTitle(ordered)),
		Authors:   note(from, "authors", mergeAuthors(ordered)),
		Container: note(from, "container", mergeText(ordered, func(r *record.Record) string { return r.Container })),
		Publisher: note(from, "publisher", mergeText(ordered, func(r *record.Record) string { return r.Publisher })),
		Type:      note(from, "type", mergeText(ordered, func(r *record.Record) string { return r.Type })),
		Issued:    note(from, "issued", mergeDate(ordered)),
		Volume:    note(from, "volume", mergeText(ordered, func(r *record.Record) string { return r.Volume })),
		Issue:     note(from, "issue", mergeText(ordered, func(r *record.Record) string { return r.Issue })),
		Pages:     note(from, "pages", mergeText(ordered, func(r *record.Record) string { return r.Pages })),
		Abstract:  note(from, "abstract", mergeText(ordered, func(r *record.Record) string { return r.Abstract })),
		URL:       note(from, "url", mergeText(ordered, func(r *record.Record) string { return r.URL })),
		Topics:    note(from, "topics", mergeTopics(ordered)),
		OA:        note(from, "open_access", mergeOA(byPrecedence(records, oaPrecedence()), ordered)),
		IDs:       mergeIDs(ordered, from),
		Relations: mergeRelations(ordered),
		Extra:     mergeExtra(ordered),
	}
	return out, from
}

// picked is a merged field's value and the provider it came from ("" when
// no provider had one).
type picked[T any] struct {
	value    T
	provider string
}

// note records where a field came from, when it came from anywhere, and
// hands back its value for the merged record.
func note[T any](from map[string]string, field string, p picked[T]) T {
	if p.provider != "" {
		from[field] = p.provider
	}
	return p.value
}

// first is the whole-field rule: the field of the first record, in the
// order given, where it is not empty.
func first[T any](ordered []Named, get func(*record.Record) T, empty func(T) bool) picked[T] {
	for i := range ordered {
		if v := get(&ordered[i].Record); !empty(v) {
			return picked[T]{v, ordered[i].Provider}
		}
	}
	return picked[T]{}
}

func isBlank(s string) bool { return s == "" }

// mergeText takes a text field whole from the first provider that gives it.
func mergeText(ordered []Named, get func(*record.Record) string) picked[string] {
	return first(ordered, get, isBlank)
}

// mergeTitle takes the title whole from the first provider that gives one.
func mergeTitle(ordered []Named) picked[string] {
	return mergeText(ordered, func(r *record.Record) string { return r.Title })
}

// mergeAuthors takes the whole author list from the first provider that
// lists any, so one source's order and spelling are never interleaved.
func mergeAuthors(ordered []Named) picked[[]record.Author] {
	return first(ordered, func(r *record.Record) []record.Author { return r.Authors },
		func(a []record.Author) bool { return len(a) == 0 })
}

// mergeDate takes the publication date from the first provider that has
// one, however precise.
func mergeDate(ordered []Named) picked[record.Date] {
	return first(ordered, func(r *record.Record) record.Date { return r.Issued }, record.Date.IsZero)
}

// mergeTopics takes one provider's topics whole: vocabularies differ, so
// lists are not mixed.
func mergeTopics(ordered []Named) picked[[]string] {
	return first(ordered, func(r *record.Record) []string { return r.Topics },
		func(t []string) bool { return len(t) == 0 })
}

// mergeOA takes the free copy from the first provider in OA precedence
// that knows one (a copy, so the source stays untouched); with no free copy
// known it keeps the licence alone, from the first provider in Precedence
// that gives one.
func mergeOA(oaOrdered, ordered []Named) picked[*record.OpenAccess] {
	if p := first(oaOrdered, func(r *record.Record) *record.OpenAccess { return r.OA },
		func(oa *record.OpenAccess) bool { return oa == nil || oa.URL == "" }); p.provider != "" {
		oa := *p.value
		return picked[*record.OpenAccess]{&oa, p.provider}
	}
	p := first(ordered, func(r *record.Record) *record.OpenAccess { return r.OA },
		func(oa *record.OpenAccess) bool { return oa == nil || oa.License == "" })
	if p.provider == "" {
		return picked[*record.OpenAccess]{}
	}
	return picked[*record.OpenAccess]{&record.OpenAccess{License: p.value.License}, p.provider}
}

// mergeIDs takes each identifier from the first provider that has it, so
// one work gathers every index's id; provenance is per identifier
// ("ids.doi", …).
func mergeIDs(ordered []Named, from map[string]string) record.IDs {
	id := func(field string, get func(*record.IDs) string) string {
		return note(from, "ids."+field, mergeText(ordered, func(r *record.Record) string { return get(&r.IDs) }))
	}
	list := func(field string, get func(*record.IDs) []string) []string {
		return note(from, "ids."+field, first(ordered, func(r *record.Record) []string { return get(&r.IDs) },
			func(l []string) bool { return len(l) == 0 }))
	}
	return record.IDs{
		DOI:      id("doi", func(i *record.IDs) string { return i.DOI }),
		ArXiv:    id("arxiv", func(i *record.IDs) string { return i.ArXiv }),
		PMID:     id("pmid", func(i *record.IDs) string { return i.PMID }),
		PMCID:    id("pmcid", func(i *record.IDs) string { return i.PMCID }),
		OpenAlex: id("openalex", func(i *record.IDs) string { return i.OpenAlex }),
		MAG:      id("mag", func(i *record.IDs) string { return i.MAG }),
		S2:       id("semanticscholar", func(i *record.IDs) string { return i.S2 }),
		ISBN:     list("isbn", func(i *record.IDs) []string { return i.ISBN }),
		ISSN:     list("issn", func(i *record.IDs) []string { return i.ISSN }),
	}
}

// mergeRelations is the union of every provider's relations, sorted by
// type then id, so the result never depends on which provider answered.
func mergeRelations(ordered []Named) []record.Relation {
	var out []record.Relation
	seen := map[record.Relation]bool{}
	for _, n := range ordered {
		for _, rel := range n.Record.Relations {
			if !seen[rel] {
				seen[rel] = true
				out = append(out, rel)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.ID < b.ID
	})
	return out
}

// mergeExtra keeps every provider's extras, in precedence order: they are
// provider-specific facts no other provider would replace.
func mergeExtra(ordered []Named) []record.Annotation {
	var out []record.Annotation
	for _, n := range ordered {
		out = append(out, n.Record.Extra...)
	}
	return out
}

// byPrecedence orders records by the given provider order; providers not
// listed come last, by name, so the result never depends on input order.
func byPrecedence(records []Named, order []string) []Named {
	out := slices.Clone(records)
	rank := func(p string) int {
		if i := slices.Index(order, p); i >= 0 {
			return i
		}
		return len(order)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank(out[i].Provider), rank(out[j].Provider)
		if ri != rj {
			return ri < rj
		}
		return out[i].Provider < out[j].Provider
	})
	return out
}

package works

import (
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Precedence is the order in which providers' values win when records
// are merged: Fields for every field but open access, OA for open-access
// locations. The provider registry declares both (providers.Precedence);
// the core takes them as data, so it never needs to know a provider. A
// provider listed in neither comes after every listed one, by name.
type Precedence struct {
	Fields []string // first wins: the registration agency's record first, the researcher's own ORCID entry last
	OA     []string // first wins: the open-access reference first
	// Funding is the order funder lists win in (mergeFunding), Fields'
	// when nil: the deposits, then the index that names funders by their
	// ids, then the lists of names alone.
	Funding []string
}

// fundingOrder is Funding, else Fields.
func (p Precedence) fundingOrder() []string {
	if p.Funding != nil {
		return p.Funding
	}
	return p.Fields
}

// Named is one provider's record for merging.
type Named struct {
	Provider string
	Record   record.Record
}

// Merge combines providers' records into one, field by field: a field
// comes from the first provider in p.Fields that has it, and provenance
// says which one (field name → provider). Some fields merge below the
// whole value: authors person by person (mergeAuthors), the date by
// precision (mergeDate), open access part by part (mergeOA), identifiers
// one by one; relations are the sorted union. Every field on which
// providers really disagreed gets a conflict naming the value kept and the
// values not kept (conflicts.go). Each field's rule is a function of the
// records in precedence order, so a rule can change alone.
func (p Precedence) Merge(records []Named) (record.Record, map[string]string, []record.Conflict) {
	ordered := byPrecedence(records, p.Fields)
	oaOrdered := byPrecedence(records, p.OA)
	from := map[string]string{}
	authors := mergeAuthors(ordered, from)
	out := record.Record{
		Title:     note(from, "title", mergeTitle(ordered)),
		Authors:   note(from, "authors", authors),
		Container: note(from, "container", mergeText(ordered, func(r *record.Record) string { return r.Container })),
		Publisher: note(from, "publisher", mergeText(ordered, func(r *record.Record) string { return r.Publisher })),
		Type:      note(from, "type", mergeText(ordered, func(r *record.Record) string { return r.Type })),
		Genre:     note(from, "genre", mergeText(ordered, func(r *record.Record) string { return r.Genre })),
		Issued:    note(from, "issued", mergeDate(ordered)),
		Volume:    note(from, "volume", mergeText(ordered, func(r *record.Record) string { return r.Volume })),
		Issue:     note(from, "issue", mergeText(ordered, func(r *record.Record) string { return r.Issue })),
		Pages:     note(from, "pages", mergeText(ordered, func(r *record.Record) string { return r.Pages })),
		Abstract:  note(from, "abstract", mergeText(ordered, func(r *record.Record) string { return r.Abstract })),
		URL:       note(from, "url", mergeText(ordered, func(r *record.Record) string { return r.URL })),
		Language:  note(from, "language", mergeLanguage(ordered)),
		Topics:    note(from, "topics", mergeTopics(ordered)),
		Funding:   note(from, "funding", mergeFunding(byPrecedence(records, p.fundingOrder()))),
		OA:        mergeOA(oaOrdered, from),
		IDs:       mergeIDs(ordered, from),
		Relations: mergeRelations(ordered),
		Extra:     mergeExtra(ordered),
	}
	out.ContainerShort = shortOf(ordered, from["container"], out.Container)
	preprintByDOI(&out, from)
	publishedOverEPrint(&out, ordered, from)
	out.Editors = note(from, "editors", mergeEditors(ordered, out.Type))
	editorsNotAuthors(&out, ordered, from)
	return out, from, creditDOIPrefix(conflicts(out, ordered, oaOrdered), from)
}

// shortOf is the container's short name from the provider whose container
// was kept, and only for that container: another provider's short name
// may abbreviate another venue (a proceedings' series, a journal's old
// name).
func shortOf(ordered []Named, provider, container string) string {
	for i := range ordered {
		if r := &ordered[i].Record; ordered[i].Provider == provider && r.Container == container {
			return r.ContainerShort
		}
	}
	return ""
}

// creditDOIPrefix names the DOI as the giver of a kept value preprintByDOI
// set, so a conflict never keeps a value nobody gave.
func creditDOIPrefix(cs []record.Conflict, from map[string]string) []record.Conflict {
	for i := range cs {
		if from[cs[i].Field] == DOIPrefixSource && !slices.Contains(cs[i].Kept.Providers, DOIPrefixSource) {
			cs[i].Kept.Providers = append(cs[i].Kept.Providers, DOIPrefixSource)
			slices.Sort(cs[i].Kept.Providers)
		}
	}
	return cs
}

// DOIPrefixSource is the provenance of a field set from what the DOI
// says (a preprint server's prefix), not from any provider's answer.
const DOIPrefixSource = "doi-prefix"

// preprintByDOI types a work whose DOI a preprint server registered
// (record.DOIRepository) as a preprint — CSL article, genre Preprint — whatever
// type a provider gave, and names the server as publisher when no
// provider named one: ORCID's hand-entered "journal-article" for a Nature
// Precedings DOI is the researcher's guess; the DOI is the
// server's.
func preprintByDOI(r *record.Record, from map[string]string) {
	server, ok := record.DOIRepository(r.IDs.DOI)
	if !ok || !server.Preprint {
		return
	}
	if r.Type != "article" {
		r.Type, from["type"] = "article", DOIPrefixSource
	}
	if r.Genre != "Preprint" {
		r.Genre, from["genre"] = "Preprint", DOIPrefixSource
	}
	// bioRxiv and medRxiv share a prefix: only a record can name which
	if r.Publisher == "" && !strings.Contains(server.Name, "/") {
		r.Publisher = server.Name
		from["publisher"] = DOIPrefixSource
	}
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

// isBlank: a field of only spaces says nothing (an index's title of a
// space or a newline must not win over the next provider's title).
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// mergeText takes a text field whole from the first provider that gives it.
func mergeText(ordered []Named, get func(*record.Record) string) picked[string] {
	return first(ordered, get, isBlank)
}

// mergeTitle takes the title whole from the first provider that gives one.
func mergeTitle(ordered []Named) picked[string] {
	return mergeText(ordered, func(r *record.Record) string { return r.Title })
}

// mergeDate reads each provider's date as asDated does (1 January is a
// year) and starts from the registrar's date (the first provider in
// Precedence that has one) and lets each other provider, in precedence
// order, refine the date kept so far with a more precise one that agrees
// with it: DataCite's year-only 2020 gives way to OpenAlex's 2020-05 and
// then to a 2020-05-14, but never to a 2021 or a 2020-06 once the
// registrar or a higher provider said 2020-05. Comparing with the date
// kept so far, not only with the registrar's, keeps a less curated source
// (ORCID's hand-entered 2020-06-14) from overriding a better one's month
// (OpenAlex's 2020-05) when the registrar gave a year only. A 1 January
// date refines nothing: indexes write it for "some day that year"
// (OpenAlex gives 2015-01-01 for the year-only Springer chapter in the
// recorded fixtures; the habit is common,
// https://github.com/WDscholia/scholia/issues/518), so it would turn a
// known year into an invented day; nor does it stand as a day alone
// (dates.go).
func mergeDate(ordered []Named) picked[record.Date] {
	best := first(ordered, func(r *record.Record) record.Date { return asDated(r.Issued) }, record.Date.IsZero)
	for _, n := range ordered {
		d := asDated(n.Record.Issued)
		if precision(d) > precision(best.value) && sameDate(d, best.value) {
			best = picked[record.Date]{d, n.Provider}
		}
	}
	return best
}

// precision is how many of year, month and day a date gives.
func precision(d record.Date) int {
	switch {
	case d.Year == 0:
		return 0
	case d.Month == 0:
		return 1
	case d.Day == 0:
		return 2
	}
	return 3
}

// sameDate reports whether two dates agree as far as both go: 2020 and
// 2020-05-14 agree, 2020-05 and 2020-06 do not.
func sameDate(a, b record.Date) bool {
	if a.IsZero() || b.IsZero() || a.Year != b.Year {
		return false
	}
	return (a.Month == 0 || b.Month == 0 || a.Month == b.Month) &&
		(a.Day == 0 || b.Day == 0 || a.Day == b.Day)
}

// mergeTopics takes one provider's topics whole: vocabularies differ, so
// lists are not mixed.
func mergeTopics(ordered []Named) picked[[]string] {
	return first(ordered, func(r *record.Record) []string { return r.Topics },
		func(t []string) bool { return len(t) == 0 })
}

// mergeFunding takes one provider's funders whole, the registrar's first:
// what the publisher deposited with the Open Funder Registry's ids is the
// list of record, and an index's list (OpenAlex's, partly mined from
// acknowledgements) names funders differently, so lists are not mixed and
// provenance names the one service that said so.
func mergeFunding(ordered []Named) picked[[]record.Funding] {
	return first(ordered, func(r *record.Record) []record.Funding { return r.Funding },
		func(f []record.Funding) bool { return len(f) == 0 })
}

// mergeOA merges open access part by part, in OA precedence: the free
// copy's URL and its version from the first provider that knows a copy
// (the version describes that copy, so they travel together), and the
// status from the first provider that gives one and the licence by
// mergeLicence (the most specific that agrees), so Unpaywall's location
// does not drop the licence Crossref or Semantic Scholar gave. Provenance is per part ("open_access.url", …).
func mergeOA(oaOrdered []Named, from map[string]string) *record.OpenAccess {
	part := func(get func(*record.OpenAccess) string) picked[string] {
		return mergeText(oaOrdered, func(r *record.Record) string {
			if r.OA == nil {
				return ""
			}
			return get(r.OA)
		})
	}
	var oa record.OpenAccess
	url := part(func(o *record.OpenAccess) string { return o.URL })
	oa.URL = note(from, "open_access.url", url)
	if url.provider != "" {
		for _, n := range oaOrdered {
			if n.Provider == url.provider && n.Record.OA.Version != "" {
				oa.Version = note(from, "open_access.version", picked[string]{n.Record.OA.Version, n.Provider})
			}
		}
	}
	oa.License = note(from, "open_access.license", mergeLicence(oaOrdered))
	oa.LicenseStart = note(from, "open_access.license_start", licenceStart(oaOrdered, from["open_access.license"]))
	oa.Status = note(from, "open_access.status", part(func(o *record.OpenAccess) string { return o.Status }))
	if oa == (record.OpenAccess{}) {
		return nil
	}
	return &oa
}

// mergeIDs takes each identifier from the first provider that has it, so
// one work gathers every index's id; provenance is per identifier
// ("ids.doi", …). The identifiers are manifest's table of kinds.
func mergeIDs(ordered []Named, from map[string]string) record.IDs {
	list := func(field string, get func(*record.IDs) []string) []string {
		return note(from, "ids."+field, first(ordered, func(r *record.Record) []string { return get(&r.IDs) },
			func(l []string) bool { return len(l) == 0 }))
	}
	var ids record.IDs
	for k := range manifest.RecordIDKinds() {
		*k.Field(&ids) = note(from, "ids."+string(k.Kind), mergeText(ordered, func(r *record.Record) string { return *k.Field(&r.IDs) }))
	}
	ids.ISBN = list("isbn", func(i *record.IDs) []string { return i.ISBN })
	ids.ISSN = list("issn", func(i *record.IDs) []string { return i.ISSN })
	return ids
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
		if p == TypedSource {
			return len(order) + 1 // after every service, named or not
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

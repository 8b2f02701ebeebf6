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
// merged per identifier; relations are the sorted union.
func Merge(records []Named) (record.Record, map[string]string) {
	ordered := byPrecedence(records, Precedence())
	var out record.Record
	from := map[string]string{}
	pick := func(field string, empty func(record.Record) bool, set func(record.Record)) {
		for _, n := range ordered {
			if !empty(n.Record) {
				set(n.Record)
				from[field] = n.Provider
				return
			}
		}
	}
	str := func(field string, get func(*record.Record) *string) {
		pick(field, func(r record.Record) bool { return *get(&r) == "" }, func(r record.Record) { *get(&out) = *get(&r) })
	}
	str("title", func(r *record.Record) *string { return &r.Title })
	pick("authors", func(r record.Record) bool { return len(r.Authors) == 0 }, func(r record.Record) { out.Authors = r.Authors })
	str("container", func(r *record.Record) *string { return &r.Container })
	str("publisher", func(r *record.Record) *string { return &r.Publisher })
	str("type", func(r *record.Record) *string { return &r.Type })
	pick("issued", func(r record.Record) bool { return r.Issued.IsZero() }, func(r record.Record) { out.Issued = r.Issued })
	str("volume", func(r *record.Record) *string { return &r.Volume })
	str("issue", func(r *record.Record) *string { return &r.Issue })
	str("pages", func(r *record.Record) *string { return &r.Pages })
	str("abstract", func(r *record.Record) *string { return &r.Abstract })
	str("url", func(r *record.Record) *string { return &r.URL })
	pick("topics", func(r record.Record) bool { return len(r.Topics) == 0 }, func(r record.Record) { out.Topics = r.Topics })

	for _, n := range byPrecedence(records, oaPrecedence()) {
		if n.Record.OA != nil && n.Record.OA.URL != "" {
			oa := *n.Record.OA
			out.OA = &oa
			from["open_access"] = n.Provider
			break
		}
	}
	if out.OA == nil { // no free copy known: keep the licence alone
		for _, n := range ordered {
			if n.Record.OA != nil && n.Record.OA.License != "" {
				out.OA = &record.OpenAccess{License: n.Record.OA.License}
				from["open_access"] = n.Provider
				break
			}
		}
	}

	ids := func(field string, get func(*record.IDs) *string) {
		for _, n := range ordered {
			r := n.Record
			if v := *get(&r.IDs); v != "" {
				*get(&out.IDs) = v
				from["ids."+field] = n.Provider
				return
			}
		}
	}
	ids("doi", func(i *record.IDs) *string { return &i.DOI })
	ids("arxiv", func(i *record.IDs) *string { return &i.ArXiv })
	ids("pmid", func(i *record.IDs) *string { return &i.PMID })
	ids("pmcid", func(i *record.IDs) *string { return &i.PMCID })
	ids("openalex", func(i *record.IDs) *string { return &i.OpenAlex })
	ids("mag", func(i *record.IDs) *string { return &i.MAG })
	ids("semanticscholar", func(i *record.IDs) *string { return &i.S2 })
	for _, n := range ordered {
		if len(n.Record.IDs.ISBN) > 0 && len(out.IDs.ISBN) == 0 {
			out.IDs.ISBN, from["ids.isbn"] = n.Record.IDs.ISBN, n.Provider
		}
		if len(n.Record.IDs.ISSN) > 0 && len(out.IDs.ISSN) == 0 {
			out.IDs.ISSN, from["ids.issn"] = n.Record.IDs.ISSN, n.Provider
		}
	}

	seen := map[record.Relation]bool{}
	for _, n := range ordered {
		for _, rel := range n.Record.Relations {
			if !seen[rel] {
				seen[rel] = true
				out.Relations = append(out.Relations, rel)
			}
		}
	}
	sort.Slice(out.Relations, func(i, j int) bool {
		a, b := out.Relations[i], out.Relations[j]
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.ID < b.ID
	})
	for _, n := range ordered {
		out.Extra = append(out.Extra, n.Record.Extra...)
	}
	return out, from
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

package importbib

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/aboutscholar/about/manifest"
)

// TextField is one field of an entry read from a format other than
// BibTeX (CSL-JSON, RIS, front matter), its value plain text: what
// FindText reads identifiers from.
type TextField struct {
	Name  string        // as the format writes it: "DOI", "DO", "url_pdf"
	Kind  manifest.Kind // the identifier the field holds whole (CSL's DOI, RIS's DO); "" for any other field
	Value string
}

// textNotScanned are the fields whose links name other works, not the
// entry's own: Find's notScanned, and front matter's summary (a short
// abstract) and the academicpages citation and excerpt (the abstract).
var textNotScanned = map[string]bool{"summary": true, "excerpt": true, "citation": true}

// FindText is Find for fields of plain text: the identifiers an entry
// names in its own identifier fields first (strictly: a value that is
// not one is told in Bad), then in links and mentions in every other
// field but an abstract's (the same mentions Find reads in a .bib:
// doi.org links, "doi:", arxiv.org links, "arXiv:", PubMed and PMC
// links), best first.
func FindText(fields []TextField) Found {
	var out Found
	seen := map[string]bool{}
	for _, f := range fields {
		if f.Kind != "" && strings.TrimSpace(f.Value) != "" {
			addFound(&out, seen, f.Kind, f.Value, f.Name, true)
		}
	}
	for _, f := range fields {
		name := strings.ToLower(f.Name)
		if f.Kind != "" || notScanned[name] || textNotScanned[name] {
			continue
		}
		for _, m := range mentions {
			for _, sub := range m.re.FindAllStringSubmatch(f.Value, -1) {
				addFound(&out, seen, m.kind, trimTrailing(sub[1]), f.Name, false)
			}
		}
	}
	sortIDs(out.IDs)
	return out
}

// addFound adds one identifier to out, once (seen): normalised, an arXiv
// version dropped; one that is not an identifier, or holds an invisible
// character the manifest refuses (a soft hyphen from a PDF makes an
// identifier no service knows: the file is where to delete it), is told
// in out.Bad when the field holds nothing else (strict).
func addFound(out *Found, seen map[string]bool, kind manifest.Kind, raw, field string, strict bool) {
	id, err := manifest.Normalize(kind, cleanID(raw, kind))
	if i := strings.IndexFunc(id.Value, invisible); err == nil && i >= 0 {
		r, _ := utf8.DecodeRuneInString(id.Value[i:])
		err = fmt.Errorf("%q holds the invisible character U+%04X", id.Value, r)
	}
	if err != nil {
		if strict {
			out.Bad = append(out.Bad, fmt.Sprintf("its %s is not one: %v", field, err))
		}
		return
	}
	if id.Kind == manifest.KindArXiv {
		id.Value = dropVersion(id.Value)
	}
	if !seen[id.Key()] {
		seen[id.Key()] = true
		out.IDs = append(out.IDs, id)
	}
}

// mergeFound adds b's identifiers after a's (a bundle's cite.bib after
// its front matter), keeping a's order and the best-first order of kinds.
func mergeFound(a, b Found) Found {
	seen := map[string]bool{}
	for _, id := range a.IDs {
		seen[id.Key()] = true
	}
	for _, id := range b.IDs {
		if !seen[id.Key()] {
			seen[id.Key()] = true
			a.IDs = append(a.IDs, id)
		}
	}
	a.Bad = append(a.Bad, b.Bad...)
	sortIDs(a.IDs)
	return a
}

// markDuplicates gives each entry whose key an earlier entry of the same
// read already has a Problem naming the first, as Plan does for a .bib.
func markDuplicates(entries []Entry) {
	first := map[string]int{}
	for i := range entries {
		e := &entries[i]
		if e.Key == "" {
			continue
		}
		if j, ok := first[e.Key]; ok {
			if e.Problem == "" {
				e.Problem = fmt.Sprintf("a duplicate key: %s is also at %s:%d", e.Key, entries[j].File, entries[j].Line)
			}
			continue
		}
		first[e.Key] = i
	}
}

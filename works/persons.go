package works

import (
	"fmt"
	"slices"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// samePersonLists is, for each dblp person or INSPIRE author the manifest
// names (by identity key), the ORCID record (by key) of the same person:
// a [[member]] giving both, or, on a page with no lab, the one ORCID iD
// and the one person of that kind of the manifest. The works such a
// listing names are then matched by title against that record's
// hand-typed works, as the record's own works are: a NeurIPS paper the
// researcher typed into ORCID and dblp's record of it are one entry.
//
// A listing that names its person's ORCID iD itself (sameAs: dblp's
// verified link on the person page, by listing key) has the last word:
// paired with that record when the manifest reads it, and with no other
// (the manifest's shape pairs a dblp person dblp says is somebody else
// with nothing).
func samePersonLists(m *manifest.Manifest, sameAs map[string]string) map[string]string {
	out := byShape(m)
	if m == nil {
		return out
	}
	read := manifestORCIDs(m)
	for lister, orcid := range sameAs {
		if read[orcid] {
			out[lister] = orcid
		} else {
			delete(out, lister)
		}
	}
	return out
}

// manifestORCIDs is the keys of the ORCID records m reads: its
// identities' and its lab members'.
func manifestORCIDs(m *manifest.Manifest) map[string]bool {
	read := map[string]bool{}
	for _, e := range m.Identities {
		if e.Kind == manifest.KindORCID {
			read[e.Key()] = true
		}
	}
	if m.Lab != nil {
		for _, mem := range m.Lab.Members {
			if mem.ORCID != "" {
				read[manifest.Identity{Kind: manifest.KindORCID, Value: mem.ORCID}.Key()] = true
			}
		}
	}
	return read
}

// ListingsOfOthers warns of each listing read this run whose page links
// an ORCID iD the manifest does not name (dblp's verified link): likely
// a homonym's page, whose works reach the page all the same (the
// manifest's word) and which no record is paired with. Only dblp's pages
// link an iD today. Sorted by listing.
func (r *Run) ListingsOfOthers() []record.Warning {
	if r.m == nil || len(r.sameAs) == 0 {
		return nil
	}
	read := manifestORCIDs(r.m)
	var out []record.Warning
	for lister, orcid := range r.sameAs {
		if read[orcid] {
			continue
		}
		id, err := manifest.ParseKey(lister)
		if err != nil {
			continue
		}
		iD := strings.TrimPrefix(orcid, "orcid:")
		out = append(out, record.Warning{Identity: lister, Message: fmt.Sprintf(
			"%s's page links the ORCID iD %s, which the manifest does not name: unless that iD is yours, %s = %q is likely another person of the same name, whose works are on the page all the same (check the value against your own page)", id.Kind, iD, id.Kind, id.Value)})
	}
	slices.SortFunc(out, func(a, b record.Warning) int { return strings.Compare(a.Identity, b.Identity) })
	return out
}

// byShape is samePersonLists from the manifest's shape alone.
func byShape(m *manifest.Manifest) map[string]string {
	out := map[string]string{}
	if m == nil {
		return out
	}
	if m.Lab != nil {
		for _, mem := range m.Lab.Members {
			if mem.ORCID == "" {
				continue
			}
			orcid := manifest.Identity{Kind: manifest.KindORCID, Value: mem.ORCID}.Key()
			if mem.DBLP != "" {
				out[manifest.Identity{Kind: manifest.KindDBLP, Value: mem.DBLP}.Key()] = orcid
			}
			if mem.INSPIRE != "" {
				out[manifest.Identity{Kind: manifest.KindINSPIRE, Value: mem.INSPIRE}.Key()] = orcid
			}
		}
		return out
	}
	byKind := map[manifest.Kind][]string{}
	for _, e := range m.Identities {
		if manifest.IsPerson(e.Kind) {
			byKind[e.Kind] = append(byKind[e.Kind], e.Key())
		}
	}
	orcids := byKind[manifest.KindORCID]
	for kind, keys := range byKind {
		if kind != manifest.KindORCID && len(orcids) == 1 && len(keys) == 1 {
			out[keys[0]] = orcids[0]
		}
	}
	return out
}

// withSamePersons lets each listing of the same person as an ORCID
// record find that record's hand-typed works (see samePersonLists).
func withSamePersons(records map[string]*handOfRecord, m *manifest.Manifest, sameAs map[string]string) map[string]*handOfRecord {
	for lister, orcid := range samePersonLists(m, sameAs) {
		if r := records[orcid]; r != nil && records[lister] == nil {
			records[lister] = r
		}
	}
	return records
}

package works

import "github.com/aboutscholar/about/manifest"

// samePersonLists is, for each dblp person or INSPIRE author the manifest
// names (by identity key), the ORCID record (by key) of the same person:
// a [[member]] giving both, or, on a page with no lab, the one ORCID iD
// and the one person of that kind of the manifest. The works such a
// listing names are then matched by title against that record's
// hand-typed works, as the record's own works are: a NeurIPS paper the
// researcher typed into ORCID and dblp's record of it are one entry.
func samePersonLists(m *manifest.Manifest) map[string]string {
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
func withSamePersons(records map[string]*handOfRecord, m *manifest.Manifest) map[string]*handOfRecord {
	for lister, orcid := range samePersonLists(m) {
		if r := records[orcid]; r != nil && records[lister] == nil {
			records[lister] = r
		}
	}
	return records
}

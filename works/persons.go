package works

import "github.com/aboutscholar/about/manifest"

// samePersonLists is, for a dblp person the manifest names, the ORCID
// record of the same person: a [[member]] giving both, or, on a page
// with no lab, the one ORCID iD and the one dblp person of the
// manifest. Works the dblp page lists are then matched by title against
// that record's hand-typed works, as the record's own works are: a
// NeurIPS paper the researcher typed into ORCID and dblp's record of it
// are one entry.
func samePersonLists(m *manifest.Manifest) map[string]string {
	out := map[string]string{}
	if m == nil {
		return out
	}
	if m.Lab != nil {
		for _, mem := range m.Lab.Members {
			if mem.ORCID != "" && mem.DBLP != "" {
				out[dblpOrigin(mem.DBLP)] = "orcid:" + mem.ORCID
			}
		}
		return out
	}
	var orcids, dblps []string
	for _, e := range m.Identities {
		switch e.Kind {
		case manifest.KindORCID:
			orcids = append(orcids, e.Key())
		case manifest.KindDBLP:
			dblps = append(dblps, e.Key())
		}
	}
	if len(orcids) == 1 && len(dblps) == 1 {
		out[dblps[0]] = orcids[0]
	}
	return out
}

func dblpOrigin(pid string) string {
	return manifest.Identity{Kind: manifest.KindDBLP, Value: pid}.Key()
}

// withSamePersons lets each dblp origin of the same person as an ORCID
// record find that record's hand-typed works (see samePersonLists).
func withSamePersons(records map[string]*handOfRecord, m *manifest.Manifest) map[string]*handOfRecord {
	for dblp, orcid := range samePersonLists(m) {
		if r := records[orcid]; r != nil && records[dblp] == nil {
			records[dblp] = r
		}
	}
	return records
}

package works

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// A paper typed into the ORCID record (no identifier) and dblp's record
// of it are one entry, shown as dblp's, when the manifest's ORCID iD and
// dblp person are one person: the only two of a page, or one member's.
// With two iDs and one dblp person nothing says whose page it is, and
// they stay apart.
func TestHandTypedMeetsDBLPOfTheSamePerson(t *testing.T) {
	hand := "orcid-work:" + typedOwner + "/9001"
	const paper = "dblp-work:conf/nips/VaswaniSPUJGKP17"
	orcid := manifest.Entry{Identity: manifest.Identity{Kind: manifest.KindORCID, Value: typedOwner}}
	other := manifest.Entry{Identity: manifest.Identity{Kind: manifest.KindORCID, Value: "0000-0002-9341-7985"}}
	dblp := manifest.Entry{Identity: manifest.Identity{Kind: manifest.KindDBLP, Value: "95/7448-1"}}
	for _, c := range []struct {
		name   string
		m      *manifest.Manifest
		linked bool
	}{
		{"one iD, one dblp person", &manifest.Manifest{Identities: []manifest.Entry{orcid, dblp}}, true},
		{"a member with both", &manifest.Manifest{Identities: []manifest.Entry{orcid, other, dblp},
			Lab: &manifest.Lab{Members: []manifest.Member{{Name: "A", ORCID: typedOwner, DBLP: "95/7448-1"}, {Name: "B", ORCID: "0000-0002-9341-7985"}}}}, true},
		{"two iDs, one dblp person", &manifest.Manifest{Identities: []manifest.Entry{orcid, other, dblp}}, false},
		{"one iD, one dblp person, one INSPIRE author", &manifest.Manifest{Identities: []manifest.Entry{orcid, dblp,
			{Identity: manifest.Identity{Kind: manifest.KindINSPIRE, Value: "E.Witten.1"}}}}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dblpWork := typedWork(t, paper, "Attention is All you Need", 2017, "paper-conference")
			dblpWork.origins = []string{"dblp:95/7448-1"}
			works := []Work{typedWork(t, hand, "Attention Is All You Need.", 2017, "paper-conference"), dblpWork}
			c.m.Path = "manifest.toml"
			res := decideWorks(works, c.m)
			if linked := res.Links.ShownAs[hand] == paper; linked != c.linked {
				t.Errorf("linked = %v, want %v (shown as %v)", linked, c.linked, res.Links.ShownAs)
			}
		})
	}
}

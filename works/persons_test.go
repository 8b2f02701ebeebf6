package works

import (
	"maps"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// TestSamePersonByTheListingsOwnLink: a dblp page that names its person's
// ORCID iD pairs the person with that record where the manifest's shape
// cannot (two iDs), and unpairs the shape's guess when it names another
// iD; a page that names none leaves the shape's pairing.
func TestSamePersonByTheListingsOwnLink(t *testing.T) {
	const a, b = "0000-0002-1825-0097", "0000-0002-9341-7985"
	orcid := func(v string) manifest.Entry {
		return manifest.Entry{Identity: manifest.Identity{Kind: manifest.KindORCID, Value: v}}
	}
	dblp := manifest.Entry{Identity: manifest.Identity{Kind: manifest.KindDBLP, Value: "95/7448-1"}}
	key := func(e manifest.Entry) string { return e.Key() }
	one := &manifest.Manifest{Identities: []manifest.Entry{orcid(a), dblp}}
	two := &manifest.Manifest{Identities: []manifest.Entry{orcid(a), orcid(b), dblp}}
	for _, c := range []struct {
		name   string
		m      *manifest.Manifest
		sameAs map[string]string
		want   map[string]string
	}{
		{"one iD, no link", one, nil, map[string]string{key(dblp): key(orcid(a))}},
		{"one iD, dblp names it", one, map[string]string{key(dblp): key(orcid(a))}, map[string]string{key(dblp): key(orcid(a))}},
		{"one iD, dblp names another", one, map[string]string{key(dblp): key(orcid(b))}, map[string]string{}},
		{"two iDs, no link", two, nil, map[string]string{}},
		{"two iDs, dblp names the second", two, map[string]string{key(dblp): key(orcid(b))}, map[string]string{key(dblp): key(orcid(b))}},
	} {
		if got := samePersonLists(c.m, c.sameAs); !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

package works

import (
	"net/url"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// ProfileLink is a dblp person or INSPIRE author an ORCID record links
// (its researcher URLs, its external identifiers' URLs): a listing the
// manifest could name to put that person's works on the page.
type ProfileLink struct {
	Kind manifest.Kind // manifest.KindDBLP or manifest.KindINSPIRE
	URL  string        // as the record writes it
	// Value is the identity's value the manifest takes (a dblp pid, an
	// INSPIRE BAI), "" when the address names none: dblp's older
	// name-based pages (/pers/hd/…) name no pid, and an INSPIRE profile
	// address (/authors/<number>) names its record number, which the
	// inspire identity does not take.
	Value string
}

// ProfileLinks is the dblp persons and INSPIRE authors among links, in
// their order, each once.
func ProfileLinks(links []string) []ProfileLink {
	var out []ProfileLink
	seen := map[string]bool{}
	for _, raw := range links {
		l, ok := profileLink(raw)
		if !ok || seen[string(l.Kind)+" "+l.Value+" "+l.URL] {
			continue
		}
		seen[string(l.Kind)+" "+l.Value+" "+l.URL] = true
		out = append(out, l)
	}
	return out
}

// profileLink reads one address: dblp's person addresses as the manifest
// reads them (manifest.NormalizeDBLP), INSPIRE's author profiles, the
// current (/authors/<record number>) and the legacy one that named the
// BAI (/author/profile/<BAI>, the address INSPIRE's own code built from
// a BAI).
func profileLink(raw string) (ProfileLink, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return ProfileLink{}, false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
	switch host {
	case "dblp.org", "dblp.uni-trier.de", "dblp.dagstuhl.de":
		l := ProfileLink{Kind: manifest.KindDBLP, URL: raw}
		if pid, err := manifest.NormalizeDBLP(raw); err == nil {
			l.Value = pid
		} else if !strings.HasPrefix(u.Path, "/pers/") {
			return ProfileLink{}, false // a record, a venue, the home page: no person
		}
		return l, true
	case "inspirehep.net", "old.inspirehep.net":
		l := ProfileLink{Kind: manifest.KindINSPIRE, URL: raw}
		path := strings.Trim(u.Path, "/")
		if bai, ok := strings.CutPrefix(path, "author/profile/"); ok {
			if v, err := manifest.NormalizeINSPIRE(bai); err == nil {
				l.Value = v
				return l, true
			}
			return ProfileLink{}, false // a name or a person number: no author id
		}
		if _, ok := strings.CutPrefix(path, "authors/"); !ok {
			return ProfileLink{}, false
		}
		return l, true
	}
	return ProfileLink{}, false
}

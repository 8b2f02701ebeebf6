package works

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Version series by the repository's DOI scheme. A registrar's relations
// say which DOIs are versions of one work (DataCite's IsVersionOf and
// HasVersion, Crossref's is-version-of; relationEdges reads them), and
// they come first: a work whose sources give a version relation is left
// to it. Real answers often lack them: the figshare record recorded in
// testdata/datacite/datacite-doi-10.6084-m9.figshare.1449060.json has
// "relatedIdentifiers": [], and a profile lists the base DOI and each
// .vN beside it as separate works. Where the answer is silent, the
// repository's documented scheme, with titles that agree, is the
// evidence:
//
//   - figshare (items, and collections as m9.figshare.c.N): each version
//     is <base>.vN and "the base DOI will always
//     take users to the most recent version"
//     (https://info.figshare.com/docs/how-versioning-works), so the
//     versions are shown under the base DOI;
//   - F1000Research (and its sister platforms under 10.12688): versions
//     are 10.12688/f1000research.N.K, "the dois have a consistent stem
//     with only the version indicator changing"
//     (https://github.com/elifesciences/elife-continuum-documentation/issues/40),
//     and no stem DOI is registered, so they are shown under the latest;
//   - Research Square: 10.21203/rs.3.rs-N/vK
//     (https://github.com/sciety/sciety/issues/2929), under the latest;
//   - OSF Preprints and its communities (10.31219, 10.31234, 10.31235):
//     versioned DOIs <legacy>_vN beside the legacy DOI without a suffix
//     (https://github.com/CenterForOpenScience/osf.io/pull/11154,
//     https://github.com/CenterForOpenScience/osf.io/pull/10809), under
//     the legacy DOI when it is among the works, else the latest.
//
// Zenodo's version and concept DOIs are two unrelated record numbers
// (10.5281/zenodo.101 and .100): nothing in the DOI says they are one
// work, so only the registrar's IsVersionOf/HasVersion
// (https://github.com/zenodo/zenodo/issues/1146) links them; the
// recorded Zenodo answer (datacite-doi-10.5281-zenodo.48440.json) gives
// only IsSupplementTo, and is linked to nothing. Records Zenodo
// registered before DataCite 4.1 link version and concept with
// IsPartOf/HasPart instead, which this rule does not read as versions
// (https://github.com/zenodo/zenodo/issues/1294).
//
// What the registrars' records hold for versions, by repository:
// figshare deposits each .vN with DataCite and the recorded item has no
// relatedIdentifiers at all (testdata/corpus/datacite/); F1000's versions
// are Crossref DOIs with one stem and no stem DOI (the elife-continuum
// issue above); OSF deposits its _vN preprint versions with Crossref
// with a version relationship in posted_content
// (https://github.com/CenterForOpenScience/osf.io/pull/10809). DataCite's
// IsNewVersionOf/IsPreviousVersionOf chain one version to the next
// (https://github.com/openaire/guidelines-data-archives/blob/master/docs/field_relatedidentifier.rst);
// relationEdges does not read them, so such a chain is joined only by a
// DOI scheme above.
//
// A title that differs (figshare makes a new version when the title is
// edited) is not linked but warned about, with the [[link]] lines.

// versionScheme is one repository's way of writing a version into a DOI.
type versionScheme struct {
	name string
	re   *regexp.Regexp // submatch 1: the stem, 2: the version number
	// baseProbe, when the stem itself is a registered DOI standing for
	// every version (figshare's base DOI, OSF's legacy DOI), is what a
	// version adds to it: a DOI is a base when it plus baseProbe is a
	// version DOI.
	baseProbe string
	shape     string // how the scheme writes a version, for evidence
	cite      string // where the scheme is documented
}

// versionSchemes are the repositories whose DOIs carry their version.
var versionSchemes = []versionScheme{
	{"figshare", regexp.MustCompile(`^(10\.6084/m9\.figshare\.(?:c\.)?[0-9]+)\.v([0-9]+)$`), ".v1", "<base>.vN",
		"https://info.figshare.com/docs/how-versioning-works"},
	{"F1000", regexp.MustCompile(`^(10\.12688/[a-z0-9]+\.[0-9]+)\.([0-9]+)$`), "", "<stem>.N",
		"https://github.com/elifesciences/elife-continuum-documentation/issues/40"},
	{"Research Square", regexp.MustCompile(`^(10\.21203/rs\.3\.rs-[0-9]+)/v([0-9]+)$`), "", "<stem>/vN",
		"https://github.com/sciety/sciety/issues/2929"},
	{"OSF", regexp.MustCompile(`^(10\.(?:31219|31234|31235)/osf\.io/[a-z0-9]+)_v([0-9]+)$`), "_v1", "<legacy DOI>_vN",
		"https://github.com/CenterForOpenScience/osf.io/pull/11154"},
}

// seriesMember is one DOI work of a version series.
type seriesMember struct {
	w       *Linkable
	version int // 0: the base DOI
}

// versionEdges is the version-of evidence from the repositories' DOI
// schemes, with warnings for series whose titles disagree.
func (l *linker) versionEdges() []edge {
	type series struct {
		scheme  versionScheme
		stem    string
		members []seriesMember
	}
	var order []string
	all := map[string]*series{}
	add := func(s versionScheme, stem string, m seriesMember) {
		key := s.name + " " + stem
		if all[key] == nil {
			all[key] = &series{scheme: s, stem: stem}
			order = append(order, key)
		}
		all[key].members = append(all[key].members, m)
	}
	for _, w := range l.works {
		if w.id.Kind != manifest.KindDOI || hasVersionRelation(w) {
			continue
		}
		for _, s := range versionSchemes {
			if m := s.re.FindStringSubmatch(w.id.Value); m != nil {
				n, _ := strconv.Atoi(m[2])
				add(s, m[1], seriesMember{w: w, version: n})
			} else if s.baseProbe != "" && s.re.MatchString(w.id.Value+s.baseProbe) {
				add(s, w.id.Value, seriesMember{w: w})
			}
		}
	}
	var edges []edge
	for _, key := range order {
		s := all[key]
		if len(s.members) > 1 {
			edges = append(edges, l.seriesEdges(s.scheme, s.members)...)
		}
	}
	return edges
}

// hasVersionRelation reports whether a source of w gives a version
// relation, which then decides w's series instead of the DOI scheme.
func hasVersionRelation(w *Linkable) bool {
	for _, src := range w.relations {
		if slices.ContainsFunc(src.Relations, func(r record.Relation) bool {
			return r.Type == "is-version-of" || r.Type == "has-version"
		}) {
			return true
		}
	}
	return false
}

// seriesEdges links each member of one series to its head: the base DOI
// when it is among the works, else the highest version (the latest).
func (l *linker) seriesEdges(s versionScheme, members []seriesMember) []edge {
	head := members[0]
	for _, m := range members[1:] {
		if head.version != 0 && (m.version == 0 || m.version > head.version) {
			head = m
		}
	}
	var edges []edge
	for _, m := range members {
		if m.w.id == head.w.id {
			continue
		}
		from, to := m.w.id.Key(), head.w.id.Key()
		ft, tt := record.Fold(m.w.title), record.Fold(head.w.title)
		if ft == "" || ft != tt {
			if !l.manifestNames(from, to) {
				l.warnLink(from, to, manifest.LinkVersionOf, fmt.Sprintf("may be a version of %s (%s writes versions as %s; %s): their titles %q and %q do not agree after normalisation, so they are not linked",
					to, s.name, s.shape, s.cite, m.w.title, head.w.title))
			}
			continue
		}
		under := "its base DOI"
		if head.version != 0 {
			under = fmt.Sprintf("the latest version among the works (%d)", head.version)
		}
		ev := fmt.Sprintf("%s writes versions as %s (%s): %s is version %d of %s, shown under %s; titles agree after normalisation (%q); no registrar relation in the answers",
			s.name, s.shape, s.cite, from, m.version, s.stemOf(head), under, tt)
		edges = append(edges, edge{kind: manifest.LinkVersionOf, from: from, to: to, evidence: ev})
	}
	return edges
}

// stemOf names the series a member heads.
func (s versionScheme) stemOf(head seriesMember) string {
	if m := s.re.FindStringSubmatch(head.w.id.Value); m != nil {
		return "doi:" + m[1]
	}
	return head.w.id.Key()
}

// warnLink warns about a pair not linked, with the lines that decide it
// either way.
func (l *linker) warnLink(from, to, kind, msg string) {
	l.res.Warnings = append(l.res.Warnings, record.Warning{Identity: from, Message: msg + ". To decide, paste into the manifest:\n" +
		fmt.Sprintf("    [[link]]\n    from = %q\n    to   = %q\n    kind = %q    # or \"distinct\" to keep them apart", from, to, kind)})
}

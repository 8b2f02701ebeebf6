package check

import (
	"fmt"
	"slices"
	"strings"

	"github.com/aboutscholar/about/internal/english"

	"github.com/aboutscholar/about/snapshots"

	"github.com/aboutscholar/about/providers"
)

// Registrars says which providers serve DOIs by registration agency, as
// the registry declares them (the check has no registry of its own).
type Registrars struct {
	Agency   map[string]string // provider → the agency whose DOIs it serves ("crossref" → "Crossref")
	Fallback []string          // providers asked about DOIs of agencies no provider serves (doi.org)
}

// RoutedWork is what the routed-provider rule reads of one work file.
type RoutedWork struct {
	Path    string   // the file, relative to the folder
	ID      string   // the work's identity key
	Found   []string // providers whose source is "found"
	Sources []string // providers with any source (found or not found)
}

// Routed reads the rule's facts from a work file read for the check.
func Routed(path string, w snapshots.Work) RoutedWork {
	r := RoutedWork{Path: path, ID: w.ID}
	for _, s := range w.Sources {
		r.Sources = append(r.Sources, s.Provider)
		if s.Status == "found" {
			r.Found = append(r.Found, s.Provider)
		}
	}
	return r
}

// UnroutedWorks is the check that each DOI work has the answer of the
// registrar its DOI routes to: a run routes a DOI to its agency's
// provider, which answers "found" or "not found", and either is written.
// A work without it was written by a run cut short (an interrupted first
// run leaves DataCite's DOIs with only an index's record), and renders
// from an index where the registrar's record belongs.
//
// The folder has no agency per DOI, so the route is read from the folder
// itself, the way fetch routes: DOI prefixes belong to one agency (the
// Which RA? lookup is asked per prefix), so a prefix whose works some
// registrar found, and no other, is that registrar's. A DOI whose prefix
// tells nothing is held to having some registrar's answer only when a
// fallback registrar (doi.org) is among index.json's providers: without
// one, a DOI of an agency no provider serves (mEDRA, JaLC) rightly has
// none. Providers index.json does not list were not asked, and are not
// required.
func UnroutedWorks(works []RoutedWork, indexed []string, reg Registrars) []Problem {
	asked := set(indexed)
	prefixes := prefixRegistrars(works, reg)
	fallback := slices.ContainsFunc(reg.Fallback, func(p string) bool { return asked[p] })
	var all []string // every registrar asked, in name order, for the message
	for p := range reg.Agency {
		if asked[p] {
			all = append(all, p)
		}
	}
	if fallback {
		all = append(all, reg.Fallback...)
	}
	slices.Sort(all)
	var problems []Problem
	for _, w := range works {
		prefix := doiPrefixOf(w.ID)
		if prefix == "" {
			continue
		}
		if p, n := prefixes.of(prefix); p != "" && asked[p] && !slices.Contains(w.Sources, p) {
			problems = append(problems, Problem{Path: w.Path, What: fmt.Sprintf(
				"no %s source: DOIs of prefix %s are %s's (%d other %s of the folder %s its record), but %s never answered about %s (a run cut short wrote the file: an interrupted or failed first run); run about fetch",
				p, prefix, reg.Agency[p], n, english.Plural(n, "work", "works"), english.Plural(n, "has", "have"), p, w.ID)})
			continue
		}
		if fallback && !slices.ContainsFunc(w.Sources, func(p string) bool { return slices.Contains(all, p) }) {
			problems = append(problems, Problem{Path: w.Path, What: fmt.Sprintf(
				"no registration agency answered about %s: it has no source from %s, though the folder's runs ask them (a run cut short wrote the file: an interrupted or failed first run); run about fetch",
				w.ID, orList(all))})
		}
	}
	return problems
}

// prefixRoutes is, per DOI prefix, the registrars that found its works
// and how many works each found.
type prefixRoutes map[string]map[string]int

// prefixRegistrars learns each prefix's registrar from the works some
// registrar found.
func prefixRegistrars(works []RoutedWork, reg Registrars) prefixRoutes {
	routes := prefixRoutes{}
	for _, w := range works {
		prefix := doiPrefixOf(w.ID)
		if prefix == "" {
			continue
		}
		for _, p := range w.Found {
			if _, ok := reg.Agency[p]; !ok {
				continue
			}
			if routes[prefix] == nil {
				routes[prefix] = map[string]int{}
			}
			routes[prefix][p]++
		}
	}
	return routes
}

// of is the one registrar that found works of prefix, and how many; ""
// when none did or several did (a prefix moved between agencies: the
// folder cannot tell which is right now).
func (r prefixRoutes) of(prefix string) (string, int) {
	if len(r[prefix]) != 1 {
		return "", 0
	}
	for p, n := range r[prefix] {
		return p, n
	}
	return "", 0
}

// doiPrefixOf is the prefix of a DOI work's key ("doi:10.5281/x" →
// "10.5281"); "" for other works.
func doiPrefixOf(key string) string {
	doi, ok := strings.CutPrefix(key, "doi:")
	if !ok {
		return ""
	}
	prefix, _, _ := strings.Cut(doi, "/")
	return prefix
}

// orList is "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// unroutedWorks is check's rule that each DOI work has the answer of the
// registrar its DOI routes to (UnroutedWorks), over the works
// recheckWorks read, with the registrars as the registry declares them.
func unroutedWorks(found []rechecked, index snapshots.Index) []Problem {
	reg := Registrars{Agency: map[string]string{}}
	for _, s := range providers.All() {
		if s.Agency != "" {
			reg.Agency[s.Name] = s.Agency
		}
		if s.AgencyFallback {
			reg.Fallback = append(reg.Fallback, s.Name)
		}
	}
	var works []RoutedWork
	for _, r := range found {
		if r.read {
			works = append(works, r.route)
		}
	}
	indexed := make([]string, len(index.Providers))
	for i, p := range index.Providers {
		indexed[i] = p.Name
	}
	return UnroutedWorks(works, indexed, reg)
}

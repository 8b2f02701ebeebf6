package report

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// LookupFailure is a registration agency lookup that failed for some of
// the run's works.
type LookupFailure struct {
	Err      error // what the lookup said
	Followed bool  // the works were the published versions of the second round
}

// Notes are the things the user should know that are not failures, told
// from what the run recorded, in the order the run learned them.
func (r *Report) Notes() []string {
	var notes []string
	for _, p := range r.NeedMailto {
		notes = append(notes, fmt.Sprintf("%s was not asked: it requires a contact e-mail (set mailto in the manifest or ABOUT_MAILTO)", p))
	}
	for _, f := range r.LookupFailures {
		what := ""
		if f.Followed {
			what = " about the published versions"
		}
		// The lookup's URL carries up to a hundred DOIs: kilobytes no one reads.
		notes = append(notes, fmt.Sprintf("%s; works%s whose agency is unknown were asked of the agency their last snapshot names, else their prefix's, else of Crossref and then DataCite (whose \"not found\" is then not written)", shortURLs(f.Err.Error()), what))
	}
	notes = append(notes, r.notAskedNotes()...)
	notes = append(notes, r.keptAndDroppedNotes()...)
	if n := len(r.Unwritten); n > 0 {
		notes = append(notes, fmt.Sprintf("%d %s not written: no service answered about %s and %s no file yet (%s)",
			n, english.Plural(n, "work was", "works were"), english.Plural(n, "it", "them"), english.Plural(n, "it has", "they have"), listSome(r.Unwritten, 5)))
	}
	notes = append(notes, r.discoveryNotes()...)
	notes = append(notes, r.LinkNotes...)
	if n := len(r.LineEndings); n > 0 {
		notes = append(notes, fmt.Sprintf("%d %s Windows line endings (CRLF) and %s rewritten with LF, as about writes them; no work changed for it. Git converted them on checkout (core.autocrlf): the line `* text eol=lf` in a .gitattributes file in the snapshot folder keeps them LF",
			n, english.Plural(n, "file had", "files had"), english.Plural(n, "was", "were")))
	}
	return notes
}

// notAskedNotes tells, per provider, about the works it was not asked
// about because another's answer covered them (its Redundant).
func (r *Report) notAskedNotes() []string {
	var notes []string
	for _, s := range r.Providers {
		n, red := r.NotAsked[s.Name], s.Redundant
		if n == 0 || red == nil {
			continue
		}
		notes = append(notes, fmt.Sprintf("%s was not asked about %d %s whose %s %s gave (%s); name %s in the manifest's providers or --only to ask it anyway",
			s.Name, n, english.Plural(n, "work", "works"), red.What, r.titleOf(red.After), red.Why, s.Name))
	}
	return notes
}

// titleOf is the service's own name of the provider called name.
func (r *Report) titleOf(name string) string {
	if s, ok := r.spec(name); ok {
		return s.Title
	}
	return name
}

// keptAndDroppedNotes tells which previous values stood for providers the
// run did not ask, and which went with providers no longer chosen.
func (r *Report) keptAndDroppedNotes() []string {
	var notes []string
	if r.WorksKeptLeftOut > 0 {
		notes = append(notes, fmt.Sprintf("%s not asked this run: %s previous values stand in %d %s",
			strings.Join(r.LeftOut, ", "), english.Plural(len(r.LeftOut), "its", "their"), r.WorksKeptLeftOut, english.Plural(r.WorksKeptLeftOut, "work", "works")))
	}
	if n := len(r.KeptWhole); n > 0 {
		notes = append(notes, fmt.Sprintf("%d %s that no provider of this run applies to %s (%s)",
			n, english.Plural(n, "work", "works"), english.Plural(n, "keeps its previous file", "keep their previous files"), listSome(r.KeptWhole, 5)))
	}
	for _, p := range slices.Sorted(maps.Keys(r.Dropped)) {
		n := r.Dropped[p]
		notes = append(notes, fmt.Sprintf("%s is no longer among the providers: its data was removed from %d %s", p, n, english.Plural(n, "work", "works")))
	}
	return notes
}

// WarnAuthorless adds one warning per ORCID record (origin "orcid:<iD>")
// with works no service gave authors for, in the order of the records'
// iDs; the machine-readable report lists every such work.
func (r *Report) WarnAuthorless(byRecord map[string][]string) {
	for _, origin := range slices.Sorted(maps.Keys(byRecord)) {
		keys := byRecord[origin]
		// The fix is upstream: a manifest [[override]] sets no authors, and
		// about never invents an author list.
		wn := record.Warning{Identity: origin, Message: fmt.Sprintf("%d %s no authors at any service: %s (%s without an author line; "+
			"add contributors to %s on the ORCID record or at the registrar: about never invents an author list)",
			len(keys), english.Plural(len(keys), "work has", "works have"), listSome(keys, 5),
			english.Plural(len(keys), "it renders", "they render"), english.Plural(len(keys), "it", "them"))}
		r.ListWorks(wn, keys)
		r.Warnings = append(r.Warnings, wn)
	}
}

// WarnTypedNotKept adds one warning for the works whose [[work]] types a
// value a service says otherwise (byWork: work key → fields): the
// service's is shown, and the user should know their own is not.
func (r *Report) WarnTypedNotKept(byWork map[string][]string) {
	if len(byWork) == 0 {
		return
	}
	keys := slices.Sorted(maps.Keys(byWork))
	var some []string
	for _, k := range keys[:min(len(keys), 5)] {
		some = append(some, k+" ("+strings.Join(byWork[k], ", ")+")")
	}
	if len(keys) > 5 {
		some = append(some, fmt.Sprintf("and %d more", len(keys)-5))
	}
	wn := record.Warning{Identity: r.Manifest, Message: fmt.Sprintf("%d %s in [[work]] fields that a service says otherwise: %s; "+
		"the service's value is shown and the work file keeps yours as a conflict: to show yours, use [[override]] (title, type, year), or delete the field",
		len(keys), english.Plural(len(keys), "work types a value", "works type values"), strings.Join(some, "; "))}
	r.ListWorks(wn, keys)
	r.Warnings = append(r.Warnings, wn)
}

// WarnUnmatchedExcludes adds a warning for each [[exclude]] that matched
// no work of the run.
func (r *Report) WarnUnmatchedExcludes(unmatched []manifest.Exclude) {
	for _, x := range unmatched {
		r.Warnings = append(r.Warnings, record.Warning{Identity: x.ID.Key(),
			Message: fmt.Sprintf("%s:%d [[exclude]] matches no work of this run", r.Manifest, x.Line)})
	}
}

// WarnUnmatchedOverrides adds a warning for each [[override]] of no work
// of the run: it sets nothing, as an [[exclude]] or [[link]] that matches
// nothing does nothing.
func (r *Report) WarnUnmatchedOverrides(unmatched []manifest.Override) {
	for _, o := range unmatched {
		r.Warnings = append(r.Warnings, record.Warning{Identity: o.ID.Key(),
			Message: fmt.Sprintf("%s:%d [[override]] matches no work of this run; it sets nothing", r.Manifest, o.Line)})
	}
}

// excludedLines tells each work [[exclude]] left out, with where and why.
func (r *Report) excludedLines() []string {
	var lines []string
	for _, x := range r.Excluded {
		lines = append(lines, fmt.Sprintf("%s (%s:%d: %s)", x.ID.Key(), r.Manifest, x.Line, cmp.Or(x.Reason, "no reason given")))
	}
	return lines
}

// followedLines tells each published version the second round fetched.
func (r *Report) followedLines() []string {
	var lines []string
	for _, f := range r.Followed {
		lines = append(lines, fmt.Sprintf("%s, the published version of %s", f.Published, f.Preprint))
	}
	return lines
}

// listSome names the first n of keys, and how many more there are.
func listSome(keys []string, n int) string {
	if len(keys) <= n {
		return strings.Join(keys, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(keys[:n], ", "), len(keys)-n)
}

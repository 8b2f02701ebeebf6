package works

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// Re-deriving links.json offline (check --offline). The link pass reads
// each work's merged record, its provenance, its origins and its
// sources' relations, all of which a work's file holds; that the file's
// merged fields are what its sources give is Differences' to check. So
// Decide over the listed works' files, in index order (the order fetch
// decided them in), with the manifest gives links.json exactly as fetch
// would write it now.

// Written is the link pass's view of a work as its file holds it: what
// Document gave when the file was written.
func Written(file snapshots.Work) (Linkable, error) {
	id, err := manifest.ParseKey(file.ID)
	if err != nil {
		return Linkable{}, err
	}
	w := Work{id: id, origins: file.Origins, merged: file.Record, provenance: file.Provenance}
	sources := slices.Clone(file.Sources)
	slices.SortStableFunc(sources, func(a, b snapshots.Source) int { return strings.Compare(a.Provider, b.Provider) })
	for _, src := range sources {
		if src.Status == string(record.Found) && src.Record != nil {
			w.sources = append(w.sources, Named{Provider: src.Provider, Record: *src.Record})
		}
	}
	return w.ForLinking(), nil
}

// LinkProblem is one way a committed links.json is not what the link pass
// gives now.
type LinkProblem struct {
	Work string // the work file it concerns, an identity key; "" for links.json
	What string
}

// mostLinkDifferences is how many differences of links.json are named one
// by one; a folder another version of about wrote may differ everywhere.
const mostLinkDifferences = 10

// LinkDifferences compares the committed links.json (have) and each
// work's recorded decisions (files, in index order) with what the link
// pass gives now (want, from Decide over the same works and m). A
// [[link]] of the manifest that want applies and have does not, or that
// have applies and the manifest no longer has, is said once with its
// manifest line ("not applied yet: run about fetch"), and then the
// differences it causes are not listed: the fetch it asks for rewrites
// them. Any other difference is worded neutrally, as Differences words a
// merged field: a hand edit and another version's link pass look alike.
func LinkDifferences(have snapshots.Links, files []snapshots.Work, want Linked, m *manifest.Manifest) []LinkProblem {
	if pending := pendingLinks(have, want.Links, m); len(pending) > 0 {
		return pending
	}
	var out []LinkProblem
	for _, d := range linksDiff(have, want.Links) {
		out = append(out, LinkProblem{What: d + ": edited by hand, or written by another version of about; run about fetch (to link or separate works, use [[link]] in the manifest)"})
	}
	if len(out) > mostLinkDifferences {
		n := len(out) - mostLinkDifferences
		out = append(out[:mostLinkDifferences], LinkProblem{What: fmt.Sprintf("and %d more %s from what this about's link pass gives; run about fetch", n, english.Plural(n, "difference", "differences"))})
	}
	for _, f := range files {
		if d := decisionsDiff(f, want.Decisions[f.ID]); d != "" {
			out = append(out, LinkProblem{Work: f.ID, What: d})
		}
	}
	return out
}

// pendingLinks names each [[link]] the committed links.json does not
// reflect yet, and each manifest decision it reflects that the manifest
// no longer makes.
func pendingLinks(have, want snapshots.Links, m *manifest.Manifest) []LinkProblem {
	if m == nil {
		return nil
	}
	var out []LinkProblem
	for _, ml := range m.Links {
		from, to := ml.From.Key(), ml.To.Key()
		desc := fmt.Sprintf("the manifest's [[link]] at %s:%d (from %s to %s, kind = %q)", m.Path, ml.Line, from, to, ml.Kind)
		if ml.Kind == manifest.LinkDistinct {
			if _, linked := pairLink(want.Links, from, to); !linked {
				if l, ok := pairLink(have.Links, from, to); ok {
					out = append(out, LinkProblem{What: desc + " is not applied yet: links.json still has " + linkWords(l) + "; run about fetch"})
				}
			}
			continue
		}
		l := snapshots.Link{Kind: ml.Kind, From: from, To: to, By: "manifest"}
		if hasLink(want.Links, l) && !hasLink(have.Links, l) {
			out = append(out, LinkProblem{What: desc + " is not applied yet: run about fetch"})
		}
	}
	for _, l := range have.Links {
		if l.By == "manifest" && !hasLink(want.Links, l) && !namesPair(m, l.From, l.To) {
			out = append(out, LinkProblem{What: fmt.Sprintf("%s, set by a [[link]] of the manifest, is still applied though the manifest no longer has that [[link]]: run about fetch", linkWords(l))})
		}
	}
	for _, l := range have.Undone {
		if _, undone := pairLink(want.Undone, l.From, l.To); !undone && !namesPair(m, l.From, l.To) {
			out = append(out, LinkProblem{What: fmt.Sprintf("%s is undone by a [[link]] kind = \"distinct\" the manifest no longer has: run about fetch", linkWords(l))})
		}
	}
	return out
}

// namesPair reports whether any [[link]] of m names the two works.
func namesPair(m *manifest.Manifest, a, b string) bool {
	return slices.ContainsFunc(m.Links, func(ml manifest.Link) bool {
		from, to := ml.From.Key(), ml.To.Key()
		return (from == a && to == b) || (from == b && to == a)
	})
}

// pairLink is the link between a and b in either direction.
func pairLink(links []snapshots.Link, a, b string) (snapshots.Link, bool) {
	i := slices.IndexFunc(links, func(l snapshots.Link) bool {
		return (l.From == a && l.To == b) || (l.From == b && l.To == a)
	})
	if i < 0 {
		return snapshots.Link{}, false
	}
	return links[i], true
}

// hasLink reports whether links holds l's kind, ends and maker.
func hasLink(links []snapshots.Link, l snapshots.Link) bool {
	return slices.ContainsFunc(links, func(x snapshots.Link) bool {
		return x.Kind == l.Kind && x.From == l.From && x.To == l.To && x.By == l.By
	})
}

func linkWords(l snapshots.Link) string {
	return fmt.Sprintf("the link %s %s %s (by %s)", l.From, l.Kind, l.To, l.By)
}

// linksDiff names each entry of links.json's links, undone and shown_as
// that differs between have and want, in that order.
func linksDiff(have, want snapshots.Links) []string {
	var out []string
	out = append(out, linkListDiff("links", have.Links, want.Links)...)
	out = append(out, linkListDiff("undone", have.Undone, want.Undone)...)
	keys := slices.Sorted(maps.Keys(have.ShownAs))
	for k := range want.ShownAs {
		if _, ok := have.ShownAs[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		h, inHave := have.ShownAs[k]
		w, inWant := want.ShownAs[k]
		switch {
		case !inWant:
			out = append(out, fmt.Sprintf("shown_as shows %s under %s's entry, where this about's link pass gives it its own entry", k, h))
		case !inHave:
			out = append(out, fmt.Sprintf("shown_as lacks %s under %s's entry, which this about's link pass gives", k, w))
		case h != w:
			out = append(out, fmt.Sprintf("shown_as shows %s under %s's entry, where this about's link pass shows it under %s's", k, h, w))
		}
	}
	return out
}

// linkListDiff names the links of one list that are in have and not in
// want, or in want and not in have, comparing each whole (evidence too).
func linkListDiff(list string, have, want []snapshots.Link) []string {
	var out []string
	for _, l := range have {
		if !slices.ContainsFunc(want, func(x snapshots.Link) bool { return sameLink(x, l) }) {
			out = append(out, fmt.Sprintf("%s has %s, which this about's link pass does not give (or not with this evidence)", list, linkWords(l)))
		}
	}
	for _, l := range want {
		if !slices.ContainsFunc(have, func(x snapshots.Link) bool { return sameLink(x, l) }) {
			out = append(out, fmt.Sprintf("%s lacks %s, which this about's link pass gives", list, linkWords(l)))
		}
	}
	return out
}

func sameLink(a, b snapshots.Link) bool {
	return a.Kind == b.Kind && a.From == b.From && a.To == b.To && a.By == b.By && slices.Equal(a.Evidence, b.Evidence)
}

// decisionsDiff says how the linking decisions file records differ from
// want (nil: none), or "". The overrides it records are Differences'.
func decisionsDiff(file snapshots.Work, want *snapshots.Decisions) string {
	var have snapshots.Decisions
	if len(file.Decisions) > 0 && json.Unmarshal(file.Decisions, &have) != nil {
		return "decisions is not a decisions object: run about fetch"
	}
	w := snapshots.Decisions{Overrides: have.Overrides}
	if want != nil {
		w = *want
		w.Overrides = have.Overrides
	}
	fields := differingKeys("decisions.", have, w)
	if len(fields) == 0 {
		return ""
	}
	return strings.Join(fields, ", ") + " differs from what this about's link pass gives: edited by hand, or written by another version of about; run about fetch"
}

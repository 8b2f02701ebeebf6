package orchestrator

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// OriginManifest marks a work the manifest lists itself.
const OriginManifest = "manifest"

// workPlan is the list of works a run covers and what expansion said of
// each before any provider is asked.
type workPlan struct {
	order     []manifest.Identity
	origins   map[string][]string            // work key → origins
	summaries map[string]providers.Named     // work key → the ORCID record's own entry (first seen)
	expanded  map[string]snapshots.Expansion // ORCID key → expansion to write
	unread    map[string]bool                // ORCID keys whose record could not be read this run
	owners    map[string]owner               // ORCID key → whose record it is, for the same-name check
	excluded  []string                       // what [[exclude]] left out, for the report
	warnings  []providers.Warning
}

// planWorks lists the works in first-seen order: manifest order, with each
// ORCID record's works in the record's own order at its place. A record
// that could not be read contributes the works its last snapshot listed.
func planWorks(m *manifest.Manifest, dir string, expansions []Outcome) *workPlan {
	p := &workPlan{
		origins:   map[string][]string{},
		summaries: map[string]providers.Named{},
		expanded:  map[string]snapshots.Expansion{},
		unread:    map[string]bool{},
		owners:    map[string]owner{},
	}
	excludes := map[string]manifest.Exclude{}
	matched := map[string]bool{}
	for _, x := range m.Excludes {
		excludes[x.ID.Key()] = x
	}
	add := func(id manifest.Identity, origin string) {
		k := id.Key()
		if x, ok := excludes[k]; ok {
			if !matched[k] {
				matched[k] = true
				p.excluded = append(p.excluded, fmt.Sprintf("%s (%s:%d: %s)", k, m.Path, x.Line, cmp.Or(x.Reason, "no reason given")))
			}
			return
		}
		if _, seen := p.origins[k]; !seen {
			p.order = append(p.order, id)
		}
		if !slices.Contains(p.origins[k], origin) {
			p.origins[k] = append(p.origins[k], origin)
		}
	}
	byORCID := map[string][]Outcome{}
	for _, o := range expansions {
		byORCID[o.Identity.Key()] = append(byORCID[o.Identity.Key()], o)
	}
	d := snapshots.Dir{Root: dir}
	for _, e := range m.Identities {
		if e.Kind != manifest.KindORCID {
			add(e.Identity, OriginManifest)
			continue
		}
		origin := e.Key()
		exp := snapshots.Expansion{ORCID: e.Value}
		ok := false
		var person *providers.Person
		for _, o := range byORCID[e.Key()] {
			if o.Status != providers.Found {
				continue
			}
			ok = true
			person = cmp.Or(person, o.Result.Person)
			for _, w := range o.Result.Discovered {
				add(w.ID, origin)
				exp.Works = appendNew(exp.Works, w.ID.Key())
				if g := w.Group; g != nil {
					exp.Groups = append(exp.Groups, snapshots.ExpansionGroup{Work: w.ID.Key(), PutCodes: g.PutCodes, Sources: g.Sources, Chosen: g.Chosen, Aliases: g.Aliases})
				}
				if _, have := p.summaries[w.ID.Key()]; !have {
					p.summaries[w.ID.Key()] = providers.Named{Provider: o.Provider, Record: w.Summary}
				}
			}
			for _, w := range o.Result.Warnings {
				exp.Warnings = append(exp.Warnings, w.Message)
				p.warnings = append(p.warnings, w)
			}
		}
		if !ok {
			p.unread[e.Key()] = true
			var prev snapshots.Expansion
			if err := snapshots.Read(d.ExpansionPath(e.Identity), &prev); err == nil {
				exp = prev
				for _, k := range prev.Works {
					if id, err := manifest.ParseKey(k); err == nil {
						add(id, origin)
					}
				}
			}
		}
		p.expanded[e.Key()] = exp
		p.owners[e.Key()] = newOwner(e.Value, e.Name, person)
	}
	for _, x := range m.Excludes {
		if !matched[x.ID.Key()] {
			p.warnings = append(p.warnings, providers.Warning{Identity: x.ID.Key(),
				Message: fmt.Sprintf("%s:%d [[exclude]] matches no work of this run", m.Path, x.Line)})
		}
	}
	for k := range p.origins {
		sort.Strings(p.origins[k])
	}
	return p
}

// write turns outcomes into snapshot files. A slot whose job failed or was
// skipped keeps the previous snapshot's value for that provider; pruning
// happens only when the run knows the full list of works.
func write(dir string, m *manifest.Manifest, specs []providers.Spec, plan *workPlan, rep *Report, interrupted bool) error {
	d := snapshots.Dir{Root: dir}
	attribution := map[string]string{}
	for _, s := range providers.All() {
		attribution[s.Name] = s.Attribution
	}
	for _, s := range specs {
		attribution[s.Name] = s.Attribution
	}
	byWork := map[string][]Outcome{}
	for _, o := range rep.Outcomes {
		byWork[o.Identity.Key()] = append(byWork[o.Identity.Key()], o)
	}
	keep := map[string]bool{}
	index := snapshots.Index{}
	for _, e := range m.Identities {
		index.Identities = append(index.Identities, e.Key())
	}
	note := func(changed bool, err error, path string) error {
		if err != nil {
			return fmt.Errorf("write snapshots: %w", err)
		}
		if changed {
			rep.Written = append(rep.Written, path)
		}
		return nil
	}

	overrides := map[string][]manifest.Override{}
	for _, o := range m.Overrides {
		overrides[o.ID.Key()] = append(overrides[o.ID.Key()], o)
	}
	type pending struct {
		doc     snapshots.Work
		counts  map[string]json.RawMessage
		link    linkWork
		existed bool // the work's file was there before this run
	}
	var works []pending
	for _, id := range plan.order {
		k := id.Key()
		_, statErr := os.Stat(d.WorkPath(id))
		existed := statErr == nil
		var prev snapshots.Work
		var prevCounts snapshots.Counts
		readPrevious(d.WorkPath(id), &prev)
		readPrevious(d.CountsPath(id), &prevCounts)

		sources := map[string]snapshots.Source{}
		counts := map[string]json.RawMessage{}
		if s, ok := plan.summaries[k]; ok {
			src, err := foundSource(s.Provider, attribution[s.Provider], s.Record)
			if err != nil {
				return err
			}
			sources[s.Provider] = src
		} else if src, ok := previousSource(prev, "orcid"); ok && anyUnread(plan, plan.origins[k]) {
			sources["orcid"] = src // the record could not be read: keep what it said
		}
		stale := false
		for _, o := range byWork[k] {
			switch o.Status {
			case providers.Found:
				src, err := foundSource(o.Provider, attribution[o.Provider], *o.Result.Record)
				if err != nil {
					return err
				}
				sources[o.Provider] = src
				if !o.Result.Counts.IsZero() {
					raw, err := json.Marshal(o.Result.Counts)
					if err != nil {
						return err
					}
					counts[o.Provider] = raw
				}
			case providers.NotFound:
				sources[o.Provider] = snapshots.Source{Provider: o.Provider, Status: string(providers.NotFound), Attribution: attribution[o.Provider]}
			default:
				if src, ok := previousSource(prev, o.Provider); ok {
					sources[o.Provider] = src
					stale = true
				}
				for _, c := range prevCounts.Sources {
					if c.Provider == o.Provider {
						counts[o.Provider] = c.Counts
					}
				}
			}
		}
		if stale {
			rep.Kept = append(rep.Kept, k)
		}

		doc, lw, err := workDoc(id, plan.origins[k], sources, filepath.Base(m.Path), overrides[k])
		if err != nil {
			return err
		}
		works = append(works, pending{doc: doc, counts: counts, link: lw, existed: existed})
	}

	// Which works are one entry, and whose works they look like: decided
	// on the merged records, written with each work and in links.json.
	var linkWorks []linkWork
	for _, w := range works {
		linkWorks = append(linkWorks, w.link)
	}
	linked := decideLinks(linkWorks, m)
	rep.Warnings = append(rep.Warnings, linked.warnings...)
	rep.Notes = append(rep.Notes, linked.notes...)
	rep.Links = len(linked.links.Links)
	for i := range works {
		w := &works[i]
		k := w.doc.ID
		for _, origin := range w.doc.Origins {
			o, ok := plan.owners[origin]
			if !ok {
				continue
			}
			if msg := strangerCheck(o, w.link.merged.Authors); msg != "" {
				w.doc.Warnings = append(w.doc.Warnings, msg)
				rep.Warnings = append(rep.Warnings, providers.Warning{Identity: k, Message: msg})
			}
		}
		sort.Strings(w.doc.Warnings)
		dec := linked.decisions[k]
		if dec == nil {
			dec = &snapshots.Decisions{}
		}
		dec.Overrides = w.link.overrides
		if !dec.IsZero() {
			raw, err := json.Marshal(dec)
			if err != nil {
				return fmt.Errorf("encode decisions of %s: %w", k, err)
			}
			w.doc.Decisions = raw
		}
	}

	for _, w := range works {
		id, doc, counts := w.link.id, w.doc, w.counts
		k := id.Key()
		path := d.WorkPath(id)
		changed, err := snapshots.Write(path, doc)
		if err := note(changed, err, path); err != nil {
			return err
		}
		workChanged := changed
		name := snapshots.FileName(id)
		keep[snapshots.WorksDir+"/"+name] = true
		index.Works = append(index.Works, snapshots.IndexWork{ID: k, File: name})
		if len(counts) > 0 {
			cdoc := snapshots.Counts{ID: k, Sources: []snapshots.SourceCounts{}}
			for _, p := range sortedKeys(counts) {
				cdoc.Sources = append(cdoc.Sources, snapshots.SourceCounts{Provider: p, Counts: counts[p]})
			}
			path := d.CountsPath(id)
			changed, err := snapshots.Write(path, cdoc)
			if err := note(changed, err, path); err != nil {
				return err
			}
			keep[snapshots.CountsDir+"/"+name] = true
			workChanged = workChanged || changed
		}
		switch {
		case !w.existed:
			rep.WorksAdded = append(rep.WorksAdded, k)
		case workChanged:
			rep.WorksChanged = append(rep.WorksChanged, k)
		}
	}

	for _, e := range m.Identities {
		exp, ok := plan.expanded[e.Key()]
		if !ok {
			continue
		}
		keep[snapshots.ORCIDDir+"/"+snapshots.FileName(e.Identity)] = true
		if plan.unread[e.Key()] {
			continue // leave the last good expansion file as it is
		}
		if exp.Works == nil {
			exp.Works = []string{}
		}
		path := d.ExpansionPath(e.Identity)
		changed, err := snapshots.Write(path, exp)
		if err := note(changed, err, path); err != nil {
			return err
		}
	}

	for _, s := range specs {
		index.Providers = append(index.Providers, snapshots.IndexProvider{Name: s.Name, Attribution: s.Attribution, Terms: s.Terms})
	}
	if index.Works == nil {
		index.Works = []snapshots.IndexWork{}
	}
	changed, err := snapshots.Write(d.IndexPath(), index)
	if err := note(changed, err, d.IndexPath()); err != nil {
		return err
	}
	changed, err = snapshots.Write(d.LinksPath(), linked.links)
	if err := note(changed, err, d.LinksPath()); err != nil {
		return err
	}

	switch {
	case interrupted:
		rep.PruneNote = "the run was interrupted"
	case len(plan.unread) > 0:
		rep.PruneNote = "an ORCID record could not be read, so the full list of works is unknown"
	default:
		removed, err := d.Prune(keep)
		rep.Removed = removed
		noteRemoved(rep, removed, keep)
		if err != nil {
			return fmt.Errorf("prune snapshots: %w", err)
		}
	}
	return nil
}

// noteRemoved sorts pruned files into works that left and works that are
// still there but lost their counts file (which changed them).
func noteRemoved(rep *Report, removed []string, keep map[string]bool) {
	for _, path := range removed {
		dir := filepath.Base(filepath.Dir(path))
		name, ok := strings.CutSuffix(filepath.Base(path), ".json")
		if !ok || strings.HasPrefix(name, ".") {
			continue // a temporary file left by an interrupted write
		}
		key := name // a shortened name keeps its identity only inside the file, now gone
		if id, err := snapshots.ParseFileName(name); err == nil {
			key = id.Key()
		}
		switch {
		case dir == snapshots.WorksDir:
			rep.WorksRemoved = append(rep.WorksRemoved, key)
		case dir == snapshots.CountsDir && keep[snapshots.WorksDir+"/"+name] &&
			!slices.Contains(rep.WorksAdded, key) && !slices.Contains(rep.WorksChanged, key):
			rep.WorksChanged = append(rep.WorksChanged, key)
		}
	}
}

// workDoc merges the sources into the work's snapshot document and
// applies the manifest's overrides to the merged record.
func workDoc(id manifest.Identity, origins []string, sources map[string]snapshots.Source, manifestPath string, overrides []manifest.Override) (snapshots.Work, linkWork, error) {
	doc := snapshots.Work{ID: id.Key(), Origins: origins, Sources: []snapshots.Source{}}
	lw := linkWork{id: id}
	for _, p := range sortedKeys(sources) {
		src := sources[p]
		doc.Sources = append(doc.Sources, src)
		if src.Status != string(providers.Found) || len(src.Record) == 0 {
			continue
		}
		var rec providers.Record
		if err := json.Unmarshal(src.Record, &rec); err != nil {
			return doc, lw, fmt.Errorf("snapshot of %s has an unreadable %s record: %w", id, p, err)
		}
		lw.sources = append(lw.sources, providers.Named{Provider: p, Record: rec})
	}
	merged, from := providers.Merge(lw.sources)
	for _, o := range overrides {
		where := fmt.Sprintf("%s:%d", manifestPath, o.Line)
		if o.Title != "" {
			merged.Title, from["title"] = o.Title, "manifest"
			lw.overrides = append(lw.overrides, "title ("+where+")")
		}
		if o.Type != "" {
			merged.Type, from["type"] = o.Type, "manifest"
			lw.overrides = append(lw.overrides, "type ("+where+")")
		}
		if o.Year != 0 && merged.Issued.Year != o.Year {
			merged.Issued, from["issued"] = providers.Date{Year: o.Year}, "manifest"
			lw.overrides = append(lw.overrides, "issued ("+where+")")
		}
	}
	raw, err := json.Marshal(merged)
	if err != nil {
		return doc, lw, err
	}
	doc.Record, doc.Provenance = raw, from
	lw.merged, lw.provenance = merged, from
	return doc, lw, nil
}

func foundSource(provider, attribution string, rec providers.Record) (snapshots.Source, error) {
	raw, err := json.Marshal(rec)
	if err != nil {
		return snapshots.Source{}, fmt.Errorf("encode %s record: %w", provider, err)
	}
	return snapshots.Source{Provider: provider, Status: string(providers.Found), Attribution: attribution, Record: raw}, nil
}

func previousSource(prev snapshots.Work, provider string) (snapshots.Source, bool) {
	for _, s := range prev.Sources {
		if s.Provider == provider {
			return s, true
		}
	}
	return snapshots.Source{}, false
}

// readPrevious loads the last run's file. A missing or damaged file is no
// previous value: there is nothing trustworthy to keep, and the new run
// rewrites it whole.
func readPrevious(path string, v any) { _ = snapshots.Read(path, v) }

func anyUnread(p *workPlan, origins []string) bool {
	for _, o := range origins {
		if p.unread[o] {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

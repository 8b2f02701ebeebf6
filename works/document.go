package works

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

// Document merges the sources into the work's snapshot document and
// applies the manifest's overrides to the merged record. Each override is
// recorded by the field it sets ("title (manifest)"), not by the
// manifest's file and line, which would change the snapshot whenever a
// line is added above it or the manifest is renamed.
func (p Precedence) Document(id manifest.Identity, origins []string, sources map[string]snapshots.Source, overrides []manifest.Override) (snapshots.Work, Work) {
	doc := snapshots.Work{ID: id.Key(), Origins: origins, Sources: []snapshots.Source{}}
	lw := Work{id: id, origins: origins}
	for _, name := range slices.Sorted(maps.Keys(sources)) {
		src := sources[name]
		doc.Sources = append(doc.Sources, src)
		if src.Status != string(record.Found) || src.Record == nil {
			continue
		}
		lw.sources = append(lw.sources, Named{Provider: name, Record: *src.Record})
	}
	merged, from, conflicts := p.Merge(lw.sources)
	for _, o := range overrides {
		if o.Title != "" {
			merged.Title, from["title"] = o.Title, ManifestSource
			conflicts = p.Overridden(conflicts, lw.sources, "title", o.Title)
			lw.overrides = append(lw.overrides, "title ("+ManifestSource+")")
		}
		if o.Type != "" {
			if o.Type != merged.Type {
				// a genre qualifies the type it came with ("Poster" of a
				// speech): under another type it would mislabel the work
				merged.Genre = ""
				delete(from, "genre")
			}
			merged.Type, from["type"] = o.Type, ManifestSource
			conflicts = p.Overridden(conflicts, lw.sources, "type", o.Type)
			lw.overrides = append(lw.overrides, "type ("+ManifestSource+")")
		}
		if o.Year != 0 && merged.Issued.Year != o.Year {
			merged.Issued, from["issued"] = record.Date{Year: o.Year}, ManifestSource
			conflicts = p.Overridden(conflicts, lw.sources, "issued", merged.Issued.String())
			lw.overrides = append(lw.overrides, "issued ("+ManifestSource+")")
		}
	}
	doc.Record, doc.Provenance, doc.Conflicts = merged, from, conflicts
	lw.merged, lw.provenance = merged, from
	return doc, lw
}

// WithDecisions puts the link pass's decisions (dec may be nil) and the
// manifest's overrides into doc, when there are any.
func WithDecisions(doc *snapshots.Work, dec *snapshots.Decisions, overrides []string) error {
	if dec == nil {
		dec = &snapshots.Decisions{}
	}
	dec.Overrides = overrides
	if dec.IsZero() {
		return nil
	}
	raw, err := json.Marshal(dec)
	if err != nil {
		return fmt.Errorf("encode decisions of %s: %w", doc.ID, err)
	}
	doc.Decisions = raw
	return nil
}

// CountsDoc is a work's counts file, its providers in name order.
func CountsDoc(k string, counts map[string]record.Counts) snapshots.Counts {
	cdoc := snapshots.Counts{ID: k, Sources: []snapshots.SourceCounts{}}
	for _, p := range slices.Sorted(maps.Keys(counts)) {
		cdoc.Sources = append(cdoc.Sources, snapshots.SourceCounts{Provider: p, Counts: counts[p]})
	}
	return cdoc
}

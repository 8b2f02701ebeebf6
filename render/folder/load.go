// Package folder reads a snapshot folder back for render: index.json's works
// in its order with their counters, links.json, the ORCID records' names and
// lists, and which works no service knows; and frees what it read of the
// control characters no format may write (WithoutControls). It reads only
// what fetch wrote, and knows no format.
package folder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// Folder is a snapshot folder read back: the works of index.json, in its
// order, the providers whose data the folder holds, and links.json.
type Folder struct {
	Root      string                         // the folder as given
	Schema    int                            // index.json's layout version (snapshots.SchemaVersion); 0 for a folder written before versions
	Works     []Work                         // index order
	Providers []snapshots.IndexProvider      // index.json's providers, then any other provider a work cites, sorted by name
	Links     *snapshots.Links               // links.json; nil only in a schema 0 folder written before fetch decided links
	Owners    map[string]snapshots.OwnerName // ORCID iD → the name its record gave (orcid/<iD>.json), when fetch stored one
	ListedBy  map[string][]string            // work identity key → the ORCID iDs whose record (orcid/<iD>.json) lists it, and the dblp persons (as "dblp:<pid>") whose page does, in index order
	CVs       map[string]record.CV           // ORCID iD → its record's CV sections (orcid/<iD>.json cv), when fetch read them (manifest cv)
	// Unknown says, one line each in index order, which works of the
	// index no service knows (works.Unknown): they are not in Works, so
	// no format shows them as "Untitled"; the command line says each.
	Unknown []string
}

// Work is one work's merged record and the counters its providers gave.
type Work struct {
	ID      string        // identity key, e.g. doi:10.5555/abc
	Record  record.Record // the merged record
	CitedBy []Citation    // citation counts, sorted by provider
	// FundingFrom is the provider whose list Record.Funding is (the
	// snapshot's provenance of "funding"), "" when no service named funders.
	FundingFrom string
	// FundingElsewhere are the other services' funder lists, by provider
	// name: the merged record keeps one service's list whole (the
	// registrar's first), and an index may name a funder its deposit
	// lacks, which NIH's report must not miss.
	FundingElsewhere []SourceFunding
	// FirstAuthorForms is how the work's other records name its first
	// author when the merged name has no Latin letters (firstAuthorForms),
	// in the snapshot's order of sources; for its citation key.
	FirstAuthorForms []record.Author
}

// SourceFunding is one service's funder list for a work.
type SourceFunding struct {
	Provider string
	Funding  []record.Funding
}

// FundingElsewhere is Work.FundingElsewhere of a work file: each found
// source's non-empty list but the merged one's, in the file's order
// (sorted by provider).
func FundingElsewhere(doc snapshots.Work) []SourceFunding {
	var out []SourceFunding
	for _, src := range doc.Sources {
		if src.Record == nil || len(src.Record.Funding) == 0 || src.Provider == doc.Provenance["funding"] {
			continue
		}
		out = append(out, SourceFunding{Provider: src.Provider, Funding: src.Record.Funding})
	}
	return out
}

// Citation is one provider's citation count for a work.
type Citation struct {
	Provider string // provider name, e.g. openalex
	Count    int
	// WithoutSelf is Count less self-citations where the provider counts
	// both (INSPIRE); nil when it does not.
	WithoutSelf *int
	// ByYear is the provider's citations per year, oldest first; nil when
	// it gave no years (see record.Counts).
	ByYear *[]record.YearCount
}

// withoutSelf is c's count without self-citations, nil when there is
// none or it is no count to believe: out of range, or more than the
// count it is part of.
func withoutSelf(c record.Counts) *int {
	if n := c.CitedByWithoutSelf; n != nil && record.CountOK(*n) && *n <= *c.CitedBy {
		v := *n
		return &v
	}
	return nil
}

// NoSnapshotsError says the folder (or its index) is not there: nothing
// was fetched yet, or the manifest points somewhere else.
type NoSnapshotsError struct {
	Dir      string // the snapshot folder looked in
	NoFolder bool   // true: the folder itself is missing, not just its index
	Err      error  // what reading index.json said
}

func (e *NoSnapshotsError) Error() string {
	if e.NoFolder {
		return fmt.Sprintf("no snapshots: folder %s does not exist", e.Dir)
	}
	return fmt.Sprintf("no snapshots: %s is missing", filepath.Join(e.Dir, snapshots.IndexFile))
}

func (e *NoSnapshotsError) Unwrap() error { return e.Err }

// Load reads the snapshot folder at dir: index.json, then every work file
// it lists and the work's counters when there are any, and links.json when
// it is there. A work the index lists whose file is missing or unreadable
// is an error: a page quietly missing a work would be a lie. A folder of
// a layout this about does not read (snapshots.SchemaReadable: written by
// a newer about) is a *snapshots.SchemaError that says what to do.
func Load(dir string) (*Folder, error) {
	d := snapshots.Dir{Root: dir}
	// The version is read first: a newer layout may not decode as this one.
	if v, err := d.Schema(); err == nil {
		if err := snapshots.SchemaReadable(d.IndexPath(), v); err != nil {
			return nil, err
		}
	}
	var index snapshots.Index
	if err := snapshots.Read(d.IndexPath(), &index); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &NoSnapshotsError{Dir: dir, NoFolder: !dirExists(dir), Err: err}
		}
		return nil, fmt.Errorf("read snapshots: %w", err)
	}
	f := &Folder{Root: dir, Schema: index.Schema}
	attribution := map[string]snapshots.IndexProvider{}
	for _, p := range index.Providers {
		attribution[p.Name] = p
	}
	seen := map[string]bool{}
	f.Works = make([]Work, 0, len(index.Works))
	var r reader
	for _, iw := range index.Works {
		if seen[iw.ID] {
			continue
		}
		seen[iw.ID] = true
		w, sources, err := r.loadWork(dir, iw)
		if err != nil {
			return nil, err
		}
		if doc := (snapshots.Work{ID: iw.ID, Record: w.Record, Sources: sources}); works.Unknown(doc) {
			f.Unknown = append(f.Unknown, works.UnknownMessage(doc))
			continue
		}
		for _, s := range sources {
			if _, known := attribution[s.Provider]; !known && s.Status == string(record.Found) {
				attribution[s.Provider] = snapshots.IndexProvider{Name: s.Provider, Attribution: s.Attribution}
			}
		}
		w.FirstAuthorForms = firstAuthorForms(w.Record, sources)
		f.Works = append(f.Works, w)
	}
	var err error
	if f.Owners, f.ListedBy, f.CVs, err = loadOwners(d, index.Identities); err != nil {
		return nil, err
	}
	var links snapshots.Links
	switch err := snapshots.Read(d.LinksPath(), &links); {
	case errors.Is(err, fs.ErrNotExist) && index.Schema == 0:
		// Schema 0 compatibility: pages pair preprints from the records'
		// relations (page.go's pair). Remove when snapshots.OldestSchema
		// passes 0 (TestSchemaZeroCodeExpires says so).
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("read snapshots: %s is missing: fetch writes it in every schema %d folder; about fetch rewrites it", d.LinksPath(), index.Schema)
	case err != nil:
		return nil, fmt.Errorf("read snapshots: %w", err)
	default:
		f.Links = &links
	}
	for _, p := range attribution {
		f.Providers = append(f.Providers, p)
	}
	sort.Slice(f.Providers, func(i, j int) bool { return f.Providers[i].Name < f.Providers[j].Name })
	return f, nil
}

// loadOwners reads the names the ORCID records of the index's identities
// gave, their CV sections, and which works each record listed. A missing file is a folder
// written before fetch stored names (or a record never read): no name,
// not an error.
func loadOwners(d snapshots.Dir, identities []string) (owners map[string]snapshots.OwnerName, listedBy map[string][]string, cvs map[string]record.CV, err error) {
	owners = map[string]snapshots.OwnerName{}
	listedBy = map[string][]string{}
	cvs = map[string]record.CV{}
	for _, k := range identities {
		id, err := manifest.ParseKey(k)
		if err != nil || !manifest.IsPerson(id.Kind) {
			continue
		}
		var exp snapshots.Expansion
		switch err := snapshots.Read(d.ExpansionPath(id), &exp); {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return nil, nil, nil, fmt.Errorf("read snapshots: %w", err)
		}
		lister := id.Value // an ORCID iD; a dblp person by key, never taken for an iD
		if id.Kind != manifest.KindORCID {
			lister = id.Key()
		} else if exp.Name != nil {
			owners[id.Value] = *exp.Name
		}
		if exp.CV != nil {
			cvs[id.Value] = *exp.CV
		}
		for _, w := range exp.Works {
			listedBy[w] = append(listedBy[w], lister)
		}
	}
	return owners, listedBy, cvs, nil
}

// reader reads snapshot files as snapshots.Read does, into one buffer it
// reuses: the 10,000 files of a large folder are not each a new slice.
type reader struct{ buf bytes.Buffer }

func (r *reader) read(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r.buf.Reset()
	if _, err := r.buf.ReadFrom(f); err != nil {
		return err
	}
	if err := json.Unmarshal(r.buf.Bytes(), v); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

func (r *reader) loadWork(dir string, iw snapshots.IndexWork) (Work, []snapshots.Source, error) {
	name := iw.File
	if name == "" || filepath.Base(name) != name || name == "." || name == ".." {
		// index.json names files, never paths; derive the name if it is odd
		id, err := manifest.ParseKey(iw.ID)
		if err != nil {
			return Work{}, nil, fmt.Errorf("read snapshots: index.json: %w", err)
		}
		name = snapshots.FileName(id)
	}
	path := filepath.Join(dir, snapshots.WorksDir, name+".json")
	var doc snapshots.Work
	if err := r.read(path, &doc); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Work{}, nil, fmt.Errorf("read snapshots: index.json lists %s but %s is missing", iw.ID, path)
		}
		return Work{}, nil, fmt.Errorf("read snapshots: %w", err)
	}
	w := Work{ID: iw.ID, Record: doc.Record, FundingFrom: doc.Provenance["funding"], FundingElsewhere: FundingElsewhere(doc)}

	var counts snapshots.Counts
	cpath := filepath.Join(dir, snapshots.CountsDir, name+".json")
	switch err := r.read(cpath, &counts); {
	case errors.Is(err, fs.ErrNotExist):
		// no counters for this work
	case err != nil:
		return Work{}, nil, fmt.Errorf("read snapshots: %w", err)
	default:
		for _, sc := range counts.Sources {
			// A count out of range is one an older about stored from a
			// broken answer (fetch refuses them now): never shown or summed.
			if c := sc.Counts; c.CitedBy != nil && record.CountOK(*c.CitedBy) {
				w.CitedBy = append(w.CitedBy, Citation{Provider: sc.Provider, Count: *c.CitedBy, WithoutSelf: withoutSelf(c), ByYear: sortedYears(c.ByYear)})
			}
		}
		sort.Slice(w.CitedBy, func(i, j int) bool { return w.CitedBy[i].Provider < w.CitedBy[j].Provider })
	}
	return w, doc.Sources, nil
}

// sortedYears is a counts file's by_year as render reads it: oldest first,
// one entry a year, whatever order a hand-edited file gives, without a
// year whose count is out of range (see record.CountOK) or that no
// citation can have (record.CitationYearOK: the chart draws every year
// from the oldest to the newest, so a year of 10^12 would never end).
func sortedYears(years *[]record.YearCount) *[]record.YearCount {
	if years == nil {
		return nil
	}
	kept := make([]record.YearCount, 0, len(*years))
	for _, y := range *years {
		if record.CountOK(y.CitedBy) && record.CitationYearOK(y.Year) {
			kept = append(kept, y)
		}
	}
	return record.ByYearOf(kept)
}

func dirExists(dir string) bool {
	st, err := os.Stat(dir)
	return err == nil && st.IsDir()
}

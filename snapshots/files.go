package snapshots

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// The folders of a snapshot directory. Bibliographic records and volatile
// counters are kept apart so `git diff snapshots/works` shows real changes.
const (
	WorksDir  = "works"
	CountsDir = "counts"
	ORCIDDir  = "orcid"
	IndexFile = "index.json"
	LinksFile = "links.json"
	tempMark  = ".tmp-"
)

// The origins a work's file names (Work.Origins) besides "orcid:<iD>",
// the ORCID record that lists it.
const (
	// OriginManifest marks a work the manifest lists itself.
	OriginManifest = "manifest"
	// OriginLinked prefixes the origin of a work fetched only because a
	// preprint of the run is a preprint of it: "linked:<preprint key>".
	OriginLinked = "linked:"
)

// Work is works/<name>.json: what every provider said about one work, and
// the merged record with the provider of each field.
type Work struct {
	ID         string            `json:"id"`                  // identity key
	Origins    []string          `json:"origins"`             // "manifest", "orcid:<iD>", "linked:<preprint key>"; sorted
	Record     record.Record     `json:"record"`              // merged record
	Provenance map[string]string `json:"provenance"`          // merged field → provider
	Conflicts  []record.Conflict `json:"conflicts,omitempty"` // fields providers disagreed on: value kept, values not kept; sorted by field
	// ConflictsKept names the fields whose conflict entry (or its absence)
	// is the previous snapshot's, where that differs from what the sources
	// give now: a provider that gives the field could not be read, so its
	// value is last time's, and so is its comparison. Sorted.
	ConflictsKept []string        `json:"conflicts_kept,omitempty"`
	Sources       []Source        `json:"sources"`             // sorted by provider
	Warnings      []string        `json:"warnings,omitempty"`  // sorted
	Decisions     json.RawMessage `json:"decisions,omitempty"` // linking/merging evidence
}

// Source is one provider's answer for a work.
type Source struct {
	Provider    string         `json:"provider"`
	Status      string         `json:"status"` // found or not_found
	Attribution string         `json:"attribution,omitempty"`
	Record      *record.Record `json:"record,omitempty"` // when found
}

// Counts is counts/<name>.json: volatile counters per provider.
type Counts struct {
	ID      string         `json:"id"`
	Sources []SourceCounts `json:"sources"` // sorted by provider
}

// SourceCounts is one provider's counters for a work.
type SourceCounts struct {
	Provider string        `json:"provider"`
	Counts   record.Counts `json:"counts"`
}

// Expansion is orcid/<name>.json: the works an ORCID record listed, in
// the record's order, so a later run whose ORCID read fails can keep them,
// how each ORCID group of several entries became one work, and the record
// owner's name, so a page can be headed with it (and, when the manifest
// asks, the record's CV sections).
type Expansion struct {
	ORCID  string           `json:"orcid"`
	Name   *OwnerName       `json:"name,omitempty"`   // the record's name (/person); absent when private or never read
	Works  []string         `json:"works"`            // identity keys
	Groups []ExpansionGroup `json:"groups,omitempty"` // groups of more than one entry, in record order
	// Entries says, per work, which entry's details its ORCID source holds
	// and that entry's last-modified-date, in record order, so a rerun asks
	// only for the details of entries edited since (works whose details
	// were not given, or whose entry has no date, are not listed).
	Entries  []ExpansionEntry `json:"entries,omitempty"`
	Warnings []string         `json:"warnings,omitempty"`
	// CV is the record's CV sections (employment, education, …), read
	// with its name when the manifest asks (cv = true), for render's cv
	// and json-resume formats; absent otherwise.
	CV *record.CV `json:"cv,omitempty"`
}

// ExpansionEntry is the entry whose details speak for a work.
type ExpansionEntry struct {
	Work     string `json:"work"`     // the identity key
	PutCode  string `json:"put_code"` // the entry's
	Modified int64  `json:"modified"` // its last-modified-date, milliseconds since the epoch, as ORCID gives it
}

// OwnerName is the name on an ORCID record: given and family names, and
// the credit name the owner publishes under, when set.
type OwnerName struct {
	Given  string `json:"given,omitempty"`
	Family string `json:"family,omitempty"`
	Credit string `json:"credit,omitempty"`
}

// ExpansionGroup is one ORCID group (entries ORCID itself considers one
// work, e.g. from Crossref, Europe PMC and a BibTeX import) and the choice
// made for it.
type ExpansionGroup struct {
	Work     string   `json:"work"`              // the identity key the group became
	PutCodes []string `json:"put_codes"`         // every entry, the chosen one first
	Sources  []string `json:"sources"`           // each entry's source, in the same order
	Chosen   string   `json:"chosen"`            // why that entry and identity
	Aliases  []string `json:"aliases,omitempty"` // other DOIs of the group, folded into the work
}

// Links is links.json: which works are shown as one entry, and why. A
// link says From is shown as part of To's entry; ShownAs gives, for every
// work that is not its own entry, the work whose entry it belongs to (the
// end of its chain of links), so a reader need not follow chains.
type Links struct {
	Links   []Link            `json:"links"`            // sorted by to, kind, from
	ShownAs map[string]string `json:"shown_as"`         // work key → entry's work key
	Undone  []Link            `json:"undone,omitempty"` // links the data suggested that a [[link]] kind = "distinct" undid
}

// Link is one decision that two works are one entry.
type Link struct {
	Kind     string   `json:"kind"`     // preprint-of, version-of or same-as
	From     string   `json:"from"`     // identity key of the work shown under To
	To       string   `json:"to"`       // identity key of the work whose entry it joins
	By       string   `json:"by"`       // "data" or "manifest"
	Evidence []string `json:"evidence"` // sorted; each names its source
}

// Decisions is a work file's decisions field: every linking decision that
// touches the work, and the manifest's overrides applied to it.
type Decisions struct {
	ShownAs   string   `json:"shown_as,omitempty"`  // the work whose entry this one joins, when not its own
	Links     []Link   `json:"links,omitempty"`     // links among works touching this one
	Outside   []Link   `json:"outside,omitempty"`   // links the data gives to works not in this snapshot
	Undone    []Link   `json:"undone,omitempty"`    // links a [[link]] kind = "distinct" undid
	Overrides []string `json:"overrides,omitempty"` // "title (manifest)": the fields the manifest set
}

// IsZero reports that no decision touches the work.
func (d Decisions) IsZero() bool {
	return d.ShownAs == "" && len(d.Links) == 0 && len(d.Outside) == 0 && len(d.Undone) == 0 && len(d.Overrides) == 0
}

// Index is index.json: the folder's layout version, the works of the
// manifest in output order, the providers whose data the folder holds,
// with their attribution, and the digest of each file fetch wrote.
type Index struct {
	Schema     int             `json:"schema"`     // as read: 0 for a folder written before versions; always written as SchemaVersion (MarshalJSON)
	Identities []string        `json:"identities"` // manifest identities, in manifest order
	Works      []IndexWork     `json:"works"`      // every work, in job order
	Providers  []IndexProvider `json:"providers"`  // sorted by name
	// Digests is, for every works/, counts/ and orcid/ file (Digested),
	// its path in the folder ("counts/<name>.json") → the Digest of the
	// bytes fetch wrote, so check --offline fails on a hand edit nothing
	// else in the folder notices. A map: encoded with sorted keys, one
	// line a file, so a fetch that changes a file changes its one line
	// here. Since schema 3; none in an older folder.
	Digests map[string]string `json:"digests,omitempty"`
}

// IndexWork locates one work's files.
type IndexWork struct {
	ID   string `json:"id"`
	File string `json:"file"` // name without folder or extension
}

// IndexProvider names a provider and what its terms ask of a reuser.
type IndexProvider struct {
	Name        string `json:"name"`
	Attribution string `json:"attribution"`
	Terms       string `json:"terms"`
}

// Dir is a snapshot folder.
type Dir struct{ Root string }

// WorkPath is the file of a work's record.
func (d Dir) WorkPath(id manifest.Identity) string {
	return filepath.Join(d.Root, WorksDir, FileName(id)+".json")
}

// CountsPath is the file of a work's counters.
func (d Dir) CountsPath(id manifest.Identity) string {
	return filepath.Join(d.Root, CountsDir, FileName(id)+".json")
}

// ExpansionPath is the file of an ORCID record's expansion.
func (d Dir) ExpansionPath(id manifest.Identity) string {
	return filepath.Join(d.Root, ORCIDDir, FileName(id)+".json")
}

// IndexPath is the folder's index.
func (d Dir) IndexPath() string { return filepath.Join(d.Root, IndexFile) }

// LinksPath is the folder's linking decisions.
func (d Dir) LinksPath() string { return filepath.Join(d.Root, LinksFile) }

// Read decodes the JSON file at path into v; a missing file reports
// fs.ErrNotExist so callers can tell "no previous run" from damage.
func Read(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

// Write encodes v canonically and replaces path atomically. It reports
// whether the file changed; an unchanged file is not rewritten.
func Write(path string, v any) (bool, error) {
	c, err := Rewrite(path, v)
	return c != Unchanged, err
}

// Rewrite is Write, telling a file that differed only in its line
// endings (LineEndings) from one whose content changed.
func Rewrite(path string, v any) (Change, error) {
	data, err := Encode(v)
	if err != nil {
		return Unchanged, fmt.Errorf("%s: %w", path, err)
	}
	return rewriteEncoded(path, data)
}

// rewriteEncoded is Rewrite of data, already encoded canonically. A
// file of data's size is compared as it is read, not read whole (an
// index.json of 50,000 works is 17 MB); only a longer one, which may be
// data with CRLF line endings, is read whole to tell (changeOf).
func rewriteEncoded(path string, data []byte) (Change, error) {
	var c Change
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() == int64(len(data)) {
		c = changeOfSameSize(path, data)
	} else {
		old, err := readRegular(path)
		c = changeOf(old, data, err == nil)
	}
	if c == Unchanged {
		return c, nil
	}
	return c, WriteFileAtomic(path, data)
}

// changeOfSameSize is changeOf for the file at path, of data's size:
// Unchanged when its bytes are data's, read a block at a time; Changed
// otherwise (a file with CRLF line endings is longer than data).
func changeOfSameSize(path string, data []byte) Change {
	f, err := os.Open(path)
	if err != nil {
		return Changed
	}
	defer f.Close()
	block := make([]byte, 64<<10)
	for rest := data; len(rest) > 0; {
		n, err := io.ReadFull(f, block[:min(len(block), len(rest))])
		if err != nil || !bytes.Equal(block[:n], rest[:n]) {
			return Changed
		}
		rest = rest[n:]
	}
	return Unchanged
}

// readRegular reads the regular file at path; anything else (a symbolic
// link, whose target may be anywhere) is a notRegularError, unread:
// Rewrite then replaces it with the file, where comparing through a link
// would keep it whenever its target held the same bytes, and
// ReadPrevious tells it as damage.
func readRegular(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegularError{fi.Mode().Type()}
	}
	return os.ReadFile(path)
}

// notRegularError is a snapshot path that is not a regular file, said as
// the damage of the file that should be there.
type notRegularError struct{ mode fs.FileMode }

func (e notRegularError) Error() string {
	if e.mode&fs.ModeSymlink != 0 {
		return "a symbolic link, not read: about reads no snapshot through a link"
	}
	return fmt.Sprintf("not a regular file (%v), not read", e.mode)
}

// WriteFileAtomic writes data to a temp file in path's folder, syncs it,
// and renames it over path, so a reader (or a crash) sees the old file or
// the new one, never a part.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if err := replaceFile(path, data, (*os.File).Sync); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes the rename durable where the platform allows; failure is
// harmless (some systems cannot fsync a directory).
func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

// Prune removes, from the works, counts and orcid folders, every snapshot
// file (a name FileName makes) whose name is not in keep, and leftovers of
// interrupted writes there and in the folder itself (index.json's). Files
// about did not write are left alone (see IsOwnFile), and so is anything
// reached through a symbolic link: a link in a file's place is not
// removed, and a works/, counts/ or orcid/ that is a link is not pruned
// at all (an error says so). It returns the removed paths, sorted.
func (d Dir) Prune(keep map[string]bool) ([]string, error) {
	subs := []string{WorksDir, CountsDir, ORCIDDir}
	for _, sub := range subs { // before removing anything
		if err := d.ownSubfolder(sub); err != nil {
			return nil, err
		}
	}
	var removed []string
	entries, err := os.ReadDir(d.Root)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && IsTempName(e.Name()) {
			p := filepath.Join(d.Root, e.Name())
			if err := os.Remove(p); err != nil {
				return removed, err
			}
			removed = append(removed, p)
		}
	}
	for _, sub := range subs {
		entries, err := os.ReadDir(filepath.Join(d.Root, sub))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return removed, err
		}
		for _, e := range entries {
			name := e.Name()
			stale := IsTempName(name) || IsOwnFile(name) && !keep[sub+"/"+strings.TrimSuffix(name, ".json")]
			if !stale || !e.Type().IsRegular() {
				continue
			}
			p := filepath.Join(d.Root, sub, name)
			if err := os.Remove(p); err != nil {
				return removed, err
			}
			removed = append(removed, p)
		}
	}
	sort.Strings(removed)
	return removed, nil
}

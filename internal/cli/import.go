package cli

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/importbib"
	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
)

// importCommand is `about import`: a bibliography's works into the
// manifest, appended, so moving in loses nothing the user wrote.
func importCommand(sys System) *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "add a bibliography's works to the manifest (BibTeX, CSL-JSON, RIS, a Hugo Blox, academicpages or Lab Website Template site)",
		ArgsUsage: "FILE...",
		Description: `Reads each FILE: BibTeX or BibLaTeX (an al-folio site's
_bibliography/papers.bib, a Zotero or Google Scholar export), CSL-JSON,
RIS, a Hugo Blox content/publication folder, academicpages' _publications,
or the Lab Website Template's _data/sources.yaml. Every entry is added to
the manifest: one with a DOI, arXiv id, PMID or PMCID the manifest does not
list yet as an [[identity]] (from the entry's doi, arxiv, pmid, pmcid or
eprint field, or a doi.org, arxiv.org or PubMed link or an "arXiv:"
mention in its other fields), one without as a work of its own, kept from
its fields; each with a [[work]] holding its citation key and the fields
your site reads, so your citations keep working. The lines are appended at
the end under a comment naming the file and the date; nothing the manifest
already says is changed. A missing manifest is created as about init
writes one (its ORCID iD from --orcid, or left for you to fill in).
Importing the same file again adds nothing. The summary on stderr counts
the entries and names each one not placed and why (a repeated key, two
entries of one identifier, a syntax error with its line).

Examples:
   about import _bibliography/papers.bib
   about import papers.bib talks.bib --manifest cv/manifest.toml
   about import --dry-run papers.bib   # print what would be appended`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "manifest", Aliases: []string{"m"}, Value: "manifest.toml", Usage: "the manifest to add to (created if missing)", TakesFile: true},
			&cli.BoolFlag{Name: "dry-run", Aliases: []string{"n"}, Usage: "print what would be appended; write nothing"},
			&cli.StringFlag{Name: "orcid", Usage: "your ORCID iD, for a manifest that does not exist yet"},
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help import")
		},
		Action: func(c *cli.Context) error {
			return runImport(importOptions{
				Files:    c.Args().Slice(),
				Manifest: c.String("manifest"),
				DryRun:   c.Bool("dry-run"),
				ORCID:    c.String("orcid"),
				Date:     sys.Started,
				Stdout:   c.App.Writer,
				Stderr:   c.App.ErrWriter,
			})
		},
	}
}

// importOptions is everything `about import` runs with.
type importOptions struct {
	Files    []string
	Manifest string
	DryRun   bool
	ORCID    string    // for a manifest import creates
	Date     time.Time // the day the group comment names
	Stdout   io.Writer // --dry-run's text
	Stderr   io.Writer // the summary
}

// runImport reads every file before it writes anything: a file that
// cannot be read stops the import with nothing written.
func runImport(o importOptions) error {
	if len(o.Files) == 0 {
		return usageError(errors.New("import needs a FILE to read"), "e.g. about import _bibliography/papers.bib")
	}
	files, err := readImportFiles(o.Files)
	if err != nil {
		return err
	}
	text, created, err := o.manifestText()
	if err != nil {
		return err
	}
	have, keys := map[string]string{}, importbib.KeysOf(nil)
	if m, err := manifest.Parse(o.Manifest, text); err == nil {
		have, keys = importbib.Have(m), importbib.KeysOf(m)
	} else if !created {
		return err // the manifest as it is must load: import adds to a manifest, it does not mend one
	}
	nl := lineEnding(text)
	var appended strings.Builder
	var results []importbib.Result
	for i, f := range files {
		r := f.plan(have)
		keys.KeepKeys(&r)
		r.Loadable(nl)
		results = append(results, r)
		appended.WriteString(importbib.Block(r, filepath.ToSlash(o.Files[i]), o.Date.UTC().Format(time.DateOnly), nl))
	}
	for _, r := range results {
		printImportSummary(o.Stderr, r)
	}
	return o.write(text, appended.String(), created)
}

// importFile is one FILE read: a BibTeX file, or the entries of any other
// format importbib reads (CSL-JSON, RIS, a Hugo Blox or academicpages
// site's folder) with the problems met outside them.
type importFile struct {
	name     string
	bib      *bibfile.File
	entries  []importbib.Entry
	problems []string
}

func (f importFile) plan(have map[string]string) importbib.Result {
	if f.bib != nil {
		return importbib.Plan(f.bib, have)
	}
	r := importbib.PlanEntries(f.name, f.entries, have)
	r.Problems = append(r.Problems, f.problems...)
	return r
}

// readImportFiles reads each file, refusing one that cannot be read or
// holds no entry: nothing is written unless every file is read.
func readImportFiles(names []string) ([]importFile, error) {
	var files []importFile
	for _, name := range names {
		f, err := readImportFile(name)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

const importFormats = "import reads BibTeX and BibLaTeX (.bib), CSL-JSON (.json), RIS (.ris), the Lab Website Template's _data/sources.yaml and a Hugo Blox or academicpages site's folder, UTF-8; nothing was written"

func readImportFile(name string) (importFile, error) {
	info, err := os.Stat(name)
	if err != nil {
		return importFile{}, usageError(fmt.Errorf("cannot read %s: %w", name, errors.Unwrap(err)),
			"pass a bibliography, e.g. about import _bibliography/papers.bib; nothing was written")
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bib", ".bibtex", ".biblatex":
		if info.IsDir() {
			break
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return importFile{}, usageError(fmt.Errorf("cannot read %s: %w", name, errors.Unwrap(err)), importFormats)
		}
		f := bibfile.Parse(name, data)
		if bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data) || len(f.Entries) == 0 {
			return importFile{}, usageError(fmt.Errorf("%s is not a BibTeX file: no @type{key, ...} entry in it", name), importFormats)
		}
		return importFile{name: name, bib: f}, nil
	}
	entries, problems, err := importbib.ReadFile(name)
	if err != nil {
		return importFile{}, usageError(err, importFormats)
	}
	if !slices.ContainsFunc(entries, func(e importbib.Entry) bool {
		return e.Record.Title != "" || e.Record.Type != "" || len(e.Found.IDs) > 0 || e.Problem != ""
	}) {
		return importFile{}, usageError(fmt.Errorf("%s holds no entry about can read: none has a type, a title or an identifier", name), importFormats)
	}
	return importFile{name: name, entries: entries, problems: problems}, nil
}

// manifestText is the manifest as it is, or the starter init writes when
// there is none (created).
func (o importOptions) manifestText() (text []byte, created bool, err error) {
	text, err = os.ReadFile(o.Manifest)
	if err == nil {
		return text, false, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, false, usageError(fmt.Errorf("cannot read %s: %w", o.Manifest, errors.Unwrap(err)), "pass --manifest with the manifest to add to")
	}
	orcid := ""
	if strings.TrimSpace(o.ORCID) != "" {
		if orcid, _, err = (initOptions{ORCID: o.ORCID}).validate(); err != nil {
			return nil, false, err
		}
	}
	return []byte(starterManifest(orcid, "")), true, nil
}

// write appends to the manifest, after checking the result loads; with
// --dry-run it prints the text instead.
func (o importOptions) write(text []byte, appended string, created bool) error {
	switch {
	case appended == "" && created:
		fmt.Fprintf(o.Stderr, "nothing to add: no entry could be placed; %s not written\n", o.Manifest)
		return nil
	case appended == "":
		fmt.Fprintf(o.Stderr, "nothing to add: %s lists every entry already, or it is not placed (see above)\n", o.Manifest)
		return nil
	}
	if len(text) > 0 && !bytes.HasSuffix(text, []byte("\n")) {
		text = append(text, lineEnding(text)...)
	}
	whole := append(bytes.Clone(text), appended...)
	if _, err := manifest.Parse(o.Manifest, whole); err != nil {
		return fmt.Errorf("internal error: the manifest with the imported lines does not load, nothing was written: %w", err)
	}
	if o.DryRun {
		io.WriteString(o.Stdout, strings.TrimPrefix(appended, lineEnding(text)))
		if created {
			fmt.Fprintf(o.Stderr, "dry run: nothing written; %s does not exist, and import would write it as about init does, these lines at its end\n", o.Manifest)
		} else {
			fmt.Fprintf(o.Stderr, "dry run: nothing written to %s\n", o.Manifest)
		}
		return nil
	}
	if err := writeKeepingMode(o.Manifest, whole); err != nil {
		return ioError(fmt.Errorf("write %s: %w", o.Manifest, err))
	}
	verb := "added to"
	if created {
		verb = "wrote"
	}
	fmt.Fprintf(o.Stderr, "%s %s\nnext: about fetch %s\n", verb, o.Manifest, o.Manifest)
	return nil
}

// printImportSummary tells what one file gave: counts, then each entry
// not added and why.
func printImportSummary(w io.Writer, r importbib.Result) {
	added := fmt.Sprint(len(r.Added), " added")
	if n := r.Typed(); n > 0 {
		added += fmt.Sprintf(" (%d without an identifier, kept from %s own fields)", n, english.Plural(n, "its", "their"))
	}
	fmt.Fprintf(w, "%s: %d entries read, %d with an identifier: %s, %d already in the manifest, %d not placed\n",
		r.File, r.Entries, r.WithID, added, len(r.Already), len(r.NotPlaced))
	for _, u := range r.NotPlaced {
		key := u.Key
		if key == "" {
			key = "(no key)"
		}
		fmt.Fprintf(w, "  not placed: %s (%s:%d): %s\n", key, cmp.Or(u.File, r.File), u.Line, u.Why)
	}
	kept := 0
	for _, list := range [][]importbib.Placed{r.Added, r.Already} {
		for _, p := range list {
			if p.KeepKey {
				kept++
			}
			if p.KeyNote != "" {
				fmt.Fprintf(w, "  %s (%s:%d): %s\n", p.Key, cmp.Or(p.Entry.File, r.File), p.Line, p.KeyNote)
			}
		}
	}
	if kept > 0 {
		fmt.Fprintf(w, "  %d %s: every format cites %s by %s\n", kept,
			english.Plural(kept, "citation key kept as a [[work]] key", "citation keys kept as [[work]] keys"), english.Plural(kept, "this work", "these works"), english.Plural(kept, "it", "them"))
	}
	for _, list := range [][]importbib.Placed{r.Added, r.Already} {
		for _, p := range list {
			for _, l := range p.Entry.Lost {
				fmt.Fprintf(w, "  %s (%s:%d): not kept: %s\n", p.Key, cmp.Or(p.Entry.File, r.File), p.Line, l)
			}
		}
	}
	for _, p := range r.Problems {
		fmt.Fprintf(w, "  problem: %s\n", p)
	}
}

// lineEnding is the manifest's own: "\r\n" when its first line ends so.
func lineEnding(text []byte) string {
	if i := bytes.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// writeKeepingMode writes the file atomically and gives it back its mode
// (a manifest kept private stays so): the atomic write makes a new file.
func writeKeepingMode(path string, data []byte) error {
	info, statErr := os.Stat(path)
	if err := snapshots.WriteFileAtomic(path, data); err != nil {
		return err
	}
	if statErr == nil && info.Mode().Perm() != 0o644 {
		return os.Chmod(path, info.Mode().Perm())
	}
	return nil
}

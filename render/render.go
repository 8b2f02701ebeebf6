// Package render turns a snapshot folder into a publication page or a
// citation file: CSL-JSON, BibTeX, BibLaTeX, RIS, Markdown, HTML, and JSON
// or YAML data for static-site generators (formats.go lists them). It reads only what fetch wrote —
// never the network, never the clock — so the same snapshots always give
// the same bytes. It owns each format's escaping; it does not fetch, merge
// or decide which works belong to the page (the snapshot index does).
package render

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/output"
)

// Grouping is how a page is divided into sections.
type Grouping string

// The groupings of a page.
const (
	ByYear Grouping = "year" // one section per year, newest first (default)
	ByType Grouping = "type" // articles, preprints, datasets, software, books and chapters, other
)

// ParseGrouping reads a grouping name; "" means ByYear.
func ParseGrouping(s string) (Grouping, error) {
	switch g := Grouping(strings.ToLower(strings.TrimSpace(s))); g {
	case "", ByYear:
		return ByYear, nil
	case ByType:
		return ByType, nil
	}
	return "", fmt.Errorf("unknown grouping %q (groupings: year, type)", s)
}

// Person is whose page it is: the names and ORCID iDs whose authors are
// highlighted.
type Person struct {
	Names  []string // display names, as the manifest gives them
	ORCIDs []string // normalised iDs, e.g. 0000-0002-1825-0097
	// ORCIDNames is the name the manifest gives with each ORCID iD: it keys
	// a work with no authors that iD's record lists when the ORCID record
	// itself has no name.
	ORCIDNames map[string]string
}

// PersonOf reads the person from a manifest: every [[identity]] name and
// every ORCID iD, in manifest order, without repeats.
func PersonOf(m *manifest.Manifest) Person {
	var p Person
	for _, e := range m.Identities {
		if e.Name != "" && !containsFold(p.Names, e.Name) {
			p.Names = append(p.Names, e.Name)
		}
		if e.Kind == manifest.KindORCID && !containsFold(p.ORCIDs, e.Value) {
			p.ORCIDs = append(p.ORCIDs, e.Value)
		}
		if e.Kind == manifest.KindORCID && e.Name != "" {
			if p.ORCIDNames == nil {
				p.ORCIDNames = map[string]string{}
			}
			if _, named := p.ORCIDNames[e.Value]; !named {
				p.ORCIDNames[e.Value] = e.Name
			}
		}
	}
	return p
}

// ExcludesOf reads the identity keys the manifest's [[exclude]]s name.
func ExcludesOf(m *manifest.Manifest) []string {
	var ids []string
	for _, x := range m.Excludes {
		ids = append(ids, x.ID.Key())
	}
	return ids
}

// Options say what to render.
type Options struct {
	Format Format   // required
	Group  Grouping // pages only; "" means ByYear
	Counts bool     // pages only: show citation counts with their source
	// CountsSource is the provider whose counts a page shows (one, so
	// they compare); "" means the service marked DefaultCounts.
	CountsSource string
	Person       Person   // whose names to highlight
	Exclude      []string // identity keys never to show: the manifest's [[exclude]]s, should the folder predate them
	// Selected are identity keys of the works the manifest selects:
	// al-folio's selected = {true}, Hugo Blox's featured.
	Selected []string
	// Services are the providers' titles, citing-works lists and the
	// identifiers each is the home of, from the registry (internal/cli
	// builds them from providers.All()). Without them a page names
	// providers by their registry names, links no count and shows no
	// identifier but the DOI: render knows no service of its own.
	Services []Service
	// SiteURL is where html-site is served (ParseSiteURL's form, ending
	// "/"): a work page's canonical address and Scholar's
	// citation_abstract_html_url are absolute, so they need it; "" for
	// neither.
	SiteURL string
	// User are the manifest's [[work]] fields (UserFieldsOf), joined to
	// the entries they name; the snapshots never hold them.
	User   UserFields
	Title  string // the manifest's title; "" for "Publications of <name>"
	Lab    *Lab   // a lab's manifest (LabOf): the page is the members'; nil for one researcher's
	Member string // with Lab: only this member's works, titled for them
	// Award and Funder keep only the works that acknowledge them
	// (funding.go: funded); "" for every work.
	Award  string
	Funder string
	// Since is the first day of coa's window (the command line's --since,
	// by default 48 months before the day it runs: render reads no
	// clock); zero takes every dated work.
	Since record.Date
}

// Render writes the folder in the options' format to w, as it is made:
// a failure may leave part of it written (RenderFile writes whole or not
// at all). Output depends only on the folder and the options.
func Render(w io.Writer, f *folder.Folder, opts Options) error {
	row, opts, err := oneFileRow(opts)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := row.write(bw, buildPage(f, opts)); err != nil {
		return &FormatError{Format: opts.Format, Err: err}
	}
	return bw.Flush()
}

// RenderFile writes a one-file format to path as WriteFile writes its
// data (listed, kept when about did not write it or it was edited since
// unless force, replaced atomically), made as it is written rather than
// held whole first: a page of 10,000 works is tens of megabytes.
func RenderFile(path string, f *folder.Folder, opts Options, force bool) (output.Outcome, error) {
	row, opts, err := oneFileRow(opts)
	if err != nil {
		return output.Outcome{}, err
	}
	p := buildPage(f, opts)
	out, err := output.WriteFileFrom(path, string(opts.Format), force, func(w *bufio.Writer) error {
		if err := row.write(w, p); err != nil {
			if ferr := w.Flush(); ferr != nil {
				return ferr // the writing failed, not the format
			}
			return &FormatError{Format: opts.Format, Err: err}
		}
		return nil
	})
	return out, asWriteError(err)
}

// FormatError is a format's writer failing, as opposed to writing its
// output (WriteError).
type FormatError struct {
	Format Format
	Err    error
}

func (e *FormatError) Error() string { return fmt.Sprintf("render %s: %v", e.Format, e.Err) }
func (e *FormatError) Unwrap() error { return e.Err }

// WriteError is RenderFile or RenderFilesTo failing to write the output:
// the file system's error, not the format's.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// asWriteError is err as a *WriteError unless it is nil or a *FormatError.
func asWriteError(err error) error {
	var fe *FormatError
	if err == nil || errors.As(err, &fe) {
		return err
	}
	return &WriteError{Err: err}
}

// oneFileRow is the row of a one-file format, and the options with their
// defaults; an error for any other format.
func oneFileRow(opts Options) (formatRow, Options, error) {
	if opts.Group == "" {
		opts.Group = ByYear
	}
	row, ok := opts.Format.row()
	switch {
	case !ok:
		return row, opts, fmt.Errorf("unknown format %q (formats: %s)", opts.Format, FormatNames())
	case row.write == nil:
		return row, opts, fmt.Errorf("format %s is a folder of files: use RenderFiles", opts.Format)
	}
	return row, opts, memberError(opts)
}

// RenderFiles makes a folder format's files: their paths relative to
// the site's root, in a stable order. Output depends only on the folder
// and the options.
func RenderFiles(f *folder.Folder, opts Options) ([]output.File, error) {
	var files []output.File
	err := emitFiles(f, opts, func(file output.File) error {
		if file.Write != nil {
			var b bytes.Buffer
			w := bufio.NewWriter(&b)
			if err := file.Write(w); err != nil {
				return &FormatError{Format: opts.Format, Err: err}
			}
			if err := w.Flush(); err != nil {
				return err
			}
			file.Data, file.Write = b.Bytes(), nil
		}
		files = append(files, file)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}

// RenderFilesTo writes a folder format under root as WriteFiles writes
// RenderFiles' files, each file written as it is made rather than the
// site held whole first.
func RenderFilesTo(root string, f *folder.Folder, opts Options, force bool) (output.Outcome, error) {
	if err := emitFiles(f, opts, nil); err != nil {
		return output.Outcome{}, err
	}
	out, err := output.WriteFilesFrom(root, string(opts.Format), force, func(emit func(output.File) error) error {
		return emitFiles(f, opts, emit)
	})
	return out, asWriteError(err)
}

// emitFiles hands a folder format's files to emit, one at a time; with
// emit nil it only checks the options.
func emitFiles(f *folder.Folder, opts Options, emit func(output.File) error) error {
	if opts.Group == "" {
		opts.Group = ByYear
	}
	row, ok := opts.Format.row()
	if !ok || row.files == nil {
		return fmt.Errorf("format %s is one file, not a folder", opts.Format)
	}
	if err := memberError(opts); err != nil {
		return err
	}
	if emit == nil {
		return nil
	}
	var emitted error // emit's own failure: writing, not the format
	err := row.files(buildPage(f, opts), func(file output.File) error {
		emitted = emit(file)
		return emitted
	})
	switch {
	case err == nil:
		return nil
	case emitted != nil:
		return emitted
	}
	return &FormatError{Format: opts.Format, Err: err}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

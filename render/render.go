// Package render turns a snapshot folder into a publication page or a
// citation file: CSL-JSON, BibTeX, BibLaTeX, Markdown, HTML, and JSON or
// YAML data for static-site generators. It reads only what fetch wrote —
// never the network, never the clock — so the same snapshots always give
// the same bytes. It owns each format's escaping; it does not fetch, merge
// or decide which works belong to the page (the snapshot index does).
package render

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/aboutscholar/about/manifest"
)

// Format is an output format.
type Format string

// The formats render writes.
const (
	CSLJSON  Format = "csl-json" // CSL-JSON items for pandoc --citeproc, Zotero
	BibTeX   Format = "bibtex"   // classic BibTeX for LaTeX CVs and jekyll-scholar
	BibLaTeX Format = "biblatex" // BibLaTeX (biber) fields and entry types
	Markdown Format = "markdown" // a page for READMEs and GitHub/Hugo/Jekyll pages
	HTML     Format = "html"     // one self-contained page
	JSON     Format = "json"     // page data for Hugo data/ or Jekyll _data/
	YAML     Format = "yaml"     // the same data as YAML

	AlFolio       Format = "al-folio"      // al-folio's _bibliography/papers.bib
	HugoBlox      Format = "hugo-blox"     // Hugo Blox publication bundles (a folder)
	AcademicPages Format = "academicpages" // academicpages _publications/*.md (a folder)
	LabWebsite    Format = "lab-website"   // the Lab Website Template's _data/citations.yaml
)

// Formats lists every format, in the order help shows them.
func Formats() []Format {
	return []Format{CSLJSON, BibTeX, BibLaTeX, Markdown, HTML, JSON, YAML, AlFolio, HugoBlox, AcademicPages, LabWebsite}
}

// IsFolder reports whether the format is a folder of files (RenderFiles)
// rather than one file (Render).
func (f Format) IsFolder() bool { return f == HugoBlox || f == AcademicPages }

// FormatNames is Formats as a comma-separated list, for messages.
func FormatNames() string {
	names := make([]string, 0, len(Formats()))
	for _, f := range Formats() {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// ParseFormat reads a format name (any letter case); an unknown name is an
// error listing the known ones.
func ParseFormat(s string) (Format, error) {
	want := Format(strings.ToLower(strings.TrimSpace(s)))
	for _, f := range Formats() {
		if f == want {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (formats: %s)", s, FormatNames())
}

// IsPage reports whether the format is a page (grouped, with what is shown
// within each entry, with optional counts) rather than a citation database
// (one item per entry).
func (f Format) IsPage() bool {
	switch f {
	case Markdown, HTML, JSON, YAML:
		return true
	}
	return false
}

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
	// they compare); "" means DefaultCountsSource.
	CountsSource string
	Person       Person   // whose names to highlight
	Exclude      []string // identity keys never to show: the manifest's [[exclude]]s, should the folder predate them
	// Selected are identity keys of the works the manifest selects:
	// al-folio's selected = {true}, Hugo Blox's featured.
	Selected []string
	Services []Service // the providers' titles and citing-works lists, from the registry
}

// Render writes the folder in the options' format to w. Output depends
// only on the folder and the options.
func Render(w io.Writer, f *Folder, opts Options) error {
	if opts.Group == "" {
		opts.Group = ByYear
	}
	p := buildPage(f, opts)
	var buf bytes.Buffer
	var err error
	switch opts.Format {
	case CSLJSON:
		err = writeCSL(&buf, p)
	case BibTeX:
		err = writeBib(&buf, p, false)
	case BibLaTeX:
		err = writeBib(&buf, p, true)
	case Markdown:
		err = writeMarkdown(&buf, p)
	case HTML:
		err = writeHTML(&buf, p)
	case JSON:
		err = writeJSON(&buf, p)
	case YAML:
		err = writeYAML(&buf, p)
	case AlFolio:
		err = writeAlFolio(&buf, p)
	case LabWebsite:
		err = writeLabWebsite(&buf, p)
	case HugoBlox, AcademicPages:
		return fmt.Errorf("format %s is a folder of files: use RenderFiles", opts.Format)
	default:
		return fmt.Errorf("unknown format %q (formats: %s)", opts.Format, FormatNames())
	}
	if err != nil {
		return fmt.Errorf("render %s: %w", opts.Format, err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// RenderFiles writes a folder format: the files, their paths relative to
// the site's root, in a stable order. Output depends only on the folder
// and the options.
func RenderFiles(f *Folder, opts Options) ([]File, error) {
	if opts.Group == "" {
		opts.Group = ByYear
	}
	p := buildPage(f, opts)
	var files []File
	var err error
	switch opts.Format {
	case HugoBlox:
		files, err = hugoBloxFiles(p)
	case AcademicPages:
		files, err = academicPagesFiles(p)
	default:
		return nil, fmt.Errorf("format %s is one file, not a folder", opts.Format)
	}
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", opts.Format, err)
	}
	return files, nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// Package render turns a snapshot folder into a publication page or a
// citation file: CSL-JSON, BibTeX, BibLaTeX, RIS, Markdown, HTML, and JSON
// or YAML data for static-site generators (formats.go lists them). It reads only what fetch wrote —
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
}

// Render writes the folder in the options' format to w. Output depends
// only on the folder and the options.
func Render(w io.Writer, f *Folder, opts Options) error {
	if opts.Group == "" {
		opts.Group = ByYear
	}
	row, ok := opts.Format.row()
	switch {
	case !ok:
		return fmt.Errorf("unknown format %q (formats: %s)", opts.Format, FormatNames())
	case row.write == nil:
		return fmt.Errorf("format %s is a folder of files: use RenderFiles", opts.Format)
	}
	if err := memberError(opts); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := row.write(&buf, buildPage(f, opts)); err != nil {
		return fmt.Errorf("render %s: %w", opts.Format, err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// RenderFiles writes a folder format: the files, their paths relative to
// the site's root, in a stable order. Output depends only on the folder
// and the options.
func RenderFiles(f *Folder, opts Options) ([]File, error) {
	if opts.Group == "" {
		opts.Group = ByYear
	}
	row, ok := opts.Format.row()
	if !ok || row.files == nil {
		return nil, fmt.Errorf("format %s is one file, not a folder", opts.Format)
	}
	if err := memberError(opts); err != nil {
		return nil, err
	}
	files, err := row.files(buildPage(f, opts))
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

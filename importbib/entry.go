package importbib

import "github.com/aboutscholar/about/manifest"

// Entry is one entry of a file about imports, whatever the file's format
// (BibTeX, BibLaTeX, CSL-JSON, RIS, a Hugo Blox bundle): what the
// manifest keeps of it. Each format's reader fills it; Plan places it.
type Entry struct {
	File    string              // the file it is in, as given
	Line    int                 // the line it starts at (1 for a file that is one entry, a Hugo Blox index.md)
	Key     string              // its citation key (BibTeX key, CSL-JSON id, RIS ID, a Hugo Blox bundle's folder name); "" when none
	Found   Found               // the identifiers it names, best first
	Record  manifest.WorkRecord // its own fields
	Links   []manifest.WorkLink // the [[work]] links its format names (Hugo Blox url_pdf → pdf), in manifest.WorkLinkKinds order
	Tags    []string            // its keywords or tags, for [[work]] tags
	Image   string              // its preview image, for [[work]] image
	Award   string              // for [[work]] award
	Fields  []manifest.CustomField
	Lost    []string // what of it the manifest cannot keep, each with why ("year \"in press\" (not a year)")
	Problem string   // why it cannot be placed (a syntax error, a duplicate key); "" when none
}

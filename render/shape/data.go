// Package shape is the shape of each file render writes whose keys a
// reader relies on, as Go types whose fields and tags fix the keys, their
// order and what is left out: the page data (JSON and YAML, for
// static-site generators; docs/page-data.schema.json), CSL-JSON items,
// the Atom feed, the page's schema.org JSON-LD, and the front matter of
// Hugo Blox, academicpages and the Lab Website Template. render fills
// them from its page and encodes them; this package knows no entry, page
// or format, and it may not import render.
package shape

// DataCitations is the page's citation figures in the page data (with
// --counts): what the HTML header and chart show, as numbers.
type DataCitations struct {
	Provider          string     `json:"provider"`
	Source            string     `json:"source"`              // the provider's own name, e.g. OpenAlex
	Count             int        `json:"count"`               // the entries' citations
	HIndex            int        `json:"h_index"`             // over the entries' counts
	I10Index          int        `json:"i10_index"`           // entries cited at least ten times
	Since             *DataSince `json:"since,omitempty"`     // the recent figures; absent when no count has a cited year
	ByYear            []DataYear `json:"by_year"`             // every year from the oldest given to the newest, the chart's bars
	WithoutYear       int        `json:"without_year"`        // citations in count that no year holds
	WorksWithoutYears int        `json:"works_without_years"` // entries with citations whose count has no years
	Text              string     `json:"text"`                // the header's line
	Note              string     `json:"note,omitempty"`      // which figures are partial, and why
}

// DataSince is Google Scholar's "Since <year>" column: the same figures,
// counting only the citations of Year and after.
type DataSince struct {
	Year     int `json:"year"` // the newest cited year − 5
	Count    int `json:"count"`
	HIndex   int `json:"h_index"`
	I10Index int `json:"i10_index"`
}

// DataYear is one year's citations.
type DataYear struct {
	Year    int `json:"year"`
	CitedBy int `json:"cited_by"`
}

type DataPerson struct {
	Names  []string `json:"names"`
	ORCIDs []string `json:"orcids"`
}

type DataGroup struct {
	ID    string     `json:"id"` // the HTML page's anchor is "s-" + id
	Title string     `json:"title"`
	Works []DataWork `json:"works"`
}

type DataWork struct {
	ID         string        `json:"id"`
	Key        string        `json:"key,omitempty"` // citation key, as in the BibTeX and CSL-JSON files; entries only
	Type       string        `json:"type"`
	TypeLabel  string        `json:"type_label"`
	Title      string        `json:"title"`
	Authors    []DataAuthor  `json:"authors"`
	Editors    []DataAuthor  `json:"editors,omitempty"` // an edited book's editors, or a chapter's book's (self only on an edited book, where they are who it is by)
	Container  string        `json:"container,omitempty"`
	Publisher  string        `json:"publisher,omitempty"`
	Volume     string        `json:"volume,omitempty"`
	Issue      string        `json:"issue,omitempty"`
	Pages      string        `json:"pages,omitempty"`
	Version    string        `json:"version,omitempty"`     // the software or data version cited, e.g. v1.0
	Issued     string        `json:"issued,omitempty"`      // 2023, 2023-05 or 2023-05-17
	IssuedText string        `json:"issued_text,omitempty"` // 17 May 2023
	Year       int           `json:"year,omitempty"`
	DOI        string        `json:"doi,omitempty"`
	DOIURL     string        `json:"doi_url,omitempty"`
	URL        string        `json:"url,omitempty"` // landing page, when it is not the DOI link
	ArXiv      string        `json:"arxiv,omitempty"`
	PMID       string        `json:"pmid,omitempty"`
	PMCID      string        `json:"pmcid,omitempty"`
	OpenAccess *DataOA       `json:"open_access,omitempty"`
	Funding    []DataFunder  `json:"funding,omitempty"`   // who funded it, the registrar's list first (works.mergeFunding)
	Preprints  []DataWork    `json:"preprints,omitempty"` // the entry's preprints, oldest first
	Versions   []DataVersion `json:"versions,omitempty"`  // the versions listed under a concept DOI, oldest first
	Includes   []string      `json:"includes,omitempty"`  // identity keys of every work shown within this entry
	CitedBy    *DataCitation `json:"cited_by,omitempty"`
	Abstract   string        `json:"abstract,omitempty"` // plain text, as the HTML page shows it: a template escapes markup into visible tags
	DataUser                 // the manifest's [[work]] fields, on entries (render/userfields.go)
	Members    []string      `json:"members,omitempty"` // a lab's page: the names of the members it belongs to, in the lab's order
}

// DataFunder is one funder of a work and the award numbers given for it.
type DataFunder struct {
	Funder string   `json:"funder,omitempty"`
	DOI    string   `json:"doi,omitempty"` // Open Funder Registry DOI, bare: 10.13039/100000002
	ROR    string   `json:"ror,omitempty"` // ROR id, no URL
	Awards []string `json:"awards,omitempty"`
	Text   string   `json:"text"` // what the page shows: National Science Foundation CCF-1750472
}

type DataVersion struct {
	ID     string `json:"id"`
	Label  string `json:"label"` // v1.2.0
	URL    string `json:"url,omitempty"`
	Issued string `json:"issued,omitempty"`
}

type DataAuthor struct {
	Name   string `json:"name"`
	Given  string `json:"given,omitempty"`
	Family string `json:"family,omitempty"`
	ORCID  string `json:"orcid,omitempty"`
	Self   bool   `json:"self"`
	// Equal and Corresponding are the manifest's [[work]] author marks.
	Equal         bool   `json:"equal,omitempty"`
	Corresponding bool   `json:"corresponding,omitempty"`
	Member        string `json:"member,omitempty"` // a lab's page: the member this author is
}

type DataOA struct {
	URL          string `json:"url,omitempty"`
	License      string `json:"license,omitempty"`
	LicenseLabel string `json:"license_label,omitempty"`
	Status       string `json:"status,omitempty"`
	Version      string `json:"version,omitempty"`
}

type DataCitation struct {
	Count    int    `json:"count"`
	Provider string `json:"provider"`
	Source   string `json:"source"` // the provider's own name, e.g. OpenAlex
	Text     string `json:"text"`   // cited by 85 · OpenAlex
	// WithoutSelf is Count less self-citations, where the source counts
	// both (INSPIRE); absent when it does not.
	WithoutSelf *int        `json:"without_self,omitempty"`
	ByYear      *[]DataYear `json:"by_year,omitempty"` // oldest first, years with citations only; absent when the source gave no years
}

type DataCredit struct {
	Provider    string `json:"provider"`
	Attribution string `json:"attribution"`
	Terms       string `json:"terms,omitempty"`
}

// DataLab is the lab in the page data.
type DataLab struct {
	Name    string       `json:"name"`
	URL     string       `json:"url,omitempty"`
	Member  string       `json:"member,omitempty"` // on a member's page (--member): whose it is
	Members []DataMember `json:"members"`
}

// DataMember is one member in the page data.
type DataMember struct {
	ID      string   `json:"id"` // the member filter's value, e.g. ada-quist (#member=ada-quist on the HTML page)
	Name    string   `json:"name"`
	ORCID   string   `json:"orcid,omitempty"`
	Also    []string `json:"also,omitempty"`
	Role    string   `json:"role,omitempty"`
	Start   int      `json:"start,omitempty"`
	End     int      `json:"end,omitempty"`
	Alumnus bool     `json:"alumnus"`
	URL     string   `json:"url,omitempty"`
	Works   int      `json:"works"` // the member's entries on the lab's page
}

// DataUser is the page data's share of an entry's [[work]] fields.
type DataUser struct {
	Links []DataLink `json:"links,omitempty"` // the user's links, in kind order
	Image string     `json:"image,omitempty"` // preview image: URL or site path
	Award string     `json:"award,omitempty"`
	Note  string     `json:"note,omitempty"`
	Tags  []string   `json:"tags,omitempty"`
}

// DataLink is one of the user's links in the page data.
type DataLink struct {
	Kind  string `json:"kind"`  // pdf, slides, video, poster, code, data, project, blog, website, supplement
	Label string `json:"label"` // PDF, Slides, …
	URL   string `json:"url"`   // an http(s) URL or a site path starting with "/"
}

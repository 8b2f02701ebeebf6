package shape

// The front matter and data files of the site formats (al-folio's is
// BibTeX), which render/sites.go and render/userfields.go fill.

// LabCitation is one item of the Lab Website Template's
// _data/citations.yaml, the fields its _includes/citation.html reads
// (https://github.com/greenelab/lab-website-template/blob/main/_includes/citation.html):
// title, authors (joined with ", "), publisher, date (printed "%d %b %Y"),
// link; id is how its pages find a citation (`find: "id"`), in the
// "doi:…" form its _cite/cite.py writes. It prints title, publisher and
// id as they are, and the authors through markdownify and, past ten, into
// a data-tooltip its _scripts/tooltip.js shows as HTML (tippy's
// allowHTML): those are inert (rawInert, markdownInert). The link goes
// through xml_escape and the date through the date filter.
type LabCitation struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Authors   []string `json:"authors"`
	Publisher string   `json:"publisher,omitempty"`
	Date      string   `json:"date,omitempty"`
	Link      string   `json:"link,omitempty"`
	Tags      []string `json:"tags,omitempty"`
	// The [[work]] fields (labWebsiteUser), which the rich style shows.
	Image       string      `json:"image,omitempty"`
	Description string      `json:"description,omitempty"`
	Buttons     []LabButton `json:"buttons,omitempty"`
}

// HugoBloxPublication is the front matter of a Hugo Blox (formerly
// Wowchemy) publication page, content/publication/<slug>/index.md, with the
// fields its publication layout reads: layouts/publication/single.html
// (title, authors, date, publication_types, publication, abstract) and
// layouts/partials/page_links.html (doi, url_pdf, url_code, url_dataset,
// links), https://github.com/HugoBlox/hugo-blox-builder. A cite.bib beside
// it gives the page its "Cite" button.
type HugoBloxPublication struct {
	Title            string     `json:"title"`
	Authors          []string   `json:"authors"`
	Date             string     `json:"date,omitempty"`
	PublicationTypes []string   `json:"publication_types"`
	Publication      string     `json:"publication,omitempty"`
	Abstract         string     `json:"abstract,omitempty"`
	DOI              string     `json:"doi,omitempty"`
	URLPDF           string     `json:"url_pdf,omitempty"`
	URLCode          string     `json:"url_code,omitempty"`
	URLDataset       string     `json:"url_dataset,omitempty"`
	Links            []HugoLink `json:"links,omitempty"`
	Featured         bool       `json:"featured"`
	// The [[work]] fields (hugoBloxUser).
	URLPoster   string   `json:"url_poster,omitempty"`
	URLProject  string   `json:"url_project,omitempty"`
	URLSlides   string   `json:"url_slides,omitempty"`
	URLVideo    string   `json:"url_video,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	AuthorNotes []string `json:"author_notes,omitempty"`
}

type HugoLink struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// AcademicPublication is the front matter of an academicpages
// _publications/*.md page: the fields its _includes/archive-single.html
// reads for the publications collection (title, venue, date, excerpt,
// citation, paperurl, bibtexurl, link), the category its
// _pages/publications.html sections them by,
// https://github.com/academicpages/academicpages.github.io, and the
// collection and permalink its markdown_generator/publications.py writes.
type AcademicPublication struct {
	Title      string `json:"title"`
	Collection string `json:"collection"`
	Category   string `json:"category"` // the section of the publications page, which lists no page without one
	Permalink  string `json:"permalink"`
	Date       string `json:"date,omitempty"`
	Venue      string `json:"venue,omitempty"`
	Excerpt    string `json:"excerpt,omitempty"`
	PaperURL   string `json:"paperurl,omitempty"`
	SlidesURL  string `json:"slidesurl,omitempty"` // the [[work]] slides (academicPagesUser)
	Citation   string `json:"citation"`
}

// LabButton is one of a Lab Website Template citation's buttons.
type LabButton struct {
	Type string `json:"type"`
	Text string `json:"text"`
	Link string `json:"link"`
}

package shape

// CSL-JSON items, which render/csl.go fills.

// CSLItem is one CSL-JSON item (CSL 1.0.2 schema); fields in the order
// they are written.
type CSLItem struct {
	ID             string     `json:"id"`
	Type           string     `json:"type"`
	Genre          string     `json:"genre,omitempty"` // the kind within the type: "Poster" for a speech, "Preprint"
	Title          string     `json:"title,omitempty"`
	Author         []CSLName  `json:"author,omitempty"`
	Editor         []CSLName  `json:"editor,omitempty"` // an edited book's editors, or a chapter's book's
	ContainerTitle string     `json:"container-title,omitempty"`
	ContainerShort string     `json:"container-title-short,omitempty"`
	EventTitle     string     `json:"event-title,omitempty"` // a conference paper's conference (CSL 1.0.2; "event" before)
	Publisher      string     `json:"publisher,omitempty"`
	Issued         *CSLDate   `json:"issued,omitempty"`
	Volume         string     `json:"volume,omitempty"`
	Issue          string     `json:"issue,omitempty"`
	Page           string     `json:"page,omitempty"`
	DOI            string     `json:"DOI,omitempty"`
	URL            string     `json:"URL,omitempty"`
	ISBN           string     `json:"ISBN,omitempty"`
	ISSN           string     `json:"ISSN,omitempty"`
	PMID           string     `json:"PMID,omitempty"`
	PMCID          string     `json:"PMCID,omitempty"`
	Abstract       string     `json:"abstract,omitempty"`
	Language       string     `json:"language,omitempty"` // the record's BCP 47 tag, as CSL 1.0.2 wants ("de", "pt-BR"): styles keep a non-English title's case
	Version        string     `json:"version,omitempty"`  // CSL's version variable: the software or data version cited
	Keyword        string     `json:"keyword,omitempty"`  // the manifest's [[work]] tags, comma-separated
	Note           string     `json:"note,omitempty"`     // the [[work]] award and note
	Custom         *CSLCustom `json:"custom,omitempty"`
}

// CSLCustom holds what CSL has no variable for. The CSL-JSON schema
// (csl-data.json, "additionalProperties": false) rejects any other key on
// an item and names "custom" as the place for such data:
// https://github.com/citation-style-language/schema/blob/master/schemas/input/csl-data.json
type CSLCustom struct {
	License string `json:"license,omitempty"`
	// Funding is the work's funders as the page data carries them
	// (docs/page-data.md): CSL has no funding variable, and the schema
	// names custom the place for key-value data no variable holds.
	Funding []DataFunder `json:"funding,omitempty"`
}

type CSLName struct {
	Family  string `json:"family,omitempty"`
	Given   string `json:"given,omitempty"`
	Literal string `json:"literal,omitempty"`
}

type CSLDate struct {
	DateParts [][]int `json:"date-parts"`
}

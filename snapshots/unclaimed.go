package snapshots

import "path/filepath"

// UnclaimedFile is the works that carry an ORCID iD of the manifest in
// some service's metadata but are on neither that iD's ORCID record nor
// the page, and the works on the page through a dblp or INSPIRE listing
// of the same person that the record lacks: suggestions, never added. It
// exists only while there is something to suggest.
const UnclaimedFile = "unclaimed.json"

// UnclaimedPath is the folder's unclaimed works.
func (d Dir) UnclaimedPath() string { return filepath.Join(d.Root, UnclaimedFile) }

// Unclaimed is unclaimed.json.
type Unclaimed struct {
	// FixRecord says how the record itself gets such works (pasting a DOI
	// fixes the page only): the same sentence in every file.
	FixRecord string `json:"fix_record"`
	// AddToRecord says how the works under not_on_record get onto the
	// ORCID record; only in a file that has some.
	AddToRecord string `json:"add_to_record,omitempty"`
	// Researchers are the ORCID identities with unclaimed works, sorted by iD.
	Researchers []UnclaimedResearcher `json:"researchers"`
}

// UnclaimedResearcher is one ORCID identity's unclaimed works, in two
// lists: Suggested, where the name written beside the iD is one of the
// researcher's names; NameDiffers, where it is somebody else's (most
// likely a publisher typed a wrong iD), kept apart so it is never taken
// for a match. Both sorted by DOI.
type UnclaimedResearcher struct {
	ORCID       string          `json:"orcid"`
	Suggested   []UnclaimedWork `json:"suggested,omitempty"`
	NameDiffers []UnclaimedWork `json:"name_differs,omitempty"`
	// NotOnRecord is the works on the page through a dblp person or
	// INSPIRE author of the same person that the ORCID record does not
	// list, sorted by work key: to be added to the record, not the page.
	NotOnRecord []NotOnRecordWork `json:"not_on_record,omitempty"`
}

// NotOnRecordWork is one entry of the page that a dblp or INSPIRE
// listing of the researcher names and their ORCID record lacks.
type NotOnRecordWork struct {
	Work  string `json:"work"` // the key of the work the page shows it as
	DOI   string `json:"doi,omitempty"`
	ArXiv string `json:"arxiv,omitempty"`
	Title string `json:"title,omitempty"`
	Year  int    `json:"year,omitempty"`
	// Listed is each listing's record of it, sorted by listing then work.
	Listed []ListedIn `json:"listed"`
	// Evidence is the discovery listings by the iD (Crossref, DataCite,
	// OpenAlex) that name its DOI too, sorted by provider; none when
	// none does, or discovery asked none.
	Evidence []Evidence `json:"evidence,omitempty"`
}

// ListedIn is one dblp or INSPIRE listing's record of a work.
type ListedIn struct {
	Listing string `json:"listing"`          // the listing's identity key, "dblp:<pid>" or "inspire:<id>"
	Record  string `json:"record,omitempty"` // dblp's record key or INSPIRE's recid
	Work    string `json:"work"`             // the key of the work it lists
	// LinksORCID: the listing's own page links this iD (dblp's verified
	// link), so the pairing is the service's word, not only the manifest's
	// shape.
	LinksORCID bool `json:"links_orcid,omitempty"`
}

// UnclaimedWork is one work and why it is thought to be the researcher's.
type UnclaimedWork struct {
	DOI      string     `json:"doi"` // normalised
	Title    string     `json:"title,omitempty"`
	Year     int        `json:"year,omitempty"`
	Evidence []Evidence `json:"evidence"` // one per service that listed it, sorted by provider
	Add      string     `json:"add"`      // the manifest lines that add it
	Dismiss  string     `json:"dismiss"`  // the manifest lines that dismiss it for good
}

// Evidence is one service's word that a work carries the iD: where the iD
// stands and the name written there.
type Evidence struct {
	Provider string `json:"provider"`
	Role     string `json:"role,omitempty"`     // "author" or "editor"; "" when the service matched the iD elsewhere
	Position int    `json:"position,omitempty"` // 1-based place among the authors (or editors)
	Name     string `json:"name,omitempty"`     // as written there
	// NameCheck is "agrees" (one of the researcher's names, by the rule
	// the same-name check uses), "differs", or "unchecked" (no name to
	// compare: none written, or none known for the researcher).
	NameCheck string `json:"name_check"`
}

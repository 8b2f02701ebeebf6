package record

// CV is the sections of an ORCID record a CV is made of, each in the
// record's own order (the owner's display order, as the API lists it).
// Fields are as the record gives them: a section the record leaves empty
// is absent.
type CV struct {
	Employments      []Affiliation `json:"employments,omitempty"`
	Educations       []Affiliation `json:"educations,omitempty"`
	Qualifications   []Affiliation `json:"qualifications,omitempty"`
	InvitedPositions []Affiliation `json:"invited_positions,omitempty"`
	Distinctions     []Affiliation `json:"distinctions,omitempty"`
	Memberships      []Affiliation `json:"memberships,omitempty"`
	Services         []Affiliation `json:"services,omitempty"`
	Fundings         []Grant       `json:"fundings,omitempty"`
	PeerReviews      []Reviewing   `json:"peer_reviews,omitempty"`
}

// IsZero reports a record with none of the sections.
func (c *CV) IsZero() bool {
	return c == nil || len(c.Employments)+len(c.Educations)+len(c.Qualifications)+len(c.InvitedPositions)+
		len(c.Distinctions)+len(c.Memberships)+len(c.Services)+len(c.Fundings)+len(c.PeerReviews) == 0
}

// Affiliation is one entry of an affiliation section (employment,
// education, distinction, …): ORCID's affiliation summary.
type Affiliation struct {
	Organization string `json:"organization"`
	City         string `json:"city,omitempty"`
	Region       string `json:"region,omitempty"`
	Country      string `json:"country,omitempty"` // ISO 3166-1 alpha-2, as ORCID gives it
	Department   string `json:"department,omitempty"`
	Role         string `json:"role,omitempty"` // role-title: the position, degree or award
	Start        Date   `json:"start,omitzero"`
	End          Date   `json:"end,omitzero"`
	URL          string `json:"url,omitempty"`
}

// Grant is one funding entry: ORCID's funding summary.
type Grant struct {
	Title   string `json:"title"`
	Type    string `json:"type,omitempty"` // grant, contract, award, salary-award
	Funder  string `json:"funder,omitempty"`
	Number  string `json:"number,omitempty"` // the grant number, when an external id gives one
	Start   Date   `json:"start,omitzero"`
	End     Date   `json:"end,omitzero"`
	URL     string `json:"url,omitempty"`
	Country string `json:"country,omitempty"`
}

// Reviewing is the peer reviews done for one venue: ORCID's peer-review
// group, counted.
type Reviewing struct {
	Venue   string `json:"venue"` // the convening organisation, else the group's id (issn:…)
	Reviews int    `json:"reviews"`
	Last    Date   `json:"last,omitzero"` // the latest completion date given
}

package record

// Owner is the name on an ORCID record, used to tell its owner's works
// from those of a stranger with the same name.
type Owner struct {
	ORCID  string   // the record's iD
	Given  string   // given names
	Family string   // family name
	Credit string   // the name the owner publishes under ("credit-name"), when set
	Other  []string // other names the owner lists (maiden names, transliterations…)
	CV     *CV      `json:",omitempty"` // the record's CV sections, when they were asked (manifest cv); nil otherwise
	// Links are the addresses the record links the owner's other profiles
	// by (its researcher URLs, then its external identifiers' URLs), as
	// written, in the record's order: discovery reads a dblp person or
	// INSPIRE author among them.
	Links []string `json:",omitempty"`
}

// Warning is something a provider noticed that the user should see but
// that does not fail the job (e.g. a malformed DOI on an ORCID record).
type Warning struct {
	Identity string // identity key the warning is about
	Message  string
	// Transient marks a warning about a request of this run that failed,
	// not about the work: it is told in the run's story and never written
	// into a snapshot, where the previous values stand.
	Transient bool `json:",omitempty"`
}

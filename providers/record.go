package providers

import (
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Discovered is a work found by expanding an identity (an ORCID record).
type Discovered struct {
	ID      manifest.Identity // the work's identity (DOI when it has one)
	Summary record.Record     // what the record itself says about the work
	Source  string            // evidence, e.g. "orcid:0000-0002-9341-7985 put-code 15536015"
	Group   *Group            `json:",omitempty"` // how several entries became this one work; nil for a lone entry
}

// Group says how one ORCID group (the entries ORCID itself considers one
// work: the same paper added from Crossref, Europe PMC, Scopus, a BibTeX
// import…) became one work, so the choice can be seen and overridden.
type Group struct {
	PutCodes []string `json:"put_codes"`         // every entry, the chosen one first
	Sources  []string `json:"sources"`           // each entry's source name, in the same order
	Chosen   string   `json:"chosen"`            // why the work is known by its identity and that entry
	Aliases  []string `json:"aliases,omitempty"` // other DOIs the group held, folded into this work
}

// Person is the name on an ORCID record, used to tell its owner's works
// from those of a stranger with the same name.
type Person struct {
	ORCID  string   // the record's iD
	Given  string   // given names
	Family string   // family name
	Credit string   // the name the owner publishes under ("credit-name"), when set
	Other  []string // other names the owner lists (maiden names, transliterations…)
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

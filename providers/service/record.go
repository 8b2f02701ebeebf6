package service

import (
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// Discovered is a work found by expanding an identity (an ORCID record).
type Discovered struct {
	ID      manifest.Identity // the work's identity (DOI when it has one)
	Summary record.Record     // what the record itself says about the work
	Source  string            // evidence, e.g. "orcid:0000-0002-9341-7985 put-code 15536015"
	// Counts are the work's counters as the listing gives them (INSPIRE's
	// search answers each hit's citation counts), so a listing service
	// is a counts source without a request per work; zero when none.
	Counts record.Counts `json:",omitzero"`
	Group  *Group        `json:",omitempty"` // how several entries became this one work; nil for a lone entry
	// Read says which entry's details Summary holds and how recent they
	// are; nil when they are the summary's alone (the details were not
	// given) or the record gives no last-modified-date.
	Read *EntryRead `json:",omitempty"`
}

// EntryRead is the entry whose details speak for a work, by its put-code,
// and its last-modified-date (milliseconds since the epoch, as ORCID gives
// it): while the summary gives the same date, the details are the same.
type EntryRead struct {
	PutCode  string `json:"put_code"`
	Modified int64  `json:"modified"`
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

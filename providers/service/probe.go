package service

import (
	"time"
)

// Probe is one cheap, documented request about a stable, well-known work
// that about doctor sends to a service to learn, before a run lands wrong
// data, whether the service still answers in the shape the parser reads.
// It is declared in each provider's file, next to the parser it guards.
type Probe struct {
	Path   string // path and query from the service's base URL, as sent
	Accept string // Accept header to send, or "" for none
	Mailto string // query parameter that carries the manifest's contact e-mail, or ""
	// XML: the answer is XML and Fields are element paths from the root,
	// slash-separated local names, an attribute after @
	// ("feed/entry/link@href"). Otherwise the answer is JSON and Fields
	// are gjson paths where "[]" means "in some element of this array"
	// ("message.items[].title"; a leading "[]" is the top-level array).
	XML    bool
	Fields []string     // what the parser reads, including the list and pagination envelope
	Rate   *RateHeaders // the headers the service announces its pace in; nil when it announces none
	Doc    string       // link to the documentation of the request form
}

// RateHeaders names the response headers in which a service announces
// how many requests it allows per window.
type RateHeaders struct {
	Limit  string        // header with the number of requests allowed per window
	Window string        // header naming the window in seconds ("1s", "60s"), or "" when Per gives it
	Per    time.Duration // the window when no header names it
	Source string        // link to where the service documents these headers
}

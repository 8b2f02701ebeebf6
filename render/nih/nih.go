// Package nih is `about render --format nih`: which works acknowledge NIH
// funding (a funder that is NIH or one of its institutes, funders.go) and
// where each stands under NIH's Public Access Policy (policy.go): in PubMed
// Central, not in it, or not covered, and what to do. It reads the works
// render hands it and writes a Markdown report or CSV (write.go); it reads
// no snapshot and no clock, and it never asks PMC: a status rests on the
// PMCIDs and dates the snapshots hold, and the report says so.
package nih

import (
	"github.com/aboutscholar/about/record"
)

// Work is what the report reads of one entry of the page.
type Work struct {
	Key     string      // identity key, e.g. doi:10.5555/abc
	Title   string      // as the merged record gives it (hostile: the writers escape it)
	Issued  record.Date // the publication date, at its precision
	Type    string      // CSL item type
	Genre   string      // CSL genre ("Preprint")
	DOI     string
	PMID    string
	PMCID   string
	Funding []record.Funding // the funders the merged record names
	// FundingFrom is the service whose list Funding is (the snapshot's
	// provenance), "" when unknown.
	FundingFrom string
	// Elsewhere are the funder lists other services give (an index's,
	// partly mined from the acknowledgements), read when Funding names
	// no NIH funder.
	Elsewhere []Sourced
}

// Sourced is one service's funder list.
type Sourced struct {
	Provider string
	Funding  []record.Funding
}

// Row is one work of the report with its NIH funders and its status.
type Row struct {
	Work
	NIH   []record.Funding // the funders that are NIH (IsNIH), in the service's order
	Match Match            // the strongest way one of them was recognised (an id over a name)
	// OnlyBy is the service that alone names NIH, when the merged list
	// (FundingFrom's) does not: the work is in the report, and it says
	// whose word that is.
	OnlyBy string
	Policy Policy // the policy the work's type and date point to, and its status
}

// Report is the works, sorted as render sorted them (newest first).
type Report struct {
	Funded  []Row // works with NIH funding
	Unknown []Row // works no service named any funder of: listed with the status they would have if NIH funded them
	Other   int   // works whose funders are all others: counted, not listed
}

// Classify sorts the works into the report's sections.
func Classify(works []Work) Report {
	var r Report
	for _, w := range works {
		row := Row{Work: w, Policy: PolicyOf(w)}
		if len(w.Funding) == 0 {
			r.Unknown = append(r.Unknown, row)
			continue
		}
		row.NIH, row.Match = nihOf(w.Funding)
		for _, s := range w.Elsewhere {
			if len(row.NIH) > 0 {
				break
			}
			if row.NIH, row.Match = nihOf(s.Funding); len(row.NIH) > 0 {
				row.OnlyBy = s.Provider
			}
		}
		if len(row.NIH) == 0 {
			r.Other++
			continue
		}
		r.Funded = append(r.Funded, row)
	}
	return r
}

// nihOf is a list's NIH funders, in its order, and the strongest way one
// was recognised: one funder known by an id makes the row sure, whatever
// place it has in the list.
func nihOf(list []record.Funding) ([]record.Funding, Match) {
	var out []record.Funding
	var match Match
	for _, f := range list {
		if m := IsNIH(f); m != "" {
			if strength(m) > strength(match) {
				match = m
			}
			out = append(out, f)
		}
	}
	return out, match
}

// strength orders the ways of recognising NIH, name weakest; 0 for none.
func strength(m Match) int {
	switch m {
	case ByDOI:
		return 3
	case ByROR:
		return 2
	case ByName:
		return 1
	}
	return 0
}

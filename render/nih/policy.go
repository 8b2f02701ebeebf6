package nih

import (
	"time"

	"github.com/aboutscholar/about/record"
)

// The NIH Public Access Policy's dates, from NIH's own pages:
//
//   - The 2008 policy (NOT-OD-08-033,
//     https://grants.nih.gov/grants/guide/notice-files/NOT-OD-08-033.html)
//     took effect on 7 April 2008 ("takes effect April 7", NIH Extramural
//     Nexus, March 2008, https://nexus.od.nih.gov/all/category/top-stories/page/48/):
//     final peer-reviewed manuscripts submitted to PubMed Central upon
//     acceptance, public no later than 12 months after the official date of
//     publication (the statute, 42 U.S.C. 282c).
//   - The 2024 policy (NOT-OD-25-047,
//     https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-047.html)
//     applies to Author Accepted Manuscripts accepted for publication in a
//     journal on or after its effective date, which NOT-OD-25-101
//     (https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-101.html)
//     moved to 1 July 2025: "the 2024 NIH Public Access Policy will now go
//     into effect on July 1, 2025 … The current NIH Public Access Policy
//     remains in effect through June 30, 2025" (NIH Extramural Nexus, May
//     2025, https://www.grants.nih.gov/news-events/nih-extramural-nexus-news/2025/05/accelerating-implementation-of-the-nih-2024-public-access-policy).
//     The manuscript is public in PMC without embargo upon the official
//     date of publication.
//   - How to submit (NIHMS, or a journal that deposits the final article):
//     https://grants.nih.gov/policy-and-compliance/policy-topics/public-access/submitting-pubmed-central
//
// Both policies turn on the date a manuscript was accepted, which no
// service about reads gives: the publication date stands in for it. A
// work published before a date was accepted before it, so that part is
// sure; a work published after it may have been accepted before, and the
// report says so rather than guess.
var (
	policy2008 = time.Date(2008, time.April, 7, 0, 0, 0, 0, time.UTC)
	policy2024 = time.Date(2025, time.July, 1, 0, 0, 0, 0, time.UTC)
)

// The links the report cites, NIH's own pages.
const (
	Notice2008      = "https://grants.nih.gov/grants/guide/notice-files/NOT-OD-08-033.html"
	Notice2024      = "https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-047.html"
	Notice2024Date  = "https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-101.html"
	PolicyPage      = "https://grants.nih.gov/policy-and-compliance/policy-topics/public-access"
	SubmittingPage  = "https://grants.nih.gov/policy-and-compliance/policy-topics/public-access/submitting-pubmed-central"
	NIHMS           = "https://www.nihms.nih.gov/"
	nihmsText       = "NIHMS (" + NIHMS + ")"
	journalsDeposit = "unless the journal deposits the final article in PMC itself"
)

// Status is where a work stands under the policy.
type Status string

// The statuses.
const (
	InPMC         Status = "in PMC"         // the snapshots hold its PMCID
	NotInPMC      Status = "not in PMC"     // covered, and no service gave a PMCID
	NotApplicable Status = "not applicable" // a work the policy does not cover: its type, or published before 7 April 2008
)

// Policy is a work's status, which policy its dates point to, what that
// rests on, and what to do.
type Policy struct {
	Status  Status
	Applies string // which policy: "2008 policy", "2024 policy if accepted on or after 1 July 2025, else 2008 policy", …; "none" when not applicable
	// Basis is what Applies rests on, in plain words; for a work not
	// covered, why.
	Basis  string
	Action string // what to do, in plain words
}

// PolicyOf is the work's policy and status. A journal article (CSL
// article-journal, or a work of no known type) is covered from 7 April
// 2008 by its publication date; a preprint, dataset, book, chapter or
// conference paper is not a manuscript accepted by a journal.
func PolicyOf(w Work) Policy {
	if w.Genre == "Preprint" || (w.Type != "article-journal" && w.Type != "") {
		kind := w.Type
		if w.Genre == "Preprint" {
			kind = "preprint"
		}
		return Policy{Status: NotApplicable, Applies: "none",
			Basis:  "not covered: not a journal article (" + kind + ")",
			Action: "Nothing under the policy."}
	}
	p := Policy{Status: NotInPMC}
	if w.PMCID != "" {
		p.Status = InPMC
	}
	first, last, dated := span(w.Issued)
	switch {
	case !dated:
		p.Applies = "2008 or 2024 policy, by its acceptance date"
		p.Basis = "no publication date is known"
	case last.Before(policy2008):
		return Policy{Status: NotApplicable, Applies: "none",
			Basis:  "not covered: published " + w.Issued.String() + ", before the 2008 policy took effect (7 April 2008)",
			Action: "Nothing under the policy."}
	case first.Before(policy2008):
		p.Applies = "2008 policy if accepted on or after 7 April 2008"
		p.Basis = "published " + w.Issued.String() + ": the acceptance date decides"
	case last.Before(policy2024):
		p.Applies = "2008 policy"
		p.Basis = "published " + w.Issued.String() + ", before 1 July 2025, so accepted before the 2024 policy"
	default:
		p.Applies = "2024 policy if accepted on or after 1 July 2025, else 2008 policy"
		p.Basis = "published " + w.Issued.String() + "; the acceptance date is unknown, and decides"
	}
	p.Action = actionFor(p, w)
	return p
}

// actionFor is what to do about a covered work.
func actionFor(p Policy, w Work) string {
	if p.Status == InPMC {
		return "Nothing to submit: cite " + w.PMCID + " in progress reports (RPPR) and applications."
	}
	do := "Check PMC first (the PMCID may be newer than these snapshots); if it is not there, submit the accepted manuscript through " +
		nihmsText + ", " + journalsDeposit + "."
	switch p.Applies {
	case "2008 policy", "2008 policy if accepted on or after 7 April 2008":
		return do + " The 2008 policy allowed it to become public up to 12 months after publication."
	default:
		return do + " Under the 2024 policy it must be public in PMC on the publication date, with no embargo."
	}
}

// span is the first and last day a date at its precision may be (2008 is
// 1 January to 31 December 2008); dated is false for no date.
func span(d record.Date) (first, last time.Time, dated bool) {
	if d.IsZero() {
		return time.Time{}, time.Time{}, false
	}
	switch {
	case d.Month == 0:
		first = time.Date(d.Year, time.January, 1, 0, 0, 0, 0, time.UTC)
		last = first.AddDate(1, 0, -1)
	case d.Day == 0:
		first = time.Date(d.Year, time.Month(d.Month), 1, 0, 0, 0, 0, time.UTC)
		last = first.AddDate(0, 1, -1)
	default:
		first = time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
		last = first
	}
	return first, last, true
}

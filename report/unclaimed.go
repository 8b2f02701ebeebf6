package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/aboutscholar/about/internal/english"
	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/record"
)

// ORCIDAutoUpdate is where ORCID explains how a researcher lets Crossref
// (and, from the same page's links, DataCite) add the works carrying
// their iD to their record by themselves (ORCID's auto-update).
const ORCIDAutoUpdate = "https://support.orcid.org/hc/en-us/articles/360006971293-Auto-updates-in-third-party-systems-Crossref"

// Listing is one discovery listing: the works one service attributes to
// one ORCID iD of the manifest. Its requests are among its host's.
type Listing struct {
	Outcome     // Identity is the ORCID identity; Found when it answered
	Works   int // works with a DOI it listed
	Total   int // works it counted
	Pages   int // list requests it made (retries aside)
	Cut     bool
}

// Unclaimed is one work a listing names that is neither on the page nor
// excluded: the content of unclaimed.json, as the story tells it.
type Unclaimed struct {
	ORCID       string
	DOI         string
	Title       string
	Year        int
	NameDiffers bool       // a name written beside the iD is not the researcher's: likely a wrong iD
	Evidence    []Evidence // one per service that carries the iD
	Add         string     // manifest lines that add it
	Dismiss     string     // manifest lines that dismiss it for good
}

// Evidence is where one service carries the iD on a work.
type Evidence struct {
	Provider  string
	Role      string    // "author" or "editor"; "" when the service has the iD elsewhere in its metadata
	Position  int       // 1-based place among the authors (or editors); 0 when not beside one
	Name      string    // the name written there
	NameCheck NameCheck // whether it is one of the researcher's names
}

// NameCheck is how a name beside the iD compares with the researcher's.
type NameCheck uint8

// The outcomes of the comparison; the zero value is none the story names.
const (
	NameUnknown   NameCheck = iota
	NameAgrees              // one of the researcher's names
	NameDiffers             // another person's: likely an iD typed wrong
	NameUnchecked           // no name to compare on either side
)

// evidenceLine is one piece of evidence in words: "crossref: author 2,
// “J. Carberry” (name agrees)".
func evidenceLine(e Evidence) string {
	if e.Position == 0 {
		return e.Provider + ": the iD is in its metadata, not beside an author"
	}
	what := map[NameCheck]string{NameAgrees: "name agrees", NameDiffers: "name differs", NameUnchecked: "name not compared"}[e.NameCheck]
	return fmt.Sprintf("%s: %s %d, %q (%s)", e.Provider, e.Role, e.Position, e.Name, what)
}

// evidenceLines are a suggestion's evidence, one line per service.
func evidenceLines(evidence []Evidence) []string {
	var lines []string
	for _, e := range evidence {
		lines = append(lines, evidenceLine(e))
	}
	return lines
}

// discoveryNotes tell what the listings could not do: each that failed,
// and each cut short.
func (r *Report) discoveryNotes() []string {
	var notes []string
	for _, l := range r.Listings {
		switch {
		case r.Interrupted && l.Status == record.Skipped:
			// the verdict says the run was interrupted; once is enough
		case l.Status != record.Found:
			notes = append(notes, fmt.Sprintf("could not list the works %s attributes to ORCID iD %s (%s): the suggestions of unclaimed.json for it are last time's",
				l.Provider, l.Identity.Value, termtext.Field(jobReason(l.Outcome))))
		case l.Cut:
			notes = append(notes, fmt.Sprintf("%s attributes %d works to ORCID iD %s; only the first %d were compared with the record", l.Provider, l.Total, l.Identity.Value, l.Works))
		}
	}
	return notes
}

// discoveryRequests is how many list requests the listings made.
func (r *Report) discoveryRequests() int {
	n := 0
	for _, l := range r.Listings {
		n += l.Pages
	}
	return n
}

// writeUnclaimed tells the suggestions of unclaimed.json: the works that
// carry the iD (writeSuggestions), then those the record lacks that dblp
// or INSPIRE lists (writeNotOnRecord).
func (r *Report) writeUnclaimed(w io.Writer) {
	r.writeSuggestions(w)
	r.writeNotOnRecord(w)
	r.writeProfiles(w)
}

// writeSuggestions tells the works that carry the iD, the plain ones
// first and those whose name differs apart, with the lines to paste.
func (r *Report) writeSuggestions(w io.Writer) {
	if len(r.Unclaimed) == 0 {
		return // nothing to suggest; a listing that failed is a note
	}
	ids := map[string]bool{}
	for _, l := range r.Listings {
		ids[l.Identity.Value] = true
	}
	n := r.discoveryRequests()
	fmt.Fprintf(w, "\nasked for the works that carry the manifest's ORCID %s (%d %s, counted above):\n",
		english.Plural(len(ids), "iD", "iDs"), n, english.Plural(n, "list request", "list requests"))
	var plain, differ []Unclaimed
	for _, u := range r.Unclaimed {
		if u.NameDiffers {
			differ = append(differ, u)
		} else {
			plain = append(plain, u)
		}
	}
	if len(plain) > 0 {
		fmt.Fprintf(w, "  %d %s the iD but %s on neither the ORCID record nor the page (unclaimed.json):\n",
			len(plain), english.Plural(len(plain), "work carries", "works carry"), english.Plural(len(plain), "is", "are"))
		writeUnclaimedList(w, plain)
		fmt.Fprintf(w, "  to add one, paste its [[identity]] lines (unclaimed.json has them) into the manifest, e.g.\n%s\n", indent(plain[0].Add, "      "))
	}
	if len(differ) > 0 {
		fmt.Fprintf(w, "  %d %s the iD beside another person's name: likely a publisher typed the iD wrong; check before adding:\n",
			len(differ), english.Plural(len(differ), "work carries", "works carry"))
		writeUnclaimedList(w, differ)
	}
	example := r.Unclaimed[0]
	if len(differ) > 0 {
		example = differ[0] // the likeliest to be dismissed
	}
	fmt.Fprintf(w, "  to dismiss one for good, paste its [[exclude]] lines, e.g.\n%s\n", indent(example.Dismiss, "      "))
	fmt.Fprintf(w, "  to have the record fixed at its source, let Crossref and DataCite add such works to it (ORCID's auto-update): %s\n", ORCIDAutoUpdate)
}

func writeUnclaimedList(w io.Writer, list []Unclaimed) {
	for _, u := range list {
		title := u.Title
		if u.Year > 0 {
			title = fmt.Sprintf("%s (%d)", title, u.Year)
		}
		fmt.Fprintf(w, "    %s  doi:%s  %s\n", u.ORCID, termtext.Field(u.DOI), termtext.Field(strings.TrimSpace(title)))
		for _, e := range u.Evidence {
			fmt.Fprintf(w, "        %s\n", termtext.Field(evidenceLine(e)))
		}
	}
}

func indent(s, by string) string {
	return by + strings.ReplaceAll(s, "\n", "\n"+by)
}

// UnclaimedReport is one suggestion of unclaimed.json in the run report.
type UnclaimedReport struct {
	ORCID       string   `json:"orcid"`
	DOI         string   `json:"doi"`
	Title       string   `json:"title,omitempty"`
	Year        int      `json:"year,omitempty"`
	NameDiffers bool     `json:"name_differs"` // likely a wrong iD: shown apart
	Evidence    []string `json:"evidence"`
	Add         string   `json:"add"`
	Dismiss     string   `json:"dismiss"`
}

// ListingReport is one discovery listing in the run report.
type ListingReport struct {
	ORCID    string `json:"orcid"`
	Provider string `json:"provider"`
	Status   string `json:"status"` // "found" when it answered
	Works    int    `json:"works"`
	Requests int    `json:"requests"`
	Cut      bool   `json:"cut"`
	Reason   string `json:"reason,omitempty"`
}

// discoveryJSON is the listings and suggestions for the run report.
func (r *Report) discoveryJSON() ([]ListingReport, []UnclaimedReport) {
	listings, unclaimed := []ListingReport{}, []UnclaimedReport{}
	for _, l := range r.Listings {
		lr := ListingReport{ORCID: l.Identity.Value, Provider: l.Provider, Status: string(l.Status), Works: l.Works, Requests: l.Pages, Cut: l.Cut}
		if l.Status != record.Found {
			lr.Reason = jobReason(l.Outcome)
		}
		listings = append(listings, lr)
	}
	for _, u := range r.Unclaimed {
		unclaimed = append(unclaimed, UnclaimedReport{ORCID: u.ORCID, DOI: u.DOI, Title: u.Title, Year: u.Year, NameDiffers: u.NameDiffers,
			Evidence: orEmpty(evidenceLines(u.Evidence)), Add: u.Add, Dismiss: u.Dismiss})
	}
	return listings, unclaimed
}

// NotOnRecord is one researcher's not_on_record in unclaimed.json, as the
// story tells it: the works on the page through a dblp or INSPIRE
// listing of the same person that their ORCID record lacks.
type NotOnRecord struct {
	ORCID      string
	Works      int      // entries the record lacks
	Listings   []string // the listings that name them ("dblp:00/0000"), sorted
	ByLink     []string // of those, the ones whose own page links the iD (dblp's verified link)
	AlsoListed int      // of the works, those a Crossref, DataCite or OpenAlex listing by the iD names too
	Kept       bool     // last run's: the record or a listing was not read this run
}

// AddToORCID is how works get onto an ORCID record by hand: the works
// section's Add works menu (Search & link, Import BibTeX), as ORCID's
// "Import and export works with BibTeX" describes it.
const AddToORCID = "on orcid.org, Works, Add works: Search & link, or Import BibTeX with a .bib of them alone (about render --format bibtex writes every work's entry: delete the others first)"

// writeNotOnRecord tells not_on_record, a line a researcher.
func (r *Report) writeNotOnRecord(w io.Writer) {
	if len(r.NotOnRecord) == 0 {
		return
	}
	fmt.Fprintf(w, "\nworks the page has from dblp or INSPIRE-HEP that the ORCID record lacks (unclaimed.json, not_on_record):\n")
	for _, n := range r.NotOnRecord {
		line := fmt.Sprintf("%s: %d %s on the page through %s %s not on the ORCID record", n.ORCID, n.Works, english.Plural(n.Works, "work", "works"),
			strings.Join(n.Listings, " and "), english.Plural(n.Works, "is", "are"))
		if n.AlsoListed > 0 {
			line += fmt.Sprintf("; a Crossref, DataCite or OpenAlex listing by the iD names %d of them too", n.AlsoListed)
		}
		for _, l := range n.ByLink {
			line += fmt.Sprintf("; %s's page links this iD", strings.SplitN(l, ":", 2)[0])
		}
		if n.Kept {
			line += " (last run's: the record or a listing could not be read this run)"
		}
		fmt.Fprintf(w, "  %s\n", termtext.Field(line))
	}
	fmt.Fprintf(w, "  to add them to the record: %s\n", AddToORCID)
}

// NotOnRecordReport is one researcher's not_on_record in the run report.
type NotOnRecordReport struct {
	ORCID      string   `json:"orcid"`
	Works      int      `json:"works"`       // entries the record lacks
	Listings   []string `json:"listings"`    // the dblp or INSPIRE listings that name them
	LinksORCID []string `json:"links_orcid"` // of those, the ones whose page links the iD
	AlsoListed int      `json:"also_listed"` // of the works, those a listing by the iD names too
	Kept       bool     `json:"kept"`        // last run's: the record or a listing was not read
}

// notOnRecordJSON is NotOnRecord for the run report.
func (r *Report) notOnRecordJSON() []NotOnRecordReport {
	var out []NotOnRecordReport
	for _, n := range r.NotOnRecord {
		out = append(out, NotOnRecordReport{ORCID: n.ORCID, Works: n.Works, Listings: orEmpty(n.Listings), LinksORCID: orEmpty(n.ByLink), AlsoListed: n.AlsoListed, Kept: n.Kept})
	}
	return out
}

// ProfileLink is a dblp person or INSPIRE author an ORCID record of the
// manifest links that the manifest does not name.
type ProfileLink struct {
	ORCID  string
	Member string // the lab's [[member]] with the iD, "" on a page with no lab
	Kind   string // "dblp" or "inspire", the manifest's key
	Value  string // the value the manifest takes; "" when the address names none
	URL    string // as the record writes it
}

// profileLine is one profile in words, with the manifest line that would
// list its works, or what to look up when the address names no value.
func profileLine(p ProfileLink) string {
	where := "the manifest, as an [[identity]],"
	if p.Member != "" {
		where = fmt.Sprintf("its [[member]] (%q)", p.Member)
	}
	switch {
	case p.Value != "":
		return fmt.Sprintf("%s links %s, which the manifest does not name: to list its works, add to %s %s = %q", p.ORCID, p.URL, where, p.Kind, p.Value)
	case p.Kind == "dblp":
		return fmt.Sprintf("%s links %s, dblp's older name-based address, which names no pid: open it and add to %s dblp = \"<pid>\" with the pid of its persistent URL (https://dblp.org/pid/…)", p.ORCID, p.URL, where)
	}
	return fmt.Sprintf("%s links %s, whose number is no INSPIRE author id: add to %s inspire = \"…\" with the BAI (E.Witten.1) or INSPIRE ID the profile shows", p.ORCID, p.URL, where)
}

// writeProfiles tells the profiles the records link that the manifest
// does not name, a line each.
func (r *Report) writeProfiles(w io.Writer) {
	if len(r.Profiles) == 0 {
		return
	}
	fmt.Fprintf(w, "\ndblp or INSPIRE-HEP profiles the ORCID records link that the manifest does not name:\n")
	for _, p := range r.Profiles {
		fmt.Fprintf(w, "  %s\n", termtext.Field(profileLine(p)))
	}
}

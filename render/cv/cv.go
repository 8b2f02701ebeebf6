// Package cv writes a researcher's CV: the sections of their ORCID
// record (employment, education, distinctions, memberships, service,
// funding, peer reviews) and their works grouped by type, as a LaTeX
// document pdflatex compiles (WriteLaTeX), as a Typst document
// (WriteTypst) and as a JSON Resume (WriteJSONResume). It writes what it
// is given: render picks the works and words them.
package cv

import (
	"fmt"
	"strings"

	"github.com/aboutscholar/about/record"
)

// Document is what a CV says.
type Document struct {
	Name     string    // the researcher's name, the CV's title
	ORCIDs   []string  // their iDs, linked under the name
	Sections record.CV // the ORCID records' CV sections, one record's after another's
	Groups   []Group   // the works, by type, in page order
	Sources  string    // the attribution line ("Data from ORCID, Crossref, …"), "" for none
}

// Group is one type of work: its heading and its works, newest first.
type Group struct {
	Title string
	Works []Work
}

// Work is one work as the CV lists it, worded already.
type Work struct {
	Authors []Author
	EtAl    string // what follows a cut list (" et al. (40 authors)"), "" for none
	Title   string
	Kind    string // what it is, as people say it ("Journal article", a genre: "Poster"), "" for none
	In      string // the word before the container ("In"), "" for none
	Venue   string // journal, proceedings, publisher
	Detail  string // volume(issue), pages
	Date    record.Date
	Year    string // the date as people read it ("17 May 2023")
	DOI     string
	URL     string   // the link: the DOI's resolver URL, else the landing page; "" for none
	Notes   []string // the user's award and note, each a sentence
	Legend  string   // what the authors' marks mean, its parts joined by "; "; "" for none
}

// Author is one listed author.
type Author struct {
	Name string
	Me   bool   // the researcher: in bold
	Mark string // the user's marks: "*" equal contribution, "†" corresponding
	Gap  bool   // authors were left out before this one
}

// affiliationSections are the CV's affiliation sections, in CV order:
// each heading and the record's list.
func affiliationSections(c record.CV) []struct {
	title string
	items []record.Affiliation
} {
	return []struct {
		title string
		items []record.Affiliation
	}{
		{"Employment", c.Employments},
		{"Education", c.Educations},
		{"Qualifications", c.Qualifications},
		{"Invited positions", c.InvitedPositions},
		{"Distinctions and awards", c.Distinctions},
		{"Memberships", c.Memberships},
		{"Service", c.Services},
	}
}

// period is an entry's dates: "1930–present" for a start without an
// end, "1925–1929", "1975" for one date.
func period(start, end record.Date, ongoing bool) string {
	s, e := dateText(start), dateText(end)
	switch {
	case s != "" && e != "" && s != e:
		return s + "–" + e
	case s != "" && e == "" && ongoing:
		return s + "–present"
	case s != "":
		return s
	}
	return e
}

// dateText is a date at its precision, as a CV writes it: "1930",
// "Feb 1930" (a day is too fine for a CV line).
func dateText(d record.Date) string {
	switch {
	case d.Year == 0:
		return ""
	case d.Month < 1 || d.Month > 12: // none, or none a calendar has (a hand-edited snapshot)
		return fmt.Sprint(d.Year)
	}
	return fmt.Sprintf("%.3s %d", monthNames[d.Month-1], d.Year)
}

var monthNames = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// place is an organisation's city, region and country, comma-separated.
func place(a record.Affiliation) string {
	return joinNonEmpty(", ", a.City, a.Region, a.Country)
}

func joinNonEmpty(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// ongoing reports that an affiliation section's open end means "to this
// day": a position held, a degree under way; an award or a
// qualification has one date.
func ongoing(title string) bool {
	switch title {
	case "Employment", "Education", "Memberships", "Service", "Invited positions":
		return true
	}
	return false
}

// reviewsByVenue is the peer reviews one line a venue, in the order each
// venue first comes: ORCID groups reviews by the reviewed journal and
// names each group by its convening organisation, often the publisher,
// so several groups (and a second iD's record) name the same one; their
// counts are summed and the latest date kept.
func reviewsByVenue(rs []record.Reviewing) []record.Reviewing {
	var merged []record.Reviewing
	at := map[string]int{}
	for _, r := range rs {
		key := strings.ToLower(strings.Join(strings.Fields(r.Venue), " "))
		i, ok := at[key]
		if !ok {
			at[key] = len(merged)
			merged = append(merged, r)
			continue
		}
		merged[i].Reviews += r.Reviews
		if dateKey(r.Last) > dateKey(merged[i].Last) {
			merged[i].Last = r.Last
		}
	}
	return merged
}

// grantNumber is a funding's number after its kind in words: "grant
// PSY-1234", "salary award 5" (ORCID's type salary-award).
func grantNumber(g record.Grant) string {
	return strings.TrimSpace(strings.ReplaceAll(g.Type, "-", " ") + " " + g.Number)
}

// dateKey orders dates: a later one has a larger key, a year alone
// before any month of it.
func dateKey(d record.Date) int { return d.Year*10000 + d.Month*100 + d.Day }

// Merge appends b's sections to a's: a researcher with two iDs has both
// records' entries, the first record's first.
func Merge(a, b record.CV) record.CV {
	a.Employments = append(a.Employments, b.Employments...)
	a.Educations = append(a.Educations, b.Educations...)
	a.Qualifications = append(a.Qualifications, b.Qualifications...)
	a.InvitedPositions = append(a.InvitedPositions, b.InvitedPositions...)
	a.Distinctions = append(a.Distinctions, b.Distinctions...)
	a.Memberships = append(a.Memberships, b.Memberships...)
	a.Services = append(a.Services, b.Services...)
	a.Fundings = append(a.Fundings, b.Fundings...)
	a.PeerReviews = append(a.PeerReviews, b.PeerReviews...)
	return a
}

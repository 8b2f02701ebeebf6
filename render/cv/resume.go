package cv

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/aboutscholar/about/record"
)

// The JSON Resume 1.0.0 document (https://jsonresume.org/schema,
// jsonresume/resume-schema v1.0.0 schema.json): only the sections a
// record fills, each field only when it has a value, so a reader's
// defaults stand for what the record does not say.
type resume struct {
	Basics       resumeBasics        `json:"basics"`
	Work         []resumeWork        `json:"work,omitempty"`
	Volunteer    []resumeWork        `json:"volunteer,omitempty"`
	Education    []resumeEducation   `json:"education,omitempty"`
	Awards       []resumeAward       `json:"awards,omitempty"`
	Publications []resumePublication `json:"publications,omitempty"`
	Meta         resumeMeta          `json:"meta"`
}

type resumeBasics struct {
	Name     string          `json:"name,omitempty"`
	URL      string          `json:"url,omitempty"`
	Profiles []resumeProfile `json:"profiles,omitempty"`
}

type resumeProfile struct {
	Network  string `json:"network"`
	Username string `json:"username"`
	URL      string `json:"url"`
}

// resumeWork is a work or volunteer entry; volunteer's is "organization"
// where work's is "name" in 1.0.0.
type resumeWork struct {
	Name         string `json:"name,omitempty"`
	Organization string `json:"organization,omitempty"`
	Location     string `json:"location,omitempty"` // work's alone
	Position     string `json:"position,omitempty"`
	URL          string `json:"url,omitempty"`
	StartDate    string `json:"startDate,omitempty"`
	EndDate      string `json:"endDate,omitempty"`
	Summary      string `json:"summary,omitempty"`
}

type resumeEducation struct {
	Institution string `json:"institution,omitempty"`
	URL         string `json:"url,omitempty"`
	Area        string `json:"area,omitempty"`
	StudyType   string `json:"studyType,omitempty"`
	StartDate   string `json:"startDate,omitempty"`
	EndDate     string `json:"endDate,omitempty"`
}

type resumeAward struct {
	Title   string `json:"title,omitempty"`
	Date    string `json:"date,omitempty"`
	Awarder string `json:"awarder,omitempty"`
	Summary string `json:"summary,omitempty"`
}

type resumePublication struct {
	Name        string `json:"name,omitempty"`
	Publisher   string `json:"publisher,omitempty"`
	ReleaseDate string `json:"releaseDate,omitempty"`
	URL         string `json:"url,omitempty"`
	Summary     string `json:"summary,omitempty"`
}

type resumeMeta struct {
	Version string `json:"version"`
}

// WriteJSONResume writes d as a JSON Resume 1.0.0 document: employment
// and invited positions as work (the place its location), service and memberships as volunteer,
// education and qualifications as education, distinctions and funding
// as awards, the works as publications (the summary: authors, type and
// the user's notes).
func WriteJSONResume(b *bufio.Writer, d Document) error {
	r := resume{Basics: resumeBasics{Name: d.Name}, Meta: resumeMeta{Version: "v1.0.0"}}
	for _, id := range d.ORCIDs {
		r.Basics.Profiles = append(r.Basics.Profiles, resumeProfile{Network: "ORCID", Username: id, URL: "https://orcid.org/" + id})
	}
	s := d.Sections
	for _, a := range append(append([]record.Affiliation(nil), s.Employments...), s.InvitedPositions...) {
		r.Work = append(r.Work, resumeWork{Name: a.Organization, Location: place(a), Position: a.Role, URL: webURL(a.URL),
			StartDate: isoDate(a.Start), EndDate: isoDate(a.End), Summary: a.Department})
	}
	for _, a := range append(append([]record.Affiliation(nil), s.Services...), s.Memberships...) {
		r.Volunteer = append(r.Volunteer, resumeWork{Organization: a.Organization, Position: a.Role, URL: webURL(a.URL),
			StartDate: isoDate(a.Start), EndDate: isoDate(a.End), Summary: joinNonEmpty(", ", a.Department, place(a))})
	}
	for _, a := range append(append([]record.Affiliation(nil), s.Educations...), s.Qualifications...) {
		r.Education = append(r.Education, resumeEducation{Institution: a.Organization, URL: webURL(a.URL), Area: a.Department, StudyType: a.Role,
			StartDate: isoDate(a.Start), EndDate: isoDate(a.End)})
	}
	for _, a := range s.Distinctions {
		// ORCID's form asks a start and an end date: an award given on
		// one day may have either.
		date := cmp.Or(isoDate(a.Start), isoDate(a.End))
		r.Awards = append(r.Awards, resumeAward{Title: a.Role, Date: date, Awarder: a.Organization, Summary: a.Department})
	}
	for _, g := range s.Fundings {
		r.Awards = append(r.Awards, resumeAward{Title: g.Title, Date: isoDate(g.Start), Awarder: g.Funder,
			Summary: grantNumber(g)})
	}
	for _, g := range d.Groups {
		for _, w := range g.Works {
			r.Publications = append(r.Publications, resumePublication{Name: w.Title, Publisher: w.Venue,
				ReleaseDate: isoDate(w.Date), URL: webURL(w.URL), Summary: publicationSummary(g.Title, w)})
		}
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // a JSON file, not a script in a page: "R&D" stays readable
	return enc.Encode(r)
}

// publicationSummary is what a publication's fields leave out: its
// authors with the user's marks, its kind (one work's: "Journal
// article", else its group's heading), and the user's notes.
func publicationSummary(kind string, w Work) string {
	var names []string
	for _, a := range w.Authors {
		names = append(names, a.Name+a.Mark)
	}
	parts := []string{strings.Join(names, ", ") + w.EtAl + "."}
	if len(names) == 0 {
		parts = nil
	}
	parts = append(parts, cmp.Or(w.Kind, kind)+".")
	parts = append(parts, w.Notes...)
	if w.Legend != "" {
		parts = append(parts, w.Legend+".")
	}
	return strings.Join(parts, " ")
}

// isoDate is a date as JSON Resume's iso8601 pattern takes it: 2014,
// 2014-06 or 2014-06-29; "" for none (a year outside 1000–2999, which the
// pattern refuses, too).
func isoDate(d record.Date) string {
	switch {
	case d.Year < 1000 || d.Year > 2999:
		return ""
	case d.Month < 1 || d.Month > 12:
		return fmt.Sprintf("%04d", d.Year)
	case d.Day < 1 || d.Day > 31:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// webURL is raw as the "uri" the schema asks: an http(s) address, every
// byte a URI may not hold percent-encoded (a SICI DOI's '<' and '>', a
// space, a non-ASCII letter's UTF-8), so no link is lost; "" for any
// other scheme.
func webURL(raw string) string {
	raw = strings.TrimSpace(raw)
	if texURL(raw) == "" {
		return ""
	}
	const uriBytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%"
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; strings.IndexByte(uriBytes, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// Package record owns the snapshot schema: what one provider says about one
// work (Record, Author, Date, IDs, OpenAccess, Counts) with the JSON tags
// the snapshot files carry. It is a leaf: providers fill it, snapshots store
// it, works merges it and render reads it, so a schema change is one
// place and a golden.
package record

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Record is what one provider says about one work, mapped from the
// service's own schema into typed fields. Empty fields are absent: the
// provider did not say. Volatile counters live in Counts, apart.
type Record struct {
	Title   string   `json:"title,omitempty"`
	Authors []Author `json:"authors,omitempty"`
	// Editors are the work's editors (of an edited book) or, on a
	// chapter, its book's editors: never its authors. An edited book
	// with no authors keeps its editors here, as CSL does ("editor",
	// which styles print "(Ed.)"); Creators is who the work is by.
	Editors   []Author     `json:"editors,omitempty"`
	Container string       `json:"container,omitempty"` // journal, proceedings, book or repository
	Publisher string       `json:"publisher,omitempty"`
	Type      string       `json:"type,omitempty"`  // CSL item type (article-journal, paper-conference, dataset, software, …)
	Genre     string       `json:"genre,omitempty"` // CSL genre, the kind within the type: "Poster" (a speech), "Preprint" (an article)
	Issued    Date         `json:"issued,omitzero"`
	Volume    string       `json:"volume,omitempty"`
	Issue     string       `json:"issue,omitempty"`
	Pages     string       `json:"pages,omitempty"`
	Abstract  string       `json:"abstract,omitempty"`
	Language  string       `json:"language,omitempty"` // the work's language, a BCP 47 tag ("de", "pt-br") in lower case, from whatever form the service sends (providers/wire.Language)
	URL       string       `json:"url,omitempty"`      // landing page
	IDs       IDs          `json:"ids,omitzero"`
	OA        *OpenAccess  `json:"open_access,omitempty"`
	Relations []Relation   `json:"relations,omitempty"`
	Topics    []string     `json:"topics,omitempty"`  // subjects, fields of study, concepts
	Funding   []Funding    `json:"funding,omitempty"` // funders and their awards, in the service's order; absent in snapshots older than it
	Extra     []Annotation `json:"extra,omitempty"`   // provider-specific facts with no common field (e.g. a TL;DR)

	// ContainerShort is the container's short name as its source writes
	// it beside the full one (dblp's booktitle "NIPS" or "ACL (1)" beside
	// the proceedings' title), CSL's container-title-short; "" when the
	// source gives none, and never a short name of another container.
	ContainerShort string `json:"container_short,omitempty"`
}

// Author is one contributor, in the order the provider lists them.
type Author struct {
	Name         string   `json:"name,omitempty"` // literal name when given/family are not split (or organisations)
	Given        string   `json:"given,omitempty"`
	Family       string   `json:"family,omitempty"`
	ORCID        string   `json:"orcid,omitempty"` // normalised, no URL
	Affiliations []string `json:"affiliations,omitempty"`
}

// Creators are the people a work is by: its authors, or its editors
// when it has no authors (an edited book), as biblatex takes the editor
// for the label name of a work with no author. Keys, the page's author
// line and the owner's name checks read them.
func (r Record) Creators() []Author {
	if len(r.Authors) > 0 {
		return r.Authors
	}
	return r.Editors
}

// Display is the author's name as a reader sees it.
func (a Author) Display() string {
	if a.Given != "" || a.Family != "" {
		return strings.TrimSpace(a.Given + " " + a.Family)
	}
	return a.Name
}

// Date is a calendar date with its real precision: Month and Day are zero
// when the source gives only a year (or year and month). Dates carry no
// zone: a scholarly issue date is a calendar day, read as UTC.
type Date struct {
	Year  int `json:"year,omitempty"`
	Month int `json:"month,omitempty"`
	Day   int `json:"day,omitempty"`
}

// IsZero reports an absent date.
func (d Date) IsZero() bool { return d.Year == 0 }

// String renders the date at its precision: 2014, 2014-02 or 2014-02-11.
func (d Date) String() string {
	if d.Year == 0 {
		return ""
	}
	if s, ok := dateText(d); ok {
		return s
	}
	switch {
	case d.Year == 0:
		return ""
	case d.Month == 0:
		return fmt.Sprintf("%04d", d.Year)
	case d.Day == 0:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// NewDate keeps only a valid prefix of year, month, day: a month out of
// range drops month and day, so bad data lowers precision rather than lies.
func NewDate(year, month, day int) Date {
	if year <= 0 || year > 9999 {
		return Date{}
	}
	if month < 1 || month > 12 {
		return Date{Year: year}
	}
	last := time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if day < 1 || day > last {
		return Date{Year: year, Month: month}
	}
	return Date{Year: year, Month: month, Day: day}
}

// ParseDate reads "2014", "2014-02", "2014-02-11" or an RFC 3339 time
// (reduced to its UTC calendar day).
func ParseDate(s string) Date {
	s = strings.TrimSpace(s)
	if d, ok := parseDatePlain(s); ok {
		return d
	}
	return parseDateAnyForm(s)
}

// parseDateAnyForm is ParseDate of a trimmed s by time and fmt: every form
// it reads, the plain ones the fast path takes included.
func parseDateAnyForm(s string) Date {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		t = t.UTC()
		return NewDate(t.Year(), int(t.Month()), t.Day())
	}
	var y, m, d int
	switch n, _ := fmt.Sscanf(s, "%d-%d-%d", &y, &m, &d); n {
	case 1:
		return NewDate(y, 0, 0)
	case 2:
		return NewDate(y, m, 0)
	case 3:
		return NewDate(y, m, d)
	}
	return Date{}
}

// IDs are the identifiers a provider knows for a work.
type IDs struct {
	DOI      string   `json:"doi,omitempty"`
	ArXiv    string   `json:"arxiv,omitempty"`
	PMID     string   `json:"pmid,omitempty"`
	PMCID    string   `json:"pmcid,omitempty"`
	OpenAlex string   `json:"openalex,omitempty"`
	MAG      string   `json:"mag,omitempty"`
	S2       string   `json:"semanticscholar,omitempty"`
	ISBN     []string `json:"isbn,omitempty"`
	ISSN     []string `json:"issn,omitempty"`
}

// IsZero reports that no identifier is known.
func (i IDs) IsZero() bool {
	return i.DOI == "" && i.ArXiv == "" && i.PMID == "" && i.PMCID == "" && i.OpenAlex == "" &&
		i.MAG == "" && i.S2 == "" && len(i.ISBN) == 0 && len(i.ISSN) == 0
}

// OpenAccess is where a free copy lives and under which licence.
type OpenAccess struct {
	URL     string `json:"url,omitempty"`
	License string `json:"license,omitempty"` // e.g. cc-by, or the licence URL when only that is given
	Status  string `json:"status,omitempty"`  // gold, green, hybrid, bronze, diamond, closed
	Version string `json:"version,omitempty"` // publishedVersion, acceptedVersion, submittedVersion
	// LicenseStart is the day License begins when that is after the work
	// appeared (an embargo: Crossref's license start with delay-in-days > 0);
	// zero when the licence holds from publication.
	LicenseStart Date `json:"license_start,omitzero"`
}

// Relation links a work to another one, e.g. a preprint to its published
// version. Type uses Crossref's relation vocabulary where one fits.
type Relation struct {
	Type string `json:"type"` // is-preprint-of, has-preprint, is-version-of, is-supplement-to, …
	ID   string `json:"id"`   // identity key, e.g. doi:10.1101/2020.12.01.406702
}

// Funding is one funder a work acknowledges and the award numbers given
// for it. DOI is the funder's Open Funder Registry DOI (10.13039/…, lower
// case, no resolver), ROR its ROR id (no URL); either may be absent, and
// Funder (the name as the service writes it) is absent only when an id
// stands alone. Awards are the funder's own numbers, trimmed, each once,
// as written.
type Funding struct {
	Funder string   `json:"funder,omitempty"`
	DOI    string   `json:"doi,omitempty"`
	ROR    string   `json:"ror,omitempty"`
	Awards []string `json:"awards,omitempty"`
}

// Text is the funder as a reader sees it: its name, else the id it is
// known by alone ("doi:10.13039/…", "ror:01cwqze88": a DataCite
// reference may give a ROR id and no name), then its award numbers
// ("National Science Foundation CCF-1750472, CNS-1763680").
func (f Funding) Text() string {
	name := f.Funder
	switch {
	case name != "":
	case f.DOI != "":
		name = "doi:" + f.DOI
	default:
		name = "ror:" + f.ROR
	}
	if len(f.Awards) == 0 {
		return name
	}
	return name + " " + strings.Join(f.Awards, ", ")
}

// RORID is a ROR id as records keep it: without its https://ror.org/
// prefix, lower case (ROR ids are case-insensitive, minted in lower case);
// "" when absent.
func RORID(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range []string{"https://ror.org/", "http://ror.org/", "ror.org/"} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// Annotation is a named provider-specific value.
type Annotation struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Counts are volatile counters: they change weekly without the work
// changing, so snapshots keep them in a file of their own.
type Counts struct {
	CitedBy *int `json:"cited_by,omitempty"`
	// CitedByWithoutSelf is CitedBy less the citations from works sharing
	// an author with the work, where the service counts both (INSPIRE's
	// citation_count_without_self_citations).
	CitedByWithoutSelf *int `json:"cited_by_without_self,omitempty"`
	InfluentialCitedBy *int `json:"influential_cited_by,omitempty"`
	References         *int `json:"references,omitempty"`
	// ByYear is the citations received per calendar year, oldest first,
	// only years with citations; nil when the provider gave no years, and
	// an empty list when it gave years and none had a citation (OpenAlex
	// for a work not cited in its last ten years), which is not the same.
	ByYear *[]YearCount `json:"by_year,omitempty"`
}

// MaxCount is the largest counter believed: ten million. The most-cited
// work there is, Lowry et al.'s 1951 protein assay, has about 300,000
// citations in every index that counts them (Nature's "The top 100
// papers", 2014: 305,148 in Web of Science); ten million is thirty times
// that, so no true count comes near it for decades, and a sum of such
// counts over any list of works stays far inside an int64. Providers
// refuse an answer with a counter outside 0…MaxCount as malformed, and
// render leaves one an older snapshot kept unshown.
const MaxCount = 10_000_000

// CountOK reports whether n is a counter to believe: 0 to MaxCount.
func CountOK(n int) bool { return n >= 0 && n <= MaxCount }

// FirstCitationYear is the earliest year a citation can have been made
// in: 1665, when the first scholarly journals (the Journal des sçavans
// and the Philosophical Transactions) appeared.
const FirstCitationYear = 1665

// LastCitationYear is the last year a per-year count may name: 9999, the
// last year any date about keeps has (NewDate).
const LastCitationYear = 9999

// CitationYearOK reports whether y is a year to believe in a per-year
// count: FirstCitationYear to LastCitationYear. Render draws a bar for
// every year from the oldest given to the newest, so a year far outside
// would make it draw without end.
func CitationYearOK(y int) bool { return y >= FirstCitationYear && y <= LastCitationYear }

// YearCount is the citations a work received in one calendar year.
type YearCount struct {
	Year    int `json:"year"`
	CitedBy int `json:"cited_by"`
}

// IsZero reports that the provider gave no counters.
func (c Counts) IsZero() bool {
	return c.CitedBy == nil && c.CitedByWithoutSelf == nil && c.InfluentialCitedBy == nil && c.References == nil && c.ByYear == nil
}

// ByYearOf is a provider's per-year counts in the form snapshots keep:
// years with citations only (a year without is the same as one not
// given), one entry a year (a repeated year adds up), oldest first, so
// the counts file is the same bytes however the provider ordered them.
// Never nil: the provider gave years.
func ByYearOf(counts []YearCount) *[]YearCount {
	sum := map[int]int{}
	for _, c := range counts {
		if c.Year > 0 && c.CitedBy > 0 {
			sum[c.Year] += c.CitedBy
		}
	}
	out := []YearCount{}
	for y, n := range sum {
		out = append(out, YearCount{Year: y, CitedBy: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Year < out[j].Year })
	return &out
}

// Int is a small helper for building Counts from parsed values.
func Int(n int) *int { return &n }

// EditorsCited reports whether a work of CSL type t is cited with its
// editors: a book (an edited volume) and what appears in one (a chapter,
// a paper in proceedings, an entry of a reference work), a report (an
// edited series or working-paper collection) and a collection. Not a
// journal article: the "editor" a publisher deposits for one is the
// academic editor who handled the submission (PLOS deposits its Academic
// Editor in Crossref's editor[], e.g. 10.1371/journal.pone.0033693), and
// no citation names them; nor data or software, where DataCite's
// "Editor" is whoever "oversees the details related to the publication
// format" (DataCite Metadata Schema 4.6, contributorType).
func EditorsCited(t string) bool {
	switch t {
	case "book", "chapter", "paper-conference", "entry", "entry-encyclopedia", "entry-dictionary", "report", "collection":
		return true
	}
	return false
}

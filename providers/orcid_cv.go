package providers

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// The CV sections are read from the activities summary that
// /v3.0/{iD}/record holds beside the person (the /person document), so
// asking /record instead of /person adds no request. The shapes are
// ORCID's v3.0 activities summary
// (https://github.com/ORCID/orcid-model/blob/master/src/main/resources/record_3.0/activities-3.0.xsd):
// each affiliation section is {"affiliation-group":[{"summaries":[{"<kind>-summary":{…}}]}]},
// fundings {"group":[{"funding-summary":[…]}]}, peer reviews
// {"group":[{"peer-review-group":[{"peer-review-summary":[…]}]}]}.

// orcidAffiliationSections are the affiliation sections, each with its
// summary's name and where it goes in the CV.
var orcidAffiliationSections = []struct {
	section, summary string
	field            func(*record.CV) *[]record.Affiliation
}{
	{"employments", "employment-summary", func(c *record.CV) *[]record.Affiliation { return &c.Employments }},
	{"educations", "education-summary", func(c *record.CV) *[]record.Affiliation { return &c.Educations }},
	{"qualifications", "qualification-summary", func(c *record.CV) *[]record.Affiliation { return &c.Qualifications }},
	{"invited-positions", "invited-position-summary", func(c *record.CV) *[]record.Affiliation { return &c.InvitedPositions }},
	{"distinctions", "distinction-summary", func(c *record.CV) *[]record.Affiliation { return &c.Distinctions }},
	{"memberships", "membership-summary", func(c *record.CV) *[]record.Affiliation { return &c.Memberships }},
	{"services", "service-summary", func(c *record.CV) *[]record.Affiliation { return &c.Services }},
}

// orcidCV reads the CV sections of an activities summary; nil when the
// record has none public.
func orcidCV(activities gjson.Result) *record.CV {
	cv := &record.CV{}
	for _, s := range orcidAffiliationSections {
		activities.Get(s.section + ".affiliation-group").ForEach(func(_, g gjson.Result) bool {
			var summaries []gjson.Result
			g.Get("summaries").ForEach(func(_, x gjson.Result) bool {
				summaries = append(summaries, x.Get(s.summary))
				return true
			})
			if a, ok := orcidAffiliation(preferred(summaries)); ok {
				*s.field(cv) = append(*s.field(cv), a)
			}
			return true
		})
	}
	activities.Get("fundings.group").ForEach(func(_, g gjson.Result) bool {
		if f, ok := orcidGrant(preferred(g.Get("funding-summary").Array())); ok {
			cv.Fundings = append(cv.Fundings, f)
		}
		return true
	})
	activities.Get("peer-reviews.group").ForEach(func(_, g gjson.Result) bool {
		if r, ok := orcidReviewing(g); ok {
			cv.PeerReviews = append(cv.PeerReviews, r)
		}
		return true
	})
	if cv.IsZero() {
		return nil
	}
	return cv
}

// preferred is the owner's preferred summary of a group: the highest
// display-index, ties to the first listed (as for works, readORCIDGroups).
func preferred(summaries []gjson.Result) gjson.Result {
	var best gjson.Result
	bestIndex := int64(-1)
	for _, s := range summaries {
		if !s.IsObject() {
			continue
		}
		di, _ := strconv.ParseInt(strings.TrimSpace(s.Get("display-index").String()), 10, 64)
		if di > bestIndex {
			best, bestIndex = s, di
		}
	}
	return best
}

func orcidAffiliation(s gjson.Result) (record.Affiliation, bool) {
	a := record.Affiliation{
		Organization: cleanField(s.Get("organization.name")),
		City:         cleanField(s.Get("organization.address.city")),
		Region:       cleanField(s.Get("organization.address.region")),
		Country:      cleanField(s.Get("organization.address.country")),
		Department:   cleanField(s.Get("department-name")),
		Role:         cleanField(s.Get("role-title")),
		Start:        orcidFuzzyDate(s.Get("start-date")),
		End:          orcidFuzzyDate(s.Get("end-date")),
		URL:          cleanField(s.Get("url.value")),
	}
	return a, a.Organization != "" || a.Role != ""
}

func orcidGrant(s gjson.Result) (record.Grant, bool) {
	f := record.Grant{
		Title:   cleanField(s.Get("title.title.value")),
		Type:    cleanField(s.Get("type")),
		Funder:  cleanField(s.Get("organization.name")),
		Start:   orcidFuzzyDate(s.Get("start-date")),
		End:     orcidFuzzyDate(s.Get("end-date")),
		URL:     cleanField(s.Get("url.value")),
		Country: cleanField(s.Get("organization.address.country")),
	}
	// The grant's own number: "part-of" names a larger grant it belongs
	// to, "funded-by" another's (orcid-model common-3.0.xsd).
	s.Get("external-ids.external-id").ForEach(func(_, x gjson.Result) bool {
		rel := strings.ToLower(x.Get("external-id-relationship").String())
		if strings.EqualFold(x.Get("external-id-type").String(), "grant_number") && (rel == "self" || rel == "") && f.Number == "" {
			f.Number = cleanField(x.Get("external-id-value"))
		}
		return true
	})
	return f, f.Title != ""
}

// orcidReviewing counts a peer-review group's reviews (one
// peer-review-group a review, whatever number of sources assert it) for
// its venue: the convening organisation a summary names, else the group's
// id.
func orcidReviewing(g gjson.Result) (record.Reviewing, bool) {
	var r record.Reviewing
	g.Get("peer-review-group").ForEach(func(_, review gjson.Result) bool {
		r.Reviews++
		review.Get("peer-review-summary").ForEach(func(_, s gjson.Result) bool {
			r.Venue = cmp.Or(r.Venue, cleanField(s.Get("convening-organization.name")))
			if d := orcidFuzzyDate(s.Get("completion-date")); dateAfter(d, r.Last) {
				r.Last = d
			}
			return true
		})
		return true
	})
	if r.Venue == "" {
		r.Venue = cleanField(g.Get("external-ids.external-id.0.external-id-value"))
	}
	return r, r.Reviews > 0 && r.Venue != ""
}

func dateAfter(a, b record.Date) bool {
	return cmp.Compare(a.Year*10000+a.Month*100+a.Day, b.Year*10000+b.Month*100+b.Day) > 0
}

// orcidFuzzyDate reads ORCID's fuzzy date, {"year":{"value":"1930"},
// "month":{"value":"02"},"day":{"value":"29"}}; an impossible day or
// month lowers the precision (record.NewDate).
func orcidFuzzyDate(d gjson.Result) record.Date {
	n := func(part string) int {
		v, _ := strconv.Atoi(strings.TrimSpace(d.Get(part + ".value").String()))
		return v
	}
	return record.NewDate(n("year"), n("month"), n("day"))
}

// cleanField is a text field with its spaces folded, "" for null.
func cleanField(v gjson.Result) string {
	if v.Type != gjson.String {
		return ""
	}
	return strings.Join(strings.Fields(v.String()), " ")
}

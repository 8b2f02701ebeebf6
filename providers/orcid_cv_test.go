package providers_test

import (
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
)

// carberryStub answers the constructed works of Carberry's record and,
// for its name, name (/person, or /record when the CV is asked) with file.
func carberryStub(t *testing.T, name, file string) *stub {
	s := newStub(t)
	s.file("/v3.0/"+carberry+"/works", 200, "orcid/constructed-orcid-works-"+carberry+".json")
	s.file("/v3.0/"+carberry+"/works/1002,2001,3002,4001,5001,6001,7001", 200, "orcid/constructed-orcid-works-bulk-"+carberry+".json")
	s.file("/v3.0/"+carberry+name, 200, file)
	return s
}

// TestORCIDCVFromTheRecordInTheNamesRequest: with the CV asked, the name
// comes from /record, whose activities summary holds the CV sections, so
// the requests are as many as without (summary, one bulk page, name). The
// values are the recorded answer's (mex-common's copy of Carberry's
// record): two employments in the record's order, the first starting on
// 29 February 1930, a day that never was (kept as 1930-02), and one
// peer review for the Psychoceramics Society, completed 2004-02-02.
func TestORCIDCVFromTheRecordInTheNamesRequest(t *testing.T) {
	s := carberryStub(t, "/record", "orcid/orcid-record-"+carberry+".json")
	env := s.env()
	env.CV = true
	res := fetchOne(t, providers.ORCID(), env, manifest.KindORCID, carberry)
	if res.Status != record.Found || len(res.Discovered) != 7 {
		t.Fatalf("status %s (%v), %d works", res.Status, res.Err, len(res.Discovered))
	}
	if got := s.requests(); len(got) != 3 || got[2] != "/v3.0/"+carberry+"/record" {
		t.Errorf("requests %q: want the works summary, one bulk page and /record (in place of /person)", got)
	}
	p := res.Person
	if p == nil || p.Given != "Josiah" || p.Family != "Carberry" || len(p.Other) != 3 {
		t.Fatalf("person %+v: want Josiah Carberry with three other names, from the record's person", p)
	}
	cv := p.CV
	if cv == nil {
		t.Fatal("no CV read from the record's activities summary")
	}
	want := []record.Affiliation{
		{Organization: "Wesleyan University", City: "Middletown", Region: "CT", Country: "US", Department: "Psychoceramics", Role: "Professor", Start: record.Date{Year: 1930, Month: 2}},
		{Organization: "Brown University", City: "Providence", Region: "RI", Country: "US", Department: "Psychoceramics", Role: "Professor", Start: record.Date{Year: 1929, Month: 2}},
	}
	if len(cv.Employments) != 2 || cv.Employments[0] != want[0] || cv.Employments[1] != want[1] {
		t.Errorf("employments %+v\nwant %+v", cv.Employments, want)
	}
	if r := cv.PeerReviews; len(r) != 1 || r[0] != (record.Reviewing{Venue: "The Psychoceramics Society", Reviews: 1, Last: record.Date{Year: 2004, Month: 2, Day: 2}}) {
		t.Errorf("peer reviews %+v", r)
	}
	if len(cv.Educations)+len(cv.Distinctions)+len(cv.Fundings)+len(cv.Memberships)+len(cv.Services) != 0 {
		t.Errorf("sections the record leaves empty were filled: %+v", cv)
	}
}

// TestORCIDCVEverySection reads each section of a record that has them
// all (the recorded record with its empty sections filled in the same
// summary shapes).
func TestORCIDCVEverySection(t *testing.T) {
	s := carberryStub(t, "/record", "orcid/constructed-orcid-record-cv-"+carberry+".json")
	env := s.env()
	env.CV = true
	cv := fetchOne(t, providers.ORCID(), env, manifest.KindORCID, carberry).Person.CV
	if cv == nil {
		t.Fatal("no CV")
	}
	checks := []struct {
		section string
		got     []record.Affiliation
		want    record.Affiliation
	}{
		{"educations", cv.Educations, record.Affiliation{Organization: "Brown University", City: "Providence", Region: "RI", Country: "US", Department: "Ionian Philology", Role: "PhD", Start: record.Date{Year: 1925, Month: 9}, End: record.Date{Year: 1929, Month: 6}}},
		{"qualifications", cv.Qualifications, record.Affiliation{Organization: "Royal Society of Psychoceramics", City: "London", Country: "GB", Role: "Chartered Psychoceramicist", Start: record.Date{Year: 1931}}},
		{"invited-positions", cv.InvitedPositions, record.Affiliation{Organization: "University of Oxford", City: "Oxford", Country: "GB", Department: "Faculty of Classics", Role: "Visiting Fellow", Start: record.Date{Year: 1950, Month: 1}, End: record.Date{Year: 1950, Month: 6}}},
		{"distinctions", cv.Distinctions, record.Affiliation{Organization: "Psychoceramics Society", City: "London", Country: "GB", Role: "Medal for Cracked Pots & Glazes", Start: record.Date{Year: 1975, Month: 5, Day: 1}, URL: "https://example.org/medal"}},
		{"memberships", cv.Memberships, record.Affiliation{Organization: "American Association of Potters", City: "Boston", Region: "MA", Country: "US", Role: "Fellow", Start: record.Date{Year: 1940}}},
		{"services", cv.Services, record.Affiliation{Organization: "Journal of Psychoceramics", City: "Providence", Region: "RI", Country: "US", Department: "Editorial Board", Role: "Editor-in-Chief (R&D, 100% voluntary)", Start: record.Date{Year: 1960}, End: record.Date{Year: 1970}}},
	}
	for _, c := range checks {
		if len(c.got) != 1 || c.got[0] != c.want {
			t.Errorf("%s: %+v\nwant %+v", c.section, c.got, c.want)
		}
	}
	wantGrant := record.Grant{Title: "Cracks in ancient pots: a_survey", Type: "grant", Funder: "National Psychoceramics Foundation", Number: "PSY-1234#5", Start: record.Date{Year: 1955}, End: record.Date{Year: 1958}, Country: "US"}
	if len(cv.Fundings) != 1 || cv.Fundings[0] != wantGrant {
		t.Errorf("fundings %+v\nwant %+v", cv.Fundings, wantGrant)
	}
}

// TestORCIDWithoutCVAsksPerson: without the CV, the name is /person's as
// before, and no CV is read.
func TestORCIDWithoutCVAsksPerson(t *testing.T) {
	s := carberryStub(t, "/person", "orcid/constructed-orcid-person-"+carberry+".json")
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, carberry)
	if got := s.requests(); len(got) != 3 || got[2] != "/v3.0/"+carberry+"/person" {
		t.Errorf("requests %q: want /person for the name", got)
	}
	if res.Person == nil || res.Person.CV != nil {
		t.Errorf("person %+v: want a name and no CV", res.Person)
	}
}

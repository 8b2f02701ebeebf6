package works_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// TestMergeDatePrecision: the registrar's year-only date gives way to the
// most precise date that agrees with it, never to one of another year or
// month; a disagreeing date is a conflict, a less precise one is not.
func TestMergeDatePrecision(t *testing.T) {
	cases := []struct {
		name     string
		in       []works.Named
		want     record.Date
		from     string
		conflict bool
	}{
		{"year-only registrar refined", []works.Named{
			{Provider: "datacite", Record: record.Record{Issued: record.NewDate(2020, 0, 0)}},
			{Provider: "openalex", Record: record.Record{Issued: record.NewDate(2020, 5, 0)}},
			{Provider: "orcid", Record: record.Record{Issued: record.NewDate(2020, 5, 14)}},
		}, record.NewDate(2020, 5, 14), "orcid", false},
		{"another year never wins", []works.Named{
			{Provider: "crossref", Record: record.Record{Issued: record.NewDate(2020, 0, 0)}},
			{Provider: "openalex", Record: record.Record{Issued: record.NewDate(2021, 3, 2)}},
		}, record.NewDate(2020, 0, 0), "crossref", true},
		{"another month never wins", []works.Named{
			{Provider: "crossref", Record: record.Record{Issued: record.NewDate(2020, 5, 0)}},
			{Provider: "openalex", Record: record.Record{Issued: record.NewDate(2020, 6, 2)}},
			{Provider: "semanticscholar", Record: record.Record{Issued: record.NewDate(2020, 5, 9)}},
		}, record.NewDate(2020, 5, 9), "semanticscholar", true},
		// T#3: ORCID's day must agree with OpenAlex's month, not only
		// with Crossref's year
		{"a lower source never overrides a higher month", []works.Named{
			{Provider: "crossref", Record: record.Record{Issued: record.NewDate(2020, 0, 0)}},
			{Provider: "openalex", Record: record.Record{Issued: record.NewDate(2020, 5, 0)}},
			{Provider: "orcid", Record: record.Record{Issued: record.NewDate(2020, 6, 14)}},
		}, record.NewDate(2020, 5, 0), "openalex", true},
		{"1 January is no refinement", []works.Named{
			{Provider: "crossref", Record: record.Record{Issued: record.NewDate(2015, 0, 0)}},
			{Provider: "openalex", Record: record.Record{Issued: record.NewDate(2015, 1, 1)}},
		}, record.NewDate(2015, 0, 0), "crossref", false},
		{"precise registrar kept", []works.Named{
			{Provider: "crossref", Record: record.Record{Issued: record.NewDate(2020, 5, 1)}},
			{Provider: "openalex", Record: record.Record{Issued: record.NewDate(2020, 0, 0)}},
		}, record.NewDate(2020, 5, 1), "crossref", false},
	}
	for _, c := range cases {
		got, from, conflicts := order.Merge(c.in)
		if got.Issued != c.want || from["issued"] != c.from {
			t.Errorf("%s: issued %v from %q, want %v from %q", c.name, got.Issued, from["issued"], c.want, c.from)
		}
		if has := len(conflicts) == 1 && conflicts[0].Field == "issued"; has != c.conflict {
			t.Errorf("%s: conflicts %+v, want an issued conflict: %v", c.name, conflicts, c.conflict)
		}
	}
}

// TestMergeAuthorsPersonByPerson: the registrar's order and count stay; a
// fuller form of the same person elsewhere fills in given names, iD and
// affiliations; a different person (another iD, another initial) or an
// ambiguous one fills in nothing; nothing is shortened.
func TestMergeAuthorsPersonByPerson(t *testing.T) {
	in := []works.Named{
		{Provider: "crossref", Record: record.Record{Authors: []record.Author{
			{Given: "M.", Family: "Jensen"},
			{Given: "Anna Maria", Family: "Berg"},
			{Given: "K.", Family: "Ødegård", ORCID: "0000-0001-0000-0001"},
			{Given: "P.", Family: "Li"},
			{Name: "The Consortium"},
		}}},
		{Provider: "openalex", Record: record.Record{Authors: []record.Author{
			{Given: "Michael", Family: "Jensen", ORCID: "0000-0002-1825-0097", Affiliations: []string{"Aarhus University"}},
			{Given: "Anna", Family: "van den Berg"},                           // shorter given: not taken; longer family: taken
			{Given: "Karen", Family: "Odegard", ORCID: "0000-0009-9999-9999"}, // another iD: someone else
			{Given: "Peter", Family: "Li"}, {Given: "Paul", Family: "Li"},     // ambiguous by position? position 3 decides
		}}},
		{Provider: "orcid", Record: record.Record{Authors: []record.Author{
			{Given: "Mary", Family: "Jensen"}, // another initial: not M. Jensen's fuller form
		}}},
	}
	got, from, conflicts := order.Merge(in)
	want := []record.Author{
		{Given: "Michael", Family: "Jensen", ORCID: "0000-0002-1825-0097", Affiliations: []string{"Aarhus University"}},
		{Given: "Anna Maria", Family: "van den Berg"},
		{Given: "K.", Family: "Ødegård", ORCID: "0000-0001-0000-0001"},
		{Given: "Peter", Family: "Li"},
		{Name: "The Consortium"},
	}
	if !reflect.DeepEqual(got.Authors, want) {
		g, _ := json.MarshalIndent(got.Authors, "", " ")
		t.Errorf("authors\n%s", g)
	}
	for k, v := range map[string]string{"authors": "crossref", "authors.given": "openalex", "authors.family": "openalex",
		"authors.orcid": "openalex", "authors.affiliations": "openalex"} {
		if from[k] != v {
			t.Errorf("provenance[%q] = %q, want %q", k, from[k], v)
		}
	}
	wantConflicts := []record.Conflict{{Field: "authors", Kept: record.Choice{Value: "5 authors", Providers: []string{"crossref", "openalex"}},
		NotKept: []record.Choice{{Value: "1 author", Providers: []string{"orcid"}}}}}
	if !reflect.DeepEqual(conflicts, wantConflicts) {
		t.Errorf("conflicts %+v, want %+v", conflicts, wantConflicts)
	}
}

// TestMergeAuthorsNotShortened: a literal name gets its split from the
// same person elsewhere; a registrar's full name is never replaced by an
// initial.
func TestMergeAuthorsNotShortened(t *testing.T) {
	got, _, _ := order.Merge([]works.Named{
		{Provider: "datacite", Record: record.Record{Authors: []record.Author{{Name: "Maria van der Berg"}, {Given: "Michael James", Family: "Jensen"}}}},
		{Provider: "openalex", Record: record.Record{Authors: []record.Author{{Given: "Maria", Family: "van der Berg"}, {Given: "M.", Family: "Jensen", ORCID: "0000-0002-1825-0097"}}}},
	})
	want := []record.Author{{Given: "Maria", Family: "van der Berg"}, {Given: "Michael James", Family: "Jensen", ORCID: "0000-0002-1825-0097"}}
	if !reflect.DeepEqual(got.Authors, want) {
		t.Errorf("authors %+v, want %+v", got.Authors, want)
	}
}

// TestMergeAuthorsSplitElsewhere: two services that split one name at
// different places (the registrar "Fatima Ó" + "Briain", an index
// "Fatima" + "Ó Briain", as #32 saw) merge to the longer family name with
// the particle written once, whichever service comes first.
func TestMergeAuthorsSplitElsewhere(t *testing.T) {
	short := record.Author{Given: "Fatima Ó", Family: "Briain"}
	long := record.Author{Given: "Fatima", Family: "Ó Briain"}
	want := []record.Author{long}
	for _, in := range [][]works.Named{
		{{Provider: "crossref", Record: record.Record{Authors: []record.Author{short}}}, {Provider: "openalex", Record: record.Record{Authors: []record.Author{long}}}},
		{{Provider: "crossref", Record: record.Record{Authors: []record.Author{long}}}, {Provider: "openalex", Record: record.Record{Authors: []record.Author{short}}}},
	} {
		got, _, _ := order.Merge(in)
		if !reflect.DeepEqual(got.Authors, want) {
			t.Errorf("%s first: authors %+v, want %+v", in[0].Record.Authors[0].Given, got.Authors, want)
		}
	}
}

// TestMergeAuthorsNamelessByTheirID: a registrar's creator whose name is a
// placeholder (DataCite ":unav") but who carries an ORCID iD is kept
// nameless, and the index's author with the same iD names them; an
// author with another iD, or none, does not, and a creator nobody names is
// left out of the merged record (every format would drop or misprint a
// person with no name its own way: review32c found BibTeX making the
// second creator the sole author while the page printed "Anonymous").
func TestMergeAuthorsNamelessByTheirID(t *testing.T) {
	const id = "0000-0002-1825-0097"
	nameless := record.Author{ORCID: id}
	for _, c := range []struct {
		other record.Author
		want  record.Author
	}{
		{record.Author{Given: "Josiah", Family: "Carberry", ORCID: id}, record.Author{Given: "Josiah", Family: "Carberry", ORCID: id}},
		{record.Author{Given: "Josiah", Family: "Carberry", ORCID: "0000-0001-5109-3700"}, record.Author{}},
		{record.Author{Given: "Josiah", Family: "Carberry"}, record.Author{}},
	} {
		lee := record.Author{Given: "Ana", Family: "Lee"}
		got, _, _ := order.Merge([]works.Named{
			{Provider: "datacite", Record: record.Record{Authors: []record.Author{nameless, lee}}},
			{Provider: "openalex", Record: record.Record{Authors: []record.Author{c.other, lee}}},
		})
		want := []record.Author{c.want, lee}
		if c.want.ORCID == "" {
			want = []record.Author{lee}
		}
		if len(got.Authors) != len(want) || got.Authors[0].Family != want[0].Family || got.Authors[0].ORCID != want[0].ORCID {
			t.Errorf("with %+v: authors %+v, want %+v", c.other, got.Authors, want)
		}
	}
}

// TestMergeConflicts: real disagreements are recorded with the value kept
// and the values not kept, each with its providers, sorted; cosmetic ones
// (case, punctuation, a trailing period) are not.
func TestMergeConflicts(t *testing.T) {
	in := []works.Named{
		{Provider: "crossref", Record: record.Record{Title: "Bounds for Catalysis", Type: "article-journal", Volume: "3"}},
		{Provider: "openalex", Record: record.Record{Title: "bounds for catalysis.", Type: "article-journal", Volume: "4"}},
		{Provider: "europepmc", Record: record.Record{Title: "Bounds for catalysis", Type: "review", Volume: "4"}},
		{Provider: "orcid", Record: record.Record{Title: "Limits of catalysis", Type: "paper-conference"}},
	}
	_, _, got := order.Merge(in)
	want := []record.Conflict{
		{Field: "title", Kept: record.Choice{Value: "Bounds for Catalysis", Providers: []string{"crossref", "europepmc", "openalex"}},
			NotKept: []record.Choice{{Value: "Limits of catalysis", Providers: []string{"orcid"}}}},
		{Field: "type", Kept: record.Choice{Value: "article-journal", Providers: []string{"crossref", "openalex"}},
			NotKept: []record.Choice{{Value: "paper-conference", Providers: []string{"orcid"}}, {Value: "review", Providers: []string{"europepmc"}}}},
		{Field: "volume", Kept: record.Choice{Value: "3", Providers: []string{"crossref"}},
			NotKept: []record.Choice{{Value: "4", Providers: []string{"europepmc", "openalex"}}}},
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		t.Errorf("conflicts\n%s", g)
	}
	// Input order never changes them.
	_, _, again := order.Merge([]works.Named{in[3], in[1], in[0], in[2]})
	if !reflect.DeepEqual(again, want) {
		t.Errorf("conflicts depend on input order: %+v", again)
	}
}

// TestMergeAuthorsAmbiguousOrRespelt: two people elsewhere who could be
// the registrar's author fill in nothing; a respelling of the same
// letters ("Martı́n", dotless i and a combining accent) is not fuller.
func TestMergeAuthorsAmbiguousOrRespelt(t *testing.T) {
	got, from, _ := order.Merge([]works.Named{
		{Provider: "crossref", Record: record.Record{Authors: []record.Author{{Given: "A.", Family: "Li"}, {Given: "Martin", Family: "Farach-Colton"}}}},
		{Provider: "openalex", Record: record.Record{Authors: []record.Author{{Name: "Xavier Smith"}, {Name: "Martı́n Farach-Colton"}, {Name: "Andrew Li"}, {Name: "Anna Li"}}}},
	})
	want := []record.Author{{Given: "A.", Family: "Li"}, {Given: "Martin", Family: "Farach-Colton"}}
	if !reflect.DeepEqual(got.Authors, want) || from["authors.given"] != "" {
		t.Errorf("authors %+v (provenance %v), want %+v untouched", got.Authors, from, want)
	}
}

// TestNormalLicence: every service's spelling of a Creative Commons
// licence becomes one SPDX-style id; other licences are kept as given.
func TestNormalLicence(t *testing.T) {
	for in, want := range map[string]string{
		"https://creativecommons.org/licenses/by/4.0/":                "cc-by-4.0",
		"http://creativecommons.org/licenses/by-nc-nd/4.0/":           "cc-by-nc-nd-4.0",
		"http://www.creativecommons.org/licenses/by/3.0/de/legalcode": "cc-by-3.0-de",
		"https://creativecommons.org/publicdomain/zero/1.0/":          "cc0-1.0",
		"cc-by":           "cc-by",
		"CC-BY-4.0":       "cc-by-4.0",
		"cc by-nc-nd":     "cc-by-nc-nd",
		"cc0":             "cc0",
		"cc-by-nc-sa-4.0": "cc-by-nc-sa-4.0",
		" https://www.elsevier.com/tdm/userlicense/1.0/ ": "https://www.elsevier.com/tdm/userlicense/1.0/",
		"publisher-specific-oa":                           "publisher-specific-oa",
		"cc-foo":                                          "cc-foo",
		// ports that are not two letters (CR3#4): IGO in both forms, Scotland;
		// the deed's other path parts and "International" name no port
		"http://creativecommons.org/licenses/by/3.0/igo/":                 "cc-by-3.0-igo",
		"https://creativecommons.org/licenses/by-nc-sa/3.0/igo/legalcode": "cc-by-nc-sa-3.0-igo",
		"CC-BY-3.0-IGO": "cc-by-3.0-igo",
		"https://creativecommons.org/licenses/by-nc-nd/2.5/scotland/": "cc-by-nc-nd-2.5-scotland",
		"https://creativecommons.org/licenses/by/4.0/legalcode":       "cc-by-4.0",
		"https://creativecommons.org/licenses/by/4.0/deed.en":         "cc-by-4.0",
		"CC BY 4.0 International":                                     "cc-by-4.0",
		"https://creativecommons.org/about/":                          "https://creativecommons.org/about/",
	} {
		if got := works.NormalLicence(in); got != want {
			t.Errorf("NormalLicence(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMergeLicenceMostSpecific: OpenAlex's bare "cc-by" (first in OA
// precedence) gives way to Crossref's versioned licence of the same
// family — the SIGMOD paper in the example lost "4.0" this way — but a
// different licence or another version is a conflict, never a refinement.
func TestMergeLicenceMostSpecific(t *testing.T) {
	oa := func(provider, licence string) works.Named {
		return works.Named{Provider: provider, Record: record.Record{OA: &record.OpenAccess{License: licence}}}
	}
	for _, c := range []struct {
		name    string
		in      []works.Named
		want    string
		from    string
		notKept []record.Choice
	}{
		{"versioned refines bare", []works.Named{oa("openalex", "cc-by"), oa("crossref", "https://creativecommons.org/licenses/by/4.0/")},
			"cc-by-4.0", "crossref", nil},
		{"other family is a conflict", []works.Named{oa("openalex", "cc-by"), oa("crossref", "http://creativecommons.org/licenses/by-nc/4.0/")},
			"cc-by", "openalex", []record.Choice{{Value: "cc-by-nc-4.0", Providers: []string{"crossref"}}}},
		{"other version is a conflict", []works.Named{oa("openalex", "cc-by-3.0"), oa("crossref", "https://creativecommons.org/licenses/by/4.0/")},
			"cc-by-3.0", "openalex", []record.Choice{{Value: "cc-by-4.0", Providers: []string{"crossref"}}}},
		{"first versioned wins", []works.Named{oa("openalex", "cc-by"), oa("crossref", "http://creativecommons.org/licenses/by/3.0/"), oa("datacite", "cc-by-4.0")},
			"cc-by-3.0", "crossref", []record.Choice{{Value: "cc-by-4.0", Providers: []string{"datacite"}}}},
		// CR3#4: one IGO licence in Crossref's URL form and DataCite's SPDX
		// id agrees; the unported 3.0 is another licence
		{"IGO URL and SPDX id agree", []works.Named{oa("crossref", "http://creativecommons.org/licenses/by/3.0/igo/"), oa("datacite", "CC-BY-3.0-IGO")},
			"cc-by-3.0-igo", "crossref", nil},
		{"IGO is not unported", []works.Named{oa("crossref", "http://creativecommons.org/licenses/by/3.0/igo/"), oa("datacite", "cc-by-3.0")},
			"cc-by-3.0-igo", "crossref", []record.Choice{{Value: "cc-by-3.0", Providers: []string{"datacite"}}}},
		// a category names no licence: the registrar's real one wins and
		// nothing contradicts it (T#2)
		{"real licence beats a category", []works.Named{oa("openalex", "publisher-specific-oa"), oa("unpaywall", "implied-oa"), oa("crossref", "http://creativecommons.org/licenses/by/4.0/")},
			"cc-by-4.0", "crossref", nil},
		{"publisher terms beat a category", []works.Named{oa("openalex", "other-oa"), oa("crossref", "https://www.elsevier.com/tdm/userlicense/1.0/")},
			"https://www.elsevier.com/tdm/userlicense/1.0/", "crossref", nil},
		{"a category alone is kept", []works.Named{oa("unpaywall", "publisher-specific, author manuscript")},
			"publisher-specific, author manuscript", "unpaywall", nil},
	} {
		got, from, conflicts := order.Merge(c.in)
		if got.OA == nil || got.OA.License != c.want || from["open_access.license"] != c.from {
			t.Errorf("%s: licence %+v from %q, want %q from %q", c.name, got.OA, from["open_access.license"], c.want, c.from)
		}
		var notKept []record.Choice
		for _, k := range conflicts {
			if k.Field == "open_access.license" {
				notKept = k.NotKept
			}
		}
		if !reflect.DeepEqual(notKept, c.notKept) {
			t.Errorf("%s: licences not kept %+v, want %+v", c.name, notKept, c.notKept)
		}
	}
}

// TestMergeAuthorsSharedIDNeedsTheName: a shared ORCID iD does not excuse
// a name that disagrees (T#4): OpenAlex's iD attribution can be wrong, so
// "Xavier Jensen" fills in nothing for "M. Jensen" — no given name, no
// affiliations — while "Michael Jensen" with the iD still does.
func TestMergeAuthorsSharedIDNeedsTheName(t *testing.T) {
	const id = "0000-0002-1825-0097"
	got, from, _ := order.Merge([]works.Named{
		{Provider: "crossref", Record: record.Record{Authors: []record.Author{
			{Given: "M.", Family: "Jensen", ORCID: id},
			{Given: "A.", Family: "Berg", ORCID: "0000-0001-0000-0001"},
		}}},
		{Provider: "openalex", Record: record.Record{Authors: []record.Author{
			{Given: "Xavier", Family: "Jensen", ORCID: id, Affiliations: []string{"Elsewhere"}},
			{Given: "Anna", Family: "Berg", ORCID: "0000-0001-0000-0001", Affiliations: []string{"Lund University"}},
		}}},
		{Provider: "orcid", Record: record.Record{Authors: []record.Author{
			{Given: "M.", Family: "Jensen-Holm", ORCID: id},
		}}},
	})
	want := []record.Author{
		{Given: "M.", Family: "Jensen", ORCID: id},
		{Given: "Anna", Family: "Berg", ORCID: "0000-0001-0000-0001", Affiliations: []string{"Lund University"}},
	}
	if !reflect.DeepEqual(got.Authors, want) {
		t.Errorf("authors %+v, want %+v", got.Authors, want)
	}
	if from["authors.given"] != "openalex" || from["authors.family"] != "" {
		t.Errorf("provenance %v: want given from openalex (Anna), no family filled", from)
	}
}

// TestLicenceConflictSpellingFree (CR3#5): a licence conflict stores values
// not kept in NormalLicence's form, grouped by it exactly, so a service
// switching from a URL to an SPDX id, or providers answering in another
// order, changes no byte of the conflict.
func TestLicenceConflictSpellingFree(t *testing.T) {
	oa := func(provider, licence string) works.Named {
		return works.Named{Provider: provider, Record: record.Record{OA: &record.OpenAccess{License: licence}}}
	}
	licenceConflict := func(in ...works.Named) []byte {
		_, _, conflicts := order.Merge(in)
		b, err := json.Marshal(conflicts)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	asURL := licenceConflict(oa("openalex", "cc-by-nc"), oa("crossref", "http://creativecommons.org/licenses/by/4.0/"),
		oa("datacite", "https://creativecommons.org/licenses/by/3.0/"), oa("europepmc", "cc by"))
	asSPDX := licenceConflict(oa("openalex", "cc-by-nc"), oa("crossref", "CC-BY-4.0"),
		oa("datacite", "cc-by-3.0"), oa("europepmc", "CC-BY"))
	reordered := licenceConflict(oa("europepmc", "cc by"), oa("datacite", "cc-by-3.0"),
		oa("crossref", "cc-by-4.0"), oa("openalex", "cc-by-nc"))
	want := `[{"field":"open_access.license","kept":{"value":"cc-by-nc","providers":["openalex"]},"not_kept":[` +
		`{"value":"cc-by","providers":["europepmc"]},{"value":"cc-by-3.0","providers":["datacite"]},{"value":"cc-by-4.0","providers":["crossref"]}]}]`
	for name, got := range map[string][]byte{"URL form": asURL, "SPDX form": asSPDX, "another order": reordered} {
		if string(got) != want {
			t.Errorf("%s: conflicts\n%s\nwant\n%s", name, got, want)
		}
	}
}

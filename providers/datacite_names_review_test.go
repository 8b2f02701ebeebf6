package providers

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// Review of #32 (DataCite placeholders, repeats, name lists): forms a
// depositor's free-text creator field holds that the rules read wrongly.
// Each input is constructed in a form real data shows (source beside it);
// the expectation is what a bibliographer reads from the input.

// A parenthesis after a name in a ";" list is not always an affiliation:
// German catalogues mark editors "(Hrsg.)" ("Becher, Andrea (Hrsg.);
// Blumberg, Eva (Hrsg.); …", a real book's editors as a public repository
// lists them), lists mark "(Editor)" or "(PI)", and a depositor pastes an
// ORCID iD. NameList (providers/wire/names.go:378, nameListPart's third
// group) makes each an affiliation.
func TestDataCiteNameListParenthesisIsNotAlwaysAnAffiliation(t *testing.T) {
	roles := map[string]bool{"Hrsg.": true, "Editor": true, "PI": true}
	for _, creators := range []string{
		`[{"name":"Becher, Andrea (Hrsg.); Blumberg, Eva (Hrsg.)"}]`,
		`[{"name":"Doe, Jane (Editor); Roe, Richard (Editor)"}]`,
		`[{"name":"Smith, John (PI); Doe, Jane"}]`,
		`[{"name":"Doe, Jane (0000-0002-1825-0097); Roe, Richard (0000-0001-5109-3700)"}]`,
	} {
		for _, a := range dataCiteAuthors(gjson.Parse(creators)) {
			for _, aff := range a.Affiliations {
				switch {
				case strings.ContainsAny(aff, "0123456789"):
					t.Errorf("%s: %s %s gets an ORCID iD as affiliation %q", creators, a.Given, a.Family, aff)
				case roles[aff]:
					t.Errorf("%s: %s %s gets a role as affiliation %q", creators, a.Given, a.Family, aff)
				}
			}
		}
	}
}

// "Given Family, Institution" and "Given Family, Degree" lists have the
// shape "Family, Given" too: NameList makes "Ryan Enos" a family name and
// "Harvard" a given name (Harvard, UCLA, MIT, CERN carry none of
// IsOrganisation's words). The Harvard Dataverse record the rule was
// built on (10.7910/dvn/eqtqyo) names the same people in the other order;
// these must stay whole, as "John Smith; Jane Doe" does.
func TestDataCiteNameListGivenFamilyCommaSomethingStaysWhole(t *testing.T) {
	for _, name := range []string{
		"Ryan Enos, Harvard; Lynn Vavreck, UCLA",
		"Jane Doe, PhD; John Roe, MD",
	} {
		got := dataCiteAuthors(gjson.Parse(`[{"name":"` + name + `"}]`))
		if want := []record.Author{{Name: name}}; !reflect.DeepEqual(got, want) {
			t.Errorf("%q\n got %+v\nwant %+v", name, got, want)
		}
	}
}

// A list's last person after "and" or "&" gets the conjunction in the
// family name: "and Roe".
func TestDataCiteNameListConjunctionIsNoFamilyName(t *testing.T) {
	for _, name := range []string{"Smith, John; Doe, Jane; and Roe, Richard", "Smith, John; Doe, Jane; & Roe, Richard"} {
		for _, a := range dataCiteAuthors(gjson.Parse(`[{"name":"` + name + `"}]`)) {
			if f := strings.ToLower(a.Family); strings.HasPrefix(f, "and ") || strings.HasPrefix(f, "&") {
				t.Errorf("%q: family name %q", name, a.Family)
			}
		}
	}
}

// SplitName leaves a name with a generational suffix literal, since the
// record has no field for it and folding it into given or family files
// the person wrongly (providers/wire/names.go:37-39). NameList folds it
// into the given name ("Martin Luther Jr.") or the family name ("Smith
// Jr."): BibTeX then sorts and abbreviates "Jr." as a given name.
func TestDataCiteNameListSuffixIsNotFolded(t *testing.T) {
	for _, name := range []string{"King, Martin Luther Jr.; Abernathy, Ralph", "Smith Jr., John; Doe, Jane"} {
		for _, a := range dataCiteAuthors(gjson.Parse(`[{"name":"` + name + `"}]`)) {
			if strings.Contains(a.Given+" "+a.Family, "Jr.") {
				t.Errorf("%q: suffix folded into %+v", name, a)
			}
		}
	}
}

// Two co-authors may share a name: refsplitr's report of "Yang, Xia"
// (University of Malaya) and "Yang, Xia" (Central South University,
// Changsha) on one paper, two people (https://github.com/ropensci/refsplitr/issues/101);
// ATLAS and CMS author lists hold such pairs too. AddAuthorOnce
// (providers/wire/names.go:421) makes them one author with both
// affiliations. Different affiliations say two people; at the least the
// count of authors must not fall.
func TestDataCiteSameNameDifferentAffiliationsAreTwoPeople(t *testing.T) {
	got := dataCiteAuthors(gjson.Parse(`[
		{"name":"Yang, Xia","nameType":"Personal","givenName":"Xia","familyName":"Yang","affiliation":["University of Malaya"]},
		{"name":"Yang, Xia","nameType":"Personal","givenName":"Xia","familyName":"Yang","affiliation":["Central South University"]}]`))
	want := []record.Author{
		{Given: "Xia", Family: "Yang", Affiliations: []string{"University of Malaya"}},
		{Given: "Xia", Family: "Yang", Affiliations: []string{"Central South University"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("authors\n got %+v\nwant %+v", got, want)
	}
}

// A creator whose name is a placeholder but whose ORCID iD names a person
// is that person, not nobody: dataCitePlaceholder
// (providers/datacite.go:299) drops the iD with the name, and the work is
// keyed anon… with no author at all.
func TestDataCitePlaceholderNameWithAnORCIDIsAPerson(t *testing.T) {
	for _, creators := range []string{
		`[{"name":":unav","nameIdentifiers":[{"nameIdentifier":"https://orcid.org/0000-0002-1825-0097","nameIdentifierScheme":"ORCID"}]}]`,
		`[{"name":"Unknown","familyName":"Unknown","nameType":"Personal","nameIdentifiers":[{"nameIdentifier":"https://orcid.org/0000-0002-1825-0097","nameIdentifierScheme":"ORCID"}]}]`,
	} {
		got := dataCiteAuthors(gjson.Parse(creators))
		if len(got) != 1 || got[0].ORCID != "0000-0002-1825-0097" {
			t.Errorf("%s\n got %+v, want one author with ORCID 0000-0002-1825-0097", creators, got)
		}
	}
}

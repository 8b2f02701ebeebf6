package main

import (
	"reflect"

	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// mergePage is the docs page that says how fields merge.
const mergePage = "docs/merge.md"

// registryMerge merges records with the registry's real precedence lists,
// as a run does.
func registryMerge(records ...works.Named) (record.Record, map[string]string, []record.Conflict) {
	p := works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence()}
	return p.Merge(records)
}

// TestMergePageDateExample holds docs/merge.md's worked date example to
// the merge: with Crossref 2020, OpenAlex 2020-05 and ORCID 2020-06-14
// the date is 2020-05 (from OpenAlex) and ORCID's day is a conflict; a
// 1 January date refines nothing.
func TestMergePageDateExample(t *testing.T) {
	page := readText(t, mergePage)
	if !strings.Contains(page, "with Crossref 2020, OpenAlex 2020-05 and ORCID 2020-06-14 the date is 2020-05") {
		t.Fatalf("%s no longer gives the date example this test holds", mergePage)
	}
	dated := func(provider string, d record.Date) works.Named {
		return works.Named{Provider: provider, Record: record.Record{Title: "T", Issued: d}}
	}
	merged, from, conflicts := registryMerge(
		dated("orcid", record.Date{Year: 2020, Month: 6, Day: 14}),
		dated("openalex", record.Date{Year: 2020, Month: 5}),
		dated("crossref", record.Date{Year: 2020}),
	)
	if merged.Issued != (record.Date{Year: 2020, Month: 5}) || from["issued"] != "openalex" {
		t.Errorf("issued %+v from %q, want 2020-05 from openalex", merged.Issued, from["issued"])
	}
	var issued *record.Conflict
	for i := range conflicts {
		if conflicts[i].Field == "issued" {
			issued = &conflicts[i]
		}
	}
	if issued == nil || len(issued.NotKept) != 1 || strings.Join(issued.NotKept[0].Providers, ",") != "orcid" {
		t.Errorf("ORCID's day is not the one value not kept: %+v", conflicts)
	}

	merged, _, _ = registryMerge(dated("crossref", record.Date{Year: 2015}), dated("openalex", record.Date{Year: 2015, Month: 1, Day: 1}))
	if merged.Issued != (record.Date{Year: 2015}) {
		t.Errorf("a 1 January date refined the year: %+v", merged.Issued)
	}
}

// TestMergePageLicenceForms holds the licence spellings docs/merge.md
// names to the form the merged record keeps, and its refinement and
// category rules to the merge.
func TestMergePageLicenceForms(t *testing.T) {
	page := readText(t, mergePage)
	licensed := func(provider, licence string) works.Named {
		return works.Named{Provider: provider, Record: record.Record{OA: &record.OpenAccess{License: licence}}}
	}
	kept := func(records ...works.Named) string {
		merged, _, _ := registryMerge(records...)
		if merged.OA == nil {
			return ""
		}
		return merged.OA.License
	}
	for given, want := range map[string]string{
		"https://creativecommons.org/licenses/by/4.0/":       "cc-by-4.0",
		"https://creativecommons.org/licenses/by-nc-nd/3.0/": "cc-by-nc-nd-3.0",
		"http://creativecommons.org/licenses/by/3.0/de/":     "cc-by-3.0-de",
		"https://creativecommons.org/publicdomain/zero/1.0/": "cc0-1.0",
		"cc-by": "cc-by",
		"https://creativecommons.org/licenses/by/3.0/igo/": "cc-by-3.0-igo",
		"CC-BY-3.0-IGO": "cc-by-3.0-igo",
		"https://creativecommons.org/licenses/by-nc-nd/2.5/scotland/": "cc-by-nc-nd-2.5-scotland",
		"CC BY 4.0 International":                                     "cc-by-4.0",
	} {
		if !strings.Contains(page, "`"+want+"`") {
			t.Errorf("%s no longer names %s", mergePage, want)
		}
		if got := kept(licensed("crossref", given)); got != want {
			t.Errorf("%q is kept as %q, the page says %q", given, got, want)
		}
	}
	// OpenAlex's bare cc-by gives way to Crossref's versioned licence, and
	// once versioned to no other version or family
	if got := kept(licensed("openalex", "cc-by"), licensed("crossref", "https://creativecommons.org/licenses/by/4.0/"), licensed("datacite", "cc-by-3.0")); got != "cc-by-4.0" {
		t.Errorf("cc-by, by/4.0 and cc-by-3.0 keep %q, want cc-by-4.0", got)
	}
	if got := kept(licensed("openalex", "cc-by"), licensed("crossref", "https://creativecommons.org/licenses/by-nc/4.0/")); got != "cc-by" {
		t.Errorf("cc-by gave way to another family: %q", got)
	}
	// a category gives way to any real licence, without a conflict
	merged, _, conflicts := registryMerge(licensed("unpaywall", "publisher-specific-oa"), licensed("crossref", "https://example.org/terms"))
	if merged.OA == nil || merged.OA.License != "https://example.org/terms" {
		t.Errorf("a category was kept over a publisher's licence: %+v", merged.OA)
	}
	for _, c := range conflicts {
		if c.Field == "open_access.license" {
			t.Errorf("a category conflicts with a licence: %+v", c)
		}
	}
	if got := kept(licensed("unpaywall", "implied-oa")); got != "implied-oa" {
		t.Errorf("a lone category is kept as %q", got)
	}
}

// TestMergePageYearOverride holds docs/merge.md's year override to
// Document: a year sets issued to that year alone, recorded as "issued
// (manifest)"; a year the merged date already has changes nothing.
func TestMergePageYearOverride(t *testing.T) {
	page := readText(t, mergePage)
	if !strings.Contains(page, "a year the merged date already has\n  changes nothing") {
		t.Fatalf("%s no longer says what a year override the merge agrees with does", mergePage)
	}
	id, err := manifest.ParseID("10.1234/year")
	if err != nil {
		t.Fatal(err)
	}
	found := func(p string, r record.Record) snapshots.Source {
		return snapshots.Source{Provider: p, Status: string(record.Found), Record: &r}
	}
	sources := map[string]snapshots.Source{
		"crossref": found("crossref", record.Record{Title: "T", Issued: record.Date{Year: 2020, Month: 5}}),
		"openalex": found("openalex", record.Record{Title: "T", Issued: record.Date{Year: 2021}}),
	}
	p := works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence()}
	plain, _ := p.Document(id, nil, sources, nil)
	same, lw := p.Document(id, nil, sources, []manifest.Override{{ID: id, Year: 2020}})
	if err := works.WithDecisions(&same, nil, lw.Overrides()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(same.Record, plain.Record) || !reflect.DeepEqual(same.Conflicts, plain.Conflicts) || same.Decisions != nil {
		t.Errorf("a year the merge has changed the work: %+v %+v %s", same.Record.Issued, same.Conflicts, same.Decisions)
	}
	other, lw := p.Document(id, nil, sources, []manifest.Override{{ID: id, Year: 2021}})
	if other.Record.Issued != (record.Date{Year: 2021}) || other.Provenance["issued"] != works.ManifestSource {
		t.Errorf("a year override gave issued %+v from %q", other.Record.Issued, other.Provenance["issued"])
	}
	if got := lw.Overrides(); !reflect.DeepEqual(got, []string{"issued (manifest)"}) {
		t.Errorf("decisions.overrides = %q", got)
	}
}

package works_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/works"
)

// TestMergeWholeFields pins Merge's rules: each field comes whole from the
// first provider in Precedence that has it, open access from OA precedence
// (or the licence alone), identifiers one by one, relations as a sorted
// union and extras concatenated in precedence order, whatever the input
// order.
func TestMergeWholeFields(t *testing.T) {
	in := []works.Named{
		{Provider: "zeta", Record: record.Record{ // unlisted: after every listed provider
			Title: "Zeta title", Volume: "99", Pages: "1-2",
			IDs:   record.IDs{MAG: "123", ISSN: []string{"9999-9999"}},
			Extra: []record.Annotation{{Name: "z", Value: "1"}},
		}},
		{Provider: "orcid", Record: record.Record{
			Title:     "ORCID title",
			Authors:   []record.Author{{Name: "A. Person", ORCID: "0000-0002-1825-0097"}},
			Issued:    record.NewDate(2020, 1, 0),
			Relations: []record.Relation{{Type: "is-version-of", ID: "doi:10.1/b"}, {Type: "has-preprint", ID: "doi:10.1/a"}},
			Extra:     []record.Annotation{{Name: "citation:bibtex", Value: "@article{}"}},
		}},
		{Provider: "unpaywall", Record: record.Record{
			OA:  &record.OpenAccess{URL: "https://free.example/x.pdf", License: "cc-by", Status: "green", Version: "acceptedVersion"},
			IDs: record.IDs{DOI: "10.1/unpaywall"},
		}},
		{Provider: "crossref", Record: record.Record{
			Title:     "Crossref title",
			Container: "Journal",
			Type:      "article-journal",
			OA:        &record.OpenAccess{License: "cc0"},
			IDs:       record.IDs{DOI: "10.1/crossref", ISSN: []string{"1234-5678"}},
			Relations: []record.Relation{{Type: "has-preprint", ID: "doi:10.1/a"}},
			Extra:     []record.Annotation{{Name: "c", Value: "2"}},
		}},
		{Provider: "openalex", Record: record.Record{
			Issued:    record.NewDate(2021, 3, 4),
			Publisher: "Pub",
			Issue:     "7",
			Abstract:  "Abs",
			URL:       "https://openalex.example/W1",
			Topics:    []string{"Biology"},
			IDs:       record.IDs{OpenAlex: "W1", DOI: "10.1/openalex"},
		}},
		{Provider: "pubmed", Record: record.Record{
			Authors: []record.Author{{Family: "Person", Given: "A"}},
			IDs:     record.IDs{PMID: "1", PMCID: "PMC2"},
		}},
		{Provider: "arxiv", Record: record.Record{
			IDs:       record.IDs{ArXiv: "2101.00001"},
			Relations: []record.Relation{{Type: "is-preprint-of", ID: "doi:10.1/c"}},
		}},
		{Provider: "semanticscholar", Record: record.Record{IDs: record.IDs{S2: "abc"}}},
		{Provider: "doi", Record: record.Record{IDs: record.IDs{ISBN: []string{"978-0"}}}},
		{Provider: "alpha", Record: record.Record{ // unlisted too: before zeta by name
			Volume: "1",
			Extra:  []record.Annotation{{Name: "a", Value: "3"}},
		}},
	}
	want := record.Record{
		Title:     "Crossref title",
		Authors:   []record.Author{{Family: "Person", Given: "A", ORCID: "0000-0002-1825-0097"}}, // pubmed's list, completed with ORCID's iD
		Container: "Journal",
		Publisher: "Pub",
		Type:      "article-journal",
		Issued:    record.NewDate(2021, 3, 4),
		Volume:    "1",
		Issue:     "7",
		Pages:     "1-2",
		Abstract:  "Abs",
		URL:       "https://openalex.example/W1",
		IDs: record.IDs{DOI: "10.1/crossref", ArXiv: "2101.00001", PMID: "1", PMCID: "PMC2", OpenAlex: "W1",
			MAG: "123", S2: "abc", ISBN: []string{"978-0"}, ISSN: []string{"1234-5678"}},
		OA: &record.OpenAccess{URL: "https://free.example/x.pdf", License: "cc-by", Status: "green", Version: "acceptedVersion"},
		Relations: []record.Relation{
			{Type: "has-preprint", ID: "doi:10.1/a"},
			{Type: "is-preprint-of", ID: "doi:10.1/c"},
			{Type: "is-version-of", ID: "doi:10.1/b"},
		},
		Topics: []string{"Biology"},
		Extra: []record.Annotation{
			{Name: "c", Value: "2"}, {Name: "citation:bibtex", Value: "@article{}"},
			{Name: "a", Value: "3"}, {Name: "z", Value: "1"},
		},
	}
	wantFrom := map[string]string{
		"title": "crossref", "authors": "pubmed", "container": "crossref", "publisher": "openalex",
		"type": "crossref", "issued": "openalex", "volume": "alpha", "issue": "openalex", "pages": "zeta",
		"abstract": "openalex", "url": "openalex", "topics": "openalex", "authors.orcid": "orcid",
		"open_access.url": "unpaywall", "open_access.license": "unpaywall", "open_access.status": "unpaywall", "open_access.version": "unpaywall",
		"ids.doi": "crossref", "ids.arxiv": "arxiv", "ids.pmid": "pubmed", "ids.pmcid": "pubmed",
		"ids.openalex": "openalex", "ids.mag": "zeta", "ids.semanticscholar": "semanticscholar",
		"ids.isbn": "doi", "ids.issn": "crossref",
	}
	check := func(name string, in []works.Named) {
		t.Helper()
		got, from, _ := order.Merge(in)
		if !reflect.DeepEqual(got, want) {
			g, _ := json.MarshalIndent(got, "", " ")
			w, _ := json.MarshalIndent(want, "", " ")
			t.Errorf("%s: merged\n%s\nwant\n%s", name, g, w)
		}
		if !reflect.DeepEqual(from, wantFrom) {
			t.Errorf("%s: provenance %v, want %v", name, from, wantFrom)
		}
	}
	check("given order", in)
	reversed := make([]works.Named, len(in))
	for i, n := range in {
		reversed[len(in)-1-i] = n
	}
	check("reversed order", reversed)

	// The merged open access is a copy: changing a source after the merge
	// leaves it alone.
	got, _, _ := order.Merge(in)
	in[2].Record.OA.URL = "changed"
	if got.OA.URL != "https://free.example/x.pdf" {
		t.Errorf("merged open access shares the source's: %q", got.OA.URL)
	}
}

// TestMergeOAPartByPart: the free copy (and its version) comes from the
// first provider in OA precedence that knows one; a licence or status that
// provider lacks is filled from the next provider that has one, so
// Unpaywall's location does not drop Crossref's licence. A licence given
// as a URL and as its short name is one licence, kept in its SPDX-style
// form; a different licence is a conflict.
func TestMergeOAPartByPart(t *testing.T) {
	got, from, conflicts := order.Merge([]works.Named{
		{Provider: "unpaywall", Record: record.Record{OA: &record.OpenAccess{URL: "https://repo.example/x.pdf", Version: "acceptedVersion", Status: "green"}}},
		{Provider: "crossref", Record: record.Record{OA: &record.OpenAccess{License: "https://creativecommons.org/licenses/by/4.0/", Version: "publishedVersion"}}},
		{Provider: "semanticscholar", Record: record.Record{OA: &record.OpenAccess{License: "cc-by", URL: "https://s2.example/x.pdf"}}},
		{Provider: "datacite", Record: record.Record{OA: &record.OpenAccess{License: "cc0", Status: "gold"}}},
	})
	want := &record.OpenAccess{URL: "https://repo.example/x.pdf", Version: "acceptedVersion", Status: "green", License: "cc-by-4.0"}
	if !reflect.DeepEqual(got.OA, want) {
		t.Errorf("open access %+v, want %+v", got.OA, want)
	}
	wantFrom := map[string]string{"open_access.url": "unpaywall", "open_access.version": "unpaywall",
		"open_access.status": "unpaywall", "open_access.license": "crossref"}
	if !reflect.DeepEqual(from, wantFrom) {
		t.Errorf("provenance %v, want %v", from, wantFrom)
	}
	wantConflicts := []record.Conflict{
		{Field: "open_access.license",
			Kept:    record.Choice{Value: "cc-by-4.0", Providers: []string{"crossref", "semanticscholar"}},
			NotKept: []record.Choice{{Value: "cc0", Providers: []string{"datacite"}}}},
		{Field: "open_access.status",
			Kept:    record.Choice{Value: "green", Providers: []string{"unpaywall"}},
			NotKept: []record.Choice{{Value: "gold", Providers: []string{"datacite"}}}},
	}
	if !reflect.DeepEqual(conflicts, wantConflicts) {
		t.Errorf("conflicts\n%+v\nwant\n%+v", conflicts, wantConflicts)
	}
}

// TestMergeNothing: no records, or records with nothing in them, merge to
// an empty record with empty (not nil) provenance.
func TestMergeNothing(t *testing.T) {
	for _, in := range [][]works.Named{nil, {{Provider: "crossref"}, {Provider: "orcid", Record: record.Record{OA: &record.OpenAccess{}}}}} {
		got, from, _ := order.Merge(in)
		if !reflect.DeepEqual(got, record.Record{}) {
			t.Errorf("Merge(%v) = %+v, want the zero record", in, got)
		}
		if from == nil || len(from) != 0 {
			t.Errorf("Merge(%v) provenance = %#v, want empty and not nil", in, from)
		}
	}
}

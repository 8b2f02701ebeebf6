package works_test

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// What the user typed (or imported) for a work is a source below every
// service: it fills what no service gives, and where a service says
// otherwise the service's value is kept and the typed one is a value not
// kept, in the conflicts the user reads.
func TestTypedFieldsFillAndConflictBelowEveryService(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/kiln"}
	m := &manifest.Manifest{Works: []manifest.Work{{ID: id, Own: manifest.WorkRecord{
		Title: "Kilns of the north", Venue: "Workshop on Kilns", Pages: "12-19", Date: "2020"}}}}
	run := works.NewRun(m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref", "orcid"}}, Asked: []string{"crossref"}})
	found := []works.Answer{{Provider: "crossref", Status: record.Found, Record: &record.Record{Title: "Kilns of the North", Issued: record.Date{Year: 2021}}}}
	p := run.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest}, Answers: found})
	rec := p.Work.Record
	if rec.Title != "Kilns of the North" || rec.Issued.Year != 2021 || rec.Container != "Workshop on Kilns" || rec.Pages != "12-19" {
		t.Errorf("record %+v: want crossref's title and year, the typed venue and pages", rec)
	}
	if p.Work.Provenance["container"] != works.TypedSource || p.Work.Provenance["issued"] != "crossref" {
		t.Errorf("provenance %v", p.Work.Provenance)
	}
	want := record.Conflict{Field: "issued", Kept: record.Choice{Value: "2021", Providers: []string{"crossref"}},
		NotKept: []record.Choice{{Value: "2020", Providers: []string{works.TypedSource}}}}
	var got *record.Conflict
	for i := range p.Work.Conflicts {
		if p.Work.Conflicts[i].Field == "issued" {
			got = &p.Work.Conflicts[i]
		}
	}
	if got == nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("issued conflict %+v, want %+v (all: %+v)", got, want, p.Work.Conflicts)
	}
	// the run says so; a title differing in case only is agreement
	if !reflect.DeepEqual(p.TypedNotKept, []string{"issued"}) {
		t.Errorf("typed fields not kept %v, want [issued]", p.TypedNotKept)
	}
}

// A work without an identifier has no service to ask: its typed fields
// are its record, written like any work's. When the [[work]] loses its
// fields, the typed source goes with them rather than standing as
// "previous".
func TestTypedWorkIsItsOwnRecordAndGoesWithIt(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindKey, Value: "lee2021workshop"}
	own := manifest.WorkRecord{Type: "speech", Title: "Graphs for all", Authors: []string{"Lee, Ann", "{CMS Collaboration}"}, Date: "2021-07"}
	m := &manifest.Manifest{Works: []manifest.Work{{ID: id, Key: "lee2021workshop", Own: own}}}
	run := works.NewRun(m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref"}}})
	p := run.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest}})
	wantAuthors := []record.Author{{Given: "Ann", Family: "Lee"}, {Name: "CMS Collaboration"}}
	if !p.Write || p.Work.Record.Title != "Graphs for all" || p.Work.Record.Type != "speech" ||
		p.Work.Record.Issued != (record.Date{Year: 2021, Month: 7}) || !reflect.DeepEqual(p.Work.Record.Authors, wantAuthors) {
		t.Fatalf("prepared %+v", p)
	}
	if len(p.Work.Sources) != 1 || p.Work.Sources[0].Provider != works.TypedSource {
		t.Errorf("sources %+v, want the typed source alone", p.Work.Sources)
	}

	bare := works.NewRun(&manifest.Manifest{Works: []manifest.Work{{ID: id, Key: "lee2021workshop"}}}, works.Settings{})
	again := bare.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest}, Existed: true, Previous: works.Previous{Work: p.Work}})
	for _, s := range again.Work.Sources {
		if s.Provider == works.TypedSource {
			t.Errorf("the typed source outlived its fields: %+v", again.Work.Sources)
		}
	}
}

// A DOI every service says it does not know is a warning even when the
// [[work]] types a title: the user's fields are no service's word, and
// a mistyped DOI would otherwise pass unseen.
func TestTypedFieldsDoNotHideAnUnknownDOI(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/typo"}
	m := &manifest.Manifest{Works: []manifest.Work{{ID: id, Own: manifest.WorkRecord{Title: "Kilns"}}}}
	run := works.NewRun(m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref"}}, Asked: []string{"crossref"}})
	p := run.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest}, Answers: []works.Answer{{Provider: "crossref", Status: record.NotFound}}})
	if len(p.Warnings) == 0 {
		t.Errorf("no warning for a DOI no service knows: %+v", p)
	}
	if p.Work.Record.Title != "Kilns" {
		t.Errorf("title %q, want the typed one shown meanwhile", p.Work.Record.Title)
	}
}

// A [[work]] named by its identifier types that identifier too: an
// imported entry's doi = {…} or eprint = {…} is the user's word, so when
// no service answers (or none knows it) the work's record still carries
// it, and every format writes it as the original file did.
func TestTypedRecordCarriesTheWorksOwnIdentifier(t *testing.T) {
	for _, id := range []manifest.Identity{
		{Kind: manifest.KindDOI, Value: "10.18653/v1/w19-1404"},
		{Kind: manifest.KindArXiv, Value: "2101.00001"},
	} {
		m := &manifest.Manifest{Works: []manifest.Work{{ID: id, Own: manifest.WorkRecord{Title: "Char-RNN for Word Stress Detection"}}}}
		run := works.NewRun(m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref"}}, Asked: []string{"crossref"}})
		p := run.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest},
			Answers: []works.Answer{{Provider: "crossref", Status: record.Failed}}})
		ids := p.Work.Record.IDs
		if got := map[manifest.Kind]string{manifest.KindDOI: ids.DOI, manifest.KindArXiv: ids.ArXiv}[id.Kind]; got != id.Value {
			t.Errorf("%s: record ids %+v, want the identity's own %q", id, ids, id.Value)
		}
	}
}

// A typed title that differs from Crossref's only by case, accents or
// punctuation (a BibTeX title read without its braces, a trailing period)
// is the same title, not a conflict the user must read; different words
// are one.
func TestTypedTitleDifferingByCaseIsNoConflict(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.3233/faia200597"}
	for _, c := range []struct {
		typed, crossref string
		conflict        bool
	}{
		{"Evaluating Multilingual BERT for Estonian", "Evaluating multilingual BERT for Estonian.", false},
		{"Lexicon-enhanced neural lemmatization for estonian", "Lexicon-Enhanced Neural Lemmatization for Estonian", false},
		{"Evaluating Multilingual BERT for Estonian", "Evaluating Multilingual BERT for Latvian", true},
	} {
		m := &manifest.Manifest{Works: []manifest.Work{{ID: id, Own: manifest.WorkRecord{Title: c.typed}}}}
		run := works.NewRun(m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref"}}, Asked: []string{"crossref"}})
		p := run.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest},
			Answers: []works.Answer{{Provider: "crossref", Status: record.Found, Record: &record.Record{Title: c.crossref}}}})
		got := false
		for _, cf := range p.Work.Conflicts {
			got = got || cf.Field == "title"
		}
		if got != c.conflict || p.Work.Record.Title != c.crossref {
			t.Errorf("typed %q, crossref %q: title %q, conflict %v, want crossref's and conflict %v", c.typed, c.crossref, p.Work.Record.Title, got, c.conflict)
		}
	}
}

// A work the manifest names by its DOI (or arXiv id, PMID, PMCID) keeps
// that identifier in its record when no service answers for it (a DOI
// too new for Crossref, a first fetch offline): its [[work]] fields show
// it meanwhile, and without the identifier every format would drop the
// doi field the imported papers.bib had. The arXiv id is the base one,
// as the arXiv service gives it.
func TestTypedRecordKeepsTheIdentifierTheWorkIsNamedBy(t *testing.T) {
	for _, tc := range []struct {
		id   manifest.Identity
		want record.IDs
	}{
		{manifest.Identity{Kind: manifest.KindDOI, Value: "10.1038/s41386-026-02350-0"}, record.IDs{DOI: "10.1038/s41386-026-02350-0"}},
		{manifest.Identity{Kind: manifest.KindArXiv, Value: "2004.07462v2"}, record.IDs{ArXiv: "2004.07462"}},
		{manifest.Identity{Kind: manifest.KindPMID, Value: "31452104"}, record.IDs{PMID: "31452104"}},
	} {
		m := &manifest.Manifest{Works: []manifest.Work{{ID: tc.id, Own: manifest.WorkRecord{Title: "Incentive salience"}}}}
		run := works.NewRun(m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref"}}, Asked: []string{"crossref"}})
		p := run.Add(works.Fetched{ID: tc.id, Origins: []string{snapshots.OriginManifest}, Answers: []works.Answer{{Provider: "crossref", Status: record.Failed}}})
		if !reflect.DeepEqual(p.Work.Record.IDs, tc.want) {
			t.Errorf("%s: record ids %+v, want %+v", tc.id.Key(), p.Work.Record.IDs, tc.want)
		}
		for _, c := range p.Work.Conflicts {
			t.Errorf("%s: conflict %+v", tc.id.Key(), c)
		}
	}
}

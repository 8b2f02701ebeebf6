package works_test

import (
	"bytes"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// The run's way into the core decides whether a work is written: nothing
// known and no file is not (it would render as "Untitled"), a damaged
// file with nothing to put in its place is left, and a found answer gives
// both documents.
func TestRunAddDecidesWhatIsWritten(t *testing.T) {
	m := &manifest.Manifest{}
	run := works.NewRun(m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref"}}, Asked: []string{"crossref"}})
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/kiln"}
	failed := []works.Answer{{Provider: "crossref", Status: record.Failed}}

	if p := run.Add(works.Fetched{ID: id, Answers: failed}); !p.Unwritten || p.Write {
		t.Errorf("nothing known, no file: %+v, want unwritten", p)
	}
	if p := run.Add(works.Fetched{ID: id, Existed: true, Damaged: true, Answers: failed}); p.Unwritten || p.Write || p.Rewrites {
		t.Errorf("damaged, nothing in its place: %+v, want left as it is", p)
	}
	three := 3
	found := []works.Answer{{Provider: "crossref", Status: record.Found, Record: &record.Record{Title: "Kilns"}, Counts: record.Counts{CitedBy: &three}}}
	p := run.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest}, Answers: found})
	if !p.Write || p.Work.Record.Title != "Kilns" || p.Counts == nil || p.Counts.ID != id.Key() || !p.KeepIfFollowed {
		t.Errorf("found: %+v, want its documents", p)
	}
}

// Linked.File hands back the prepared bytes themselves for a work no
// decision touches (most works: the tail encodes nothing for them), and
// adds the manifest's overrides to one they set.
func TestLinkedFileTouchesOnlyDecidedWorks(t *testing.T) {
	id := manifest.Identity{Kind: manifest.KindDOI, Value: "10.5555/kiln"}
	m := &manifest.Manifest{Overrides: []manifest.Override{{ID: id, Title: "Kilns, corrected"}}}
	found := []works.Answer{{Provider: "crossref", Status: record.Found, Record: &record.Record{Title: "Kilns"}}}
	for _, c := range []struct {
		m       *manifest.Manifest
		touched bool
	}{{&manifest.Manifest{}, false}, {m, true}} {
		run := works.NewRun(c.m, works.Settings{Precedence: works.Precedence{Fields: []string{"crossref"}}})
		p := run.Add(works.Fetched{ID: id, Origins: []string{snapshots.OriginManifest}, Answers: found})
		prepared, err := snapshots.Encode(p.Work)
		if err != nil {
			t.Fatal(err)
		}
		linked := run.Link([]*works.Linkable{&p.Link})
		got, err := linked.File(prepared, &p.Link)
		if err != nil {
			t.Fatal(err)
		}
		same := len(got) > 0 && &got[0] == &prepared[0]
		if same == c.touched || c.touched != bytes.Contains(got, []byte(`"title (manifest)"`)) {
			t.Errorf("overrides %v: same bytes %v, file:\n%s", c.touched, same, got)
		}
	}
}

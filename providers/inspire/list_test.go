package inspire_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers/inspire"
	"github.com/aboutscholar/about/record"
)

// Each recorded record, listed as an author's works, is the work a
// citation knows it by (written from the records: their dois, their
// arxiv_eprints): a DOI's, the first when a record repeats or lists two;
// an e-print's when it has no DOI; one hit one work.
func TestINSPIREListedWorksAreKnownByTheirIdentifiers(t *testing.T) {
	var records [][]byte
	entries, _ := os.ReadDir(inspireDir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "record-") {
			records = append(records, inspireFile(t, e.Name()))
		}
	}
	f := &inspireFake{t: t, pages: [][]byte{inspirePageOf(len(records), records...)}}
	res, err := inspire.Spec().Fetch(context.Background(), f.env(), []manifest.Identity{{Kind: manifest.KindINSPIRE, Value: "E.Witten.1"}})
	if err != nil || len(res) != 1 || res[0].Status != record.Found {
		t.Fatalf("fetch: %v %+v", err, res)
	}
	var got []string
	for _, d := range res[0].Discovered {
		got = append(got, d.ID.Key())
	}
	slices.Sort(got)
	want := []string{
		"arxiv:astro-ph/0002520", // 524480, a conference paper with no DOI
		"arxiv:hep-ph/0601012",   // 701585, proceedings with no DOI
		"doi:10.1007/s12043-009-0006-y",
		"doi:10.1016/c2013-0-01806-3",
		"doi:10.1016/j.physletb.2012.08.020",
		"doi:10.1038/141333b0", // 2610328 lists two DOIs: the first
		"doi:10.1093/mnras/stx1359",
		"doi:10.1103/physrevd.100.015016",
	}
	if !slices.Equal(got, want) {
		t.Errorf("works:\n%q\nwant\n%q", got, want)
	}
}

// A record with neither a DOI nor an e-print is a work of its own,
// inspire-work:<recid>: the recorded conference paper 524480 with its
// arxiv_eprints taken out (no recorded record has neither).
func TestINSPIREWorkOfItsOwn(t *testing.T) {
	var m map[string]any
	if err := json.Unmarshal(inspireFile(t, "record-524480.json"), &m); err != nil {
		t.Fatal(err)
	}
	meta, _ := m["metadata"].(map[string]any)
	if meta == nil {
		meta = m
	}
	delete(meta, "arxiv_eprints")
	delete(meta, "dois")
	body, _ := json.Marshal(meta)
	f := &inspireFake{t: t, pages: [][]byte{inspirePageOf(1, body)}}
	res, err := inspire.Spec().Fetch(context.Background(), f.env(), []manifest.Identity{{Kind: manifest.KindINSPIRE, Value: "E.Witten.1"}})
	if err != nil || len(res) != 1 || len(res[0].Discovered) != 1 {
		t.Fatalf("fetch: %v %+v", err, res)
	}
	d := res[0].Discovered[0]
	if d.ID.Key() != "inspire-work:524480" || d.Summary.URL != "https://inspirehep.net/literature/524480" || d.Summary.Title == "" {
		t.Errorf("work %s, summary %+v", d.ID, d.Summary)
	}
}

package works

import (
	"fmt"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

// TestNotOnRecord: of the works a dblp person lists, those the ORCID
// record of the same person lacks are found, by entry: a work the record
// lists by the same DOI, by its arXiv id (the record's e-print joined to
// the listing's paper), or typed by hand under the same title is on the
// record; the others are not, each once, named by the entry the page
// shows, with the listing's work and whether its page links the iD.
func TestNotOnRecord(t *testing.T) {
	const iD = typedOwner
	orcid, dblp := "orcid:"+iD, "dblp:00/0000"
	work := func(key, title string, year int, ids record.IDs, origins ...string) *Linkable {
		id, err := manifest.ParseKey(key)
		if err != nil {
			t.Fatal(err)
		}
		rec := record.Record{Title: title, Issued: record.Date{Year: year}, Type: "paper-conference", IDs: ids}
		w := Work{id: id, merged: rec, origins: origins, provenance: map[string]string{}}
		l := w.ForLinking()
		return &l
	}
	works := []*Linkable{
		// on both: one work, two origins
		work("doi:10.5555/both", "A paper both list", 2020, record.IDs{DOI: "10.5555/both"}, dblp, orcid),
		// the record has the e-print, dblp the paper carrying its id
		work("doi:10.5555/paper", "A paper with an e-print", 2021, record.IDs{DOI: "10.5555/paper", ArXiv: "2101.00001"}, dblp),
		work("arxiv:2101.00001", "A paper with an e-print", 2021, record.IDs{ArXiv: "2101.00001"}, orcid),
		// typed by hand on the record; dblp's record of it has no DOI
		work("dblp-work:conf/nips/VaswaniSPUJGKP17", "Attention is All you Need.", 2017, record.IDs{}, dblp),
		work("orcid-work:"+iD+"/9001", "Attention Is All You Need", 2017, record.IDs{}, orcid),
		// dblp alone: the two the record lacks
		work("dblp-work:conf/icml/Other21", "A workshop paper with no DOI", 2021, record.IDs{}, dblp),
		work("arxiv:2508.04024", "Identity Theft in AI Conference Peer Review", 2025, record.IDs{ArXiv: "2508.04024"}, dblp),
		// the record alone: nothing to suggest
		work("doi:10.5555/record", "On the record only", 2019, record.IDs{DOI: "10.5555/record"}, orcid),
	}
	one := &manifest.Manifest{Identities: []manifest.Entry{
		{Identity: manifest.Identity{Kind: manifest.KindORCID, Value: iD}},
		{Identity: manifest.Identity{Kind: manifest.KindDBLP, Value: "00/0000"}},
	}}
	for _, c := range []struct {
		name   string
		sameAs map[string]string
		want   string
	}{
		{"paired by shape", nil, "orcid:" + iD + " arxiv:2508.04024 2508.04024 2025 [dblp:00/0000 arxiv:2508.04024 false]\n" +
			"orcid:" + iD + " dblp-work:conf/icml/Other21  2021 [dblp:00/0000 dblp-work:conf/icml/Other21 false]\n"},
		{"dblp's page links the iD", map[string]string{dblp: orcid}, "orcid:" + iD + " arxiv:2508.04024 2508.04024 2025 [dblp:00/0000 arxiv:2508.04024 true]\n" +
			"orcid:" + iD + " dblp-work:conf/icml/Other21  2021 [dblp:00/0000 dblp-work:conf/icml/Other21 true]\n"},
		{"dblp's page links another iD", map[string]string{dblp: "orcid:0000-0002-9341-7985"}, ""},
	} {
		r := NewRun(one, Settings{})
		for k, v := range c.sameAs {
			r.sameAs[k] = v
		}
		got := ""
		for _, m := range r.NotOnRecord(works, r.Link(works)) {
			got += fmt.Sprintf("%s %s %s %d", m.ORCID, m.Work, m.ArXiv, m.Year)
			for _, l := range m.Listed {
				got += fmt.Sprintf(" [%s %s %v]", l.Listing, l.Work, l.ByLink)
			}
			got += "\n"
		}
		if got != c.want {
			t.Errorf("%s:\n%s\nwant:\n%s", c.name, got, c.want)
		}
	}
}

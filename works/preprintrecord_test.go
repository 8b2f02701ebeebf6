package works

import (
	"strings"
	"testing"
)

// TestPreprintPairOnTheSameRecord: when no service gives the authors of
// a preprint or its article, both being on the same ORCID record is the
// author overlap (#32) when the published work is a text; every other
// rule still holds. Expected by hand.
func TestPreprintPairOnTheSameRecord(t *testing.T) {
	const pre, pub = "doi:10.1101/2021.02.30.000001", "doi:10.5555/carberry.glazes"
	const title = "Brittle glazes under load"
	const ada, bob = "orcid:0000-0002-1825-0097", "orcid:0000-0001-5109-3700"
	cases := []struct {
		name             string
		pubTitle, pubTyp string
		preYear          int
		preAuth, pubAuth []string
		preRec, pubRec   []string
		linked           bool
		warned           string
	}{
		{name: "no authors, one record", preRec: []string{ada}, pubRec: []string{ada}, linked: true},
		{name: "no authors, the record among others", preRec: []string{"manifest", bob, ada}, pubRec: []string{ada}, linked: true},
		{name: "the preprint's authors only, one record", preAuth: []string{"Carberry"}, preRec: []string{ada}, pubRec: []string{ada}, linked: true},
		{name: "no authors, two records", preRec: []string{ada}, pubRec: []string{bob}, warned: "the authors of one are unknown"},
		{name: "no authors, from the manifest", preRec: []string{"manifest"}, pubRec: []string{"manifest"}, warned: "the authors of one are unknown"},
		{name: "other authors, one record", preAuth: []string{"Carberry"}, pubAuth: []string{"Smith"}, preRec: []string{ada}, pubRec: []string{ada}, warned: "only 0 of 1 family names shared"},
		{name: "too early, one record", preYear: 2016, preRec: []string{ada}, pubRec: []string{ada}, warned: "the years 2016/2021 are not"},
		{name: "a subtitle, one record", pubTitle: title + ": a field study", preRec: []string{ada}, pubRec: []string{ada}, warned: "a subtitle"},
		{name: "a dataset, one record", pubTyp: "dataset", preRec: []string{ada}, pubRec: []string{ada}, warned: "the authors of one are unknown"},
		{name: "a work of no type, one record", pubTyp: "document", preRec: []string{ada}, pubRec: []string{ada}, warned: "the authors of one are unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pubTitle, pubTyp, preYear := title, "article-journal", 2020
			if c.pubTitle != "" {
				pubTitle = c.pubTitle
			}
			if c.pubTyp != "" {
				pubTyp = c.pubTyp
			}
			if c.preYear != 0 {
				preYear = c.preYear
			}
			p := pairedWork(t, pub, pubTitle, 2021, pubTyp, c.pubAuth...)
			p.origins = c.pubRec
			r := pairedWork(t, pre, title, preYear, "article", c.preAuth...)
			r.origins = c.preRec
			res := decideWorks([]Work{p, r}, nil)
			if linked := res.Links.ShownAs[pre] == pub; linked != c.linked {
				t.Errorf("linked %v, want %v: %+v", linked, c.linked, res.Links)
			}
			w := warningText(res)
			if c.warned == "" && w != "" {
				t.Errorf("unexpected warning:\n%s", w)
			}
			if c.warned != "" && (len(res.Warnings) != 1 || !strings.Contains(w, c.warned)) {
				t.Errorf("warning %q, want one with %q", w, c.warned)
			}
			if d := res.Decisions[pre]; c.linked && (d == nil || len(d.Links) == 0 || !strings.Contains(d.Links[0].Evidence[0], "both are on ORCID record 0000-0002-1825-0097")) {
				t.Errorf("the link's evidence does not name the record: %+v", d)
			}
		})
	}
}

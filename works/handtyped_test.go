package works

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
)

const typedOwner = "0000-0002-1825-0097"

func typedWork(t *testing.T, key, title string, year int, typ string) Work {
	t.Helper()
	id, err := manifest.ParseKey(key)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.Record{Title: title, Issued: record.Date{Year: year}, Type: typ}
	if id.Kind == manifest.KindDOI {
		rec.IDs.DOI = id.Value
	}
	return Work{id: id, merged: rec, origins: []string{"orcid:" + typedOwner}, provenance: map[string]string{}}
}

// TestTypedTwice: each rule of the title match, on one pair at a time.
func TestTypedTwice(t *testing.T) {
	hand := "orcid-work:" + typedOwner + "/9001"
	cases := []struct {
		name      string
		handTitle string
		handYear  int
		handType  string
		doiTitle  string
		doiYear   int
		doiType   string
		manifest  string // [[link]] kind for the pair, or ""
		linked    bool
		warned    string // part of the warning, or "" for none
	}{
		{name: "title cased, trailing period", handTitle: "Brittle Glazes Under Load.", handYear: 2020, handType: "article-journal",
			doiTitle: "Brittle glazes under load", doiYear: 2020, doiType: "article-journal", linked: true},
		{name: "accents and punctuation", handTitle: "Etude des glacures: a Review", handYear: 2021,
			doiTitle: "Étude des glaçures — a review", doiYear: 2020, doiType: "article-journal", linked: true},
		{name: "online/print", handTitle: "Kiln Physics", handYear: 2021, handType: "article-journal",
			doiTitle: "Kiln physics", doiYear: 2020, doiType: "article", linked: true},
		{name: "years apart", handTitle: "Kiln Physics Revisited", handYear: 2018,
			doiTitle: "Kiln physics revisited", doiYear: 2021, warned: "years 2018/2021 are more than one apart"},
		// #20: a copy imported without a year is the one work of the
		// record with its title (copies.go), no longer only a near miss.
		{name: "year unknown", handTitle: "Kiln Physics Revisited", handYear: 0,
			doiTitle: "Kiln physics revisited", doiYear: 2021, linked: true},
		{name: "types contradict", handTitle: "Glaze Measurements", handYear: 2020, handType: "dataset",
			doiTitle: "Glaze measurements", doiYear: 2020, doiType: "article-journal"},
		{name: "similar titles", handTitle: "Bounds for catalysis robust", handYear: 2020,
			doiTitle: "Bounds for catalysts robust", doiYear: 2020, warned: "differ in only 1 letter after"},
		{name: "subtitle", handTitle: "Glaze crazing in stoneware", handYear: 2020,
			doiTitle: "Glaze crazing in stoneware: a field study", doiYear: 2020, warned: "a subtitle"},
		{name: "different", handTitle: "Something else entirely", handYear: 2020,
			doiTitle: "Glaze crazing in stoneware", doiYear: 2020},
		{name: "distinct in the manifest", handTitle: "Kiln Physics Revisited", handYear: 2018,
			doiTitle: "Kiln physics revisited", doiYear: 2021, manifest: "distinct"},
		{name: "distinct keeps a match apart", handTitle: "Kiln Physics", handYear: 2020,
			doiTitle: "Kiln physics", doiYear: 2020, manifest: "distinct"},
		{name: "same-as in the manifest", handTitle: "Kiln Physics Revisited", handYear: 2018,
			doiTitle: "Kiln physics revisited", doiYear: 2021, manifest: "same-as", linked: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			works := []Work{
				typedWork(t, "doi:10.5555/glaze", c.doiTitle, c.doiYear, c.doiType),
				typedWork(t, hand, c.handTitle, c.handYear, c.handType),
			}
			m := &manifest.Manifest{Path: "manifest.toml"}
			if c.manifest != "" {
				m.Links = []manifest.Link{{From: works[1].id, To: works[0].id, Kind: c.manifest, Line: 7}}
			}
			res := decideWorks(works, m)
			linked := res.Links.ShownAs[hand] == "doi:10.5555/glaze"
			if linked != c.linked {
				t.Errorf("linked %v, want %v: %+v", linked, c.linked, res.Links)
			}
			var warnings []string
			for _, w := range res.Warnings {
				warnings = append(warnings, w.Message)
			}
			all := strings.Join(warnings, "\n")
			if c.warned == "" && all != "" {
				t.Errorf("unexpected warning:\n%s", all)
			}
			if c.warned != "" && (len(warnings) != 1 || !strings.Contains(all, c.warned) ||
				!strings.Contains(all, "[[link]]\n    from = \""+hand+"\"\n    to   = \"doi:10.5555/glaze\"\n    kind = \"same-as\"")) {
				t.Errorf("warning %q, want one with %q and the [[link]] lines", all, c.warned)
			}
			if linked && c.manifest == "" {
				d := res.Decisions[hand]
				if d == nil || len(d.Links) != 1 || !strings.Contains(d.Links[0].Evidence[0], "title matches doi:10.5555/glaze's after normalisation") {
					t.Errorf("decisions %+v lack the evidence", d)
				}
			}
		})
	}
}

// TestTypedTwiceOnlySameRecordAndUnique: a work of another record, or a
// title matching two works, is not merged; the ambiguity is warned about.
func TestTypedTwiceOnlySameRecordAndUnique(t *testing.T) {
	hand := typedWork(t, "orcid-work:"+typedOwner+"/9001", "Kiln Physics", 2020, "")
	other := typedWork(t, "doi:10.5555/other", "Kiln physics", 2020, "")
	other.origins = []string{"manifest"}
	res := decideWorks([]Work{other, hand}, nil)
	if len(res.Links.Links) != 0 || len(res.Warnings) != 0 {
		t.Errorf("a work of another origin was matched: %+v %v", res.Links, res.Warnings)
	}
	res = decideWorks([]Work{typedWork(t, "doi:10.5555/a", "Kiln physics", 2020, ""), typedWork(t, "doi:10.5555/b", "Kiln physics", 2020, ""), hand}, nil)
	if len(res.Links.Links) != 0 || len(res.Warnings) != 2 || !strings.Contains(res.Warnings[0].Message, "matches 2 works") {
		t.Errorf("an ambiguous title was merged or not warned about: %+v %v", res.Links, res.Warnings)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{{"kitten", "sitting", 5, 3}, {"", "abc", 5, 3}, {"abc", "abc", 0, 0}, {"abcdef", "ghijkl", 2, 3}, {"łódź", "lodz", 5, 3}} {
		if got := boundedLevenshtein(c.a, c.b, c.limit); got != c.want {
			t.Errorf("boundedLevenshtein(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}

// TestTypedTwiceManifestWordIsRecorded: a [[link]] on a pair the title
// rule would merge is recorded with the rule's evidence: "distinct" as a
// link undone (in links.json and both works' decisions), "same-as" as the
// link with both the title match and the manifest as evidence.
func TestTypedTwiceManifestWordIsRecorded(t *testing.T) {
	hand := "orcid-work:" + typedOwner + "/9001"
	for _, kind := range []string{manifest.LinkDistinct, manifest.LinkSameAs} {
		t.Run(kind, func(t *testing.T) {
			works := []Work{
				typedWork(t, "doi:10.5555/glaze", "Kiln physics", 2020, ""),
				typedWork(t, hand, "Kiln Physics.", 2020, ""),
			}
			m := &manifest.Manifest{Path: "manifest.toml", Links: []manifest.Link{{From: works[1].id, To: works[0].id, Kind: kind, Line: 7}}}
			res := decideWorks(works, m)
			got := res.Links.Links
			if kind == manifest.LinkDistinct {
				got = res.Links.Undone
				if len(res.Links.Links) != 0 || len(res.Links.ShownAs) != 0 {
					t.Errorf("kept apart, yet linked: %+v", res.Links)
				}
			}
			if len(got) != 1 || got[0].From != hand || got[0].To != "doi:10.5555/glaze" {
				t.Fatalf("links.json %+v, want the pair once", res.Links)
			}
			ev := strings.Join(got[0].Evidence, "\n")
			if !strings.Contains(ev, "title matches doi:10.5555/glaze's after normalisation") || !strings.Contains(ev, `manifest [[link]] kind = "`+kind+`"`) {
				t.Errorf("evidence %q, want the title match and the manifest's word", ev)
			}
			for _, k := range []string{hand, "doi:10.5555/glaze"} {
				d := res.Decisions[k]
				if d == nil || len(d.Links)+len(d.Undone) != 1 {
					t.Errorf("decisions of %s: %+v, want the pair", k, d)
				}
			}
			if len(res.Warnings) != 0 {
				t.Errorf("warnings %v", res.Warnings)
			}
		})
	}
}

// A work the researcher keeps without an identifier (a [[work]] named by
// its citation key, as about import writes a workshop paper from
// papers.bib) that their ORCID record also lists, hand-typed, is one
// work: the same title rule joins them, so the page lists it once, by
// the key the researcher cites it by.
func TestTypedTwiceKeyWorkIsTheORCIDHandTypedOne(t *testing.T) {
	hand := "orcid-work:" + typedOwner + "/9001"
	key := typedWork(t, "key:lee2021workshop", "Graphs for All: A Workshop Paper", 2021, "paper-conference")
	key.origins = []string{"manifest"}
	m := &manifest.Manifest{Path: "manifest.toml"}
	res := decideWorks([]Work{key, typedWork(t, hand, "Graphs for all: a workshop paper.", 2021, "")}, m)
	if res.Links.ShownAs[hand] != "key:lee2021workshop" {
		t.Errorf("the hand-typed ORCID work and the [[work]] are two entries: links %+v, warnings %v", res.Links, res.Warnings)
	}
}

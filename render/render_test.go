package render

// Render reads snapshot folders only; service URLs appear as text in the
// fixture (no network, no fake needed).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/shape"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// goldenCases are the outputs kept as golden files: every format with the
// defaults, and every page format grouped by type with counts.
var goldenCases = []struct {
	name string
	opts Options
}{
	{"csl-json", Options{Format: CSLJSON}},
	{"bibtex", Options{Format: BibTeX}},
	{"biblatex", Options{Format: BibLaTeX}},
	{"ris", Options{Format: RIS}},
	{"markdown", Options{Format: Markdown}},
	{"html", Options{Format: HTML}},
	{"json", Options{Format: JSON}},
	{"yaml", Options{Format: YAML}},
	{"markdown-by-type-with-counts", Options{Format: Markdown, Group: ByType, Counts: true}},
	{"html-by-type-with-counts", Options{Format: HTML, Group: ByType, Counts: true}},
	{"json-by-type-with-counts", Options{Format: JSON, Group: ByType, Counts: true}},
	{"yaml-by-type-with-counts", Options{Format: YAML, Group: ByType, Counts: true}},
	{"al-folio", Options{Format: AlFolio, Selected: []string{"doi:10.5555/jcp.2023.042"}}},
	{"hugo-blox", Options{Format: HugoBlox, Selected: []string{"doi:10.5555/jcp.2023.042"}}},
	{"academicpages", Options{Format: AcademicPages}},
	{"html-site", Options{Format: HTMLSite}},
	{"lab-website", Options{Format: LabWebsite}},
	{"atom", Options{Format: Atom}},
	{"coa", Options{Format: COA}},
	{"nih", Options{Format: NIH}},
	{"nih-csv", Options{Format: NIHCSV}},
	{"cv", Options{Format: CV}},
	{"json-resume", Options{Format: JSONResume}},
	{"cv-typst", Options{Format: CVTypst}},
}

func TestRenderMatchesGolden(t *testing.T) {
	f, person := fixture(t)
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			opts := c.opts
			opts.Person = person
			assertGolden(t, []byte(renderString(t, f, opts)))
		})
	}
}

// The page order comes from the records (date, title, id), not from the
// order fetch happened to list the works in.
func TestRenderIsByteIdenticalWhateverTheIndexOrder(t *testing.T) {
	f, person := fixture(t)
	reversed := *f
	reversed.Works = nil
	for i := len(f.Works) - 1; i >= 0; i-- {
		reversed.Works = append(reversed.Works, f.Works[i])
	}
	for _, c := range goldenCases {
		opts := c.opts
		opts.Person = person
		a := renderString(t, f, opts)
		b := renderString(t, &reversed, opts)
		again := renderString(t, f, opts)
		if a != b || a != again {
			t.Errorf("%s: output depends on the index order or on the run", c.name)
		}
	}
}

// The fixture must be what fetch would write: canonical bytes, every file
// decodable into the snapshot types, and each merged record equal to
// the merge of its sources, so the render tests test real shapes.
func TestFixtureIsCanonicalAndMerged(t *testing.T) {
	root := filepath.Dir(fixtureManifest) + "/snapshots"
	assertCanonical(t, root)
	var index snapshots.Index
	if err := snapshots.Read(filepath.Join(root, snapshots.IndexFile), &index); err != nil {
		t.Fatal(err)
	}
	for _, iw := range index.Works {
		var doc snapshots.Work
		path := filepath.Join(root, snapshots.WorksDir, iw.File+".json")
		dec := json.NewDecoder(mustOpen(t, path))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var named []works.Named
		for _, s := range doc.Sources {
			if s.Status != string(record.Found) {
				continue
			}
			if s.Record == nil {
				t.Fatalf("%s: %s: found without a record", path, s.Provider)
			}
			named = append(named, works.Named{Provider: s.Provider, Record: *s.Record})
		}
		merged, from, conflicts := works.Precedence{Fields: providers.Precedence(), OA: providers.OAPrecedence(), Funding: providers.FundingPrecedence()}.Merge(named)
		want, _ := json.Marshal(merged)
		gotJSON, _ := json.Marshal(doc.Record)
		if !bytes.Equal(gotJSON, want) || !reflect.DeepEqual(from, doc.Provenance) || !reflect.DeepEqual(conflicts, doc.Conflicts) {
			t.Errorf("%s: record/provenance/conflicts is not the merge of its sources", path)
		}
	}
	assertLinksAgreeWithDecisions(t, root, index)
}

// assertCanonical fails on any file under root that is not in the
// canonical encoding fetch writes.
func assertCanonical(t *testing.T, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		canon, err := snapshots.Canonical(data)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if !bytes.Equal(canon, data) {
			t.Errorf("%s is not canonical", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// assertLinksAgreeWithDecisions holds links.json to the index and to each
// work file's decisions.
func assertLinksAgreeWithDecisions(t *testing.T, root string, index snapshots.Index) {
	t.Helper()
	var links snapshots.Links
	if err := snapshots.Read(filepath.Join(root, snapshots.LinksFile), &links); err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, iw := range index.Works {
		listed[iw.ID] = iw.File
	}
	for from, to := range links.ShownAs {
		if listed[from] == "" || listed[to] == "" {
			t.Errorf("links.json: shown_as %s → %s names a work the index does not list", from, to)
			continue
		}
		var doc struct {
			Decisions snapshots.Decisions `json:"decisions"`
		}
		if err := snapshots.Read(filepath.Join(root, snapshots.WorksDir, listed[from]+".json"), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Decisions.ShownAs != to {
			t.Errorf("%s: decisions say shown_as %q, links.json %q", from, doc.Decisions.ShownAs, to)
		}
	}
}

func mustOpen(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// The fixture's identities, for the tests of what is shown where.
const (
	article  = "doi:10.5555/jcp.2023.042"
	preprint = "doi:10.1101/2022.11.02.514823"
	pmidOf   = "pmid:37000042" // PubMed's record of the article
	concept  = "doi:10.5281/zenodo.7000000"
	version1 = "doi:10.5281/zenodo.7000001" // v1.0.0
	version2 = "doi:10.5281/zenodo.8000001" // v1.2.0
)

// shownEntries maps each entry of the page to the works shown within it.
func shownEntries(p *page) map[string][]string {
	out := map[string][]string{}
	for _, g := range p.groups {
		for _, e := range g.items {
			out[e.id] = []string{}
			for _, m := range e.members {
				out[e.id] = append(out[e.id], m.id)
			}
		}
	}
	return out
}

func ids(es []*entry) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.id)
	}
	return out
}

// With links.json, works are shown within the entry shown_as names: the
// preprint and PubMed's record within the article, both versions within
// the concept DOI; no page lists them on their own.
func TestLinksJoinWorksIntoOneEntry(t *testing.T) {
	f, person := fixture(t)
	if f.Links == nil {
		t.Fatal("the fixture has no links.json")
	}
	p := buildPage(f, Options{Person: person, Group: ByYear})
	got := shownEntries(p)
	for id, members := range map[string][]string{article: {preprint, pmidOf}, concept: {version1, version2}} {
		if !reflect.DeepEqual(got[id], members) {
			t.Errorf("entry %s shows %v within it, want %v", id, got[id], members)
		}
	}
	for _, hidden := range []string{preprint, pmidOf, version1, version2} {
		if _, listed := got[hidden]; listed {
			t.Errorf("%s is listed on its own", hidden)
		}
	}
	if len(got) != len(f.Works)-4 {
		t.Errorf("page has %d entries for %d works of which 4 are shown within others", len(got), len(f.Works))
	}
	var pub, con *entry
	for _, e := range p.shown {
		switch e.id {
		case article:
			pub = e
		case concept:
			con = e
		}
	}
	if pub == nil || con == nil {
		t.Fatalf("the article (%v) or the concept (%v) is not an entry", pub != nil, con != nil)
	}
	if !reflect.DeepEqual(ids(pub.preprints), []string{preprint}) || len(pub.versions) != 0 {
		t.Errorf("the article lists preprints %v, versions %v", ids(pub.preprints), ids(pub.versions))
	}
	if pub.rec.IDs.PMID != "37000042" {
		t.Errorf("the article does not carry the PMID of its same-as record: %+v", pub.rec.IDs)
	}
	if !reflect.DeepEqual(ids(con.versions), []string{version1, version2}) || len(con.preprints) != 0 { // oldest first
		t.Errorf("the concept lists versions %v, preprints %v", ids(con.versions), ids(con.preprints))
	}
	var labels []string
	for _, v := range con.versions {
		labels = append(labels, versionLabel(v))
	}
	if l := strings.Join(labels, " "); l != "v1.0.0 v1.2.0" {
		t.Errorf("version labels %q, want DataCite's version, else the title's", l)
	}

	html := renderString(t, f, Options{Format: HTML, Person: person})
	for _, want := range []string{
		`<a class="pre" href="https://doi.org/10.1101/2022.11.02.514823">Preprint · bioRxiv</a>`,
		`<span class="versions">Versions <a href="https://doi.org/10.5281/zenodo.7000001">v1.0.0</a>, <a href="https://doi.org/10.5281/zenodo.8000001">v1.2.0</a></span>`,
	} {
		if n := strings.Count(html, want); n != 1 {
			t.Errorf("html holds %s %d times, want once", want, n)
		}
	}
	// once from the title and once from the DOI chip of its one entry
	if n := strings.Count(html, `href="https://doi.org/10.5555/jcp.2023.042"`); n != 2 {
		t.Errorf("html links the article %d times, want twice (its PubMed record is no entry)", n)
	}
}

// Citation files list the entries only: a preprint that has a published
// version, a version DOI under its concept and a PMID of a DOI'd paper
// are not items of their own; the entry carries the PMID.
func TestCitationFilesListEntriesOnly(t *testing.T) {
	f, person := fixture(t)
	titles := fixtureTitles(t)
	csl := renderString(t, f, Options{Format: CSLJSON, Person: person})
	var items []shape.CSLItem
	if err := json.Unmarshal([]byte(csl), &items); err != nil {
		t.Fatal(err)
	}
	if len(items) != len(titles) || len(items) != len(f.Works)-4 {
		t.Errorf("csl-json has %d items, want %d (one per entry)", len(items), len(f.Works)-4)
	}
	for _, doi := range []string{"10.1101/2022.11.02.514823", "10.5281/zenodo.7000001", "10.5281/zenodo.8000001"} {
		if strings.Contains(csl, doi) {
			t.Errorf("csl-json names %s, which is shown within another entry", doi)
		}
	}
	if !strings.Contains(csl, `"PMID": "37000042"`) {
		t.Error("csl-json lost the article's PMID")
	}
	for _, format := range []Format{BibTeX, BibLaTeX} {
		bib := renderString(t, f, Options{Format: format, Person: person})
		if n := strings.Count(bib, "\n@"); n != len(titles) {
			t.Errorf("%s has %d entries, want %d", format, n, len(titles))
		}
	}
}

// A folder written before fetch decided links has no links.json: pages
// fall back to the records' relations and pair the preprint with its
// article; nothing else is joined.
func TestWithoutLinksRelationsPairThePreprint(t *testing.T) {
	f, person := fixture(t)
	old := *f
	old.Links = nil
	p := buildPage(&old, Options{Person: person})
	got := shownEntries(p)
	if !reflect.DeepEqual(got[article], []string{preprint}) {
		t.Errorf("the article shows %v within it, want the preprint", got[article])
	}
	if len(got) != len(f.Works)-1 {
		t.Errorf("page has %d entries for %d works with one pair", len(got), len(f.Works))
	}
}

// links.json is the decision: a link the manifest undid (or one the data
// never gave) is not made up again from the records' relations.
func TestLinksJSONOverridesRelations(t *testing.T) {
	f, person := fixture(t)
	undone := *f
	undone.Links = &snapshots.Links{ShownAs: map[string]string{}}
	for _, e := range buildPage(&undone, Options{Person: person}).all {
		if e.in != nil || len(e.members) > 0 {
			t.Errorf("%s is joined although links.json joins nothing", e.id)
		}
	}
}

// A shown_as naming a work that is not in the folder (excluded since, or a
// hand-edited file) leaves the work an entry of its own; [[exclude]]d
// works are never shown, should the folder still hold them.
func TestExcludedAndMissingEntriesLeaveTheirWorksShown(t *testing.T) {
	f, person := fixture(t)
	p := buildPage(f, Options{Person: person, Exclude: []string{concept, "doi:10.5555/FAST.2023.7"}})
	got := shownEntries(p)
	for _, gone := range []string{concept, "doi:10.5555/fast.2023.7"} {
		if _, ok := got[gone]; ok {
			t.Errorf("excluded %s is on the page", gone)
		}
	}
	for _, v := range []string{version1, version2} {
		if members, ok := got[v]; !ok || len(members) != 0 {
			t.Errorf("version %s of an excluded concept: entry %v, members %v; want an entry of its own", v, ok, members)
		}
	}
	md := renderString(t, f, Options{Format: Markdown, Person: person, Exclude: []string{concept}})
	if strings.Contains(md, "zenodo.7000000") {
		t.Error("markdown shows the excluded concept DOI")
	}
}

func TestPreprintPairNeedsBothWorksInTheFolder(t *testing.T) {
	f, person := fixture(t)
	var without folder.Folder
	for _, w := range f.Works {
		if w.ID != article {
			without.Works = append(without.Works, w)
		}
	}
	for _, links := range []*snapshots.Links{nil, f.Links} {
		without.Links = links
		p := buildPage(&without, Options{Person: person})
		for _, e := range p.all {
			if e.id == preprint && (e.in != nil || len(e.members) > 0) {
				t.Errorf("links.json %v: the preprint is joined with a work that is not in the folder", links != nil)
			}
		}
	}
}

// A chain (an arXiv id, arXiv's DOI for it, the journal article) is one
// entry: the arXiv id is the preprint, linked by its own identifier, not
// by the journal DOI its record gives; arXiv's DOI, the same e-print, is
// not listed again but lends the preprint its DOI.
func TestChainsShowOnePreprintWithItsIdentifiers(t *testing.T) {
	rec := func(title, doi string, y int) record.Record {
		return record.Record{Title: title, Type: "article", IDs: record.IDs{DOI: doi}, Issued: record.Date{Year: y}}
	}
	f := &folder.Folder{
		Works: []folder.Work{
			{ID: "doi:10.5555/j.1", Record: rec("Engines", "10.5555/j.1", 2024)},
			{ID: "arxiv:2401.00001", Record: rec("Engines", "10.5555/j.1", 2023)}, // arXiv gives the journal DOI
			{ID: "doi:10.48550/arxiv.2401.00001", Record: rec("Engines", "", 2023)},
		},
		Links: &snapshots.Links{
			Links: []snapshots.Link{
				{Kind: manifest.LinkSameAs, From: "arxiv:2401.00001", To: "doi:10.48550/arxiv.2401.00001"},
				{Kind: manifest.LinkPreprintOf, From: "arxiv:2401.00001", To: "doi:10.5555/j.1"},
			},
			ShownAs: map[string]string{"arxiv:2401.00001": "doi:10.5555/j.1", "doi:10.48550/arxiv.2401.00001": "doi:10.5555/j.1"},
		},
	}
	f.Works[0].Record.Type = "article-journal"
	p := buildPage(f, Options{Services: testServices()})
	if len(p.shown) != 1 {
		t.Fatalf("%d entries, want 1", len(p.shown))
	}
	e := p.shown[0]
	if !reflect.DeepEqual(ids(e.preprints), []string{"arxiv:2401.00001"}) {
		t.Fatalf("preprints %v, want the arXiv id only", ids(e.preprints))
	}
	if e.preprints[0].rec.IDs.DOI != "10.5555/j.1" || p.workURL(e.preprints[0]) != "https://arxiv.org/abs/2401.00001" {
		t.Errorf("the preprint links to %s", p.workURL(e.preprints[0]))
	}
	md := renderString(t, f, Options{Format: Markdown})
	if !strings.Contains(md, "[preprint (arXiv)](https://arxiv.org/abs/2401.00001)") || strings.Count(md, "48550") != 0 {
		t.Errorf("markdown:\n%s", md)
	}
}

func TestOwnNameIsHighlightedByORCIDOrName(t *testing.T) {
	m := lookFor(Person{Names: []string{"Lovelace, Ada"}, ORCIDs: []string{"0000-0002-1825-0097"}})
	cases := []struct {
		a    record.Author
		want bool
	}{
		{record.Author{Given: "Augusta Ada", Family: "King", ORCID: "0000-0002-1825-0097"}, true}, // the iD wins over the name
		{record.Author{Given: "Ada", Family: "Lovelace"}, true},                                   // no iD: the name decides
		{record.Author{Given: "ADA ", Family: " lovelace"}, true},                                 // case and spacing ignored
		{record.Author{Name: "Ada Lovelace"}, true},                                               // literal name
		{record.Author{Given: "Ada", Family: "Lovelace", ORCID: "0000-0001-5109-3700"}, false},    // a namesake with another iD
		{record.Author{Given: "Charles", Family: "Babbage"}, false},
		{record.Author{Given: "A.", Family: "Lovelace"}, true},    // an initial: the fetch's stranger check accepted it, the highlight did not
		{record.Author{Given: "Ada", Family: "Lóvelace"}, true},   // accents: the stranger check folded them, the highlight did not
		{record.Author{Given: "Anne", Family: "Lovelace"}, false}, // same initial, another given name: the stranger check took her for Ada
	}
	for _, c := range cases {
		if got := m.Is(c.a); got != c.want {
			t.Errorf("matches(%+v) = %v, want %v", c.a, got, c.want)
		}
	}
}

func TestFixtureHighlightsThePersonInEveryPage(t *testing.T) {
	f, person := fixture(t)
	md := renderString(t, f, Options{Format: Markdown, Person: person})
	if n := strings.Count(md, "**Ada Lovelace**"); n != 5 { // every work with authors
		t.Errorf("markdown highlights Ada Lovelace %d times, want 5:\n%s", n, md)
	}
	html := renderString(t, f, Options{Format: HTML, Person: person})
	if n := strings.Count(html, `<strong class="me">Ada Lovelace</strong>`); n != 5 {
		t.Errorf("html highlights Ada Lovelace %d times, want 5", n)
	}
}

func TestCitationKeysAreUniquePlainAndDisambiguated(t *testing.T) {
	f, person := fixture(t)
	p := buildPage(f, Options{Person: person})
	seen := map[string]string{}
	plain := regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	for _, e := range p.shown {
		if !plain.MatchString(e.key) {
			t.Errorf("key %q of %s is not plain lower-case ASCII", e.key, e.id)
		}
		if other, dup := seen[e.key]; dup {
			t.Errorf("key %q shared by %s and %s", e.key, other, e.id)
		}
		seen[e.key] = e.id
	}
	want := map[string]string{
		"nunezgarcia2023analytical": article,                                   // its PubMed record has the same key, but is one entry with it
		"nunezgarcia2022analytical": "doi:10.5281/zenodo.7654321",              // the preprint with the same key is shown within the article: no letter needed
		"lovelace2024about":         concept,                                   // v1.2.0 has the same key, but is one entry with it
		"lovelace2019notes":         "orcid-work:0000-0002-1825-0097/15536015", // no authors, no name in its ORCID file: the manifest's name
		"lovelace2023fast":          "doi:10.5555/fast.2023.7",
	}
	for k, id := range want {
		if seen[k] != id {
			t.Errorf("key %s is %q, want %s", k, seen[k], id)
		}
	}
	// the keys do not move when links.json is absent (the relations pair
	// the preprint the same way): the same entries keep the same keys
	g := *f
	g.Links = nil
	for _, e := range buildPage(&g, Options{Person: person}).all {
		if k := e.id; k == "doi:10.5281/zenodo.7654321" || k == "doi:10.5555/fast.2023.7" || k == "orcid-work:0000-0002-1825-0097/15536015" {
			if seen[e.key] != k {
				t.Errorf("without links.json: %s has key %s", k, e.key)
			}
		}
	}
	// when links.json joins nothing the preprint is an entry of its own,
	// emitted beside the dataset with the same key: both take a letter, in
	// identity-key order
	g.Links = &snapshots.Links{ShownAs: map[string]string{}}
	keys := map[string]string{}
	for _, e := range buildPage(&g, Options{Person: person}).all {
		keys[e.id] = e.key
	}
	if keys[preprint] != "nunezgarcia2022analyticala" || keys["doi:10.5281/zenodo.7654321"] != "nunezgarcia2022analyticalb" {
		t.Errorf("preprint and dataset as separate entries keyed %q and %q, want …a and …b", keys[preprint], keys["doi:10.5281/zenodo.7654321"])
	}
}

func TestKeyFoldsNamesToASCII(t *testing.T) {
	cases := map[string]string{"Ñúñez-García": "nunezgarcia", "Żółć": "zolc", "Straße": "strasse", "李": "", "O'Brien": "obrien"}
	for in, want := range cases {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
	if letters(0) != "a" || letters(25) != "z" || letters(26) != "aa" {
		t.Errorf("letters: %s %s %s", letters(0), letters(25), letters(26))
	}
}

func TestLongAuthorListsKeepThePersonVisible(t *testing.T) {
	e := &entry{}
	for i := range 40 {
		e.rec.Authors = append(e.rec.Authors, record.Author{Given: "A", Family: fmt.Sprintf("Author%02d", i)})
		e.self = append(e.self, i == 30)
	}
	got := mdAuthors(e)
	want := "A Author00, A Author01, A Author02, A Author03, A Author04, A Author05, A Author06, A Author07, A Author08, A Author09, …, **A Author30** et al. (40 authors)"
	if got != want {
		t.Errorf("mdAuthors:\n got %s\nwant %s", got, want)
	}
}

func TestEmptyFolderRendersEveryFormat(t *testing.T) {
	for _, format := range Formats() {
		if format.IsFolder() {
			want := 0
			if format == HTMLSite { // the list page, saying "0 works" as html does, and no work page
				want = 1
			}
			if files, err := RenderFiles(&folder.Folder{}, Options{Format: format}); err != nil || len(files) != want {
				t.Errorf("%s: an empty folder gives %d files, %v", format, len(files), err)
			}
			continue
		}
		out := renderString(t, &folder.Folder{}, Options{Format: format})
		if out == "" && format != RIS { // RIS has no header or comment: no records is no bytes
			t.Errorf("%s: empty output for an empty folder", format)
		}
	}
}

func TestParseFormatListsTheFormats(t *testing.T) {
	if f, err := ParseFormat(" HTML "); err != nil || f != HTML {
		t.Errorf("ParseFormat(HTML) = %q, %v", f, err)
	}
	_, err := ParseFormat("docx")
	if err == nil || !strings.Contains(err.Error(), "(formats: "+FormatNames()+")") || !strings.Contains(FormatNames(), "csl-json, bibtex") {
		t.Errorf("unknown format error does not list the formats: %v", err)
	}
}

func TestNewerOrdersByDateThenTitleThenID(t *testing.T) {
	mk := func(id, title string, y, m, d int) *entry {
		return &entry{id: id, rec: record.Record{Title: title, Issued: record.Date{Year: y, Month: m, Day: d}}}
	}
	ordered := []*entry{
		mk("doi:4", "Zeta", 2024, 1, 2),
		mk("doi:3", "Alpha", 2024, 1, 0), // month precision sorts after a day of that month
		mk("doi:1", "beta", 2023, 0, 0),
		mk("doi:2", "beta", 2023, 0, 0),  // same date and title: the identity key decides
		mk("doi:0", "Aardvark", 0, 0, 0), // undated last
	}
	for i := 0; i+1 < len(ordered); i++ {
		if !newer(ordered[i], ordered[i+1]) || newer(ordered[i+1], ordered[i]) {
			t.Errorf("%s should come before %s", ordered[i].id, ordered[i+1].id)
		}
	}
}

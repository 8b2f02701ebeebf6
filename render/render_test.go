package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
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
	{"markdown", Options{Format: Markdown}},
	{"html", Options{Format: HTML}},
	{"json", Options{Format: JSON}},
	{"yaml", Options{Format: YAML}},
	{"markdown-by-type-with-counts", Options{Format: Markdown, Group: ByType, Counts: true}},
	{"html-by-type-with-counts", Options{Format: HTML, Group: ByType, Counts: true}},
	{"json-by-type-with-counts", Options{Format: JSON, Group: ByType, Counts: true}},
	{"yaml-by-type-with-counts", Options{Format: YAML, Group: ByType, Counts: true}},
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
// providers.Merge of its sources, so the render tests test real shapes.
func TestFixtureIsCanonicalAndMerged(t *testing.T) {
	root := filepath.Dir(fixtureManifest) + "/snapshots"
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
		var named []providers.Named
		for _, s := range doc.Sources {
			if s.Status != string(providers.Found) {
				continue
			}
			var r providers.Record
			if err := json.Unmarshal(s.Record, &r); err != nil {
				t.Fatalf("%s: %s: %v", path, s.Provider, err)
			}
			named = append(named, providers.Named{Provider: s.Provider, Record: r})
		}
		merged, from := providers.Merge(named)
		want, _ := json.Marshal(merged)
		var got providers.Record
		if err := json.Unmarshal(doc.Record, &got); err != nil {
			t.Fatal(err)
		}
		gotJSON, _ := json.Marshal(got)
		if !bytes.Equal(gotJSON, want) || !reflect.DeepEqual(from, doc.Provenance) {
			t.Errorf("%s: record/provenance is not the merge of its sources", path)
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

func TestPreprintIsShownWithItsPublishedVersion(t *testing.T) {
	f, person := fixture(t)
	p := buildPage(f, Options{Person: person, Group: ByYear})
	var pub *entry
	for _, g := range p.groups {
		for _, e := range g.items {
			if e.id == "doi:10.1101/2022.11.02.514823" {
				t.Errorf("the preprint is listed on its own in %s", g.title)
			}
			if e.id == "doi:10.5555/jcp.2023.042" {
				pub = e
			}
		}
	}
	if pub == nil || pub.preprint == nil || pub.preprint.id != "doi:10.1101/2022.11.02.514823" {
		t.Fatalf("the published article does not carry its preprint: %+v", pub)
	}
	if p.items != len(f.Works)-1 {
		t.Errorf("page counts %d entries for %d works with one pair", p.items, len(f.Works))
	}
	html := renderString(t, f, Options{Format: HTML, Person: person})
	for _, link := range []string{"https://doi.org/10.5555/jcp.2023.042", "https://doi.org/10.1101/2022.11.02.514823"} {
		if n := strings.Count(html, `href="`+link+`"`); n != 1 {
			t.Errorf("html links %s %d times, want once", link, n)
		}
	}
	// citation files keep both: each is a work one may cite
	csl := renderString(t, f, Options{Format: CSLJSON, Person: person})
	if !strings.Contains(csl, `"DOI": "10.1101/2022.11.02.514823"`) {
		t.Error("csl-json dropped the preprint")
	}
}

func TestPreprintPairNeedsBothWorksInTheFolder(t *testing.T) {
	f, person := fixture(t)
	var without Folder
	for _, w := range f.Works {
		if w.ID != "doi:10.5555/jcp.2023.042" {
			without.Works = append(without.Works, w)
		}
	}
	p := buildPage(&without, Options{Person: person})
	for _, e := range p.all {
		if e.preprint != nil || e.published != nil {
			t.Errorf("%s is paired with a work that is not in the folder", e.id)
		}
	}
}

func TestOwnNameIsHighlightedByORCIDOrName(t *testing.T) {
	m := newMatcher(Person{Names: []string{"Lovelace, Ada"}, ORCIDs: []string{"0000-0002-1825-0097"}})
	cases := []struct {
		a    providers.Author
		want bool
	}{
		{providers.Author{Given: "Augusta Ada", Family: "King", ORCID: "0000-0002-1825-0097"}, true}, // the iD wins over the name
		{providers.Author{Given: "Ada", Family: "Lovelace"}, true},                                   // no iD: the name decides
		{providers.Author{Given: "ADA ", Family: " lovelace"}, true},                                 // case and spacing ignored
		{providers.Author{Name: "Ada Lovelace"}, true},                                               // literal name
		{providers.Author{Given: "Ada", Family: "Lovelace", ORCID: "0000-0001-5109-3700"}, false},    // a namesake with another iD
		{providers.Author{Given: "Charles", Family: "Babbage"}, false},
	}
	for _, c := range cases {
		if got := m.matches(c.a); got != c.want {
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
	for _, e := range p.all {
		if !plain.MatchString(e.key) {
			t.Errorf("key %q of %s is not plain lower-case ASCII", e.key, e.id)
		}
		if other, dup := seen[e.key]; dup {
			t.Errorf("key %q shared by %s and %s", e.key, other, e.id)
		}
		seen[e.key] = e.id
	}
	want := map[string]string{
		"nunezgarcia2023analytical":  "doi:10.5555/jcp.2023.042",
		"nunezgarcia2022analyticala": "doi:10.1101/2022.11.02.514823", // same base as the dataset: a, b by identity key
		"nunezgarcia2022analyticalb": "doi:10.5281/zenodo.7654321",
		"anon2019notes":              "orcid-work:0000-0002-1825-0097/15536015",
		"lovelace2023fast":           "doi:10.5555/fast.2023.7",
	}
	for k, id := range want {
		if seen[k] != id {
			t.Errorf("key %s is %q, want %s", k, seen[k], id)
		}
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
		e.rec.Authors = append(e.rec.Authors, providers.Author{Given: "A", Family: fmt.Sprintf("Author%02d", i)})
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
		out := renderString(t, &Folder{}, Options{Format: format})
		if out == "" {
			t.Errorf("%s: empty output for an empty folder", format)
		}
	}
}

func TestLoadSaysWhenThereAreNoSnapshots(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, "nowhere"))
	var none *NoSnapshotsError
	if !errors.As(err, &none) || !none.NoFolder || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing folder: %v", err)
	}
	_, err = Load(dir)
	if !errors.As(err, &none) || none.NoFolder || !strings.Contains(err.Error(), "index.json is missing") {
		t.Fatalf("folder without index: %v", err)
	}
}

func TestLoadRefusesAnIndexThatListsAMissingWork(t *testing.T) {
	dir := t.TempDir()
	index := snapshots.Index{Works: []snapshots.IndexWork{{ID: "doi:10.5555/gone", File: "doi_10.5555_2fgone"}}}
	if _, err := snapshots.Write(filepath.Join(dir, snapshots.IndexFile), index); err != nil {
		t.Fatal(err)
	}
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), "doi:10.5555/gone") || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("got %v, want an error naming the missing work", err)
	}
}

func TestParseFormatListsTheFormats(t *testing.T) {
	if f, err := ParseFormat(" HTML "); err != nil || f != HTML {
		t.Errorf("ParseFormat(HTML) = %q, %v", f, err)
	}
	_, err := ParseFormat("docx")
	if err == nil || !strings.Contains(err.Error(), "csl-json, bibtex, biblatex, markdown, html, json, yaml") {
		t.Errorf("unknown format error does not list the formats: %v", err)
	}
}

func TestWebURLKeepsOnlyWebLinksAndEncodesSyntax(t *testing.T) {
	cases := map[string]string{
		"javascript:alert(1)":               "",
		"data:text/html,<b>x</b>":           "",
		"ftp://example.org/x":               "",
		"/relative":                         "",
		"https://example.org/a b(c)<d>\"e'": "https://example.org/a%20b%28c%29%3Cd%3E%22e'",
		"https://example.org/ok?x=1&y=2#f":  "https://example.org/ok?x=1&y=2#f",
	}
	for in, want := range cases {
		if got := webURL(in); got != want {
			t.Errorf("webURL(%q) = %q, want %q", in, got, want)
		}
	}
	if got := doiURL("10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O"); got != "https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-O" {
		t.Errorf("doiURL: %s", got)
	}
	if got := doiURL("10.5555/a#b?c%d"); got != "https://doi.org/10.5555/a%23b%3Fc%25d" {
		t.Errorf("doiURL: %s", got)
	}
}

func TestLicenceLabel(t *testing.T) {
	cases := map[string]string{
		"cc-by":       "CC BY",
		"cc-by-nc-nd": "CC BY-NC-ND",
		"cc-by-4.0":   "CC BY 4.0",
		"cc0":         "CC0",
		"http://creativecommons.org/licenses/by/4.0/":                 "CC BY 4.0",
		"https://creativecommons.org/publicdomain/zero/1.0/legalcode": "CC0 1.0",
		"https://www.elsevier.com/tdm/userlicense/1.0/":               "elsevier.com/tdm/userlicense/1.0",
		"mit":           "MIT",
		"other-oa":      "other-oa",
		"public-domain": "Public domain",
	}
	for in, want := range cases {
		if got := licenceLabel(in); got != want {
			t.Errorf("licenceLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNewerOrdersByDateThenTitleThenID(t *testing.T) {
	mk := func(id, title string, y, m, d int) *entry {
		return &entry{id: id, rec: providers.Record{Title: title, Issued: providers.Date{Year: y, Month: m, Day: d}}}
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

package orchestrator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// The ground-truth record (testdata/groundtruth/SOURCES.md): a synthetic
// ORCID record holding every case of issue #12, with its right answers.
const gtOwner = "0000-0002-5555-0005"

const groundTruthManifest = `mailto = "ada@example.org"
providers = ["orcid", "crossref", "datacite", "openalex"]

[[identity]]
orcid = "` + gtOwner + `"
name = "Michael Jensen"
`

func gtWork(putCode int) string { return fmt.Sprintf("orcid-work:%s/%d", gtOwner, putCode) }

// groundTruthNet serves the ground-truth answers; every other lookup is
// the service's "not found".
func groundTruthNet(t testing.TB) *fakeNet {
	n := newFakeNet(t)
	n.file("pub.orcid.org", "/v3.0/"+gtOwner+"/works", 200, "groundtruth/orcid-works.json")
	n.file("pub.orcid.org", "/v3.0/"+gtOwner+"/works/101,102,103,104,105,106,107,108,109,110,111,112,113", 200, "groundtruth/orcid-works-bulk.json")
	n.file("pub.orcid.org", "/v3.0/"+gtOwner+"/person", 200, "groundtruth/orcid-person.json")
	for _, doi := range []string{"10.5555/gt.bounds", "10.5555/gt.effects", "10.5555/gt.kiln", "10.5555/gt.crazing", "10.5555/gt.thermal", "10.1101/2023.01.02.000113"} {
		n.file("api.crossref.org", "/works/"+doi, 200, "groundtruth/crossref-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	n.file("api.crossref.org", "/works/10.1371/notarealdoi", 404, "crossref/crossref-work-not-found-10.1371-notarealdoi.txt")
	n.fallback["api.crossref.org"] = n.routes["api.crossref.org/works/10.1371/notarealdoi"]
	for _, doi := range []string{"10.5555/gt.bounds", "10.5555/gt.effects", "10.5281/zenodo.777", "10.5555/gt.thermal"} {
		n.file("api.openalex.org", "/works/doi:"+doi, 200, "groundtruth/openalex-"+strings.ReplaceAll(doi, "/", "-")+".json")
	}
	n.otherwise("api.openalex.org", 404, "")
	n.file("api.datacite.org", "/dois/10.5281/zenodo.777", 200, "groundtruth/datacite-10.5281-zenodo.777.json")
	n.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	n.agencies = map[string]string{"10.5555": "Crossref", "10.5281": "DataCite", "10.1101": "Crossref"}
	return n
}

// groundTruthRun fetches the ground-truth record into a fresh folder.
func groundTruthRun(t *testing.T, workers int) (*manifest.Manifest, *report.Report) {
	t.Helper()
	m := newManifest(t, groundTruthManifest)
	rep := runOK(t, testOptions(m, groundTruthNet(t), workers))
	if rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	return m, rep
}

// gtEntries is the page's entries: each names the work shown and the
// hand-typed copies folded into it.
var gtEntries = map[string][]string{
	"doi:10.5555/gt.bounds":         {gtWork(102)},
	"doi:10.5555/gt.effects":        {gtWork(104)},
	"doi:10.5281/zenodo.777":        nil,
	"doi:10.5555/gt.kiln":           nil,
	gtWork(107):                     nil, // near miss: same title, years 2015/2019
	"doi:10.5555/gt.crazing":        nil,
	gtWork(109):                     nil, // near miss: the title without its subtitle
	gtWork(110):                     nil,
	gtWork(111):                     nil,
	"doi:10.5555/gt.thermal":        nil,
	"doi:10.1101/2023.01.02.000113": nil,
}

// TestGroundTruthIdentity: the hand-typed copies join their DOI works
// with their evidence, the near misses stay apart with a warning that
// gives the lines to paste, and the page and every citation file list
// each work exactly once.
func TestGroundTruthIdentity(t *testing.T) {
	m, rep := groundTruthRun(t, 4)
	dir := snapshots.Dir{Root: m.Snapshots}
	var links snapshots.Links
	if err := snapshots.Read(dir.LinksPath(), &links); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range links.Links {
		got = append(got, l.Kind+" "+l.From+" -> "+l.To)
	}
	want := []string{"same-as " + gtWork(102) + " -> doi:10.5555/gt.bounds", "same-as " + gtWork(104) + " -> doi:10.5555/gt.effects"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for hand, evidence := range map[int]string{102: "years 2020/2020 agree", 104: "years 2021/2020 within one (online/print)"} {
		var d snapshots.Decisions
		if raw := readGTWork(t, dir, gtWork(hand)).Decisions; len(raw) > 0 {
			if err := json.Unmarshal(raw, &d); err != nil {
				t.Fatal(err)
			}
		}
		if d.ShownAs == "" || len(d.Links) != 1 || !strings.Contains(strings.Join(d.Links[0].Evidence, " "), evidence) {
			t.Errorf("%d: decisions %+v, want the same-as link with %q", hand, d, evidence)
		}
	}
	nearMisses := map[string]string{}
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "may be the same work") {
			nearMisses[w.Identity] = w.Message
		}
	}
	for hand, doi := range map[int]string{107: "doi:10.5555/gt.kiln", 109: "doi:10.5555/gt.crazing"} {
		// the warning offers both answers: merge them, or keep them apart
		lines := fmt.Sprintf("[[link]]\n    from = %q\n    to   = %q\n    kind = \"same-as\"    # or \"distinct\" to keep them apart", gtWork(hand), doi)
		if !strings.Contains(nearMisses[gtWork(hand)], lines) {
			t.Errorf("%d: near-miss warning %q lacks %q", hand, nearMisses[gtWork(hand)], lines)
		}
	}
	if len(nearMisses) != 2 {
		t.Errorf("near misses %v, want exactly the two", nearMisses)
	}
	assertEachWorkOnce(t, m)
}

func readGTWork(t *testing.T, dir snapshots.Dir, key string) snapshots.Work {
	t.Helper()
	id, err := manifest.ParseKey(key)
	if err != nil {
		t.Fatal(err)
	}
	var w snapshots.Work
	if err := snapshots.Read(dir.WorkPath(id), &w); err != nil {
		t.Fatal(err)
	}
	return w
}

func renderGT(t *testing.T, m *manifest.Manifest, format render.Format) string {
	t.Helper()
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.Render(&b, f, render.Options{Format: format, Person: render.PersonOf(m)}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// assertEachWorkOnce: every format has one entry per expected entry,
// each entry's DOI or put-code once, and no folded copy anywhere.
func assertEachWorkOnce(t *testing.T, m *manifest.Manifest) {
	t.Helper()
	assertCSLOnce(t, m)
	assertBibOnce(t, m)
	assertPagesOnce(t, m)
	assertDataOnce(t, m)
}

// assertDataOnce: the json page data lists each entry once, with the
// poster labelled as one, and the yaml data counts the same entries.
func assertDataOnce(t *testing.T, m *manifest.Manifest) {
	t.Helper()
	var data struct {
		Count  int
		Groups []struct {
			Works []struct {
				ID        string
				TypeLabel string `json:"type_label"`
			}
		}
	}
	if err := json.Unmarshal([]byte(renderGT(t, m, render.JSON)), &data); err != nil {
		t.Fatal(err)
	}
	ids := map[string]int{}
	for _, g := range data.Groups {
		for _, w := range g.Works {
			ids[w.ID]++
			if w.ID == gtWork(110) && w.TypeLabel != "Poster" {
				t.Errorf("json labels the poster %q, want \"Poster\"", w.TypeLabel)
			}
		}
	}
	if data.Count != len(gtEntries) || len(ids) != len(gtEntries) {
		t.Errorf("json counts %d entries and lists %d works, want %d", data.Count, len(ids), len(gtEntries))
	}
	for key := range gtEntries {
		if ids[key] != 1 {
			t.Errorf("json lists %s %d times, want once", key, ids[key])
		}
	}
	if yaml := renderGT(t, m, render.YAML); !regexp.MustCompile(fmt.Sprintf(`(?m)^count: %d$`, len(gtEntries))).MatchString(yaml) {
		t.Errorf("yaml does not count %d entries", len(gtEntries))
	}
}

func assertCSLOnce(t *testing.T, m *manifest.Manifest) {
	t.Helper()
	var items []map[string]any
	if err := json.Unmarshal([]byte(renderGT(t, m, render.CSLJSON)), &items); err != nil {
		t.Fatal(err)
	}
	if len(items) != len(gtEntries) {
		t.Errorf("csl-json has %d items, want %d", len(items), len(gtEntries))
	}
	dois := map[string]int{}
	for _, it := range items {
		if doi, ok := it["DOI"].(string); ok {
			dois[strings.ToLower(doi)]++
		}
	}
	for key := range gtEntries {
		if doi, ok := strings.CutPrefix(key, "doi:"); ok && dois[doi] != 1 {
			t.Errorf("csl-json lists %s %d times", doi, dois[doi])
		}
	}
}

func assertBibOnce(t *testing.T, m *manifest.Manifest) {
	t.Helper()
	entry := regexp.MustCompile(`(?m)^@[a-z]+\{`)
	for _, f := range []render.Format{render.BibTeX, render.BibLaTeX} {
		out := renderGT(t, m, f)
		if n := len(entry.FindAllString(out, -1)); n != len(gtEntries) {
			t.Errorf("%s has %d entries, want %d:\n%s", f, n, len(gtEntries), out)
		}
		for _, copied := range []string{"Bounds For Catalysis Robust.", "And N>3."} {
			if strings.Contains(out, copied) {
				t.Errorf("%s shows the hand-typed copy %q", f, copied)
			}
		}
	}
}

func assertPagesOnce(t *testing.T, m *manifest.Manifest) {
	t.Helper()
	for _, f := range []render.Format{render.HTML, render.Markdown} {
		out := renderGT(t, m, f)
		entries := out
		if f == render.HTML {
			// the page names a work again in its chips, its BibTeX and its
			// JSON-LD: an entry is a <li class="work">, its title the <h3>
			if n := strings.Count(out, `<li class="work"`); n != len(gtEntries) {
				t.Errorf("html has %d entries, want %d", n, len(gtEntries))
			}
			entries = strings.Join(htmlTitle.FindAllString(out, -1), "\n")
			for key := range gtEntries {
				if doi, ok := strings.CutPrefix(key, "doi:"); ok {
					if n := strings.Count(entries, "https://doi.org/"+doi+"\""); n != 1 {
						t.Errorf("html titles link %s %d times, want once", doi, n)
					}
				}
			}
		}
		for _, title := range []string{"Kiln Physics", "Glaze Crazing in Stoneware", "Limits of catalysis", "Catalysis at low temperature"} {
			if n := strings.Count(entries, title); n != 1 {
				t.Errorf("%s shows %q %d times, want once", f, title, n)
			}
		}
		if strings.Contains(out, "Bounds For Catalysis Robust.") {
			t.Errorf("%s shows the hand-typed copy of gt.bounds", f)
		}
	}
}

// htmlTitle is an entry's title on the page.
var htmlTitle = regexp.MustCompile(`<h3 class="title">.*?</h3>`)

// gtAuthor is an author's given and family name as the right answer has
// them.
// A Chinese name of two characters is family first, one character each
// (李明: 李 Li + 明 Ming, wire.SplitName); a CJK name whose family name
// cannot be told from its characters (kana, four Han characters) stays
// one literal name.
type gtAuthor struct{ given, family, literal string }

type gtExpect struct {
	title   string
	authors []gtAuthor
	issued  record.Date
	license string // "" for none
	typ     string
}

var michael = gtAuthor{"Michael", "Jensen", ""}

// gtFields is every work's right merged record (issue #12, items 2–5).
var gtFields = map[string]gtExpect{
	"doi:10.5555/gt.bounds": {"Is x < y? Bounds for catalysis robust", []gtAuthor{michael, {"Văn An", "Nguyễn", ""}},
		record.Date{Year: 2020, Month: 3, Day: 9}, "cc-by-4.0", "article-journal"},
	"doi:10.5555/gt.effects": {"Effects at p<0.05 and n>3", []gtAuthor{michael, {"Łukasz", "Żółw", ""}},
		record.Date{Year: 2020, Month: 11, Day: 20}, "cc-by-4.0", "article-journal"},
	"doi:10.5281/zenodo.777": {"Catalyst measurements from the Müller kiln", []gtAuthor{{"Hans", "Müller", ""}, michael},
		record.Date{Year: 2019, Month: 5, Day: 14}, "cc-by", "dataset"},
	"doi:10.5555/gt.kiln":           {"Kiln physics", []gtAuthor{michael}, record.Date{Year: 2015, Month: 4}, "", "article-journal"},
	gtWork(107):                     {"Kiln Physics", []gtAuthor{michael}, record.Date{Year: 2019}, "", "article-journal"},
	"doi:10.5555/gt.crazing":        {"Glaze crazing in stoneware: a field study", []gtAuthor{michael}, record.Date{Year: 2021, Month: 2}, "", "article-journal"},
	gtWork(109):                     {"Glaze Crazing in Stoneware", []gtAuthor{michael}, record.Date{Year: 2021}, "", "article-journal"},
	gtWork(110):                     {"Catalysis at low temperature", []gtAuthor{michael, {"明", "李", ""}}, record.Date{Year: 2022, Month: 6}, "", "speech"},
	gtWork(111):                     {"Limits of catalysis", []gtAuthor{michael}, record.Date{Year: 2023}, "", "article-journal"},
	"doi:10.5555/gt.thermal":        {"Thermal stress in glazes", []gtAuthor{{"Łukasz", "Żółw", ""}, michael}, record.Date{Year: 2020}, "", "article-journal"},
	"doi:10.1101/2023.01.02.000113": {"Catalyst ageing, a preprint", []gtAuthor{michael}, record.Date{Year: 2023, Month: 1}, "", "article"},
}

// gtGenre is the genre and publisher of the works that have one to
// check: a poster is a speech of genre Poster (issue #12 item 5), a
// preprint names its server, which the DOI prefix says, as publisher.
var gtGenre = map[string][2]string{
	gtWork(110):                     {"Poster", ""},
	"doi:10.1101/2023.01.02.000113": {"Preprint", "bioRxiv"},
	"doi:10.5555/gt.bounds":         {"", "Ground Truth Press"},
}

// TestGroundTruthFields: each work's merged title, authors, date, licence
// and type are the right answers, and the citation keys use family names
// folded from all of Unicode.
func TestGroundTruthFields(t *testing.T) {
	m, _ := groundTruthRun(t, 4)
	dir := snapshots.Dir{Root: m.Snapshots}
	for key, want := range gtFields {
		t.Run(strings.ReplaceAll(key, "/", "_"), func(t *testing.T) {
			rec := readGTWork(t, dir, key).Record
			checkGTRecord(t, rec, want)
			if g, ok := gtGenre[key]; ok && (rec.Genre != g[0] || rec.Publisher != g[1]) {
				t.Errorf("genre %q, publisher %q; want %q, %q", rec.Genre, rec.Publisher, g[0], g[1])
			}
		})
	}
	t.Run("filled from other providers", func(t *testing.T) {
		// Crossref has "Ł. Żółw" with neither; OpenAlex the full name, iD and affiliation
		zolw := readGTWork(t, dir, "doi:10.5555/gt.effects").Record.Authors[1]
		if zolw.ORCID != "0000-0002-5555-0013" || strings.Join(zolw.Affiliations, "; ") != "University of Wrocław" {
			t.Errorf("Żółw: ORCID %q, affiliations %q; want OpenAlex's iD and affiliation", zolw.ORCID, zolw.Affiliations)
		}
	})
	t.Run("conflict", func(t *testing.T) {
		var got []string
		for _, c := range readGTWork(t, dir, "doi:10.5555/gt.thermal").Conflicts {
			got = append(got, fmt.Sprintf("%s kept %s %v", c.Field, c.Kept.Value, c.Kept.Providers))
			for _, n := range c.NotKept {
				got = append(got, fmt.Sprintf("%s not %s %v", c.Field, n.Value, n.Providers))
			}
		}
		want := []string{"issued kept 2020 [crossref orcid]", "issued not 2021-01-15 [openalex]"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("conflicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
	t.Run("keys", func(t *testing.T) {
		bib := renderGT(t, m, render.BibTeX)
		for _, key := range []string{"{jensen2023limits,", "{muller2019catalyst,", "{jensen2022catalysis,", "{zolw2020thermal,"} {
			if !strings.Contains(bib, key) {
				t.Errorf("bibtex lacks key %s", key)
			}
		}
		if strings.Contains(bib, "{michael") {
			t.Error("a citation key uses a given name")
		}
	})
}

func checkGTRecord(t *testing.T, rec record.Record, want gtExpect) {
	t.Helper()
	if rec.Title != want.title {
		t.Errorf("title %q, want %q", rec.Title, want.title)
	}
	var got, wantAuthors []string
	for _, a := range rec.Authors {
		got = append(got, a.Given+" | "+a.Family+" | "+a.Name)
	}
	for _, a := range want.authors {
		wantAuthors = append(wantAuthors, a.given+" | "+a.family+" | "+a.literal)
	}
	if strings.Join(got, "; ") != strings.Join(wantAuthors, "; ") {
		t.Errorf("authors (given | family | literal)\n %s\nwant\n %s", strings.Join(got, "; "), strings.Join(wantAuthors, "; "))
	}
	if rec.Issued != want.issued {
		t.Errorf("issued %+v, want %+v", rec.Issued, want.issued)
	}
	var license string
	if rec.OA != nil {
		license = rec.OA.License
	}
	if license != want.license {
		t.Errorf("licence %q, want %q", license, want.license)
	}
	if rec.Type != want.typ {
		t.Errorf("type %q, want %q", rec.Type, want.typ)
	}
}

// TestGroundTruthFetchTwiceStable: fetching the unchanged world again
// changes no file, so decisions, links and conflicts are stable.
func TestGroundTruthFetchTwiceStable(t *testing.T) {
	m, _ := groundTruthRun(t, 4)
	first := folderBytes(t, m.Snapshots)
	rep := runOK(t, testOptions(m, groundTruthNet(t), 1))
	if again := folderBytes(t, m.Snapshots); again != first {
		t.Errorf("the second fetch changed the snapshots")
	}
	if len(rep.Written) != 0 {
		t.Errorf("the second fetch wrote %v", rep.Written)
	}
}

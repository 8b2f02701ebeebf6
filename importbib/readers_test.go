package importbib

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// realFile is one real file or folder (testdata/import/*/SOURCES.md) and
// what reading it must give: every entry, counted from the source, with
// and without an identifier.
type realFile struct {
	path                     string
	entries, withID, without int
	problems                 int
}

var realFiles = []realFile{
	{"csljson/bbt-1179-library.csl.json", 26, 14, 12, 0},
	{"csljson/bbt-pandoc-citation.csl.json", 4, 1, 3, 0},
	{"csljson/bbt-365-825-creators.csl.json", 7, 1, 6, 0},
	{"csljson/bbt-360-811-dates.csl.json", 15, 0, 15, 0},
	{"csljson/zotero-csl-json-case00.json", 1, 0, 1, 0},
	{"ris/zotero-ris-case00.ris", 1, 0, 1, 0},
	{"ris/zotero-ris-case01.ris", 1, 0, 1, 0},
	{"ris/zotero-ris-case03.ris", 1, 1, 0, 0},
	{"ris/zotero-ris-case05.ris", 1, 1, 0, 0},
	{"ris/zotero-ris-case06.ris", 1, 1, 0, 0},
	{"ris/zotero-ris-case09.ris", 2, 1, 1, 0},
	{"ris/zotero-ris-case10.ris", 1, 1, 0, 0},
	{"ris/zotero-ris-case11.ris", 1, 0, 1, 0},
	{"hugoblox/3dim-computational-imaging-3dim-website", 126, 97, 29, 1}, // nero-2026-fog/index.md is empty
	{"hugoblox/BMICLab-bmic_website", 32, 32, 0, 0},
	{"academicpages/antonior92-academicpages.github.io", 5, 2, 3, 0},
}

// TestReadFileRealFiles: each reader reads each real file whole: as many
// entries as the source holds, each with the key the source gives it
// (read here independently of the reader), and as many with an identifier.
func TestReadFileRealFiles(t *testing.T) {
	for _, rf := range realFiles {
		t.Run(rf.path, func(t *testing.T) {
			name := filepath.Join("..", "testdata", "import", rf.path)
			entries, problems, err := ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			with := 0
			for _, e := range entries {
				if len(e.Found.IDs) > 0 {
					with++
				}
				if e.Problem != "" {
					t.Errorf("%s:%d %s: %s", e.File, e.Line, e.Key, e.Problem)
				}
			}
			if len(entries) != rf.entries || with != rf.withID || len(entries)-with != rf.without || len(problems) != rf.problems {
				t.Errorf("%d entries, %d with an identifier, %d without, problems %q; want %d, %d, %d, %d problems",
					len(entries), with, len(entries)-with, problems, rf.entries, rf.withID, rf.without, rf.problems)
			}
			var keys []string
			for _, e := range entries {
				keys = append(keys, e.Key)
			}
			if want := sourceKeys(t, name); !slices.Equal(keys, want) {
				t.Errorf("keys\n got %q\nwant %q", keys, want)
			}
		})
	}
}

// sourceKeys are a real file's keys in file order, read the plain way:
// CSL-JSON's citation-key or id, RIS's ID (one per TY line, "" without),
// a Hugo Blox bundle's folder with a non-empty index.md, an academicpages
// page's file name.
func sourceKeys(t *testing.T, name string) []string {
	t.Helper()
	var keys []string
	switch {
	case strings.HasSuffix(name, ".json"):
		src, _ := os.ReadFile(name)
		var items []map[string]any
		if err := json.Unmarshal(src, &items); err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			k, _ := it["citation-key"].(string)
			if id, _ := it["id"].(string); k == "" && !strings.HasPrefix(id, "http") {
				k = id
			}
			keys = append(keys, k)
		}
	case strings.HasSuffix(name, ".ris"):
		src, _ := os.ReadFile(name)
		for _, l := range strings.Split(string(src), "\n") {
			switch {
			case strings.HasPrefix(l, "TY"):
				keys = append(keys, "")
			case strings.HasPrefix(l, "ID  - ") || strings.HasPrefix(l, "ID - "):
				keys[len(keys)-1] = strings.TrimSpace(l[strings.Index(l, "- ")+2:])
			}
		}
	case strings.Contains(name, "hugoblox"):
		dirs, _ := filepath.Glob(filepath.Join(name, "content", "publication", "*", "index.md"))
		for _, d := range dirs {
			if st, _ := os.Stat(d); st.Size() > 1 {
				keys = append(keys, filepath.Base(filepath.Dir(d)))
			}
		}
	default:
		pages, _ := filepath.Glob(filepath.Join(name, "_publications", "*.md"))
		for _, p := range pages {
			keys = append(keys, strings.TrimSuffix(filepath.Base(p), ".md"))
		}
	}
	return keys
}

// want is what a test expects of one entry of a real file, written from
// the source file (its line, fields and values as the file has them).
type want struct {
	file, key string
	line      int
	ids       []string // manifest.Identity.Key()
	record    manifest.WorkRecord
	links     []manifest.WorkLink
	tags      []string
	fields    map[string]any // some of its fields, with their values
	abstract  string         // how its abstract starts
}

var wants = []want{
	{file: "csljson/bbt-1179-library.csl.json", key: "brittain2004", line: 2,
		ids: []string{"doi:10.1177/0193723504268729"},
		record: manifest.WorkRecord{Type: "article-journal", Title: "Perceptions of disability and their impact upon involvement in sport for people with disabilities at all levels",
			Authors: []string{"Brittain, Ian"}, Venue: "Journal of Sport and Social Issues", Volume: "28", Issue: "4", Pages: "429–452", Date: "2004",
			URL: "https://doi.org/10.1177/0193723504268729"},
		fields: map[string]any{"ISSN": "0193-7235", "accessed": "2019-04-28", "language": "en", "source": "SAGE Journals"}},
	{file: "csljson/bbt-1179-library.csl.json", key: "courtofarbitrationforsport2019", line: 120,
		record: manifest.WorkRecord{Type: "webpage", Title: "Semenya, ASA and IAAF: Planning update", Authors: []string{"{Court of Arbitration for Sport}"},
			Venue: "Court of Arbitration for Sport", Date: "2019-03-21",
			URL: "https://www.tas-cas.org/en/general-information/news-detail/article/semenya-asa-and-iaaf-planning-update.html"},
		fields: map[string]any{"title-short": "Semenya, ASA and IAAF"}},
	{file: "csljson/bbt-pandoc-citation.csl.json", key: "Adams2001", line: 2,
		record: manifest.WorkRecord{Type: "article-journal", Title: "The physical volcanology of the 1600 eruption of Huaynaputina, southern Peru",
			Authors: []string{"Adams, Nancy K", "DeSilva, Shanaka L", "Self, Steven", "Salas, Guido", "Schubring, Steven", "Permenter, Jason L", "Arbesman, Kendra"},
			Venue:   "Bulletin of Volcanology", Volume: "62", Pages: "493–518", Date: "2014-12-31"}},
	{file: "csljson/bbt-pandoc-citation.csl.json", key: "Berndt1994", line: 54,
		ids: []string{"doi:10.1484/j.se.2.303788"},
		record: manifest.WorkRecord{Type: "article-journal", Title: "Skizze zur Auslegungsgeschichte der Bücher Prouerbia und Ecclesiastes in der abendländischen Kirche",
			Authors: []string{"Berndt, Rainer"}, Venue: "Sacris Erudiri", Volume: "34", Pages: "5–32", Date: "1994", URL: "http://dx.doi.org/10.1484/J.SE.2.303788"},
		fields: map[string]any{"language": "German", "accessed": "2014-10-02"}},
	{file: "csljson/bbt-365-825-creators.csl.json", key: "friends:leia:dvd", line: 6,
		record: manifest.WorkRecord{Type: "motion_picture", Title: "The one with the Princess Leia fantasy", Venue: "Friends", Publisher: "Warner Home Video", Volume: "3", Date: "2003"},
		fields: map[string]any{"director": []string{"Mancuso, Gail"}, "script-writer": []string{"Curtis, Michael", "Malins, Gregory S."},
			"original-date": "1996-09-16", "number": "1", "medium": "DVD"}},
	{file: "csljson/zotero-csl-json-case00.json", line: 2,
		record: manifest.WorkRecord{Type: "book", Title: "Stochastic biomathematical models: With applications to neuronal modeling",
			Authors: []string{"Bachar, Mostafa"}, Publisher: "Springer", Volume: "2058", Date: "2013-01-01"},
		fields: map[string]any{"collection-title": "Lecture notes in mathematics", "number-of-pages": "206", "ISBN": "978-3-642-32156-6", "publisher-place": "Heidelberg"}},
	{file: "ris/zotero-ris-case00.ris", line: 1,
		record: manifest.WorkRecord{Type: "article-journal", Title: "Blood-brain barrier breach following cortical contusion in the rat",
			Authors: []string{"Baldwin,S.A.", "Fugaccia,I.", "Brown,D.R.", "Brown,L.V.", "Scheff,S.W."}, Venue: "J.Neurosurg.", Volume: "85", Pages: "476-481", Date: "1996"},
		abstract: "Adult Fisher 344 rats were subjected",
		tags:     []string{"cortical contusion", "blood-brain barrier", "horseradish peroxidase", "head trauma", "hippocampus", "rat"},
		fields:   map[string]any{"RP": "Not In File"}},
	{file: "ris/zotero-ris-case03.ris", key: "3", line: 1,
		ids: []string{"doi:10.1111/j.1755-0998.2009.02750.x"},
		record: manifest.WorkRecord{Type: "article-journal", Title: "Rapid identification of thousands of copperhead snake (Agkistrodon contortrix) microsatellite loci from modest amounts of 454 shotgun genome sequence",
			Authors: []string{"CASTOE, TODD A.", "POOLE, ALEXANDER W.", "GU, WANJUN", "KONING, A. P. JASON de", "DAZA, JUAN M.", "SMITH, ERIC N.", "POLLOCK, DAVID D."},
			Venue:   "Molecular Ecology Resources", Volume: "9999", Date: "2009", URL: "http://dx.doi.org/10.1111/j.1755-0998.2009.02750.x"},
		abstract: "Optimal integration of next-generation sequencing into mainstream research requires re-evaluation",
		fields:   map[string]any{"SN": "1755-0998", "M1": "9999", "N1": "10.1111/j.1755-0998.2009.02750.x"}},
	{file: "ris/zotero-ris-case05.ris", line: 1,
		ids: []string{"doi:10.3109/07434618.2014.906498"},
		record: manifest.WorkRecord{Type: "article-journal",
			Title:   "From Basic to Applied Research to Improve Outcomes for Individuals Who Require Augmentative and Alternative Communication:  Potential Contributions of Eye Tracking Research Methods",
			Authors: []string{"Light, Janice", "McNaughton, David"}, Venue: "Augmentative and Alternative Communication", Publisher: "Informa Allied Health",
			Volume: "30", Issue: "2", Pages: "99-105", Date: "2014-06-01", URL: "http://dx.doi.org/10.3109/07434618.2014.906498"},
		fields: map[string]any{"JO": "Augment Altern Commun", "PY": "2014", "Y2": "2014/12/17"}},
	{file: "ris/zotero-ris-case06.ris", line: 1,
		ids: []string{"doi:10.1007/978-3-642-00230-4"},
		record: manifest.WorkRecord{Type: "book", Title: "Eigentumsverfassung und Finanzkrise", Authors: []string{"Depenheuer, Otto"},
			Publisher: "Springer Berlin Heidelberg", Volume: "7", Date: "2009", URL: "http://dx.doi.org/10.1007/978-3-642-00230-4"},
		abstract: "In dem Buch befinden sich einzelne Beiträge zu ...",
		tags:     []string{"Finanzkrise / Eigentum / Haftung / Ordnungspolitik / Aufsatzsammlung / Online-Publikation", "Constitutional law", "Law"},
		fields:   map[string]any{"T2": "Bibliothek des Eigentums", "H1": []string{"UB Mannheim", "UB Leipzig"}, "LA": "ger"}},
	{file: "ris/zotero-ris-case09.ris", line: 20,
		record: manifest.WorkRecord{Type: "article-journal", Venue: "Prostate Cancer Mortality Statistics 2015"},
		fields: map[string]any{"PY": "0000", "N1": []string{"Cited By :1", "Export Date: 13 July 2022"}}},
	{file: "hugoblox/3dim-computational-imaging-3dim-website", key: "balaji-2025-fiber", line: 1,
		ids: []string{"doi:10.1117/12.3043761", "arxiv:2501.15561"},
		record: manifest.WorkRecord{Type: "article", Title: "Fiber Endoscopy Using Synthetic Wavelengths for 3D tissue imaging",
			Authors: []string{"Muralidhar Madabhushi Balaji", "Patrick Cornwall", "Parker Liu", "Stefan Forschner", "Jürgen Czarske", "Florian Willomitzer"},
			Venue:   "Computational Optical Imaging and Artificial Intelligence in Biomedical Sciences II 2025 Mar 19 (Vol. 13333, pp. 18-22). SPIE.",
			Date:    "2025"}, // cite.bib: year = {2025}, no month: 2025-01-01 is Hugo's whole date
		links: []manifest.WorkLink{{Kind: "pdf", URL: "https://www.spiedigitallibrary.org/conference-proceedings-of-spie/13333/1333306/Fiber-endoscopy-using-synthetic-wavelengths-for-3D-tissue-imaging/10.1117/12.3043761.full"}},
		tags:  []string{"SWH_FiberImaging"},
		fields: map[string]any{
			"authors":                 []string{"murali-balaji", "patrick-cornwall", "parker-liu", "stefan-forschner", "Jürgen Czarske", "florian-willomitzer"},
			"publication":             "*Computational Optical Imaging and Artificial Intelligence in Biomedical Sciences II 2025 Mar 19 (Vol. 13333, pp. 18-22). SPIE.*",
			"publishDate":             "2025-03-23T19:41:52.702896Z",
			"landing_weight":          int64(85),
			"weight_SWH_FiberImaging": int64(100),
			"featured":                false,
			"url_preprint":            "https://arxiv.org/abs/2501.15561",
			"preprint_date":           "2025",
			"image.preview_only":      false,
			"date":                    "2025-01-01",
		}},
	{file: "hugoblox/BMICLab-bmic_website", key: "arbelle-dual-task-2022", line: 1,
		ids: []string{"doi:10.1109/tmi.2022.3152927"},
		record: manifest.WorkRecord{Type: "article-journal", Title: "Dual-Task ConvLSTM-UNet for Instance Segmentation of Weakly Annotated Microscopy Videos",
			Authors: []string{"Assaf Arbelle", "Shaked Cohen", "Tammy Riklin Raviv"}, Venue: "IEEE Transactions on Medical Imaging", Date: "2022-08", // cite.bib: month = {August}
			Volume: "41", Issue: "8", Pages: "1948–1960"}, // volume, number and pages from its cite.bib
		abstract: "Convolutional Neural Networks (CNNs) are considered state of the art",
		tags: []string{"Annotations", "Computer architecture", "Deep learning", "image segmentation", "Image segmentation", "image sequences", "Microprocessors",
			"microscopy", "Microscopy", "neural networks", "object segmentation", "recurrent neural networks", "Three-dimensional displays", "Training"},
		fields: map[string]any{"publication_types": []string{"2"}, "featured": true, "publishDate": "2023-09-04T14:13:46.268483Z"}},
	{file: "academicpages/antonior92-academicpages.github.io", key: "2017-IEEE-Neural", line: 1,
		ids: []string{"arxiv:1706.07119"},
		record: manifest.WorkRecord{Title: `"Parallel Training Considered Harmful?": Comparing Series-Parallel and Parallel Feedforward Network Training`,
			Venue: "Preprint (arXiv:1706.07119)", Date: "2017-05-01"},
		links:  []manifest.WorkLink{{Kind: "pdf", URL: "https://arxiv.org/abs/1706.07119"}},
		fields: map[string]any{"collection": "publications", "permalink": "/publication/2017-IEEE-Neural"}},
}

// TestReadFileRealEntries: a few entries of the real files, field by
// field, as the source files write them.
func TestReadFileRealEntries(t *testing.T) {
	for _, w := range wants {
		t.Run(w.file+"/"+w.key, func(t *testing.T) {
			entries, _, err := ReadFile(filepath.Join("..", "testdata", "import", w.file))
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(entries, func(e Entry) bool {
				return e.Key == w.key && (w.key != "" || e.Line == w.line)
			})
			if i < 0 {
				t.Fatalf("no entry %q at line %d", w.key, w.line)
			}
			checkEntry(t, entries[i], w)
		})
	}
}

func checkEntry(t *testing.T, e Entry, w want) {
	t.Helper()
	if e.Line != w.line {
		t.Errorf("line %d, want %d", e.Line, w.line)
	}
	var ids []string
	for _, id := range e.Found.IDs {
		ids = append(ids, id.Key())
	}
	if !slices.Equal(ids, w.ids) {
		t.Errorf("identifiers %q, want %q", ids, w.ids)
	}
	got := e.Record
	if !strings.HasPrefix(got.Abstract, w.abstract) || (w.abstract == "") != (got.Abstract == "") {
		t.Errorf("abstract %q, want it to start %q", got.Abstract, w.abstract)
	}
	got.Abstract = w.record.Abstract
	if !sameRecord(got, w.record) {
		t.Errorf("record\n got %#v\nwant %#v", got, w.record)
	}
	if !slices.Equal(e.Links, w.links) {
		t.Errorf("links %v, want %v", e.Links, w.links)
	}
	if !slices.Equal(e.Tags, w.tags) {
		t.Errorf("tags %q, want %q", e.Tags, w.tags)
	}
	for name, value := range w.fields {
		i := slices.IndexFunc(e.Fields, func(f manifest.CustomField) bool { return f.Name == name })
		if i < 0 {
			t.Errorf("no field %s", name)
			continue
		}
		if got, _ := json.Marshal(e.Fields[i].Value); string(got) != mustJSON(value) || !sameType(e.Fields[i].Value, value) {
			t.Errorf("field %s = %#v, want %#v", name, e.Fields[i].Value, value)
		}
	}
}

func sameRecord(a, b manifest.WorkRecord) bool {
	a.Line, b.Line = 0, 0
	return mustJSON(a) == mustJSON(b)
}

func sameType(a, b any) bool {
	switch a.(type) {
	case string:
		_, ok := b.(string)
		return ok
	case bool:
		_, ok := b.(bool)
		return ok
	case int64:
		_, ok := b.(int64)
		return ok
	case []string:
		_, ok := b.([]string)
		return ok
	case []map[string]any: // a list of front matter tables (Hugo Blox's links)
		_, ok := b.([]map[string]any)
		return ok
	}
	return false
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestReadFileFieldTypes: every kept field is of a type TOML holds
// (manifest.CustomField: string, bool, int64, []string, a list of
// tables), named, and on a
// line of its file.
func TestReadFileFieldTypes(t *testing.T) {
	for _, rf := range realFiles {
		entries, _, err := ReadFile(filepath.Join("..", "testdata", "import", rf.path))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			for _, f := range e.Fields {
				if !sameType(f.Value, f.Value) || f.Name == "" || f.Line < 1 {
					t.Errorf("%s:%d %s: field %q = %#v (%T) at line %d", e.File, e.Line, e.Key, f.Name, f.Value, f.Value, f.Line)
				}
			}
			for _, l := range e.Links {
				if !slices.Contains(manifest.WorkLinkKinds(), l.Kind) || !(strings.HasPrefix(l.URL, "http") || strings.HasPrefix(l.URL, "/")) {
					t.Errorf("%s %s: link %v", e.File, e.Key, l)
				}
			}
		}
	}
}

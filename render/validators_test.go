package render

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// everyCSLType is CSL 1.0.2's item types plus what a registrar may still
// send that is none of them ("event" left CSL 1.0.2; "posted-content" is
// Crossref's), so the files are checked on types render must translate.
var everyCSLType = []string{
	"article", "article-journal", "article-magazine", "article-newspaper", "bill", "book", "broadcast",
	"chapter", "classic", "collection", "dataset", "document", "entry", "entry-dictionary",
	"entry-encyclopedia", "event", "figure", "graphic", "hearing", "interview", "legal_case", "legislation",
	"manuscript", "map", "motion_picture", "musical_score", "pamphlet", "paper-conference", "patent",
	"performance", "periodical", "personal_communication", "post", "post-weblog", "regulation", "report",
	"review", "review-book", "software", "song", "speech", "standard", "thesis", "treaty", "webpage",
	"posted-content", "",
}

// syntheticFolder is a large record of every work type in every shape the
// snapshots allow: with and without authors, container, publisher, date,
// volume and issue, ISSN and ISBN, an arXiv eprint, an organisation as
// author, and text with TeX's special characters. Fields vary with the
// type's position so that each type meets several shapes.
func syntheticFolder() *folder.Folder {
	f := &folder.Folder{Root: "synthetic"}
	n := 0
	for _, typ := range everyCSLType {
		for shape := 0; shape < 8; shape++ {
			n++
			r := record.Record{
				Title: fmt.Sprintf("Work %d of type %q: 50%% of {braces} & C_2 ~ x^2", n, typ),
				Type:  typ,
				IDs:   record.IDs{DOI: fmt.Sprintf("10.5555/synthetic.%d", n)},
			}
			if shape&1 == 0 {
				r.Authors = []record.Author{{Given: "Ada", Family: "Lovelace", ORCID: "0000-0002-1825-0097"}, {Name: "Bill and Melinda Gates Foundation"}}
			}
			if shape&2 == 0 {
				r.Container = "Journal of Synthetic Results"
				r.Publisher = "Synthetic Press"
			}
			if shape&4 == 0 {
				r.Issued = record.NewDate(2000+n%25, 1+n%12, 1+n%28)
				r.Volume, r.Issue, r.Pages = "12", "3", "100-110"
				r.IDs.ISSN = []string{"1234-5679"}
				r.IDs.ISBN = []string{"978-3-16-148410-0"}
			} else {
				r.Issued = record.NewDate(2000+n%25, 0, 0)
			}
			if shape == 3 {
				r.IDs.ArXiv = fmt.Sprintf("2101.%05d", n)
				r.URL = fmt.Sprintf("https://example.org/works/%d", n)
			}
			if shape == 5 {
				r.Abstract = "An abstract with <b>markup</b> & 100% text."
				r.OA = &record.OpenAccess{URL: fmt.Sprintf("https://example.org/%d.pdf", n), License: "cc-by"}
			}
			// a language with a babel name, one with a region, one with none
			r.Language = [...]string{"de", "", "pt-br", "", "ja", "en", "", ""}[shape]
			f.Works = append(f.Works, folder.Work{ID: "doi:" + r.IDs.DOI, Record: r})
		}
	}
	return f
}

// citationCorpora are the folders the validator tests check: the
// constructed fixture, the example researcher and the synthetic record.
func citationCorpora(t *testing.T) map[string]*folder.Folder {
	t.Helper()
	fixtureFolder, _ := fixture(t)
	m, err := manifest.Load("../examples/manifest.toml")
	if err != nil {
		t.Fatal(err)
	}
	example, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*folder.Folder{"fixture": fixtureFolder, "example": example, "synthetic": syntheticFolder(), "versioned": versionedFolder(), "real": realEntriesFolder(t)}
}

func sortedNames(m map[string]*folder.Folder) []string {
	var names []string
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// biber --validate-datamodel accepts every BibLaTeX entry without a
// warning: each entry type has its mandatory fields and no field its type
// does not declare (biblatex's blx-dm.def), the person's author+an
// annotations included.
func TestBibLaTeXPassesBiberDataModelValidation(t *testing.T) {
	biber := tool(t, "biber")
	corpora := citationCorpora(t)
	annotated := 0
	for _, name := range sortedNames(corpora) {
		dir := t.TempDir()
		text := renderString(t, corpora[name], Options{Format: BibLaTeX, Person: ada})
		annotated += strings.Count(text, "author+an")
		bib := writeTemp(t, dir, name+".bib", text)
		stdout, stderr, err := run(t, dir, biber, "--tool", "--nolog", "--validate-datamodel",
			"--output-file="+filepath.Join(dir, "out.bib"), bib)
		if err != nil {
			t.Fatalf("biber %s: %v\n%s%s", name, err, stdout, stderr)
		}
		for _, line := range strings.Split(stdout+stderr, "\n") {
			if strings.HasPrefix(line, "WARN") || strings.HasPrefix(line, "ERROR") {
				t.Errorf("%s: %s", name, line)
			}
		}
	}
	if annotated == 0 {
		t.Error("no entry has author+an: the validation did not meet an annotation")
	}
}

// bibtex with plain.bst formats every BibTeX entry without a warning: no
// empty mandatory field, no volume beside a series number, every entry
// sortable.
func TestBibTeXPassesBibTeXWithoutAWarning(t *testing.T) {
	bibtex := tool(t, "bibtex")
	corpora := citationCorpora(t)
	for _, name := range sortedNames(corpora) {
		dir := t.TempDir()
		writeTemp(t, dir, "works.bib", renderString(t, corpora[name], Options{Format: BibTeX}))
		writeTemp(t, dir, "doc.aux", "\\citation{*}\n\\bibstyle{plain}\n\\bibdata{works}\n")
		stdout, stderr, err := run(t, dir, bibtex, "doc")
		if err != nil {
			t.Errorf("bibtex %s: %v\n%s%s", name, err, stdout, stderr)
		}
		for _, line := range strings.Split(stdout+stderr, "\n") {
			if strings.HasPrefix(line, "Warning--") || strings.Contains(line, "error message") {
				t.Errorf("%s: %s", name, line)
			}
		}
		bbl, err := os.ReadFile(filepath.Join(dir, "doc.bbl"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := strings.Count(string(bbl), `\bibitem{`), len(buildPage(corpora[name], Options{Group: ByYear}).shown); got != want {
			t.Errorf("%s: bibtex formatted %d entries, want %d", name, got, want)
		}
	}
}

// The CSL-JSON is valid against the official CSL-JSON schema.
func TestCSLJSONIsValidAgainstTheCSLSchema(t *testing.T) {
	corpora := citationCorpora(t)
	for _, name := range sortedNames(corpora) {
		var doc any
		if err := json.Unmarshal([]byte(renderString(t, corpora[name], Options{Format: CSLJSON})), &doc); err != nil {
			t.Fatal(err)
		}
		for _, problem := range cslSchemaProblems(doc) {
			t.Errorf("%s: %s", name, problem)
		}
	}
}

// The schema subset catches what the schema rejects, so a pass means
// something.
func TestCSLSchemaCheckRejectsWhatTheSchemaRejects(t *testing.T) {
	for _, bad := range []string{
		`{}`,
		`[{"id":"a"}]`,
		`[{"id":"a","type":"journal-article"}]`,
		`[{"id":"a","type":"book","license":"cc-by"}]`,
		`[{"id":"a","type":"book","author":[{"family":"X","orcid":"0000"}]}]`,
		`[{"id":"a","type":"book","author":"X"}]`,
		`[{"id":"a","type":"book","issued":{"date-parts":[[2020,1,2,3]]}}]`,
		`[{"id":"a","type":"book","issued":{"year":2020}}]`,
		`[{"id":"a","type":"book","volume":true}]`,
		`[{"id":true,"type":"book"}]`,
	} {
		var doc any
		if err := json.Unmarshal([]byte(bad), &doc); err != nil {
			t.Fatal(err)
		}
		if len(cslSchemaProblems(doc)) == 0 {
			t.Errorf("%s passes the schema check", bad)
		}
	}
	var good any
	if err := json.Unmarshal([]byte(`[{"id":1,"type":"book","author":[{"literal":"X"}],"issued":{"date-parts":[[2020,"1"]]},"custom":{"license":"cc-by"},"volume":3}]`), &good); err != nil {
		t.Fatal(err)
	}
	if p := cslSchemaProblems(good); len(p) != 0 {
		t.Errorf("a valid item fails: %v", p)
	}
}

// The CSL-JSON input schema, csl-data.json of
// https://github.com/citation-style-language/schema (schemas/input/csl-data.json,
// commit 00412663cee29f630e8a112abf751fce6c9c1748), restated as data: its
// item types, its properties by JSON type, its name and date shapes, with
// "additionalProperties": false on each. It is restated rather than
// vendored because the repository's licence could not be confirmed here;
// the rules are the schema's, one for one. One string property is CSL
// 1.0.2's (tag v1.0.2, 6610c260d97c19968d1745e13c9e9e880e3d9422):
// event-title, which deprecates event and which about writes for a
// conference paper.
var (
	cslSchemaTypes = strings.Fields(`article article-journal article-magazine article-newspaper bill book
		broadcast chapter classic collection dataset document entry entry-dictionary entry-encyclopedia figure
		graphic hearing interview legal_case legislation manuscript map motion_picture musical_score pamphlet
		paper-conference patent performance periodical personal_communication post post-weblog regulation report
		review review-book software song speech standard thesis treaty webpage`)
	cslSchemaNames = strings.Fields(`author chair collection-editor compiler composer container-author
		contributor curator director editor editorial-director executive-producer interviewer illustrator
		organizer original-author performer producer recipient reviewed-author translator`)
	cslSchemaDates   = strings.Fields(`accessed available-date container event-date issued original-date submitted`)
	cslSchemaStrings = strings.Fields(`language journalAbbreviation shortTitle abstract annote archive
		archive_collection archive_location archive-place authority call-number citation-label collection-title
		container-title container-title-short dimensions division DOI event event-place event-title genre ISAN ISBN ISCI ISMN
		ISRC ISSN ISWC jurisdiction keyword medium note original-publisher original-publisher-place original-title
		part-title PMCID PMID publisher publisher-place references reviewed-title scale section source status title
		title-short translated-title translated-title-short URL version year-suffix`)
	cslSchemaStringOrNumber = strings.Fields(`chapter-number citation-number collection-number edition
		first-reference-note-number issue locator number number-of-pages number-of-volumes page page-first part
		printing supplement volume`)
	cslSchemaNameStrings = strings.Fields(`family given dropping-particle non-dropping-particle suffix literal`)
	cslSchemaNameScalars = strings.Fields(`comma-suffix static-ordering parse-names`)
	cslSchemaEDTF        = regexp.MustCompile(`[0-9,-,%,~,X,?,..,/]`) // the schema's own pattern
)

func cslSchemaProblems(doc any) []string {
	items, ok := doc.([]any)
	if !ok {
		return []string{"top level is not an array"}
	}
	var problems []string
	for i, raw := range items {
		item, ok := raw.(map[string]any)
		if !ok {
			problems = append(problems, fmt.Sprintf("item %d is not an object", i))
			continue
		}
		for _, p := range cslItemProblems(item) {
			problems = append(problems, fmt.Sprintf("item %d (%v): %s", i, item["id"], p))
		}
	}
	return problems
}

func cslItemProblems(item map[string]any) []string {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for _, req := range []string{"type", "id"} {
		if _, ok := item[req]; !ok {
			add("required %q missing", req)
		}
	}
	for key, v := range item {
		if p, known := cslFixedPropertyProblem(key, v); known {
			if p != "" {
				add("%s", p)
			}
			continue
		}
		switch {
		case inList(cslSchemaNames, key):
			names, ok := v.([]any)
			if !ok {
				add("%s is not an array", key)
			}
			for _, n := range names {
				problems = append(problems, cslNameProblems(key, n)...)
			}
		case inList(cslSchemaDates, key):
			problems = append(problems, cslDateProblems(key, v)...)
		case inList(cslSchemaStrings, key):
			if _, ok := v.(string); !ok {
				add("%s is not a string", key)
			}
		case inList(cslSchemaStringOrNumber, key):
			if !isStringOrNumber(v) {
				add("%s is neither string nor number", key)
			}
		default:
			add("property %q is not allowed (additionalProperties: false)", key)
		}
	}
	return problems
}

// cslFixedPropertyProblem checks the schema's one-of-a-kind properties:
// known is false for any other key.
func cslFixedPropertyProblem(key string, v any) (problem string, known bool) {
	switch key {
	case "type":
		if s, ok := v.(string); !ok || !inList(cslSchemaTypes, s) {
			return fmt.Sprintf("type %v is not in the schema's enum", v), true
		}
	case "id":
		if !isStringOrNumber(v) {
			return fmt.Sprintf("id %v is neither string nor number", v), true
		}
	case "categories":
		if !isStringArray(v) {
			return "categories is not an array of strings", true
		}
	case "custom":
		if _, ok := v.(map[string]any); !ok {
			return "custom is not an object", true
		}
	default:
		return "", false
	}
	return "", true
}

func cslNameProblems(key string, v any) []string {
	name, ok := v.(map[string]any)
	if !ok {
		return []string{key + ": a name is not an object"}
	}
	var problems []string
	for k, part := range name {
		_, isString := part.(string)
		_, isBool := part.(bool)
		switch {
		case inList(cslSchemaNameStrings, k) && isString:
		case inList(cslSchemaNameScalars, k) && (isStringOrNumber(part) || isBool):
		default:
			problems = append(problems, fmt.Sprintf("%s: name part %q=%v is not allowed", key, k, part))
		}
	}
	return problems
}

func cslDateProblems(key string, v any) []string {
	if s, ok := v.(string); ok {
		if !cslSchemaEDTF.MatchString(s) {
			return []string{key + ": not an EDTF string"}
		}
		return nil
	}
	date, ok := v.(map[string]any)
	if !ok {
		return []string{key + ": a date is neither a string nor an object"}
	}
	var problems []string
	for k, part := range date {
		switch k {
		case "date-parts":
			if !validDateParts(part) {
				problems = append(problems, key+": date-parts is not 1-2 arrays of 1-3 strings or numbers")
			}
		case "season", "circa", "literal", "raw", "edtf":
		default:
			problems = append(problems, fmt.Sprintf("%s: date part %q is not allowed", key, k))
		}
	}
	return problems
}

func validDateParts(v any) bool {
	outer, ok := v.([]any)
	if !ok || len(outer) < 1 || len(outer) > 2 {
		return false
	}
	for _, o := range outer {
		inner, ok := o.([]any)
		if !ok || len(inner) < 1 || len(inner) > 3 {
			return false
		}
		for _, x := range inner {
			if !isStringOrNumber(x) {
				return false
			}
		}
	}
	return true
}

func isStringOrNumber(v any) bool {
	switch v.(type) {
	case string, float64:
		return true
	}
	return false
}

func isStringArray(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range list {
		if _, ok := x.(string); !ok {
			return false
		}
	}
	return true
}

func inList(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

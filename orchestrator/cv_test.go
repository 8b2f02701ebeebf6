package orchestrator

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/check"
	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

const cvORCID = "0000-0002-1825-0097"

// cvNet serves Carberry's record: the constructed works summary and bulk
// details, /person, and the /record holding every CV section (the
// recorded record with its empty sections filled, testdata/orcid/SOURCES.md).
func cvNet(t *testing.T) *fakeNet {
	n := newFakeNet(t)
	base := "/v3.0/" + cvORCID
	n.file("pub.orcid.org", base+"/works", 200, "orcid/constructed-orcid-works-"+cvORCID+".json")
	n.file("pub.orcid.org", base+"/works/1002,2001,3002,4001,5001,6001,7001", 200, "orcid/constructed-orcid-works-bulk-"+cvORCID+".json")
	n.file("pub.orcid.org", base+"/person", 200, "orcid/constructed-orcid-person-"+cvORCID+".json")
	n.file("pub.orcid.org", base+"/record", 200, "orcid/constructed-orcid-record-cv-"+cvORCID+".json")
	// A second fetch keeps the details of the entries whose
	// last-modified-date is unchanged and asks again only for 5001's,
	// which the bulk answer had none of: the same answer, its error
	// element for 5001 alone.
	bulk := n.routes["pub.orcid.org"+base+"/works/1002,2001,3002,4001,5001,6001,7001"].body
	alone := gjson.GetBytes(bulk, `bulk.#(error.developer-message%"*'5001'*")`).Raw
	if alone == "" {
		t.Fatal("the bulk answer has no error for 5001")
	}
	n.routes["pub.orcid.org"+base+"/works/5001"] = fakeAnswer{status: 200, body: []byte(`{"bulk":[` + alone + `]}`)}
	return n
}

// cvManifest is Carberry's manifest: ORCID alone, with the CV asked or
// not, and [[work]] marks on the pots paper (its authors: Carberry, Ada
// Lovelace).
func cvManifest(cv bool) string {
	s := "mailto = \"ada@example.org\"\nproviders = [\"orcid\"]\ndiscover = false\nfollow_published = false\n"
	if cv {
		s += "cv = true\n"
	}
	return s + `
[[identity]]
orcid = "` + cvORCID + `"
name = "Josiah Carberry"

[[work]]
id = "doi:10.5555/carberry.pots"
equal = [1, 2]
corresponding = [1]
award = "Best Paper & Prize"
`
}

// TestCVFetchAddsNoRequest: the same record fetched with cv = true and
// without sends as many requests to ORCID (works summary, one bulk page
// of details, the name: /record in place of /person), so the requests
// per work are unchanged; with cv the expansion file holds the sections,
// check finds the folder sound, and a second fetch writes it byte for
// byte the same.
func TestCVFetchAddsNoRequest(t *testing.T) {
	counts := map[bool]int{}
	for _, cv := range []bool{false, true} {
		n := cvNet(t)
		m := newManifest(t, cvManifest(cv))
		runOK(t, testOptions(m, n, 2))
		counts[cv] = n.requests("pub.orcid.org")
		var exp snapshots.Expansion
		if err := snapshots.Read(snapshots.Dir{Root: m.Snapshots}.ExpansionPath(m.Identities[0].Identity), &exp); err != nil {
			t.Fatal(err)
		}
		if (exp.CV != nil) != cv {
			t.Errorf("cv = %v: the expansion file's cv is %+v", cv, exp.CV)
		}
		if !cv {
			continue
		}
		if ps := check.Folder(m, m.Snapshots); len(ps) > 0 {
			t.Errorf("check finds problems in the folder fetched with cv:\n%s", problemLines(ps))
		}
		first := folderBytes(t, m.Snapshots)
		runOK(t, testOptions(m, n, 2))
		if again := folderBytes(t, m.Snapshots); again != first {
			t.Errorf("a second fetch changed the folder:\n%s", firstDifference(first, again))
		}
	}
	if counts[true] != counts[false] || counts[false] != 3 {
		t.Errorf("ORCID requests: %d with cv, %d without; want 3 and 3 (summary, details, name)", counts[true], counts[false])
	}
}

// cvFetched is Carberry's folder fetched with cv = true, and the CV
// rendered in format as the command line renders it (the manifest's
// person and [[work]] fields).
func cvFetched(t *testing.T, format render.Format) string {
	t.Helper()
	m := newManifest(t, cvManifest(true))
	runOK(t, testOptions(m, cvNet(t), 2))
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render.Render(&b, f, render.Options{Format: format, Person: render.PersonOf(m), User: render.UserFieldsOf(m)}); err != nil {
		t.Fatalf("render %s: %v", format, err)
	}
	return b.String()
}

// cvWorkTitles are the titles of Carberry's seven works as the record's
// details (and, for put-code 5001, which has none, its summary) give them.
var cvWorkTitles = []string{"Carberry on cracked pots", "Pot-crack measurements", "Brittle glazes under load",
	"A theory of cracks", "Cracks I have known", "The cracked pot handbook", "Só um título"}

// TestCVCompilesWithPDFLaTeX: the CV of the fetched folder compiles with
// pdflatex, and pdftotext reads back every section the record fills and
// every work's title; the record's and the user's texts carry LaTeX's
// specials, escaped; the researcher is in bold with the user's marks.
func TestCVCompilesWithPDFLaTeX(t *testing.T) {
	pdflatex, pdftotext := testtool.Need(t, "pdflatex"), testtool.Need(t, "pdftotext")
	src := cvFetched(t, render.CV)
	dir := t.TempDir()
	writeCorpusFile(t, dir, "cv.tex", src)
	corpusTool(t, dir, pdflatex, "-interaction=nonstopmode", "-halt-on-error", "cv.tex")
	corpusTool(t, dir, pdftotext, "-enc", "UTF-8", "cv.pdf", "cv.txt")
	raw, err := os.ReadFile(filepath.Join(dir, "cv.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text := squeeze(string(raw))
	want := []string{"Josiah Carberry", "Employment", "Education", "Qualifications", "Invited positions", "Distinctions and awards",
		"Memberships", "Service", "Funding", "Peer review", "Publications",
		"Wesleyan University", "Ionian Philology", "Chartered Psychoceramicist", "Visiting Fellow", "Medal for Cracked Pots & Glazes",
		"American Association of Potters", "Editor-in-Chief (R&D, 100% voluntary)", "Cracks in ancient pots: a_survey", "PSY-1234#5",
		"The Psychoceramics Society: 1 review, latest 2004", "Best Paper & Prize"}
	for _, w := range append(want, cvWorkTitles...) {
		if !strings.Contains(text, squeeze(w)) {
			t.Errorf("the PDF lacks %q:\n%s", w, raw)
		}
	}
	for _, w := range []string{`\textbf{Josiah Carberry}\textsuperscript{*{\relax †}}, Ada Lovelace\textsuperscript{*}`, `Best Paper \& Prize`, `PSY-1234\#5`, `a\_survey`, `100\% voluntary`} {
		if !strings.Contains(src, w) {
			t.Errorf("the LaTeX lacks %s", w)
		}
	}
}

// squeeze drops white space and hyphens, so a title LaTeX broke over
// two lines (and hyphenated) still matches.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '-' || r == '\u00ad' || r == '\f' {
			return -1
		}
		return r
	}, s)
}

// TestJSONResumeValidAgainstTheSchema: the JSON Resume of the fetched
// folder is valid against the published 1.0.0 schema (python3's
// jsonschema, draft 7), with every work a publication and the record's
// sections where JSON Resume has them.
func TestJSONResumeValidAgainstTheSchema(t *testing.T) {
	python := testtool.Need(t, "python3")
	if err := exec.Command(python, "-c", "import jsonschema").Run(); err != nil {
		testtool.Missing(t, "python3 has no jsonschema module (python3-jsonschema)")
	}
	doc := cvFetched(t, render.JSONResume)
	dir := t.TempDir()
	writeCorpusFile(t, dir, "resume.json", doc)
	schema, _ := filepath.Abs(filepath.Join("..", "testdata", "jsonresume", "schema-1.0.0.json"))
	check := "import json,sys,jsonschema\n" +
		"s=json.load(open(sys.argv[1])); d=json.load(open(sys.argv[2]))\n" +
		"v=jsonschema.Draft7Validator(s, format_checker=jsonschema.FormatChecker())\n" +
		"errs=list(v.iter_errors(d))\n" +
		"[print(list(e.path), e.message) for e in errs]\n" +
		"sys.exit(1 if errs else 0)\n"
	corpusTool(t, dir, python, "-c", check, schema, filepath.Join(dir, "resume.json"))
	r := gjson.Parse(doc)
	if got := r.Get("basics.name").String(); got != "Josiah Carberry" {
		t.Errorf("basics.name %q", got)
	}
	var titles []string
	for _, p := range r.Get("publications.#.name").Array() {
		titles = append(titles, p.String())
	}
	for _, w := range cvWorkTitles {
		if !strings.Contains(strings.Join(titles, "\n"), w) {
			t.Errorf("publications lack %q: %q", w, titles)
		}
	}
	checks := map[string]string{
		"work.0.name": "Wesleyan University", "work.0.startDate": "1930-02", "work.1.name": "Brown University",
		"education.0.institution": "Brown University", "education.0.studyType": "PhD", "education.0.endDate": "1929-06",
		"awards.0.title": "Medal for Cracked Pots & Glazes", "awards.0.date": "1975-05-01",
		"awards.1.title": "Cracks in ancient pots: a_survey", "awards.1.awarder": "National Psychoceramics Foundation",
		"volunteer.0.position": "Editor-in-Chief (R&D, 100% voluntary)",
	}
	for path, want := range checks {
		if got := r.Get(path).String(); got != want {
			t.Errorf("%s = %q, want %q", path, got, want)
		}
	}
}

package render

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/render/csltypes"
	"github.com/aboutscholar/about/render/wording"
)

// risReaders are real RIS importers, each turning RIS into CSL-JSON:
// pandoc's RIS reader (pandoc 3 on; Debian 12's pandoc 2.17 has none, so
// then the official pandoc.wasm that npm's pandoc-wasm ships) and
// citation.js's RIS plugin, which reads each tag as the specification
// gives it for the record's TY.
var risReaders = []struct {
	name string
	read func(t *testing.T, ris string) (csl, stderr string)
}{
	{"pandoc", pandocReadsRIS},
	{"citation.js", citationJSReadsRIS},
}

// The RIS file of every corpus reads back in each reader as the same
// works: one record per entry, and each record's key, title, authors,
// DOI and year as the page has them.
func TestRISReadsBackInRealReaders(t *testing.T) {
	corpora := citationCorpora(t)
	var ris strings.Builder
	want := map[string]*entry{}
	for _, name := range sortedNames(corpora) {
		for _, e := range buildPage(corpora[name], Options{Format: RIS, Group: ByYear}).shown {
			want[name+"-"+e.key] = e
		}
		// the corpora's keys may meet, so each ID is made unique here
		out := "\n" + renderString(t, corpora[name], Options{Format: RIS})
		ris.WriteString(strings.ReplaceAll(out, "\nID  - ", "\nID  - "+name+"-")[1:] + "\n")
	}
	for _, reader := range risReaders {
		t.Run(reader.name, func(t *testing.T) {
			csl, stderr := reader.read(t, ris.String())
			if stderr != "" {
				t.Errorf("%s warns:\n%s", reader.name, stderr)
			}
			var items []risReadBack
			if err := json.Unmarshal([]byte(csl), &items); err != nil {
				t.Fatalf("%s wrote no CSL-JSON: %v\n%s", reader.name, err, csl)
			}
			if len(items) != len(want) {
				t.Errorf("%d records read back, want %d", len(items), len(want))
			}
			for _, it := range items {
				e := want[it.ID]
				if e == nil {
					t.Errorf("record %q is no entry", it.ID)
					continue
				}
				checkRISReadBack(t, it, e)
			}
		})
	}
}

// risReadBack is what the test reads of a CSL-JSON item. The creators
// are the authors, or (citation.js) the role the RIS specification gives
// AU in the record's TY: a film's director (MPCT), a score's composer
// (MUSIC), a newspaper's reporter (NEWS), a bill's or statute's original
// author.
type risReadBack struct {
	ID             string      `json:"id"`
	Title          string      `json:"title"`
	DOI            string      `json:"DOI"`
	Author         []risPerson `json:"author"`
	Director       []risPerson `json:"director"`
	Composer       []risPerson `json:"composer"`
	Reporter       []risPerson `json:"reporter"`
	OriginalAuthor []risPerson `json:"original-author"`
	Issued         struct {
		DateParts [][]int `json:"date-parts"`
	} `json:"issued"`
}

type risPerson struct {
	Family   string `json:"family"`
	Particle string `json:"non-dropping-particle"`
	Dropping string `json:"dropping-particle"` // pandoc reads "van As, Dirk" as BibTeX does: "van", "As"
}

func (it risReadBack) creators() []risPerson {
	for _, role := range [][]risPerson{it.Author, it.Director, it.Composer, it.Reporter} {
		if len(role) > 0 {
			return role
		}
	}
	return it.OriginalAuthor
}

// risTypesWithoutAuthors are the TYs whose AU the specification makes no
// CSL creator: bills, cases, hearings and statutes have none, and a
// newspaper's AU is its "reporter", which CSL has no variable for; so
// citation.js reads no author there (pandoc reads AU as the author in
// every TY).
var risTypesWithoutAuthors = []string{"BILL", "CASE", "HEAR", "STAT", "NEWS"}

func checkRISReadBack(t *testing.T, it risReadBack, e *entry) {
	t.Helper()
	r := e.rec
	if it.Title != wording.Clean(r.Title) || !strings.EqualFold(it.DOI, r.IDs.DOI) {
		t.Errorf("%s: title %q, DOI %q; want %q, %q", it.ID, it.Title, it.DOI, wording.Clean(r.Title), r.IDs.DOI)
	}
	year := 0
	if len(it.Issued.DateParts) > 0 && len(it.Issued.DateParts[0]) > 0 {
		year = it.Issued.DateParts[0][0]
	}
	if year != r.Issued.Year {
		t.Errorf("%s: year %d, want %d", it.ID, year, r.Issued.Year)
	}
	creators := it.creators()
	if len(creators) == 0 && slices.Contains(risTypesWithoutAuthors, csltypes.Of(r.Type).RIS) {
		return
	}
	if len(creators) != len(r.Authors) {
		t.Errorf("%s: %d authors, want %d", it.ID, len(creators), len(r.Authors))
		return
	}
	for i, a := range r.Authors {
		c := creators[i]
		got := strings.Join(strings.Fields(c.Dropping+" "+c.Particle+" "+c.Family), " ")
		if f := wording.Clean(a.Family); f != "" && got != f {
			t.Errorf("%s: author %d is %q, want family %q", it.ID, i+1, got, f)
		}
	}
}

// pandocReadsRIS runs pandoc -f ris -t csljson: the pandoc on PATH when
// it reads RIS, else pandoc.wasm under node.
func pandocReadsRIS(t *testing.T, ris string) (string, string) {
	if path, err := exec.LookPath("pandoc"); err == nil {
		if formats, _, _ := run(t, t.TempDir(), path, "--list-input-formats"); strings.Contains(formats, "\nris\n") {
			dir := t.TempDir()
			out, stderr, err := run(t, dir, path, "-f", "ris", "-t", "csljson", writeTemp(t, dir, "works.ris", ris))
			if err != nil {
				t.Fatalf("pandoc: %v\n%s", err, stderr)
			}
			return out, stderr
		}
	}
	return nodeReadsRIS(t, "pandoc-wasm", `
const { convert } = await import(join(root, "pandoc-wasm/src/index.node.js"));
const r = await convert({ from: "ris", to: "csljson" }, input, {});
process.stderr.write(r.stderr || "");
process.stdout.write(r.stdout);`, ris)
}

// citationJSReadsRIS runs citation.js's RIS plugin, as Cite(ris).
func citationJSReadsRIS(t *testing.T, ris string) (string, string) {
	return nodeReadsRIS(t, "@citation-js/plugin-ris", `
const require = createRequire(join(root, "x.js"));
const { Cite } = require("@citation-js/core");
require("@citation-js/plugin-ris");
const items = new Cite(input, { forceType: "@ris/file" }).get({ format: "real", type: "json", style: "csl" });
process.stdout.write(JSON.stringify(items));`, ris)
}

// nodeReadsRIS runs a script with the RIS on standard input under node,
// with root the global npm packages folder, where pkg must be installed;
// without node or pkg the test skips (fails under CI: testtool).
func nodeReadsRIS(t *testing.T, pkg, script, ris string) (string, string) {
	t.Helper()
	node, npm := tool(t, "node"), tool(t, "npm")
	dir := t.TempDir()
	root, _, err := run(t, dir, npm, "root", "-g")
	if err != nil {
		t.Fatalf("npm root -g: %v", err)
	}
	root = strings.TrimSpace(root)
	if _, err := os.Stat(filepath.Join(root, pkg)); err != nil {
		testtool.Missing(t, "%s is not installed (npm install -g pandoc-wasm @citation-js/core @citation-js/plugin-ris)", pkg)
	}
	js := `import fs from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
const root = process.argv[2];
const input = fs.readFileSync(process.argv[3], "utf8");
` + script + "\n"
	out, stderr, err := run(t, dir, node, writeTemp(t, dir, "read.mjs", js), root, writeTemp(t, dir, "works.ris", ris))
	if err != nil {
		t.Fatalf("%s: %v\n%s", pkg, err, stderr)
	}
	return out, stderr
}

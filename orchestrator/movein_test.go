package orchestrator

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/importbib"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
)

// Moving in (#33): each real al-folio papers.bib of testdata/import/alfolio
// is imported into an empty manifest, fetched on a network where no
// service knows any of its works (every answer a documented "not found"),
// and rendered as al-folio's papers.bib. Read back with the same parser,
// the rendered file holds every entry the import placed, under its own
// key, with every field of the site's own (abbr, bibtex_show, selected,
// preview, pdf, google_scholar_id, …) at the value it had, and the
// entry's title. The counts per file are the closing note's table.
func TestMoveInAlFolioKeepsEveryEntryKeyAndField(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "import", "alfolio", "*.bib"))
	if err != nil || len(files) < 6 {
		t.Fatalf("the real al-folio files: %v, %v", files, err)
	}
	var table []string
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			orig := bibfile.Parse(name, data)
			plan := importbib.Plan(orig, map[string]string{})
			importbib.KeysOf(nil).KeepKeys(&plan)
			src := "providers = [\"crossref\", \"datacite\", \"openalex\", \"arxiv\"]\n" + importbib.Block(plan, name, "2026-12-07", "\n")
			m := newManifest(t, src)
			runOK(t, testOptions(m, nobodyKnowsNet(t), 4))
			f, err := folder.Load(m.Snapshots)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := render.Render(&b, f, render.Options{Format: render.AlFolio, User: render.UserFieldsOf(m)}); err != nil {
				t.Fatal(err)
			}
			out := bibfile.Parse("rendered.bib", b.Bytes())
			if errs := out.Errors(); len(errs) > 0 {
				t.Errorf("the rendered file does not parse: %v", errs)
			}
			biberErrors := biberReads(t, b.String(), plan)
			placed, fields, same := 0, 0, 0
			for _, p := range plan.Added {
				placed++
				e := orig.Lookup(p.Key)
				got := out.Lookup(p.Key)
				if got == nil {
					t.Errorf("%s (line %d): not in the rendered file", p.Key, p.Line)
					continue
				}
				if want, have := text(e, "title"), text(got, "title"); want != have {
					t.Errorf("%s: title %q, want %q", p.Key, have, want)
				}
				for _, fl := range e.Fields {
					if slices.Contains(movedFields, fl.Name) {
						continue
					}
					fields++
					if g, ok := got.Own(fl.Name); ok && g.Value == fl.Value {
						same++
						continue
					}
					g, _ := got.Own(fl.Name)
					t.Errorf("%s: %s = %q, want %q as the site wrote it", p.Key, fl.Name, g.Value, fl.Value)
				}
			}
			if placed+len(plan.NotPlaced) != len(orig.Entries) {
				t.Errorf("%d placed and %d not placed of %d entries", placed, len(plan.NotPlaced), len(orig.Entries))
			}
			table = append(table, fmt.Sprintf("| %s | %d | %d | %d | %d/%d | %s |", name, len(orig.Entries), placed, placed-plan.Typed(), same, fields, biberErrors))
		})
	}
	t.Logf("| file | entries | placed | with an identifier | site fields kept | biber errors |\n%s", strings.Join(table, "\n"))
}

// biberReads has biber (the reader the issue names where jekyll-scholar's
// Ruby parser cannot be installed) read the rendered file: no ERROR, and
// every placed entry's key in what it writes back. "-" when biber is not
// installed.
func biberReads(t *testing.T, bib string, plan importbib.Result) string {
	t.Helper()
	biber, err := exec.LookPath("biber")
	if err != nil {
		return "-"
	}
	dir := t.TempDir()
	in := writeCorpusFile(t, dir, "papers.bib", bib)
	log := corpusTool(t, dir, biber, "--tool", "--nolog", "--output-file="+filepath.Join(dir, "out.bib"), in)
	errs := 0
	for _, line := range strings.Split(log, "\n") {
		if strings.HasPrefix(line, "ERROR") {
			t.Errorf("biber: %s", line)
			errs++
		}
	}
	read, err := os.ReadFile(filepath.Join(dir, "out.bib"))
	if err != nil {
		t.Fatal(err)
	}
	got := bibfile.Parse("out.bib", read)
	for _, p := range plan.Added {
		if got.Lookup(p.Key) == nil {
			t.Errorf("biber did not read %s", p.Key)
		}
	}
	return fmt.Sprint(errs)
}

// movedFields are the fields the import reads into the work's record or
// identity rather than keeping as they are: about writes them from the
// record (the title is compared above), in its own form (an arXiv id as
// al-folio's arxiv field, a date as year and month, names as "Last,
// First").
var movedFields = []string{
	"title", "author", "editor", "journal", "journaltitle", "booktitle", "publisher", "school", "institution",
	"year", "month", "date", "volume", "number", "issue", "pages", "url", "abstract", "keywords",
	"doi", "eprint", "eprinttype", "archiveprefix", "arxiv", "pmid", "pmcid", "crossref", "xdata",
}

func text(e *bibfile.Entry, name string) string {
	f, _ := e.Get(name)
	return strings.Join(strings.Fields(bibfile.Text(f.Value)), " ")
}

// nobodyKnowsNet is the services as they answer for works none of them
// holds: Crossref's and DataCite's documented 404s, OpenAlex's 404,
// doi.org's "DOI does not exist", arXiv's empty feed.
func nobodyKnowsNet(t *testing.T) *fakeNet {
	n := newFakeNet(t)
	n.agencies = map[string]string{}
	notFound, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "crossref", "crossref-work-not-found-10.1371-notarealdoi.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n.otherwise("api.crossref.org", 404, string(notFound))
	n.otherwise("api.datacite.org", 404, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	n.otherwise("api.openalex.org", 404, "")
	empty, err := os.ReadFile(filepath.Join("..", "testdata", "arxiv", "constructed-arxiv-empty.xml"))
	if err != nil {
		t.Fatal(err)
	}
	n.otherwise("export.arxiv.org", 200, string(empty))
	return n
}

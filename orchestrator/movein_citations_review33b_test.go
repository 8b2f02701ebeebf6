package orchestrator

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/importbib"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
)

// Moving in, read as a bibliographer reads the citation files: each real
// al-folio papers.bib imported, fetched where no service knows its works,
// rendered as BibTeX and BibLaTeX, and each entry compared with the
// site's own. The identifier the entry gives (doi) and the standard
// fields about's record has no place for (a conference's address and
// organization) are in the entry, as the site wrote them.
func TestMoveInCitationFilesKeepIdentifiersAndStandardFields(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "import", "alfolio", "*.bib"))
	if err != nil || len(files) < 6 {
		t.Fatalf("the real al-folio files: %v, %v", files, err)
	}
	checked := map[string]int{}
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		orig := bibfile.Parse(name, data)
		plan := importbib.Plan(orig, map[string]string{})
		importbib.KeysOf(nil).KeepKeys(&plan)
		m := newManifest(t, "providers = [\"crossref\", \"datacite\", \"openalex\", \"arxiv\"]\n"+importbib.Block(plan, name, "2026-12-07", "\n"))
		runOK(t, testOptions(m, nobodyKnowsNet(t), 4))
		f, err := folder.Load(m.Snapshots)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []render.Format{render.BibTeX, render.BibLaTeX} {
			var b bytes.Buffer
			if err := render.Render(&b, f, render.Options{Format: format, User: render.UserFieldsOf(m)}); err != nil {
				t.Fatal(err)
			}
			out := bibfile.Parse("rendered.bib", b.Bytes())
			for _, p := range plan.Added {
				citedAsTheSiteWrote(t, name, format, orig.Lookup(p.Key), out.Lookup(p.Key), p.Key, checked)
			}
		}
	}
	t.Logf("fields compared: %v", checked)
}

// citedAsTheSiteWrote compares one rendered entry (got) with the site's
// (e): its doi, and an inproceedings' address and organization (biblatex's
// location), counting each field compared in checked.
func citedAsTheSiteWrote(t *testing.T, name string, format render.Format, e, got *bibfile.Entry, key string, checked map[string]int) {
	t.Helper()
	if got == nil {
		t.Errorf("%s %s: %s not in the rendered file", name, format, key)
		return
	}
	want := strings.TrimPrefix(strings.TrimPrefix(text(e, "doi"), "https://doi.org/"), "http://dx.doi.org/")
	if want != "" && !strings.EqualFold(text(got, "doi"), want) {
		t.Errorf("%s %s: %s doi %q, want %q as the site wrote it", name, format, key, text(got, "doi"), want)
	}
	if e.Type != "inproceedings" {
		return
	}
	for _, field := range []string{"address", "organization"} {
		want = text(e, field)
		if want == "" {
			continue
		}
		written := field
		if format == render.BibLaTeX && field == "address" {
			written = "location"
		}
		checked[field]++
		if have := text(got, written); have != want {
			t.Errorf("%s %s: %s %s %q, want %q as the site wrote it", name, format, key, written, have, want)
		}
	}
}

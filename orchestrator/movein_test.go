package orchestrator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/importbib"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/output"
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
			placed, fields, same := len(plan.Added), 0, 0
			for _, p := range plan.Added {
				f, n := sameBibEntry(t, orig.Lookup(p.Key), out.Lookup(p.Key), p)
				fields, same = fields+f, same+n
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

// sameBibEntry compares an entry of the site's file with the rendered
// one: the title, and every field the site keeps of its own; it gives how
// many such fields there were and how many have their value.
func sameBibEntry(t *testing.T, e, got *bibfile.Entry, p importbib.Placed) (fields, same int) {
	t.Helper()
	if got == nil {
		t.Errorf("%s (line %d): not in the rendered file", p.Key, p.Line)
		return 0, 0
	}
	if want, have := text(e, "title"), text(got, "title"); want != have {
		t.Errorf("%s: title %q, want %q", p.Key, have, want)
	}
	for _, fl := range e.Fields {
		if slices.Contains(movedFields, fl.Name) {
			continue
		}
		fields++
		g, ok := got.Own(fl.Name)
		if ok && g.Value == fl.Value {
			same++
			continue
		}
		t.Errorf("%s: %s = %q, want %q as the site wrote it", p.Key, fl.Name, g.Value, fl.Value)
	}
	return fields, same
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

// Moving in from a Hugo Blox site (#33): each real site's
// content/publication folder is imported, fetched where no service knows
// its works, and rendered as Hugo Blox bundles. Every page the import
// placed comes back under its own folder name (its URL), and every field
// of its front matter that about does not write from the record keeps
// its value: authors as written (profile slugs), publication with its
// Markdown, featured, tags, url_* links, projects, image settings,
// weights. Debian's hugo builds the bundles. The counts per site are the
// closing note's table.
func TestMoveInHugoBloxKeepsEveryPageAndField(t *testing.T) {
	sites, err := filepath.Glob(filepath.Join("..", "testdata", "import", "hugoblox", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	for _, site := range sites {
		if info, err := os.Stat(site); err != nil || !info.IsDir() {
			continue
		}
		name := filepath.Base(site)
		t.Run(name, func(t *testing.T) {
			plan, files := moveIn(t, site, render.HugoBlox)
			rendered := map[string][]byte{}
			for _, f := range files {
				rendered[f.Path] = f.Data
			}
			fields, same := 0, 0
			for _, p := range plan.Added {
				got, ok := rendered["content/publication/"+p.Key+"/index.md"]
				if !ok {
					t.Errorf("%s: no bundle content/publication/%s/", p.Key, p.Key)
					continue
				}
				f, n := sameFrontMatter(t, p.Key, frontMatterOf(t, p.Entry.File), frontMatterOf(t, "", got...), hugoMoved)
				fields, same = fields+f, same+n
			}
			hugoBuilds(t, files, plan)
			table = append(table, fmt.Sprintf("| %s | %d | %d | %d | %d/%d |", name, plan.Entries, len(plan.Added), len(plan.Added)-plan.Typed(), same, fields))
		})
	}
	t.Logf("| site | pages | placed | with an identifier | page fields kept |\n%s", strings.Join(table, "\n"))
}

// sameFrontMatter compares a page's front matter as the site wrote it
// (orig) with the rendered one (have), every field but those about writes
// from the record (moved); it gives how many fields there were and how
// many have their value.
func sameFrontMatter(t *testing.T, key string, orig, have map[string]any, moved []string) (fields, same int) {
	t.Helper()
	for k, v := range orig {
		if slices.Contains(moved, k) || empty(v) {
			continue
		}
		fields++
		if want, g := normal(k, v), normal(k, have[k]); want == g {
			same++
		} else {
			t.Errorf("%s: %s = %s, want %s as the site wrote it", key, k, g, want)
		}
	}
	return fields, same
}

// hugoMoved are the front matter fields about writes from the work's
// record (compared as the record, not as written): the date in its
// RFC 3339 form, the CSL type (an old numeric code becomes its name), the
// DOI in lower case, the abstract escaped for markdownify.
var hugoMoved = []string{"title", "date", "publication_types", "doi", "abstract"}

// moveIn imports a site folder, fetches it where no service knows its
// works, and renders it in format.
func moveIn(t *testing.T, site string, format render.Format) (importbib.Result, []output.File) {
	t.Helper()
	entries, problems, err := importbib.ReadFile(site)
	if err != nil {
		t.Fatal(err)
	}
	plan := importbib.PlanEntries(site, entries, map[string]string{})
	plan.Problems = append(plan.Problems, problems...)
	importbib.KeysOf(nil).KeepKeys(&plan)
	src := "providers = [\"crossref\", \"datacite\", \"openalex\", \"arxiv\"]\n" + importbib.Block(plan, site, "2026-12-07", "\n")
	m := newManifest(t, src)
	runOK(t, testOptions(m, nobodyKnowsNet(t), 4))
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	opts := render.Options{Format: format, User: render.UserFieldsOf(m)}
	if format == render.LabWebsite { // one file, _data/citations.yaml
		var b bytes.Buffer
		if err := render.Render(&b, f, opts); err != nil {
			t.Fatal(err)
		}
		return plan, []output.File{{Path: "_data/citations.yaml", Data: b.Bytes()}}
	}
	files, err := render.RenderFiles(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	return plan, files
}

// frontMatterOf is a page's front matter (YAML between --- lines, or
// TOML between +++), read from path or given as data.
func frontMatterOf(t *testing.T, path string, data ...byte) map[string]any {
	t.Helper()
	if path != "" {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	out := map[string]any{}
	for _, fence := range []string{"---", "+++"} {
		if !strings.HasPrefix(text, fence+"\n") {
			continue
		}
		body, _, _ := strings.Cut(text[len(fence)+1:], "\n"+fence)
		var err error
		if fence == "---" {
			err = yaml.Unmarshal([]byte(body), &out)
		} else {
			err = toml.Unmarshal([]byte(body), &out)
		}
		if err != nil {
			t.Fatalf("%s: front matter: %v", path, err)
		}
	}
	return out
}

// empty is a value no page shows: "", an empty list or table, or one of
// empty values only.
func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return !slices.ContainsFunc(x, func(i any) bool { return !empty(i) })
	case map[string]any:
		for _, i := range x {
			if !empty(i) {
				return false
			}
		}
		return true
	}
	return false
}

// normal is a front matter value as compared: empty parts of a table
// dropped (the import keeps none), tags as a set in lower case (Hugo's
// taxonomy makes one term of "Microscopy" and "microscopy"), everything
// else as it encodes.
func normal(key string, v any) string {
	if m, ok := v.(map[string]any); ok {
		kept := map[string]any{}
		for k, i := range m {
			if !empty(i) {
				kept[k] = i
			}
		}
		v = kept
	}
	if s, ok := v.(string); ok && key == "tags" {
		v = []any{s} // Hugo reads one tag written alone as a list of one
	}
	if list, ok := v.([]any); ok && key == "tags" {
		var set []string
		for _, i := range list {
			if s := strings.ToLower(fmt.Sprint(i)); !slices.Contains(set, s) {
				set = append(set, s)
			}
		}
		slices.Sort(set)
		v = set
	}
	data, _ := json.Marshal(v)
	return string(data)
}

// hugoBuilds has Debian's hugo build the bundles with a layout reading
// the fields Hugo Blox's publication page reads, so each front matter
// must parse and hold the types the page uses; every placed page is
// built.
func hugoBuilds(t *testing.T, files []output.File, plan importbib.Result) {
	t.Helper()
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Log("hugo is not installed: the build is not tried")
		return
	}
	site := t.TempDir()
	write := func(rel, data string) {
		full := filepath.Join(site, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		write(f.Path, string(f.Data))
	}
	write("hugo.toml", "baseURL = 'https://example.org/'\ntitle = 'move-in test'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', '404']\n")
	write("layouts/_default/single.html", `<h1>{{ .Title }}</h1><p>{{ delimit .Params.authors ", " }}</p><p>{{ .Params.publication | markdownify }}</p>`+
		`{{ with .Params.url_pdf }}<a href="{{ . }}">PDF</a>{{ end }}{{ if .Params.featured }}<b>featured</b>{{ end }}`+
		`{{ range .Params.tags }}<i>{{ . }}</i>{{ end }}{{ with .Params.image }}{{ if .preview_only }}<u>preview</u>{{ end }}{{ end }}`)
	write("layouts/_default/list.html", `{{ range .Pages }}<li>{{ .Title }}</li>{{ end }}`)
	cmd := exec.Command(hugo, "--quiet", "--destination", "public")
	cmd.Dir = site
	cmd.Env = append(os.Environ(), "HUGO_CACHEDIR="+t.TempDir(), "HOME="+t.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hugo build: %v\n%s", err, out)
	}
	for _, p := range plan.Added {
		// Hugo writes a page's path in lower case (disablePathToLower)
		if _, err := os.Stat(filepath.Join(site, "public", "publication", strings.ToLower(p.Key), "index.html")); err != nil {
			t.Errorf("hugo built no page for %s: %v", p.Key, err)
		}
	}
}

// Moving in from an academicpages site (#33): the real site's
// _publications pages are imported, fetched where no service knows
// them, and rendered; each page comes back under its own file name (so
// its permalink stands), every front matter field at its value (the
// permalink and collection about writes included), title, date and
// venue from the record.
func TestMoveInAcademicPagesKeepsEveryPageAndField(t *testing.T) {
	site := filepath.Join("..", "testdata", "import", "academicpages", "antonior92-academicpages.github.io")
	plan, files := moveIn(t, site, render.AcademicPages)
	rendered := map[string][]byte{}
	for _, f := range files {
		rendered[f.Path] = f.Data
	}
	fields, same := 0, 0
	for _, p := range plan.Added {
		got, ok := rendered["_publications/"+p.Key+".md"]
		if !ok {
			t.Errorf("%s: no page _publications/%s.md", p.Key, p.Key)
			continue
		}
		orig, have := frontMatterOf(t, p.Entry.File), frontMatterOf(t, "", got...)
		f, n := sameFrontMatter(t, p.Key, orig, have, []string{"title", "date", "venue"})
		fields, same = fields+f, same+n
		// academicpages' layouts print the title as HTML, so about writes
		// it escaped (escapeAcademicPages): the page shows the same text
		if html.UnescapeString(fmt.Sprint(have["title"])) != strings.TrimSpace(fmt.Sprint(orig["title"])) {
			t.Errorf("%s: title %q, want %q", p.Key, have["title"], orig["title"])
		}
	}
	if len(plan.Added) != plan.Entries {
		t.Errorf("%d of %d pages placed", len(plan.Added), plan.Entries)
	}
	t.Logf("| site | pages | placed | with an identifier | page fields kept |\n| %s | %d | %d | %d | %d/%d |",
		filepath.Base(site), plan.Entries, len(plan.Added), len(plan.Added)-plan.Typed(), same, fields)
}

// Moving in from the Lab Website Template (#33): its own example
// _data/sources.yaml is imported, fetched where no service knows its
// works, and rendered as _data/citations.yaml: each source with its id,
// and every field the site's citation include reads that about does not
// write from the record (type, description, image, buttons, tags, repo)
// at its value. A source no service knows and the file does not title has
// nothing to show and is not written (it waits for a service), so the
// check covers the sources the file describes.
func TestMoveInLabWebsiteKeepsEverySourceField(t *testing.T) {
	path := filepath.Join("..", "testdata", "import", "labwebsite", "greenelab-lab-website-template-sources.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var sources []map[string]any
	if err := yaml.Unmarshal(data, &sources); err != nil {
		t.Fatal(err)
	}
	plan, files := moveIn(t, path, render.LabWebsite)
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	var citations []map[string]any
	if err := yaml.Unmarshal(files[0].Data, &citations); err != nil {
		t.Fatal(err)
	}
	byID := map[string]map[string]any{}
	for _, c := range citations {
		byID[strings.ToLower(fmt.Sprint(c["id"]))] = c
	}
	fields, same := 0, 0
	for _, s := range sources {
		got, ok := byID[strings.ToLower(fmt.Sprint(s["id"]))]
		if !ok {
			continue
		}
		for k, v := range s {
			if k == "id" || k == "date" || k == "title" || k == "authors" || k == "publisher" || k == "link" || empty(v) {
				continue
			}
			fields++
			if k == "tags" && containsAll(got[k], v) {
				same++ // the template's tags, after the kind about tags each citation with ("Paper")
				continue
			}
			if want, g := normal(k, v), normal(k, got[k]); want == g {
				same++
			} else {
				t.Errorf("%s: %s = %s, want %s as the site wrote it", s["id"], k, g, want)
			}
		}
	}
	if fields == 0 {
		t.Fatal("no source's fields were compared")
	}
	t.Logf("| file | sources | placed | with an identifier | fields kept |\n| %s | %d | %d | %d | %d/%d |",
		filepath.Base(path), plan.Entries, len(plan.Added), len(plan.Added)-plan.Typed(), same, fields)
}

// containsAll reports whether the list have holds every item of want.
func containsAll(have, want any) bool {
	h, _ := have.([]any)
	w, _ := want.([]any)
	for _, item := range w {
		if !slices.ContainsFunc(h, func(x any) bool { return fmt.Sprint(x) == fmt.Sprint(item) }) {
			return false
		}
	}
	return len(w) > 0
}

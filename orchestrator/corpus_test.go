package orchestrator

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/report"
	"github.com/aboutscholar/about/snapshots"
)

// The real-record corpus (#20, testdata/corpus/README.md): every
// recording about asks for, fetched through Run on the corpus network,
// written as snapshots and rendered; each work's fields are checked
// against expected.tsv, written by hand from the source answers. Errors
// are counted per field class; open.tsv lists those still wrong, each
// with its reason, so a fix or a new error both fail the test.

// corpusRun fetches the corpus into a fresh folder with workers workers.
func corpusRun(t *testing.T, workers int) (*manifest.Manifest, *report.Report) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(filepath.FromSlash(corpusDir), "manifest.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := newManifest(t, string(src))
	rep := runOK(t, testOptions(m, newCorpusNet(t), workers))
	if rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	return m, rep
}

// corpusOutput is what the checks read: the rendered files and the links.
type corpusOutput struct {
	csl      []gjson.Result               // CSL-JSON items
	bibtex   map[string]map[string]string // DOI or PMID → field → value ("entry", "key" included)
	biblatex map[string]map[string]string
	shownAs  map[string]string
	warned   map[string]bool // identity keys a fetch warning names
	texts    map[render.Format]string
}

func renderCorpus(t *testing.T, m *manifest.Manifest, rep *report.Report) corpusOutput {
	t.Helper()
	f, err := folder.Load(m.Snapshots)
	if err != nil {
		t.Fatal(err)
	}
	out := corpusOutput{texts: map[render.Format]string{}, warned: map[string]bool{}}
	for _, format := range []render.Format{render.CSLJSON, render.BibTeX, render.BibLaTeX, render.JSON} {
		var b bytes.Buffer
		if err := render.Render(&b, f, render.Options{Format: format}); err != nil {
			t.Fatalf("render %s: %v", format, err)
		}
		out.texts[format] = b.String()
	}
	out.csl = gjson.Parse(out.texts[render.CSLJSON]).Array()
	out.bibtex = bibEntries(out.texts[render.BibTeX])
	out.biblatex = bibEntries(out.texts[render.BibLaTeX])
	var links snapshots.Links
	if err := snapshots.Read(snapshots.Dir{Root: m.Snapshots}.LinksPath(), &links); err != nil {
		t.Fatal(err)
	}
	out.shownAs = links.ShownAs
	for _, w := range rep.Warnings {
		out.warned[w.Identity] = true
	}
	return out
}

var nocaseSpan = regexp.MustCompile(`<span class="nocase">(.*?)</span>`)
var bibStart = regexp.MustCompile(`(?m)^@(\w+)\{([^,]*),\n`)
var bibField = regexp.MustCompile(`(?m)^\s+([\w+-]+)\s*=\s*(.*?),?$`)

// bibEntries reads a .bib as render writes it (one field a line) into
// entries by lower-cased DOI or PMID; a field's value loses its outer
// braces.
func bibEntries(text string) map[string]map[string]string {
	out := map[string]map[string]string{}
	starts := bibStart.FindAllStringSubmatchIndex(text, -1)
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		e := map[string]string{"entry": text[s[2]:s[3]], "key": text[s[4]:s[5]]}
		for _, f := range bibField.FindAllStringSubmatch(text[s[1]:end], -1) {
			v := f[2]
			for len(v) >= 2 && v[0] == '{' && v[len(v)-1] == '}' && balanced(v[1:len(v)-1]) {
				v = v[1 : len(v)-1]
			}
			e[f[1]] = v
		}
		for _, id := range []string{"doi:" + strings.ToLower(e["doi"]), "pmid:" + e["pmid"], "pmid:" + e["eprint"]} {
			if !strings.HasSuffix(id, ":") {
				out[id] = e
			}
		}
	}
	return out
}

func balanced(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// cslItems are the CSL items that stand for work (by DOI or PMID).
func (o corpusOutput) cslItems(work string) []gjson.Result {
	kind, value, _ := strings.Cut(work, ":")
	var out []gjson.Result
	for _, it := range o.csl {
		switch {
		case kind == "doi" && strings.EqualFold(it.Get("DOI").String(), value),
			kind == "pmid" && it.Get("PMID").String() == value:
			out = append(out, it)
		}
	}
	return out
}

// dataWork is the work of the page data (render --format json) whose id
// is work: an entry, or a preprint shown within one.
func (o corpusOutput) dataWork(work string) (gjson.Result, bool) {
	var found gjson.Result
	gjson.Get(o.texts[render.JSON], "groups.#.works|@flatten").ForEach(func(_, w gjson.Result) bool {
		for _, c := range append([]gjson.Result{w}, w.Get("preprints").Array()...) {
			if strings.EqualFold(c.Get("id").String(), work) {
				found = c
				return false
			}
		}
		return true
	})
	return found, found.Exists()
}

// expectation is one row of expected.tsv.
type expectation struct {
	work, class, check, want, why string
}

func (e expectation) String() string { return e.work + " " + e.class + " " + e.check }

func readTSV(t *testing.T, name string, fields int) [][]string {
	t.Helper()
	body, err := os.ReadFile(filepath.Join(filepath.FromSlash(corpusDir), name))
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Scan() // the header
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != fields {
			t.Fatalf("%s: %q has %d fields, want %d", name, sc.Text(), len(f), fields)
		}
		rows = append(rows, f)
	}
	return rows
}

// got is what the corpus shows for one check, and whether it shows one.
func (o corpusOutput) got(e expectation) (string, bool) {
	scheme, path, _ := strings.Cut(e.check, ":")
	switch scheme {
	case "shown-as":
		v, ok := o.shownAs[e.work]
		return v, ok
	case "entries":
		return fmt.Sprint(len(o.cslItems(e.work))), true
	case "warned":
		if o.warned[e.work] {
			return "yes", true
		}
		return "no", true
	case "csl":
		items := o.cslItems(e.work)
		if len(items) != 1 {
			return fmt.Sprintf("(%d entries)", len(items)), false
		}
		r := items[0].Get(path)
		if !r.Exists() {
			return "", false
		}
		if r.IsArray() || r.IsObject() {
			return strings.Join(strings.Fields(r.Raw), ""), true
		}
		// render's <span class="nocase"> keeps an acronym from recasing
		// (CSL markup, not title text), so it is not compared.
		return nocaseSpan.ReplaceAllString(r.String(), "$1"), true
	case "data":
		w, ok := o.dataWork(e.work)
		if !ok {
			return "(no work in the page data)", false
		}
		r := w.Get(path)
		if !r.Exists() {
			return "", false
		}
		if r.IsArray() || r.IsObject() {
			return r.Raw, true
		}
		return r.String(), true
	case "bibtex", "biblatex":
		entries := o.bibtex
		if scheme == "biblatex" {
			entries = o.biblatex
		}
		e, ok := entries[e.work]
		if !ok {
			return "(no entry)", false
		}
		v, ok := e[path]
		return v, ok
	}
	return "(unknown check " + e.check + ")", false
}

// matches: "—" wants nothing, "re:" a regular expression, a trailing
// "…" a prefix, anything else the exact value.
func matches(want, got string, present bool) bool {
	switch {
	case want == "—":
		return !present
	case !present:
		return false
	case strings.HasPrefix(want, "re:"):
		return regexp.MustCompile(strings.TrimPrefix(want, "re:")).MatchString(got)
	case strings.HasSuffix(want, "…"):
		return strings.HasPrefix(got, strings.TrimSuffix(want, "…"))
	}
	return got == want
}

// corpusErrors checks every expectation and returns the failing ones,
// each with what the corpus showed, and the per-class counts.
func corpusErrors(t *testing.T, o corpusOutput) (failed map[string]string, checks, errs map[string]int, classes []string) {
	failed, checks, errs = map[string]string{}, map[string]int{}, map[string]int{}
	for _, f := range readTSV(t, "expected.tsv", 5) {
		e := expectation{f[0], f[1], f[2], f[3], f[4]}
		if !slices.Contains(classes, e.class) {
			classes = append(classes, e.class)
		}
		checks[e.class]++
		got, present := o.got(e)
		if !matches(e.want, got, present) {
			errs[e.class]++
			if !present && got == "" {
				got = "—"
			}
			failed[e.String()] = fmt.Sprintf("got %q, want %q (%s)", got, e.want, e.why)
		}
	}
	return failed, checks, errs, classes
}

// TestCorpusTrueOnRealRecords: every field class of every work as a
// bibliographer reads the source answers, errors per class printed.
func TestCorpusTrueOnRealRecords(t *testing.T) {
	m, rep := corpusRun(t, 8)
	o := renderCorpus(t, m, rep)
	failed, checks, errs, classes := corpusErrors(t, o)
	var summary []string
	total := 0
	for _, c := range classes {
		summary = append(summary, fmt.Sprintf("%s %d/%d", c, errs[c], checks[c]))
		total += errs[c]
	}
	t.Logf("corpus errors per field class (errors/checks): %s; total %d", strings.Join(summary, ", "), total)
	open := map[string]string{}
	for _, f := range readTSV(t, "open.tsv", 4) {
		open[f[0]+" "+f[1]+" "+f[2]] = f[3]
	}
	var keys []string
	for k := range failed {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if _, known := open[k]; known {
			t.Logf("open: %s: %s", k, failed[k])
			continue
		}
		t.Errorf("%s: %s", k, failed[k])
	}
	for k := range open {
		if _, still := failed[k]; !still {
			t.Errorf("%s passes now: take it out of open.tsv", k)
		}
	}
}

package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/snapshots"
)

const renderFixture = "../../testdata/render/manifest.toml"

func TestRenderWritesThePageToStandardOutput(t *testing.T) {
	code, stdout, stderr := runCLI(t, "render", "--format", "markdown", renderFixture)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "# Publications of Ada Lovelace\n") {
		t.Errorf("stdout is not the markdown page:\n%s", stdout)
	}
}

func TestRenderOutWritesTheSameBytesToAFile(t *testing.T) {
	for _, format := range []string{"csl-json", "bibtex", "biblatex", "markdown", "html", "json", "yaml"} {
		_, want, _ := runCLI(t, "render", "--format", format, renderFixture)
		out := filepath.Join(t.TempDir(), "site", "page.out") // --out creates the folder
		code, stdout, stderr := runCLI(t, "render", "-f", format, "-o", out, renderFixture)
		if code != 0 || stdout != "" || stderr != "" {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", format, code, stdout, stderr)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want || want == "" {
			t.Errorf("%s: --out wrote other bytes than standard output", format)
		}
		leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".tmp-*"))
		if len(leftovers) > 0 {
			t.Errorf("%s: temporary files left: %v", format, leftovers)
		}
	}
}

func TestRenderUsageErrorsExit2AndSayWhatToDo(t *testing.T) {
	noSnapshots := writeManifest(t, "[[identity]]\ndoi = \"10.1/x\"\n")
	fixtureSnapshots, err := filepath.Abs("../../testdata/render/snapshots")
	if err != nil {
		t.Fatal(err)
	}
	badSelected := writeManifest(t, "snapshots = \""+fixtureSnapshots+"\"\nselected = [\"doi:10.5555/nowhere\"]\n[[identity]]\ndoi = \"10.1/x\"\n")
	badSource := writeManifest(t, "snapshots = \""+fixtureSnapshots+"\"\ncounts_source = \"OpenAlexx\"\n[[identity]]\ndoi = \"10.1/x\"\n")
	cases := []struct {
		name string
		args []string
		want []string // lines or fragments stderr must hold
	}{
		{"no format", []string{"render", renderFixture},
			[]string{"about: error: render needs --format", "about: hint: formats: " + render.FormatNames()}},
		{"unknown format", []string{"render", "--format", "docx", renderFixture},
			[]string{`about: error: unknown format "docx" (formats: ` + render.FormatNames() + `)`}},
		{"unknown grouping", []string{"render", "--format", "html", "--group", "month", renderFixture},
			[]string{`unknown grouping "month" (groupings: year, type)`}},
		{"counts on a citation file", []string{"render", "--format", "bibtex", "--counts", renderFixture},
			[]string{"--counts applies to pages (markdown, html, html-site, json, yaml), not to bibtex"}},
		{"unknown counts source", []string{"render", "--format", "html", "--counts", badSource},
			[]string{badSource + `:2: counts_source "openalexx" is not a provider`, "about: hint: about providers lists them"}},
		{"selected work not in the folder", []string{"render", "--format", "al-folio", badSelected},
			[]string{badSelected + `:2: selected work "doi:10.5555/nowhere" is not in the snapshots`}},
		{"since not a date", []string{"render", "--format", "coa", "--since", "2022-13-01", renderFixture},
			[]string{`about: error: --since "2022-13-01" is not a date`, "about: hint: give the window's first day as YYYY-MM-DD, e.g. --since 2022-09-01"}},
		{"award of no letter or digit", []string{"render", "--format", "bibtex", "--award", " - ", renderFixture},
			[]string{`about: error: --award " - " holds no letter or digit`, "about: hint: give the award number or funder the works acknowledge, e.g. --award R01GM123456"}},
		{"funder of spaces", []string{"render", "--format", "html", "--funder", "  ", renderFixture},
			[]string{`about: error: --funder "  " holds no letter or digit`}},
		{"since on another format", []string{"render", "--format", "html", "--since", "2022-09-01", renderFixture},
			[]string{"about: error: --since applies to coa, not to html"}},
		{"coa of a whole lab", []string{"render", "--format", "coa", "../../testdata/lab/manifest.toml"},
			[]string{"about: error: format coa is one person's table, and ../../testdata/lab/manifest.toml is a lab's manifest",
				"about: hint: give --member NAME, one table per member (members: Maren Holt, Ada Quist, Ben Okafor, Wei Chen, Dana Ferreira, Élodie Marchand)"}},
		{"cv of a whole lab", []string{"render", "--format", "cv", "../../testdata/lab/manifest.toml"},
			[]string{"about: error: format cv is one person's CV, and ../../testdata/lab/manifest.toml is a lab's manifest",
				"about: hint: give --member NAME, one CV per member (members: Maren Holt, Ada Quist, Ben Okafor, Wei Chen, Dana Ferreira, Élodie Marchand)"}},
		{"cv-typst of a whole lab", []string{"render", "--format", "cv-typst", "../../testdata/lab/manifest.toml"},
			[]string{"about: error: format cv-typst is one person's CV, and ../../testdata/lab/manifest.toml is a lab's manifest",
				"about: hint: give --member NAME, one CV per member (members: Maren Holt, Ada Quist, Ben Okafor, Wei Chen, Dana Ferreira, Élodie Marchand)"}},
		{"group on a cv-typst", []string{"render", "--format", "cv-typst", "--group", "year", renderFixture},
			[]string{"about: hint: a CV lists the works by type, always, and without counts"}},
		{"group on a cv", []string{"render", "--format", "cv", "--group", "year", renderFixture},
			[]string{"about: error: --group applies to pages (markdown, html, html-site, json, yaml), not to cv",
				"about: hint: a CV lists the works by type, always, and without counts"}},
		{"no manifest", []string{"render", "--format", "html"},
			[]string{"render needs exactly one MANIFEST argument, got 0"}},
		{"nothing fetched yet", []string{"render", "--format", "html", noSnapshots},
			[]string{"about: error: no snapshots: folder " + filepath.Join(filepath.Dir(noSnapshots), "snapshots") + " does not exist",
				"about: hint: run about fetch " + noSnapshots + " first; render reads only what fetch wrote"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "page.html")
			code, stdout, stderr := runCLI(t, append(c.args[:1:1], append([]string{"--out", out}, c.args[1:]...)...)...)
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr:\n%s", code, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("a failed render wrote %s", out)
			}
		})
	}
}

func TestRenderSnapshotsFlagOverridesTheManifestFolder(t *testing.T) {
	m := writeManifest(t, "[[identity]]\norcid = \"0000-0002-1825-0097\"\nname = \"Ada Lovelace\"\n")
	code, stdout, stderr := runCLI(t, "render", "--format", "html", "--snapshots", "../../testdata/render/snapshots", m)
	if code != 0 || !strings.Contains(stdout, "<h1>Publications of Ada Lovelace</h1>") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
}

// The committed example folder (written by fetch, with links.json) renders
// in every format, one page entry per work that links.json does not show
// within another.
func TestRenderTheExamples(t *testing.T) {
	var index snapshots.Index
	if err := snapshots.Read("../../examples/snapshots/index.json", &index); err != nil {
		t.Fatal(err)
	}
	var links snapshots.Links
	if err := snapshots.Read("../../examples/snapshots/links.json", &links); err != nil {
		t.Fatal(err)
	}
	for _, format := range render.Formats() {
		if format.IsFolder() {
			site := t.TempDir()
			code, _, stderr := runCLI(t, "render", "--format", string(format), "--out", site, "../../examples/manifest.toml")
			files, _ := filepath.Glob(filepath.Join(site, "*", "*"))
			if code != 0 || stderr != "" || len(files) == 0 {
				t.Fatalf("%s: exit %d, %d files, stderr:\n%s", format, code, len(files), stderr)
			}
			continue
		}
		args := []string{"render", "--format", string(format), "../../examples/manifest.toml"}
		if format == render.COA { // the default window, 48 months before today, has passed the examples' newest work
			args = slices.Insert(args, 1, "--since", "2014-01-01")
		}
		code, stdout, stderr := runCLI(t, args...)
		if code != 0 || withoutCVNote(stderr) != "" || stdout == "" {
			t.Fatalf("%s: exit %d, stderr:\n%s", format, code, stderr)
		}
		if format == render.HTML {
			if n, want := strings.Count(stdout, `<li class="work"`), len(index.Works)-len(links.ShownAs); n != want {
				t.Errorf("html has %d entries, want %d", n, want)
			}
		}
	}
}

// A work the manifest [[exclude]]s is never on the page, even when the
// folder was fetched before the exclusion.
func TestRenderLeavesOutExcludedWorks(t *testing.T) {
	m := writeManifest(t, "[[identity]]\norcid = \"0000-0002-1825-0097\"\nname = \"Ada Lovelace\"\n\n"+
		"[[exclude]]\nid = \"doi:10.5555/book.2020.ch3\"\nreason = \"another Ada\"\n")
	code, stdout, stderr := runCLI(t, "render", "--format", "bibtex", "--snapshots", "../../testdata/render/snapshots", m)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	if strings.Contains(stdout, "10.5555/book.2020.ch3") || !strings.Contains(stdout, "10.5555/fast.2023.7") {
		t.Errorf("the excluded chapter is listed, or the rest is missing:\n%s", stdout)
	}
}

// A folder format needs --out (the site's root) and writes each file
// under it: the Hugo Blox bundles, index.md and cite.bib per entry.
func TestRenderFolderFormatsWriteUnderOut(t *testing.T) {
	code, stdout, stderr := runCLI(t, "render", "--format", "hugo-blox", renderFixture)
	if code != 2 || stdout != "" || !strings.Contains(stderr, "format hugo-blox writes a folder of files: it needs --out DIR") {
		t.Errorf("without --out: exit %d, stderr %s", code, stderr)
	}
	site := t.TempDir()
	code, stdout, stderr = runCLI(t, "render", "--format", "hugo-blox", "--out", site, renderFixture)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, name := range []string{"index.md", "cite.bib"} {
		if _, err := os.Stat(filepath.Join(site, "content", "publication", "nunezgarcia2023analytical", name)); err != nil {
			t.Errorf("no %s: %v", name, err)
		}
	}
	code, _, stderr = runCLI(t, "render", "--format", "academicpages", "--out", site, renderFixture)
	pages, _ := filepath.Glob(filepath.Join(site, "_publications", "*.md"))
	if code != 0 || len(pages) != 6 {
		t.Errorf("academicpages: exit %d, %d pages, stderr %s", code, len(pages), stderr)
	}
}

// An --out of the wrong kind is a usage error before anything is read,
// saying what to give instead: a one-file format's --out naming a folder
// failed only at the final rename ("rename …: file exists", exit 3).
func TestRenderOutOfTheWrongKind(t *testing.T) {
	folder := t.TempDir()
	file := filepath.Join(t.TempDir(), "page.html")
	writeFile(t, file, "kept\n")
	assertUsageError(t, []string{"render", "--format", "html", "--out", folder, renderFixture},
		"--out "+folder+" is a folder, and format html writes one file",
		"about: hint: give a file name, e.g. --out "+filepath.Join(folder, "index.html"))
	assertUsageError(t, []string{"render", "--format", "bibtex", "--out", folder, renderFixture},
		"e.g. --out "+filepath.Join(folder, "publications.bib"))
	// a site format's file goes where its theme reads it, under the site's root
	assertUsageError(t, []string{"render", "--format", "al-folio", "--out", folder, renderFixture},
		"e.g. --out "+filepath.Join(folder, "_bibliography", "papers.bib"))
	assertUsageError(t, []string{"render", "--format", "lab-website", "--out", folder, renderFixture},
		"e.g. --out "+filepath.Join(folder, "_data", "citations.yaml"))
	assertUsageError(t, []string{"render", "--format", "hugo-blox", "--out", file, renderFixture},
		"--out "+file+" is a file, and format hugo-blox writes a folder of files", "give the site's root folder")
	if data, _ := os.ReadFile(file); string(data) != "kept\n" {
		t.Errorf("the refused render changed %s: %q", file, data)
	}
	if left, _ := os.ReadDir(folder); len(left) != 0 {
		t.Errorf("the refused render wrote %v into %s", left, folder)
	}
}

// The unknown-format error lists the formats; the hint does not repeat them.
func TestUnknownFormatListsTheFormatsOnce(t *testing.T) {
	_, _, stderr := runCLI(t, "render", "--format", "docx", renderFixture)
	if n := strings.Count(stderr, "academicpages"); n != 1 {
		t.Errorf("the formats are listed %d times:\n%s", n, stderr)
	}
}

// A folder render says what it did to the user's site: each stale file it
// removed, a stale file it kept because it was edited (naming the work it
// still puts on the site), and a file it did not overwrite because it was
// edited since (a Hugo Blox user's image: line) unless --force.
func TestRenderFolderSaysWhatItRemovedAndKept(t *testing.T) {
	person := "[[identity]]\norcid = \"0000-0002-1825-0097\"\nname = \"Ada Lovelace\"\n"
	all := writeManifest(t, person)
	without := writeManifest(t, person+"\n[[exclude]]\nid = \"doi:10.5555/book.2020.ch3\"\nreason = \"another Ada\"\n")
	site := t.TempDir()
	render := func(m string, extra ...string) string {
		t.Helper()
		args := append([]string{"render", "--format", "hugo-blox", "--snapshots", "../../testdata/render/snapshots", "--out", site}, extra...)
		code, _, stderr := runCLI(t, append(args, m)...)
		if code != 0 {
			t.Fatalf("exit %d, stderr:\n%s", code, stderr)
		}
		return stderr
	}
	if stderr := render(all); stderr != "" {
		t.Fatalf("a first render has nothing to say, said:\n%s", stderr)
	}
	chapter := bundleOf(t, site, "10.5555/book.2020.ch3")
	mine := filepath.Join(site, "content", "publication", "nunezgarcia2023analytical", "index.md")
	for _, f := range []string{mine, filepath.Join(site, chapter, "index.md")} {
		data, _ := os.ReadFile(f)
		writeFile(t, f, string(data)+"my own line\n")
	}
	stderr := render(without)
	for _, want := range []string{
		"about: removed " + chapter + "/cite.bib: an earlier render wrote it for doi:10.5555/book.2020.ch3, and this one does not",
		"about: kept " + chapter + "/index.md: edited since about wrote it; this render does not write it, yet it still puts doi:10.5555/book.2020.ch3 on the site — delete it by hand",
		"about: kept content/publication/nunezgarcia2023analytical/index.md: edited since about wrote it, so about's version for doi:10.5555/jcp.2023.042 is not written — move your changes aside and delete it, or pass --force to overwrite it",
	} {
		if !strings.Contains(stderr, want+"\n") {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if data, _ := os.ReadFile(mine); !strings.HasSuffix(string(data), "my own line\n") {
		t.Errorf("the user's edit was overwritten:\n%s", data)
	}
	if again := render(without); !strings.Contains(again, "about: kept "+chapter+"/index.md") {
		t.Errorf("the next render forgot the kept stale file:\n%s", again)
	}
	if stderr := render(all, "--force"); stderr != "" {
		t.Errorf("--force overwrote with a warning:\n%s", stderr)
	}
	if data, _ := os.ReadFile(mine); strings.Contains(string(data), "my own line") {
		t.Errorf("--force did not overwrite the edited file")
	}
	assertUsageError(t, []string{"render", "--format", "html", "--force", all}, "--force applies to a file or folder named by --out")
}

// bundleOf is the bundle folder (relative to site, forward slashes) whose
// cite.bib names doi.
func bundleOf(t *testing.T, site, doi string) string {
	t.Helper()
	bibs, _ := filepath.Glob(filepath.Join(site, "content", "publication", "*", "cite.bib"))
	for _, bib := range bibs {
		if data, _ := os.ReadFile(bib); strings.Contains(string(data), doi) {
			rel, _ := filepath.Rel(site, filepath.Dir(bib))
			return filepath.ToSlash(rel)
		}
	}
	t.Fatalf("no bundle cites %s", doi)
	return ""
}

// A one-file format's --out that ends in a separator names a folder that
// is not there yet. Before #31 the render failed at the rename ("rename
// …/.tmp-N …/newdir/: file exists", exit 3); since the streaming writer
// it writes newdir/newdir and exits 0, and the same command then fails
// as "is a folder" (exit 2). Review finding: refuse it as a folder.
func TestRenderOutEndingInASeparatorIsAFolder(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "newdir") + string(filepath.Separator)
	assertUsageError(t, []string{"render", "--format", "html", "--out", out, renderFixture},
		"is a folder, and format html writes one file")
	if _, err := os.Stat(filepath.Join(parent, "newdir", "newdir")); err == nil {
		t.Errorf("the render wrote %s", filepath.Join(parent, "newdir", "newdir"))
	}
}

// TestCVWithoutSectionsSaysWhy: a CV rendered from a folder without the
// ORCID record's CV sections lists the works alone and says how to have
// the rest: cv = true and a fetch, or a fetch when the manifest already
// says it; the CV is written either way, and a page format says nothing.
func TestCVWithoutSectionsSaysWhy(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(renderFixture)
	if err != nil {
		t.Fatal(err)
	}
	withCV := filepath.Join(dir, "cv.toml")
	abs, _ := filepath.Abs(filepath.Join(filepath.Dir(renderFixture), "snapshots"))
	text := strings.Replace(string(src), `snapshots = "snapshots"`, "cv = true\nsnapshots = "+strconv.Quote(abs), 1)
	if err := os.WriteFile(withCV, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		manifest, format, want string
	}{
		{renderFixture, "cv", "add cv = true to " + renderFixture + " and run about fetch"},
		{renderFixture, "json-resume", "add cv = true to"},
		{renderFixture, "cv-typst", "add cv = true to"},
		{withCV, "cv", "the snapshots hold no ORCID CV sections yet (cv = true came after the last fetch?): run about fetch " + withCV},
		{renderFixture, "html", ""},
	} {
		code, stdout, stderr := runCLI(t, "render", "--format", c.format, c.manifest)
		if code != 0 || stdout == "" {
			t.Errorf("%s %s: exit %d, %d bytes\n%s", c.manifest, c.format, code, len(stdout), stderr)
		}
		if c.want == "" && stderr != "" || c.want != "" && !strings.Contains(stderr, "about: note: the CV lists the works alone: "+c.want) {
			t.Errorf("%s %s: stderr %q, want the note %q", c.manifest, c.format, stderr, c.want)
		}
	}
}

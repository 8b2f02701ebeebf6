package orchestrator

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/snapshots"
)

// TestCorpusSameBytesAtAnyJ: two fetches of the corpus, one worker and
// eight, write the same snapshot folder byte for byte.
func TestCorpusSameBytesAtAnyJ(t *testing.T) {
	one, _ := corpusRun(t, 1)
	eight, _ := corpusRun(t, 8)
	a, b := folderBytes(t, one.Snapshots), folderBytes(t, eight.Snapshots)
	if a != b {
		t.Errorf("-j 1 and -j 8 differ:\n%s", firstDifference(a, b))
	}
	if !strings.Contains(a, "=== works/") {
		t.Errorf("no works written:\n%.400s", a)
	}
}

// firstDifference is the first line where a and b part, with its
// neighbours, for a readable failure.
func firstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			return "-j 1: " + la[i] + "\n-j 8: " + lb[i]
		}
	}
	return "one is a prefix of the other"
}

// corpusTool runs an external program in dir with a deadline.
func corpusTool(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("%s: %v\n%s", filepath.Base(name), err, out.String())
	}
	return out.String()
}

func writeCorpusFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCorpusBibTeXPlainWithoutAWarning: bibtex with plain.bst formats
// every entry of the corpus without a warning.
func TestCorpusBibTeXPlainWithoutAWarning(t *testing.T) {
	bibtex := testtool.Need(t, "bibtex")
	m, rep := corpusRun(t, 8)
	o := renderCorpus(t, m, rep)
	dir := t.TempDir()
	writeCorpusFile(t, dir, "works.bib", o.texts[render.BibTeX])
	writeCorpusFile(t, dir, "doc.aux", "\\citation{*}\n\\bibstyle{plain}\n\\bibdata{works}\n")
	log := corpusTool(t, dir, bibtex, "doc")
	warnings := 0
	for _, line := range strings.Split(log, "\n") {
		if strings.HasPrefix(line, "Warning--") || strings.Contains(line, "error message") {
			t.Errorf("bibtex: %s", line)
			warnings++
		}
	}
	bbl, err := os.ReadFile(filepath.Join(dir, "doc.bbl"))
	if err != nil {
		t.Fatal(err)
	}
	items := strings.Count(string(bbl), `\bibitem{`)
	if entries := strings.Count(o.texts[render.BibTeX], "\n@"); items != entries || items < 50 {
		t.Errorf("bibtex formatted %d entries of %d", items, entries)
	}
	t.Logf("bibtex plain.bst: %d entries, %d warnings", items, warnings)
}

// TestCorpusBiberValidatesDataModel: biber --validate-datamodel accepts
// every BibLaTeX entry of the corpus without a warning.
func TestCorpusBiberValidatesDataModel(t *testing.T) {
	biber := testtool.Need(t, "biber")
	m, rep := corpusRun(t, 8)
	o := renderCorpus(t, m, rep)
	dir := t.TempDir()
	bib := writeCorpusFile(t, dir, "corpus.bib", o.texts[render.BibLaTeX])
	log := corpusTool(t, dir, biber, "--tool", "--nolog", "--validate-datamodel", "--output-file="+filepath.Join(dir, "out.bib"), bib)
	warnings := 0
	for _, line := range strings.Split(log, "\n") {
		if strings.HasPrefix(line, "WARN") || strings.HasPrefix(line, "ERROR") {
			t.Errorf("biber: %s", line)
			warnings++
		}
	}
	t.Logf("biber --validate-datamodel: %d entries, %d warnings", strings.Count(o.texts[render.BibLaTeX], "\n@"), warnings)
}

// TestCorpusEveryRecordingIsRead: each recorded answer the corpus network
// serves is found by its provider in the work's snapshot, so a change in
// how about asks (a request shape the network does not answer, a work
// routed elsewhere) cannot leave a recording unread and its rows
// silently checked against other providers' data.
func TestCorpusEveryRecordingIsRead(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(filepath.FromSlash(corpusDir), "manifest.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := newManifest(t, string(src))
	net := newCorpusNet(t)
	if rep := runOK(t, testOptions(m, net, 8)); rep.Incomplete() {
		t.Fatalf("short: %v", rep.ShortJobs())
	}
	dir := snapshots.Dir{Root: m.Snapshots}
	read := 0
	for key, providers := range net.served {
		id, err := manifest.ParseKey(key)
		if err != nil {
			t.Fatal(err)
		}
		var w snapshots.Work
		if err := snapshots.Read(dir.WorkPath(id), &w); err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		for _, p := range providers {
			found := slices.ContainsFunc(w.Sources, func(s snapshots.Source) bool { return s.Provider == p && s.Status == "found" })
			if !found {
				t.Errorf("%s: the %s recording was not read (sources %+v)", key, p, w.Sources)
				continue
			}
			read++
		}
	}
	t.Logf("%d recorded answers read", read)
}

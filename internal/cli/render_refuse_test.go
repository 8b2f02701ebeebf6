package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/internal/testtool"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/output"
)

// TestRenderRefusesAFileItDidNotWrite: every one-file format's --out over
// a file about did not write (a hand-kept bibliography, @strings and
// custom fields) exits 2 naming the file, what to do and --force, and
// leaves the folder byte for byte as it was: no list, no temporary file.
// --force replaces it; a second render over about's own file replaces it
// silently with the same bytes; an edit since is refused again. The old
// render kept the file but exited 3, as if the disk had failed.
func TestRenderRefusesAFileItDidNotWrite(t *testing.T) {
	const mine = "@string{jfm = {J. Fluid Mech.}}\n@article{lefevre2021effects, title = {Effects}, journal = jfm, abbr = {JFM}, selected = {true}}\n"
	for _, f := range render.Formats() {
		if f.IsFolder() {
			continue
		}
		t.Run(string(f), func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, filepath.Base(f.Example()))
			testtool.WriteFile(t, out, mine)
			run := func(extra ...string) (int, string) {
				code, stdout, stderr := runCLI(t, append([]string{"render", "--format", string(f), "--out", out, renderFixture}, extra...)...)
				if stdout != "" {
					t.Errorf("stdout with --out: %q", stdout)
				}
				return code, stderr
			}
			code, stderr := run()
			refused(t, code, stderr, out, output.WhyNotAbouts)
			if data, _ := os.ReadFile(out); string(data) != mine {
				t.Fatalf("the hand-kept file changed:\n%s", data)
			}
			if names := folderNames(t, dir); !slices.Equal(names, []string{filepath.Base(out)}) {
				t.Errorf("a refused render left %q in the folder; want only the user's file", names)
			}
			if code, stderr := run("--force"); code != 0 || withoutCVNote(stderr) != "" {
				t.Fatalf("--force: exit %d\n%s", code, stderr)
			}
			own, _ := os.ReadFile(out)
			if string(own) == mine {
				t.Fatal("--force did not write about's file")
			}
			if code, stderr := run(); code != 0 || withoutCVNote(stderr) != "" {
				t.Fatalf("about's own file again: exit %d\n%s", code, stderr)
			}
			if again, _ := os.ReadFile(out); string(again) != string(own) {
				t.Errorf("a second render over its own file changed it")
			}
			testtool.WriteFile(t, out, string(own)+"\n")
			code, stderr = run()
			refused(t, code, stderr, out, output.WhyEdited)
			if data, _ := os.ReadFile(out); string(data) != string(own)+"\n" {
				t.Errorf("the edited file changed")
			}
		})
	}
}

// refused checks a refusal: exit 2, the file named with why, and both
// ways out.
func refused(t *testing.T, code int, stderr, out, why string) {
	t.Helper()
	for _, want := range []string{"not replacing --out " + out + ": " + why, "move " + out + " aside", "about import " + out + " first", "--force"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code != exitUsage {
		t.Errorf("exit %d, want %d (nothing written)", code, exitUsage)
	}
}

// folderNames lists dir's entries, hidden ones included.
func folderNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestRenderRecognisesItsOwnFileWithoutTheList: with the list gone (not
// committed, or an older about's file), a one-file --out holding exactly
// what this render writes is about's whatever the format, and listed
// again; an edited one is about's only where the format carries about's
// mark (the BibTeX family, YAML, the HTML page, the feed, the CVs), which cannot
// tell an edit; where it carries none (RIS, CSL-JSON, JSON, Markdown) it
// is refused.
func TestRenderRecognisesItsOwnFileWithoutTheList(t *testing.T) {
	marked := map[render.Format]bool{render.BibTeX: true, render.BibLaTeX: true, render.AlFolio: true,
		render.YAML: true, render.LabWebsite: true, render.HTML: true, render.Atom: true, render.CV: true, render.CVTypst: true}
	for _, f := range render.Formats() {
		if f.IsFolder() {
			continue
		}
		t.Run(string(f), func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, filepath.Base(f.Example()))
			list := filepath.Join(dir, output.WrittenList)
			args := []string{"render", "--format", string(f), "--out", out, renderFixture}
			if code, _, stderr := runCLI(t, args...); code != 0 {
				t.Fatalf("first render: exit %d\n%s", code, stderr)
			}
			own, _ := os.ReadFile(out)
			removeFile(t, list)
			if code, _, stderr := runCLI(t, args...); code != 0 || withoutCVNote(stderr) != "" {
				t.Fatalf("its own bytes without the list: exit %d\n%s", code, stderr)
			}
			if _, err := os.Stat(list); err != nil {
				t.Errorf("its own file was not listed again: %v", err)
			}
			removeFile(t, list)
			edited := string(own) + "\n"
			testtool.WriteFile(t, out, edited)
			code, _, stderr := runCLI(t, args...)
			data, _ := os.ReadFile(out)
			switch {
			case marked[f] && (code != 0 || string(data) != string(own)):
				t.Errorf("marked as about's, without the list: exit %d, replaced %v\n%s", code, string(data) == string(own), stderr)
			case !marked[f] && (code != exitUsage || string(data) != edited):
				t.Errorf("no mark and no list: exit %d, kept %v\n%s", code, string(data) == edited, stderr)
			}
		})
	}
}

// TestRenderNeverWritesOverALink: a one-file --out that is a symbolic
// link is refused, --force or not; the link and the file it points to
// stay, and the hint names that file. A link to something other than a
// file, and a device such as /dev/null, are refused with the hint to
// leave --out out. The old render replaced a link with a file under
// --force, cutting the user's shared file off from the site.
func TestRenderNeverWritesOverALink(t *testing.T) {
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared.bib")
	testtool.WriteFile(t, shared, "@misc{shared}\n")
	link := filepath.Join(dir, "papers.bib")
	if err := os.Symlink("shared.bib", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, extra := range [][]string{nil, {"--force"}} {
		code, _, stderr := runCLI(t, append([]string{"render", "--format", "al-folio", "--out", link, renderFixture}, extra...)...)
		if code != exitUsage || !strings.Contains(stderr, "a symbolic link to shared.bib") || !strings.Contains(stderr, "give --out the file it points to, "+shared) {
			t.Errorf("%v: exit %d\n%s", extra, code, stderr)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%v: the link is gone or replaced: %v", extra, err)
		}
		if data, _ := os.ReadFile(shared); string(data) != "@misc{shared}\n" {
			t.Fatalf("%v: written through the link:\n%s", extra, data)
		}
	}
	if names := folderNames(t, dir); !slices.Equal(names, []string{"papers.bib", "shared.bib"}) {
		t.Errorf("the refused renders left %q", names)
	}
	dangling := filepath.Join(dir, "gone.bib")
	if err := os.Symlink("nowhere.bib", dangling); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{dangling, os.DevNull} {
		code, _, stderr := runCLI(t, "render", "--format", "bibtex", "--out", out, "--force", renderFixture)
		if code != exitUsage || !strings.Contains(stderr, "not replacing --out "+out) || !strings.Contains(stderr, "leave --out out") {
			t.Errorf("--out %s: exit %d\n%s", out, code, stderr)
		}
	}
}

// TestRenderOutIsNotTheList: --out naming the list of what about wrote
// is a usage error before anything is read; writing the render there
// would lose the record of every file about wrote in that folder.
func TestRenderOutIsNotTheList(t *testing.T) {
	out := filepath.Join(t.TempDir(), output.WrittenList)
	code, _, stderr := runCLI(t, "render", "--format", "csl-json", "--out", out, renderFixture)
	if code != exitUsage || !strings.Contains(stderr, "is the list of the files about render wrote") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("written: %v", err)
	}
}

func removeFile(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}

// withoutCVNote is stderr less the note a CV of a folder without ORCID
// CV sections gives (noteCVWithoutSections).
func withoutCVNote(stderr string) string {
	var kept []string
	for _, line := range strings.SplitAfter(stderr, "\n") {
		if !strings.HasPrefix(line, "about: note: the CV lists the works alone") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "")
}

package output

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWriteFileTakesAFileListedUnderAnotherFormat: a file one format
// wrote is about's for another rendered to the same name (csl-json
// switched to json), as it was for a folder format's list: the list says
// about wrote it, and no mark is needed. The old WriteFile kept it as the
// user's.
func TestWriteFileTakesAFileListedUnderAnotherFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "works.json")
	if _, err := WriteFile(path, "csl-json", []byte("[]\n"), false); err != nil {
		t.Fatal(err)
	}
	out, err := WriteFile(path, "json", []byte("{}\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); len(out.KeptEdited) != 0 || string(data) != "{}\n" {
		t.Errorf("kept %+v, file %q; want it replaced", out.KeptEdited, data)
	}
	// and edited since, it is the user's under either format
	writeTemp(t, filepath.Dir(path), "works.json", "{\"mine\": 1}\n")
	for _, format := range []string{"json", "csl-json", "yaml"} {
		out, err := WriteFile(path, format, []byte("[]\n"), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.KeptEdited) != 1 || out.KeptEdited[0].Why != WhyEdited {
			t.Errorf("%s over an edited file: kept %+v, want it kept as edited", format, out.KeptEdited)
		}
	}
}

// TestWriteFileRefusesBeforeWriting: a refused --out leaves its folder as
// it was (no temporary file, no list), and one that is a symbolic link is
// refused without the render being made at all; --force does not write
// over the link.
func TestWriteFileRefusesBeforeWriting(t *testing.T) {
	dir := t.TempDir()
	mine := writeTemp(t, dir, "papers.bib", "@misc{mine}\n")
	made := 0
	write := func(w *bufio.Writer) error {
		made++
		_, err := w.WriteString("@misc{about}\n")
		return err
	}
	out, err := WriteFileFrom(mine, "bibtex", false, write)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.KeptEdited) != 1 || out.KeptEdited[0].Why != WhyNotAbouts || made != 1 {
		t.Errorf("kept %+v, made %d times; want it kept, made once to compare", out.KeptEdited, made)
	}
	link := filepath.Join(dir, "link.bib")
	if err := os.Symlink("papers.bib", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	made = 0
	for _, force := range []bool{false, true} {
		out, err := WriteFileFrom(link, "bibtex", force, write)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.KeptEdited) != 1 || out.KeptEdited[0].Link != "papers.bib" || made != 0 {
			t.Errorf("force %v: kept %+v, made %d times; want the link kept, nothing made", force, out.KeptEdited, made)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"link.bib", "papers.bib"}) {
		t.Errorf("the folder holds %q after refusals", names)
	}
	if data, _ := os.ReadFile(mine); string(data) != "@misc{mine}\n" {
		t.Errorf("the user's file changed: %q", data)
	}
}

// TestWriteFileTakesAnEmptyFile: an empty --out (touch papers.bib) holds
// nothing to lose. It was refused as a file about did not write, with the
// advice to about import it first, which refuses a file with no entry.
func TestWriteFileTakesAnEmptyFile(t *testing.T) {
	empty := writeTemp(t, t.TempDir(), "papers.bib", "")
	out, err := WriteFile(empty, "bibtex", []byte("@misc{about}\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(empty); len(out.KeptEdited) != 0 || string(got) != "@misc{about}\n" {
		t.Errorf("kept %+v, file %q: want it written", out.KeptEdited, got)
	}
}

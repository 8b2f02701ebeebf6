package importbib

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// fuzzSeeds adds the real files matching pattern that are small enough
// for the fuzzer's mutations not to crawl.
func fuzzSeeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "import", pattern))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if len(src) <= 16<<10 {
			f.Add(src)
		}
	}
}

// checkRead holds what every reader promises whatever its input: entries
// and problems on lines of the file, fields of the manifest's types.
func checkRead(t *testing.T, src []byte, entries []Entry, problems []string) {
	t.Helper()
	lines := strings.Count(string(src), "\n") + 1
	for _, e := range entries {
		if e.Line < 1 || e.Line > lines {
			t.Fatalf("entry %q at line %d of %d", e.Key, e.Line, lines)
		}
		for _, fl := range e.Fields {
			if !sameType(fl.Value, fl.Value) || fl.Line < 1 || fl.Line > lines {
				t.Fatalf("field %q = %#v at line %d of %d", fl.Name, fl.Value, fl.Line, lines)
			}
		}
	}
	for _, p := range problems {
		parts := strings.SplitN(p, ":", 3)
		if len(parts) < 3 {
			continue
		}
		if n, err := strconv.Atoi(parts[1]); err == nil && (n < 1 || n > lines) {
			t.Fatalf("problem on line %d of %d: %s", n, lines, p)
		}
	}
}

// FuzzReadCSLJSON: no input panics the CSL-JSON reader or puts an entry,
// a field or a problem off the file's lines.
func FuzzReadCSLJSON(f *testing.F) {
	fuzzSeeds(f, "csljson/*.json")
	for _, s := range []string{"", "[", "{", `[{"id":1}]`, `[{"issued":{"date-parts":[["x"]]}}]`, `[{"author":[{"literal":""}, 3, "x"]}]`, `[[],{}]`, "\uFEFF[]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		entries, problems := ReadCSLJSON("f.json", src)
		checkRead(t, src, entries, problems)
	})
}

// FuzzReadRIS: no input panics the RIS reader; every entry starts on a
// line that holds a tag.
func FuzzReadRIS(f *testing.F) {
	fuzzSeeds(f, "ris/*.ris")
	for _, s := range []string{"", "TY  -", "ER  - \nTY  - JOUR\nSP  - 1\nEP  - 2", "TY  - X\n\u2028AU  - a", "ID  - k\nID  - k\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		entries, problems := ReadRIS("f.ris", src)
		checkRead(t, src, entries, problems)
		all := strings.Split(string(src), "\n")
		for _, e := range entries {
			if l := strings.TrimPrefix(all[e.Line-1], "\uFEFF"); len(l) < 2 || l[0] < 'A' || l[0] > 'Z' {
				t.Fatalf("entry at line %d: %q", e.Line, l)
			}
		}
	})
}

// FuzzFrontMatter: no page panics the Hugo Blox or academicpages reader,
// in a bundle or alone.
func FuzzFrontMatter(f *testing.F) {
	fuzzSeeds(f, "hugoblox/BMICLab-bmic_website/content/publication/arbelle-*/index.md")
	fuzzSeeds(f, "academicpages/*/_publications/2017-*.md")
	for _, s := range []string{"---\n---\n", "+++\n+++\n", "---\na: &x [1]\nb: *x\n---", "+++\na = 1.5\n[b]\nc = 2021-01-01\n+++\n", "---\nauthors: admin\nurl_pdf: ':'\n---\n", "---\n- 1\n---\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{
			"content/publication/p/index.md": {Data: src},
			"content/publication/q.md":       {Data: src},
		}
		entries, problems := ReadHugoBlox(fsys, ".")
		checkRead(t, src, entries, nil)
		_ = problems
		entries, _ = ReadAcademicPages(fstest.MapFS{"_publications/p.md": {Data: src}}, ".")
		checkRead(t, src, entries, nil)
	})
}

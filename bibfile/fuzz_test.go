package bibfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse: no input panics Parse, Resolve, Text or Names; every field's
// raw value is text of the file; every problem is on a line of it.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "import", "alfolio", "*.bib"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if len(src) <= 16<<10 { // the fuzzer's mutations of a large file crawl
			f.Add(src)
		}
	}
	f.Add([]byte(inheritanceFile))
	for _, s := range []string{"@", "@a{", "@a{k,t={", `@string{x="a"#x}@a{k,t=x#"`, "@comment(", `@a{k,t={\'{`, `@a{k,t="{\"}"}`, "@a{k,t=$\\", "@a{k,author={and and , , {}}}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file := Parse("f.bib", src)
		for _, mode := range []Mode{BibLaTeX, BibTeX} {
			file.Resolve(mode)
		}
		lines := strings.Count(string(src), "\n") + 1
		for _, p := range file.Problems {
			if p.Line < 1 || p.Line > lines {
				t.Fatalf("problem on line %d of %d: %v", p.Line, lines, p)
			}
		}
		for _, e := range file.Entries {
			for _, fl := range e.Fields {
				if !strings.Contains(string(src), fl.Raw) {
					t.Fatalf("raw %q is not in the file", fl.Raw)
				}
				_ = fl.Text()
				_ = Names(fl.Value)
			}
		}
	})
}

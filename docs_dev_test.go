package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestGoldenUpdateCommandNamesThePackagesWithUpdate: docs/development.md's
// command for regenerating goldens names exactly the packages whose tests
// take -update (they use goldie, which defines it). It said
// `go test ./... -update`, which every other package fails with "flag
// provided but not defined".
func TestGoldenUpdateCommandNamesThePackagesWithUpdate(t *testing.T) {
	var want []string
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if goldieImport.Match(data) {
			pkg := "./" + filepath.ToSlash(filepath.Dir(path))
			if len(want) == 0 || want[len(want)-1] != pkg {
				want = append(want, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(want)
	want = compactStrings(want)
	m := regexp.MustCompile("`go test ((?:\\./[a-z/]+ )+)-update`").FindStringSubmatch(readText(t, "docs/development.md"))
	if m == nil {
		t.Fatal("docs/development.md has no `go test PKG… -update` command")
	}
	got := strings.Fields(m[1])
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("docs/development.md regenerates goldens in %v; the packages whose tests take -update are %v", got, want)
	}
}

// goldieImport is an import line of goldie, which defines -update.
var goldieImport = regexp.MustCompile(`(?m)^\s*(\w+ )?"github.com/sebdah/goldie`)

func compactStrings(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || s[i-1] != v {
			out = append(out, v)
		}
	}
	return out
}

// TestNamedTestsExist: every test, benchmark or fuzz target the README
// and the docs name as holding a claim exists in the module's tests, so a
// renamed or deleted test cannot leave a claim pointing at nothing.
func TestNamedTestsExist(t *testing.T) {
	defined := map[string]bool{}
	fn := regexp.MustCompile(`(?m)^func ((?:Test|Benchmark|Fuzz)[A-Za-z0-9_]*)\(`)
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != "." {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, "_test.go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range fn.FindAllStringSubmatch(string(data), -1) {
				defined[m[1]] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile(`\b((?:Test|Benchmark|Fuzz)[A-Z][A-Za-z0-9_]*)`)
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range append(pages, "README.md") {
		for _, m := range named.FindAllStringSubmatch(readText(t, page), -1) {
			name := m[1]
			if defined[name] {
				continue
			}
			// a -bench or -fuzz pattern names a prefix of the function
			prefixed := false
			for d := range defined {
				prefixed = prefixed || strings.HasPrefix(d, name) && name != "Test" && name != "Benchmark"
			}
			if !prefixed {
				t.Errorf("%s names %s; no test, benchmark or fuzz target has that name", page, name)
			}
		}
	}
}

// TestIdentityPageListsThePreprintServers holds docs/identity.md's list
// of preprint servers to record's table: each prefix it names is one, and
// the ones the table has that the page left out (ChemRxiv, Nature
// Precedings) are named.
func TestIdentityPageListsThePreprintServers(t *testing.T) {
	_, list, ok := strings.Cut(strings.Join(strings.Fields(readText(t, "docs/identity.md")), " "), "(a known preprint server: ")
	list, _, ok2 := strings.Cut(list, ")")
	if !ok || !ok2 {
		t.Fatal("docs/identity.md no longer lists the preprint servers")
	}
	prefixes := regexp.MustCompile(`10\.\d+(?:/[a-z]+\.)?`).FindAllString(list, -1)
	for _, p := range prefixes {
		doi := p + "/2020.01.01.000001"
		if strings.Contains(p, "/") {
			doi = p + "2009.1234.1"
		}
		if !record.IsPreprintDOI(doi) {
			t.Errorf("docs/identity.md names %s a preprint server; record does not (%s)", p, doi)
		}
	}
	for _, doi := range []string{"10.26434/chemrxiv-2021-abc", "10.1038/npre.2009.2801.1"} {
		if !record.IsPreprintDOI(doi) {
			t.Fatalf("%s is no longer a preprint DOI: update this test and the page", doi)
		}
	}
	for _, want := range []string{"10.26434", "10.1038/npre."} {
		if !strings.Contains(list, want) {
			t.Errorf("docs/identity.md's preprint servers leave out %s", want)
		}
	}
}

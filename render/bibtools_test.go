package render

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fuzzSeeds reads the seed corpus of a fuzz test: each file's arguments,
// strings in Go's syntax ("go test fuzz v1", then string("…") lines).
func fuzzSeeds(t *testing.T, fuzz string) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", fuzz, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no seeds for %s: %v", fuzz, err)
	}
	seeds := map[string][]string{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		if lines[0] != "go test fuzz v1" {
			t.Fatalf("%s: not a seed file", file)
		}
		for _, l := range lines[1:] {
			lit, ok := strings.CutPrefix(l, "string(")
			v, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
			if !ok || err != nil {
				t.Fatalf("%s: %q is no string argument: %v", file, l, err)
			}
			seeds[filepath.Base(file)] = append(seeds[filepath.Base(file)], v)
		}
	}
	return seeds
}

// The seeds of FuzzBibWriters, issue #30's forged entry and unbalanced
// brace among them, rendered and read by the real programs: bibtex with
// plain.bst formats exactly the entries of every BibTeX text (the file,
// al-folio's, Hugo Blox's cite.bib files, the page's and the work pages'
// blocks) without an error, biber reads exactly those of the BibLaTeX
// files without an error, pandoc reads the same from both without a
// word on standard error, and all agree with readBibFile, the reader
// the fuzz loop judges by. Each program runs once, over every text
// joined, each entry's key prefixed with its seed and output so that
// none repeats (a forged entry, not at the start of a line, would keep
// its own key and show).
func TestBibWritersSeedsThroughBibTeXAndBiber(t *testing.T) {
	bibtex, biber, pandoc := tool(t, "bibtex"), tool(t, "biber"), tool(t, "pandoc")
	seeds := fuzzSeeds(t, "FuzzBibWriters")
	var all [2]joinedTexts // BibTeX, BibLaTeX
	for i, name := range slices.Sorted(maps.Keys(seeds)) {
		f, opts := bibFuzzFolder(bibTextsOf(seeds[name]))
		for j, o := range bibOutputs(t, f, opts) {
			if problems := bibProblems(o.text, o.keys); len(problems) > 0 {
				t.Errorf("%s, %s: %s", name, o.name, strings.Join(problems, "; "))
			}
			k := 0
			if o.biblatex {
				k = 1
			}
			all[k].add(fmt.Sprintf("s%do%d", i, j), o)
		}
	}
	for k, read := range []func(*testing.T, string, string) ([]string, string){bibtexRead, biberRead} {
		program := [...]string{bibtex, biber}[k]
		text, want := all[k].text.String(), sortedStrings(all[k].keys)
		entries, err := readBibFile(text)
		if err != nil || !slices.Equal(sortedStrings(bibKeysOf(entries)), want) {
			t.Errorf("readBibFile read %q (%v), want %q", bibKeysOf(entries), err, want)
		}
		got, errs := read(t, program, text)
		if errs != "" || !slices.Equal(sortedStrings(got), want) {
			t.Errorf("%s read %q, want %q\n%s", filepath.Base(program), got, want, errs)
		}
		from := [...]string{"bibtex", "biblatex"}[k]
		if got, errs := pandocRead(t, pandoc, from, text); errs != "" || !slices.Equal(sortedStrings(got), want) {
			t.Errorf("pandoc -f %s read %q, want %q\n%s", from, got, want, errs)
		}
	}
}

// pandocRead has pandoc read a .bib text as CSL JSON: the ids of the items
// it read, and what it said on standard error.
func pandocRead(t *testing.T, pandoc, from, bib string) (ids []string, errs string) {
	t.Helper()
	dir := t.TempDir()
	path := writeTemp(t, dir, "works.bib", bib)
	out, stderr, err := run(t, dir, pandoc, "-f", from, "-t", "csljson", path)
	if err != nil {
		return nil, err.Error() + "\n" + stderr
	}
	var items []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(out), &items); err != nil {
		return nil, err.Error()
	}
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	return ids, stderr
}

// joinedTexts are BibTeX texts joined into one file, each entry's key
// prefixed.
type joinedTexts struct {
	text strings.Builder
	keys []string
}

var entryStart = regexp.MustCompile(`(?m)^(@\w+\{)`)

func (j *joinedTexts) add(prefix string, o bibOutput) {
	j.text.WriteString(entryStart.ReplaceAllString(o.text, "${1}"+prefix) + "\n")
	for _, k := range o.keys {
		j.keys = append(j.keys, prefix+k)
	}
}

// readBibFile fails a text on which bibtex reports an error, and reads a
// text it accepts as bibtex and biber do: held to both on hand-written
// files, the broken ones the writer wrote before #30 among them.
func TestBibReaderAgreesWithBibTeXAndBiber(t *testing.T) {
	bibtex, biber := tool(t, "bibtex"), tool(t, "biber")
	for _, c := range []struct {
		name, text string
		ok         bool
	}{
		{"before #30: a forged entry", "@article{a,\n  year = {2020},\n  issn = {1234\\} @article(fake, title = \"y\", year = 2030)},\n}\n", false},
		{"before #30: an unbalanced title", "@article{a,\n  title = {{Bounds x\\{2}},\n  year = {2020},\n}\n\n@article{b,\n  title = {{T}},\n  year = {2021},\n}\n", false},
		{"escaped braces that balance", "@misc{a,\n  title = {a\\{b\\}c},\n  year = {2020},\n}\n", true},
		{"text between entries, a % line", "% a comment, not BibTeX's\n\n@misc{a,\n  title = {{a} b},\n}\nfree text\n@misc(b,\n  title = \"q{\"}\" # {x},\n)\n", true},
	} {
		read, err := readBibFile(c.text)
		if (err == nil) != c.ok {
			t.Errorf("%s: readBibFile: %v, want ok=%v", c.name, err, c.ok)
		}
		tex, texErr := bibtexRead(t, bibtex, c.text)
		ber, berErr := biberRead(t, biber, c.text)
		if c.ok && (texErr != "" || berErr != "" || !slices.Equal(sortedStrings(tex), sortedStrings(bibKeysOf(read))) || !slices.Equal(sortedStrings(ber), sortedStrings(bibKeysOf(read)))) {
			t.Errorf("%s: readBibFile read %q; bibtex %q (%s); biber %q (%s)", c.name, bibKeysOf(read), tex, texErr, ber, berErr)
		}
		if !c.ok && texErr == "" && berErr == "" {
			t.Errorf("%s: bibtex and biber read it without an error (%q, %q): the case is no broken file", c.name, tex, ber)
		}
	}
}

var bibitem = regexp.MustCompile(`\\bibitem\{([^}]*)\}`)

// bibtexRead runs bibtex with plain.bst over every entry of a .bib text:
// the keys of the \bibitems it wrote, and its output if it reported an
// error.
func bibtexRead(t *testing.T, bibtex, bib string) (keys []string, errs string) {
	t.Helper()
	dir := t.TempDir()
	writeTemp(t, dir, "works.bib", bib)
	writeTemp(t, dir, "doc.aux", "\\citation{*}\n\\bibstyle{plain}\n\\bibdata{works}\n")
	stdout, stderr, _ := run(t, dir, bibtex, "doc") // a warning is exit 1; the output says what happened
	if strings.Contains(stdout, "error message") {
		errs = stdout + stderr
	}
	bbl, err := os.ReadFile(filepath.Join(dir, "doc.bbl"))
	if err != nil {
		return nil, stdout + stderr
	}
	for _, m := range bibitem.FindAllStringSubmatch(string(bbl), -1) {
		keys = append(keys, m[1])
	}
	return keys, errs
}

var biberEntry = regexp.MustCompile(`(?m)^@\w+\{([^,\n]*),`)

// biberRead runs biber --tool over a .bib text: the keys of the entries
// it read, from the file it writes back, and its ERROR lines.
func biberRead(t *testing.T, biber, bib string) (keys []string, errs string) {
	t.Helper()
	dir := t.TempDir()
	writeTemp(t, dir, "works.bib", bib)
	stdout, stderr, err := run(t, dir, biber, "--tool", "--nolog", "--output-file="+filepath.Join(dir, "out.bib"), "works.bib")
	for _, line := range strings.Split(stdout+stderr, "\n") {
		if strings.HasPrefix(line, "ERROR") {
			errs += line + "\n"
		}
	}
	if err != nil && errs == "" {
		errs = err.Error() + "\n" + stdout + stderr
	}
	out, _ := os.ReadFile(filepath.Join(dir, "out.bib"))
	for _, m := range biberEntry.FindAllStringSubmatch(string(out), -1) {
		keys = append(keys, m[1])
	}
	return keys, errs
}

func bibKeysOf(entries []bibRead) []string {
	var keys []string
	for _, e := range entries {
		keys = append(keys, e.key)
	}
	return keys
}

func sortedStrings(keys []string) []string {
	return slices.Sorted(slices.Values(keys))
}

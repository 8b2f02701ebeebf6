package importbib

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/aboutscholar/about/manifest"
)

// TestReadRISAsExportsWriteIt: a byte-order mark, CRLF, "ER  -" with and
// without its space, a TY with no ER before it, and a last entry the file
// ends in without ER are read as RIS.js reads them; text between entries
// is skipped; a repeated ID is a duplicate.
func TestReadRISAsExportsWriteIt(t *testing.T) {
	src := "\uFEFFRecord #1 of 3\r\nTY  - JOUR\r\nID  - a1\r\nTI  - First\r\n  part two\r\nER  -\r\n\r\n" +
		"TY  - CHAP\r\nID  - a2\r\nT2  - The Book\r\nA2  - Ed, One\r\nPY  - 2020///\r\nDA  - 2020/06/14/\r\n" + // no ER: the next TY starts the next
		"TY  - BOOK\nID  - a1\nA2  - Series, Ed\nA3  - Book, Ed\nT2  - A Series\nUR  - https://example.org/a\nhttps://example.org/b\nN1  - arXiv: 2101.00001v2\nZZ  - x\nZZ  - y\n" // no ER at the end
	entries, problems := ReadRIS("f.ris", []byte(src))
	if len(problems) != 0 || len(entries) != 3 {
		t.Fatalf("%d entries, problems %q", len(entries), problems)
	}
	first, chapter, book := entries[0], entries[1], entries[2]
	if first.Line != 2 || first.Key != "a1" || first.Record.Title != "First part two" {
		t.Errorf("first: %d %q %q", first.Line, first.Key, first.Record.Title)
	}
	if chapter.Line != 8 || chapter.Record.Type != "chapter" || chapter.Record.Venue != "The Book" || chapter.Record.Date != "2020-06-14" ||
		!slices.Equal(chapter.Record.Editors, []string{"Ed, One"}) {
		t.Errorf("chapter: %+v", chapter)
	}
	if book.Line != 14 || book.Record.Venue != "" || !slices.Equal(book.Record.Editors, []string{"Book, Ed"}) ||
		book.Record.URL != "https://example.org/a" || book.Problem == "" {
		t.Errorf("book: %+v", book)
	}
	if len(book.Found.IDs) != 1 || book.Found.IDs[0].Key() != "arxiv:2101.00001" {
		t.Errorf("book identifiers %v", book.Found.IDs)
	}
	for name, value := range map[string]any{"A2": "Series, Ed", "T2": "A Series", "ZZ": []string{"x", "y"}, "UR": "https://example.org/a\nhttps://example.org/b"} {
		i := slices.IndexFunc(book.Fields, func(f manifest.CustomField) bool { return f.Name == name })
		if i < 0 || mustJSON(book.Fields[i].Value) != mustJSON(value) {
			t.Errorf("field %s: %v", name, book.Fields)
		}
	}
}

// TestCSLNames: particles, suffixes, literal names, as BibTeX reads names.
func TestCSLNames(t *testing.T) {
	src := `{"id": "k", "author": [
	  {"family": "Meer", "given": "Jan", "non-dropping-particle": "van der"},
	  {"family": "Gaulle", "given": "Charles", "dropping-particle": "de"},
	  {"family": "King", "given": "Martin Luther", "suffix": "Jr."},
	  {"literal": "World Health Organization"},
	  {"family": "Court of Arbitration"},
	  {"family": "Plato"}],
	 "issued": {"raw": "2021-06"}, "keyword": "a, b;c", "archive": "arXiv", "number": "arXiv:2101.00001"}`
	entries, problems := ReadCSLJSON("one.json", []byte(src))
	if len(entries) != 1 || len(problems) != 0 {
		t.Fatalf("%v %q", entries, problems)
	}
	e := entries[0]
	want := []string{"van der Meer, Jan", "Gaulle, Charles de", "King, Jr., Martin Luther", "{World Health Organization}", "{Court of Arbitration}", "Plato"}
	if !slices.Equal(e.Record.Authors, want) {
		t.Errorf("authors %q, want %q", e.Record.Authors, want)
	}
	if e.Key != "k" || e.Line != 1 || e.Record.Date != "2021-06" || !slices.Equal(e.Tags, []string{"a", "b", "c"}) {
		t.Errorf("%+v", e)
	}
	if len(e.Found.IDs) != 1 || e.Found.IDs[0].Key() != "arxiv:2101.00001" {
		t.Errorf("identifiers %v", e.Found.IDs)
	}
}

// TestCSLJSONBroken: a syntax error is a problem on its line, after the
// items read before it; an item that is no object is skipped and told.
func TestCSLJSONBroken(t *testing.T) {
	entries, problems := ReadCSLJSON("b.json", []byte("[\n {\"id\": \"a\"},\n 3,\n {\"id\": \"b\"},\n {\"id\": \"a\"},\n {\"id\": \n"))
	if len(entries) != 3 || entries[2].Problem == "" || len(problems) != 2 ||
		!strings.HasPrefix(problems[0], "b.json:3: ") || !strings.HasPrefix(problems[1], "b.json:") {
		t.Errorf("%d entries, problems %q", len(entries), problems)
	}
	if _, problems := ReadCSLJSON("s.json", []byte(`"text"`)); len(problems) != 1 {
		t.Errorf("a string: %q", problems)
	}
}

// TestHugoBloxOldSite: TOML front matter (+++), the old numeric type, a
// bundle's own PDF, "admin" with no profile, a page of its own.
func TestHugoBloxOldSite(t *testing.T) {
	fsys := fstest.MapFS{
		"content/publication/talk-2017/index.md": {Data: []byte("+++\ntitle = \"A talk\"\nauthors = [\"admin\", \"Ann Lee\"]\ndate = 2017-05-01\n" +
			"publication_types = [\"1\"]\npublication = \"In *Proc. X*\"\nurl_pdf = \"talk.pdf\"\nurl_slides = \"/files/s.pdf\"\nfeatured = true\n[image]\ncaption = \"c\"\n+++\nBody\n")},
		"content/publication/talk-2017/talk.pdf": {Data: []byte("%PDF")},
		"content/publication/solo.md":            {Data: []byte("---\ntitle: Solo\ndoi: 10.1000/xyz\n---\n")},
		"content/publication/_index.md":          {Data: []byte("---\ntitle: Publications\n---\n")},
	}
	entries, problems := ReadHugoBlox(fsys, ".")
	if len(entries) != 2 || len(problems) != 1 || !strings.Contains(problems[0], `"admin"`) {
		t.Fatalf("%d entries, problems %q", len(entries), problems)
	}
	solo, talk := entries[0], entries[1]
	if solo.Key != "solo" || len(solo.Found.IDs) != 1 {
		t.Errorf("solo: %+v", solo)
	}
	r := talk.Record
	if talk.Key != "talk-2017" || r.Type != "paper-conference" || r.Venue != "In Proc. X" || r.Date != "2017-05-01" ||
		!slices.Equal(r.Authors, []string{"admin", "Ann Lee"}) {
		t.Errorf("talk: %+v", talk)
	}
	wantLinks := []manifest.WorkLink{{Kind: "pdf", URL: "/publication/talk-2017/talk.pdf"}, {Kind: "slides", URL: "/files/s.pdf"}}
	if !slices.Equal(talk.Links, wantLinks) {
		t.Errorf("links %v", talk.Links)
	}
	var names []string
	for _, f := range talk.Fields {
		names = append(names, f.Name)
	}
	if want := []string{"publication_types", "publication", "featured", "image.caption"}; !slices.Equal(names, want) {
		t.Errorf("fields %q, want %q", names, want)
	}
	if talk.Fields[3].Line != 11 {
		t.Errorf("image.caption at line %d, want 11", talk.Fields[3].Line)
	}
}

// TestReadFileKinds: ReadFile tells a file or folder's kind; a .bib is
// not its to read (bibfile and Plan read it), nor is a folder of neither site.
func TestReadFileKinds(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("ap/_publications/2020-x.md", "---\ntitle: X\nvenue: V\n---\n")
	write("bare/2020-y.md", "---\ntitle: Y\npaperurl: http://example.org/y.pdf\n---\n")
	write("hb/x/index.md", "---\ntitle: Z\npublication_types: [\"article-journal\"]\n---\n")
	write("none/readme.txt", "hello")
	for name, want := range map[string]string{"ap": "2020-x", "bare": "2020-y", "hb": "x"} {
		entries, _, err := ReadFile(filepath.Join(dir, name))
		if err != nil || len(entries) != 1 || entries[0].Key != want || !strings.HasPrefix(entries[0].File, filepath.Join(dir, name)) {
			t.Errorf("%s: %v %v", name, entries, err)
		}
	}
	// a content/publication folder given alone is read from its site, whose profiles name "admin"
	write("site/content/authors/admin/_index.md", "---\ntitle: Ann Lee\n---\n")
	write("site/content/publication/p/index.md", "---\ntitle: P\nauthors: [admin]\n---\n")
	entries, problems, err := ReadFile(filepath.Join(dir, "site", "content", "publication"))
	if err != nil || len(problems) != 0 || len(entries) != 1 || !slices.Equal(entries[0].Record.Authors, []string{"Ann Lee"}) ||
		entries[0].File != filepath.Join(dir, "site", "content", "publication", "p", "index.md") {
		t.Errorf("content/publication alone: %+v %q %v", entries, problems, err)
	}
	for _, p := range []string{filepath.Join(dir, "none"), write("a.bib", "@misc{k,}"), filepath.Join(dir, "missing.ris")} {
		if _, _, err := ReadFile(p); err == nil {
			t.Errorf("%s: no error", p)
		}
	}
}

// TestHugoBloxCurrentSite: Hugo Blox's current front matter (its
// templates/academic-cv publications): the owner "me" in
// data/authors/me.yaml, hugoblox.ids, the links list.
func TestHugoBloxCurrentSite(t *testing.T) {
	fsys := fstest.MapFS{
		"data/authors/me.yaml": {Data: []byte("name:\n  display: Dr. Ann Lee\n  given: Ann\n  family: Lee\n")},
		"content/publications/paper/index.md": {Data: []byte("---\ntitle: 'A paper'\nauthors:\n  - me\n  - Robert Ford\n" +
			"publication_types: ['paper-conference']\nhugoblox:\n  ids:\n    doi: 10.5555/123456\n" +
			"links:\n  - type: pdf\n    url: \"\"\n  - type: code\n    url: https://github.com/x/y\n  - type: source\n    url: https://example.org/s\n" +
			"  - type: preprint\n    provider: arxiv\n    id: 2101.00010\n---\n")},
	}
	entries, problems := ReadHugoBlox(fsys, ".")
	if len(entries) != 1 || len(problems) != 0 {
		t.Fatalf("%v %q", entries, problems)
	}
	e := entries[0]
	if !slices.Equal(e.Record.Authors, []string{"Dr. Ann Lee", "Robert Ford"}) || e.Record.Type != "paper-conference" {
		t.Errorf("%+v", e.Record)
	}
	var ids []string
	for _, id := range e.Found.IDs {
		ids = append(ids, id.Key())
	}
	if want := []string{"doi:10.5555/123456", "arxiv:2101.00010"}; !slices.Equal(ids, want) {
		t.Errorf("identifiers %q, want %q", ids, want)
	}
	if want := []manifest.WorkLink{{Kind: "code", URL: "https://github.com/x/y"}}; !slices.Equal(e.Links, want) {
		t.Errorf("links %v", e.Links)
	}
	i := slices.IndexFunc(e.Fields, func(f manifest.CustomField) bool { return f.Name == "links" })
	if i < 0 || mustJSON(e.Fields[i].Value) != mustJSON([]map[string]any{{"type": "source", "url": "https://example.org/s"}}) {
		t.Errorf("fields %v", e.Fields)
	}
}

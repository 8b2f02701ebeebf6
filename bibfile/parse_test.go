package bibfile

import (
	"strings"
	"testing"
)

func TestParseStringsConcatenationMonthsAndBlocks(t *testing.T) {
	src := `% a JabRef note with no at sign
@preamble{"\newcommand{\noopsort}[1]{}"}
@String(jfm = "Journal of " # {Fluid} # " Mechanics")
Text between entries is ignored.
@Article{k1,
  Journal = jfm,
  year = 2021,
  month = sep # "~1",
  title = "A {GPU} title",
  abbr = {JFM},
}
@comment{jabref-meta: databaseType:bibtex;}
@misc(k2, note = {paren entry})
`
	f := Parse("t.bib", []byte(src))
	if len(f.Problems) != 0 {
		t.Fatalf("problems: %v", f.Problems)
	}
	if len(f.Entries) != 2 || len(f.Strings) != 1 || len(f.Preambles) != 1 || len(f.Comments) != 1 {
		t.Fatalf("read %d entries, %d strings, %d preambles, %d comments", len(f.Entries), len(f.Strings), len(f.Preambles), len(f.Comments))
	}
	e := f.Lookup("k1")
	if e.Type != "article" || e.TypeWritten != "Article" || e.Line != 5 {
		t.Errorf("entry %+v", e)
	}
	want := map[string][2]string{
		"journal": {"jfm", "Journal of Fluid Mechanics"},
		"year":    {"2021", "2021"},
		"month":   {`sep # "~1"`, "September~1"},
		"title":   {`"A {GPU} title"`, "A {GPU} title"},
		"abbr":    {"{JFM}", "JFM"},
	}
	for name, w := range want {
		fl, ok := e.Own(name)
		if !ok || fl.Raw != w[0] || fl.Value != w[1] {
			t.Errorf("%s: %+v, want raw %q value %q", name, fl, w[0], w[1])
		}
	}
	if got := e.Fields[0].NameWritten; got != "Journal" {
		t.Errorf("field name as written %q", got)
	}
	if fl, _ := e.Own("month"); fl.Text() != "September\u00a01" {
		t.Errorf("month text %q", fl.Text())
	}
	if f.Comments[0].Text != "jabref-meta: databaseType:bibtex;" || f.Preambles[0].Value != `\newcommand{\noopsort}[1]{}` {
		t.Errorf("blocks %+v %+v", f.Comments, f.Preambles)
	}
	if fl, _ := f.Lookup("k2").Own("note"); fl.Value != "paren entry" {
		t.Errorf("paren entry note %q", fl.Value)
	}
}

// A broken entry costs itself only: the entries after it are read, and
// the problem says where and what.
func TestParseErrorsAreValuesAndLoseOnlyTheirEntry(t *testing.T) {
	src := `@article{good1, title = {One}}
@article{bad, title = {Never closed,
  year = 2020}

@article{good2, title = {Two}, author = undefinedmacro}
@article{ title = {No key}}
@book{good1, title = {Again}}
@article{nocomma, title = {A} year = {2}}
@article{good3, title = {Three}}
@article{last, title = {Open
`
	f := Parse("b.bib", []byte(src))
	var keys []string
	for _, e := range f.Entries {
		keys = append(keys, e.Key)
	}
	if got := strings.Join(keys, " "); got != "good1 bad good2  good1 nocomma good3 last" {
		t.Errorf("keys %q", got)
	}
	want := []Problem{
		// the brace closes after 2020, as BibTeX reads it; BibTeX and
		// biber then complain at the next entry's "@", line 5; the
		// problem names the field where it starts
		{File: "b.bib", Line: 2, Key: "bad", Text: "@article{bad, title = {Never closed,", Message: "the entry is not closed before the next one: a brace left open in field title?"},
		{File: "b.bib", Line: 5, Key: "good2", Text: "undefinedmacro", Message: "@string undefinedmacro is not defined (BibTeX and biber read it as empty)", Warning: true},
		{File: "b.bib", Line: 6, Text: "@article{ title = {No key}}", Message: "entry has no key"},
		{File: "b.bib", Line: 7, Key: "good1", Text: "good1", Message: "key repeats the entry of line 1: BibTeX and biber read only the first", Warning: true},
		{File: "b.bib", Line: 8, Key: "nocomma", Text: "@article{nocomma, title = {A} year = {2}}", Message: `expected "," or '}' after field title`},
		{File: "b.bib", Line: 10, Key: "last", Text: "@article{last, title = {Open", Message: "unterminated brace"},
	}
	if len(f.Problems) != len(want) {
		t.Fatalf("problems:\n%v", f.Problems)
	}
	for i, w := range want {
		if f.Problems[i] != w {
			t.Errorf("problem %d:\n got %#v\nwant %#v", i, f.Problems[i], w)
		}
	}
	if e := f.Entries[1]; !e.Broken {
		t.Error("the unterminated entry is not marked broken")
	}
	if e := f.Entries[4]; !e.Duplicate || f.Lookup("good1") != f.Entries[0] {
		t.Error("the repeated key is not marked, or Lookup does not give the first")
	}
	if fl, ok := f.Entries[5].Own("title"); !ok || fl.Value != "A" {
		t.Error("the broken entry lost the field read before its error")
	}
	if got := f.Entries[7].Fields; len(got) != 0 {
		t.Errorf("the unterminated field was kept: %+v", got)
	}
	if got := f.Problems[5].Error(); got != `b.bib:10 (last): unterminated brace: "@article{last, title = {Open"` {
		t.Errorf("Error() = %s", got)
	}
}

func TestParseStrayAtAndRepeatedField(t *testing.T) {
	f := Parse("s.bib", []byte("mail me@ example\n@misc{a, title={X}, title={Y}}\n"))
	if len(f.Entries) != 1 || len(f.Errors()) != 0 || len(f.Problems) != 2 {
		t.Fatalf("entries %d, problems %v", len(f.Entries), f.Problems)
	}
	if fl, _ := f.Entries[0].Get("title"); fl.Value != "X" || len(f.Entries[0].Fields) != 2 {
		t.Errorf("the first title is not the one read, or the second was dropped: %+v", f.Entries[0].Fields)
	}
}

// A link or identifier is read as it is: "~" and "--" in a URL are not a
// no-break space and a dash; the entry's own text is kept whole.
func TestVerbatimFieldsAndEntryText(t *testing.T) {
	src := "@misc{v,\n  url = {http://www.cs.example.edu/~ann/a--b},\n  pdf = {my--paper.pdf},\n  howpublished = {https://example.org/~x},\n  note = {pages 1--2~ff.}\n}"
	e := Parse("v.bib", []byte(src)).Entries[0]
	for name, want := range map[string]string{
		"url":          "http://www.cs.example.edu/~ann/a--b",
		"pdf":          "my--paper.pdf",
		"howpublished": "https://example.org/~x",
		"note":         "pages 1–2\u00a0ff.",
	} {
		if fl, _ := e.Own(name); fl.Text() != want {
			t.Errorf("%s text %q, want %q", name, fl.Text(), want)
		}
	}
	if e.Raw != src {
		t.Errorf("entry text %q", e.Raw)
	}
}

// A field commented out inside an entry is skipped as biber skips it
// (biber 2.19 --tool reads x's year); BibTeX would stop reading x there,
// which the warning says.
func TestParseCommentInsideEntry(t *testing.T) {
	f := Parse("c.bib", []byte("@article{x,\n  title={A},\n  % abbr={B},\n  year={2020} % after a value\n}\n@article{y, title={C}}\n"))
	x := f.Lookup("x")
	if len(f.Entries) != 2 || len(x.Fields) != 2 || len(f.Errors()) != 0 {
		t.Fatalf("entries %d, x's fields %+v, problems %v", len(f.Entries), x.Fields, f.Problems)
	}
	if year, _ := x.Own("year"); year.Value != "2020" {
		t.Errorf("year %q", year.Value)
	}
	want := Problem{File: "c.bib", Line: 3, Key: "x", Text: "% abbr={B},", Message: "a % comment inside an entry: biber skips it, BibTeX stops reading the entry here", Warning: true}
	if len(f.Problems) != 2 || f.Problems[0] != want || f.Problems[1].Line != 4 {
		t.Errorf("problems %#v", f.Problems)
	}
}

// A brace left open swallows what follows until some later "}" closes
// it (BibTeX loses the entries it swallowed); the reader reads them
// again and names the field: dropped when it ran into the next entry,
// kept when it closed at its own entry's end (as BibTeX reads it).
func TestParseRunawayField(t *testing.T) {
	src := "@article{a,\n  title = {Open {brace},\n  year = {2020}\n}\n\n@article{b,\n  title = {B}\n}\n" +
		"@article{c, title = {Open {again}\n@article{d, title = {D}}\n@article{e, title = {E}}}\n"
	f := Parse("r.bib", []byte(src))
	var keys []string
	for _, e := range f.Entries {
		keys = append(keys, e.Key)
	}
	if strings.Join(keys, " ") != "a b c d e" {
		t.Fatalf("keys %q", keys)
	}
	if a := f.Entries[0]; !a.Broken || len(a.Fields) != 1 {
		t.Errorf("a: broken %v, fields %+v", a.Broken, a.Fields)
	}
	if c := f.Entries[2]; !c.Broken || len(c.Fields) != 0 {
		t.Errorf("c: broken %v, fields %+v", c.Broken, c.Fields)
	}
	want := []Problem{
		{File: "r.bib", Line: 2, Key: "a", Text: "title = {Open {brace},", Message: "the entry is not closed before the next one: a brace left open in field title?"},
		{File: "r.bib", Line: 9, Key: "c", Text: "@article{c, title = {Open {again}", Message: "field title runs into the next entry: a brace left open?"},
	}
	if len(f.Problems) != len(want) || f.Problems[0] != want[0] || f.Problems[1] != want[1] {
		t.Errorf("problems %#v", f.Problems)
	}
	for key, title := range map[string]string{"b": "B", "d": "D", "e": "E"} {
		if fl, _ := f.Lookup(key).Own("title"); fl.Value != title {
			t.Errorf("%s's title %q", key, fl.Value)
		}
	}
}

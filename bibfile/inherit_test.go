package bibfile

import "testing"

// inheritanceFile's expectations are biber 2.19's (biber --tool
// --output-resolve-crossrefs --output-resolve-xdata), except where
// biber-tool.conf parts from biblatex.def: tool mode passes shorttitle on
// to an inproceedings, a document's biber does not (biblatex.def's
// \noinherit{shorttitle} for proceedings → inproceedings).
const inheritanceFile = `@proceedings{proc, title = {Proc Title}, subtitle={Sub}, shorttitle={PT}, editor = {Ed, A.}, year = {2020}, publisher = {Pub}}
@inproceedings{paper, author = {Au, B.}, title = {Paper}, crossref = {proc}, pages = {1--2}}
@xdata{xd, publisher = {XPub}, location = {Here}}
@book{bk, author = {Writer, C.}, title = {Book T}, xdata = {xd}, publisher = {Own}}
@inbook{ch, title = {Chapter}, crossref = {bk}}
@periodical{per, title={Journal T}, year={2021}}
@article{art, title={Art}, crossref={per}}
@article{lost, crossref={nowhere}}
`

func TestResolveBibLaTeX(t *testing.T) {
	f := Parse("i.bib", []byte(inheritanceFile))
	f.Resolve(BibLaTeX)
	want := map[string]map[string]string{
		"paper": {"author": "Au, B.", "title": "Paper", "booktitle": "Proc Title", "booksubtitle": "Sub",
			"editor": "Ed, A.", "year": "2020", "publisher": "Pub", "pages": "1--2"},
		"bk":  {"author": "Writer, C.", "title": "Book T", "publisher": "XPub", "location": "Here"},
		"ch":  {"title": "Chapter", "author": "Writer, C.", "bookauthor": "Writer, C.", "booktitle": "Book T", "publisher": "Own"},
		"art": {"title": "Art", "journaltitle": "Journal T", "year": "2021"},
	}
	absent := map[string][]string{
		"paper": {"shorttitle", "subtitle"},
		"ch":    {"location", "xdata"},
		"art":   {"journal"},
	}
	for key, fields := range want {
		e := f.Lookup(key)
		for name, value := range fields {
			if got, ok := e.Get(name); !ok || got.Value != value {
				t.Errorf("%s.%s = %q, want %q", key, name, got.Value, value)
			}
		}
		for _, name := range absent[key] {
			if got, ok := e.Get(name); ok {
				t.Errorf("%s inherits %s = %q", key, name, got.Value)
			}
		}
	}
	bt, _ := f.Lookup("paper").Get("booktitle")
	if bt.From != "proc" || bt.FromName != "title" {
		t.Errorf("booktitle's origin %q.%q", bt.From, bt.FromName)
	}
	if _, own := f.Lookup("paper").Own("booktitle"); own {
		t.Error("an inherited field is among the entry's own")
	}
	if own, _ := f.Lookup("bk").Own("publisher"); own.Value != "Own" {
		t.Errorf("the entry's own publisher is lost: %q", own.Value)
	}
	if len(f.Problems) != 1 || f.Problems[0].Key != "lost" || !f.Problems[0].Warning {
		t.Errorf("problems %v", f.Problems)
	}
}

// In BibTeX mode a field the entry lacks comes from its crossref under
// the same name: an inproceedings takes a proceedings' title as title
// only if it has none, and no booktitle.
func TestResolveBibTeX(t *testing.T) {
	f := Parse("i.bib", []byte(inheritanceFile+"@inproceedings{untitled, crossref={PROC}}\n"))
	f.Resolve(BibTeX)
	paper := f.Lookup("paper")
	if got, _ := paper.Get("title"); got.Value != "Paper" {
		t.Errorf("title %q", got.Value)
	}
	if _, ok := paper.Get("booktitle"); ok {
		t.Error("BibTeX mode renamed title to booktitle")
	}
	if got, _ := paper.Get("shorttitle"); got.Value != "PT" {
		t.Errorf("shorttitle %q", got.Value)
	}
	if got, _ := f.Lookup("untitled").Get("title"); got.Value != "Proc Title" || got.From != "proc" {
		t.Errorf("a crossref in another case: title %+v", got)
	}
	if _, ok := f.Lookup("bk").Get("location"); ok {
		t.Error("BibTeX mode resolved xdata")
	}
}

func TestResolveLoopIsAWarning(t *testing.T) {
	f := Parse("l.bib", []byte("@book{a, crossref={b}, title={A}}\n@book{b, crossref={a}, year={1}}\n"))
	f.Resolve(BibLaTeX)
	if got, _ := f.Lookup("a").Get("year"); got.Value != "1" {
		t.Errorf("a.year %q", got.Value)
	}
	if len(f.Problems) != 1 || !f.Problems[0].Warning {
		t.Errorf("problems %v", f.Problems)
	}
}

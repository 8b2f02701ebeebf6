package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/wording"
)

// TestBibTeXBookWithAuthorAndEditor: a book with authors and editors (a
// scholarly edition: Darwin's letters edited by others; Crossref deposits
// both lists) was written to BibTeX as @book with author and editor, and
// plain.bst's FUNCTION {book} warns "can't use both author and editor
// fields" (bibtex 0.99d, run on the entry). BibTeX keeps the author;
// BibLaTeX's @book takes both ("Ed. by").
func TestBibTeXBookWithAuthorAndEditor(t *testing.T) {
	e := &entry{key: "darwin1985correspondence", rec: record.Record{Type: "book", Title: "The Correspondence", Publisher: "Cambridge University Press",
		Issued: record.Date{Year: 1985}, Authors: []record.Author{{Given: "Charles", Family: "Darwin"}}, Editors: []record.Author{{Given: "Frederick", Family: "Burkhardt"}}}}
	if got := bibEntryText(e, false); strings.Contains(got, "editor") {
		t.Errorf("BibTeX @book with author and editor (plain.bst warns):\n%s", got)
	}
	if got := bibEntryText(e, true); !strings.Contains(got, "editor") {
		t.Errorf("BibLaTeX @book lost its editor:\n%s", got)
	}
}

// TestBibLaTeXEditedWorkDemotedToMisc: a chapter or report with editors
// and no author lacks the author its BibLaTeX type requires and is
// written as @misc, which takes "author/editor" (blx-dm.def); the editors
// were dropped there, so the entry named nobody.
func TestBibLaTeXEditedWorkDemotedToMisc(t *testing.T) {
	lee := record.Author{Given: "Ann", Family: "Lee"}
	for _, r := range []record.Record{
		{Type: "report", Title: "Edited Report", Publisher: "World Bank", Issued: record.Date{Year: 2020}, Editors: []record.Author{lee}},
		{Type: "chapter", Title: "Introduction", Container: "Essays", Issued: record.Date{Year: 2020}, Editors: []record.Author{lee}},
	} {
		got := bibEntryText(&entry{key: "lee2020x", rec: r}, true)
		if !strings.HasPrefix(got, "@misc") || !strings.Contains(got, "editor") {
			t.Errorf("%s with editors only, want @misc with editor:\n%s", r.Type, got)
		}
	}
	// an entry with an author keeps the editor out of @misc: there it
	// would read as the entry's own editor, not its container's
	enc := record.Record{Type: "entry-encyclopedia", Title: "Entry", Container: "Encyclopedia", Issued: record.Date{Year: 2020},
		Authors: []record.Author{{Given: "Eva", Family: "Cruz"}}, Editors: []record.Author{lee}}
	if got := bibEntryText(&entry{key: "cruz2020entry", rec: enc}, true); strings.Contains(got, "editor") {
		t.Errorf("encyclopedia entry's container editor written as the entry's:\n%s", got)
	}
}

// TestManyEditorsShortened: a Crossref record may list hundreds of
// editors (a conference's programme committee deposited as editors); the
// venue line printed every one, and the author line of an edited book
// counted them as "authors".
func TestManyEditorsShortened(t *testing.T) {
	var eds []record.Author
	for i := range 40 {
		eds = append(eds, record.Author{Given: "A", Family: fmt.Sprintf("Editor%02d", i)})
	}
	chapter := record.Record{Type: "chapter", Title: "One", Container: "Book", Authors: []record.Author{{Given: "Eva", Family: "Cruz"}}, Editors: eds}
	in, _, _ := wording.Venue(chapter)
	if want := "In A Editor00, A Editor01, A Editor02, A Editor03, A Editor04, A Editor05, A Editor06 et al. (eds.),"; in != want {
		t.Errorf("venue\n got %q\nwant %q", in, want)
	}
	book := &entry{rec: record.Record{Type: "book", Title: "Book", Editors: eds}}
	if _, tail := shownAuthorList(book); tail != " et al. (40 editors)" {
		t.Errorf("edited book's author line tail %q, want \" et al. (40 editors)\"", tail)
	}
}

// TestPageNamesEditorsBesideAuthors: the page names a chapter's book
// editors ("In Ann Lee (ed.), Book") but no other work's: a book with
// authors and editors (a scholarly edition its owner edited) shows the
// authors only, so the owner's own role is nowhere on their page (nor
// marked: e.self reads Creators, the authors); a conference paper's
// proceedings editors and an encyclopedia entry's editors are in CSL,
// BibTeX and RIS but not on the page.
func TestPageNamesEditorsBesideAuthors(t *testing.T) {
	lee := record.Author{Given: "Ann", Family: "Lee"}
	for _, r := range []record.Record{
		{Type: "book", Title: "The Correspondence", Publisher: "CUP", Authors: []record.Author{{Given: "Charles", Family: "Darwin"}}, Editors: []record.Author{lee}},
		{Type: "paper-conference", Title: "A Paper", Container: "Proceedings", Authors: []record.Author{{Given: "Eva", Family: "Cruz"}}, Editors: []record.Author{lee}},
		{Type: "entry-encyclopedia", Title: "Entry", Container: "Encyclopedia", Authors: []record.Author{{Given: "Eva", Family: "Cruz"}}, Editors: []record.Author{lee}},
	} {
		in, container, detail := wording.Venue(r)
		if !strings.Contains(in+container+detail, "Ann Lee") {
			t.Errorf("%s: venue %q %q %q names no editor", r.Type, in, container, detail)
		}
	}
}

// TestJSONLDNamesEditors: the page's schema.org data (which Zotero's
// connector and search engines read) gave an edited book no name at all:
// its editors were not written, and it has no author.
func TestJSONLDNamesEditors(t *testing.T) {
	book := &entry{rec: record.Record{Type: "book", Title: "Essays", Editors: []record.Author{{Given: "Ann", Family: "Lee", ORCID: "0000-0002-1825-0097"}}}}
	w := ldWorkOf(book)
	if len(w.Editor) != 1 || w.Editor[0].Name != "Ann Lee" || w.Editor[0].ID != "https://orcid.org/0000-0002-1825-0097" {
		t.Errorf("JSON-LD editor %+v, want Ann Lee with her iD", w.Editor)
	}
}

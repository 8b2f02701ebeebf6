package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/ris"
	"github.com/aboutscholar/about/render/wording"
)

// TestEditorsWritten: a chapter's book editors and an edited book's
// editors reach every citation format's editor field, and an edited book
// without authors is a book (BibTeX) or a collection (BibLaTeX), never a
// @misc, with its editors as editors.
func TestEditorsWritten(t *testing.T) {
	lee, ma := record.Author{Given: "Ann", Family: "Lee"}, record.Author{Given: "Bo", Family: "Ma"}
	book := &entry{key: "lee2020essays", rec: record.Record{Type: "book", Title: "Essays", Publisher: "Press",
		Issued: record.Date{Year: 2020}, Editors: []record.Author{lee, ma}}}
	chapter := &entry{key: "cruz2020one", rec: record.Record{Type: "chapter", Title: "One", Container: "Essays", Publisher: "Press",
		Issued: record.Date{Year: 2020}, Authors: []record.Author{{Given: "Eva", Family: "Cruz"}}, Editors: []record.Author{lee, ma}}}
	for _, tc := range []struct {
		name, got, want string
	}{
		{"bibtex book", bibEntryText(book, false), "@book{"},
		{"bibtex book editor", bibEntryText(book, false), "editor = {Lee, Ann and Ma, Bo}"},
		{"biblatex book", bibEntryText(book, true), "@collection{"},
		{"bibtex chapter editor", bibEntryText(chapter, false), "editor = {Lee, Ann and Ma, Bo}"},
		{"biblatex chapter editor", bibEntryText(chapter, true), "editor = {Lee, Ann and Ma, Bo}"},
		{"csl", strings.Join([]string{cslOf(chapter).Editor[0].Family, cslOf(chapter).Editor[1].Family}, ","), "Lee,Ma"},
	} {
		if !strings.Contains(strings.Join(strings.Fields(tc.got), " "), tc.want) { // fields are aligned with spaces
			t.Errorf("%s: want %q in\n%s", tc.name, tc.want, tc.got)
		}
	}
	var lines []string
	for _, f := range ris.Of(risWorkOf(chapter)) {
		lines = append(lines, f.Tag+"  - "+f.Value)
	}
	if got := strings.Join(lines, "\n"); !strings.Contains(got, "ED  - Lee, Ann\nED  - Ma, Bo") {
		t.Errorf("RIS without the editors:\n%s", got)
	}
	if in, container, _ := wording.Venue(chapter.rec); in != "In Ann Lee and Bo Ma (eds.)," || container != "Essays" {
		t.Errorf("chapter's venue %q %q, want In Ann Lee and Bo Ma (eds.), Essays", in, container)
	}
	if names, tail := shownAuthorList(book); len(names) != 2 || tail != " (eds.)" {
		t.Errorf("edited book's author line %+v%q, want the two editors and (eds.)", names, tail)
	}
}

// TestEditorListWording: one editor is "(ed.)", more "(eds.)", the last
// two joined by "and".
func TestEditorListWording(t *testing.T) {
	lee, ma, cruz := record.Author{Given: "Ann", Family: "Lee"}, record.Author{Given: "Bo", Family: "Ma"}, record.Author{Name: "Eva Cruz"}
	for _, tc := range []struct {
		eds  []record.Author
		want string
	}{
		{[]record.Author{lee}, "Ann Lee (ed.)"},
		{[]record.Author{lee, ma}, "Ann Lee and Bo Ma (eds.)"},
		{[]record.Author{lee, ma, cruz}, "Ann Lee, Bo Ma and Eva Cruz (eds.)"},
	} {
		if got := wording.EditorList(tc.eds); got != tc.want {
			t.Errorf("EditorList = %q, want %q", got, tc.want)
		}
	}
}

// TestMarkdownEditorsStayText: a chapter's venue line names its book's
// editors as a service sent them, and the Markdown page writes them as
// text: a name holding Markdown ("[x](javascript:…)", "*", "<b>") is not
// markup there (it was written raw while every other venue part was
// escaped).
func TestMarkdownEditorsStayText(t *testing.T) {
	r := record.Record{Title: "A Chapter", Type: "chapter", Container: "Essays", Issued: record.NewDate(2020, 0, 0),
		Authors: []record.Author{{Given: "Eva", Family: "Cruz"}},
		Editors: []record.Author{{Given: "Ann", Family: "[Lee](javascript:alert(1)) *<b>*"}},
		IDs:     record.IDs{DOI: "10.5555/md.editor"}}
	f := &folder.Folder{Root: "md", Works: []folder.Work{{ID: "doi:" + r.IDs.DOI, Record: r}}}
	md := renderString(t, f, Options{Format: Markdown})
	if strings.Contains(md, "[Lee](javascript") || strings.Contains(md, "<b>") || !strings.Contains(md, `\[Lee\]`) {
		t.Errorf("the editor's name is Markdown on the page:\n%s", md)
	}
}

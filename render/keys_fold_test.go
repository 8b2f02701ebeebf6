package render

import (
	"testing"

	"github.com/aboutscholar/about/record"
)

// TestKeyFoldAllOfUnicode: citation-key folding uses the one folding
// helper (record.Fold): marks dropped from any Latin letter, letters that
// do not decompose spelled out, nothing Latin left → "".
func TestKeyFoldAllOfUnicode(t *testing.T) {
	for in, want := range map[string]string{
		"Nguyễn":              "nguyen",
		"Đặng":                "dang",
		"Ødegård":             "odegard",
		"Łukasiewicz":         "lukasiewicz",
		"Straße":              "strasse",
		"Ærøskøbing":          "aeroskobing",
		"Þórsdóttir":          "thorsdottir",
		"Müller-Lüdenscheidt": "mullerludenscheidt",
		"张伟":                  "",
		"Иванов":              "",
	} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestKeyNameIsAFamilyName: a key always starts with a family name, for
// split names and for the literal names arXiv, OpenAlex and ORCID give;
// an organisation by its first significant word.
func TestKeyNameIsAFamilyName(t *testing.T) {
	for _, c := range []struct {
		a    record.Author
		want string
	}{
		{record.Author{Given: "Michael", Family: "Jensen"}, "jensen"},
		{record.Author{Name: "Michael Jensen"}, "jensen"},
		{record.Author{Name: "Anna van der Berg"}, "vanderberg"},
		{record.Author{Name: "Jensen, Michael"}, "jensen"},
		{record.Author{Given: "Thị Mai", Family: "Nguyễn"}, "nguyen"},
		{record.Author{Name: "The Human Genome Consortium"}, "human"},
		{record.Author{Name: "Plato"}, "plato"},
		{record.Author{Given: "Madonna"}, "madonna"},
	} {
		if got := fold(keyName(c.a)); got != c.want {
			t.Errorf("key name of %+v = %q, want %q", c.a, got, c.want)
		}
	}
}

// TestPosterGenreInCitationFiles: a poster (a speech with genre Poster)
// says so in CSL-JSON (genre), BibTeX (note) and BibLaTeX (type).
func TestPosterGenreInCitationFiles(t *testing.T) {
	e := &entry{id: "orcid-work:0000-0002-1825-0097/1", key: "jensen2023limits", rec: record.Record{
		Title: "Limits of catalysis", Type: "speech", Genre: "Poster",
		Authors: []record.Author{{Given: "Michael", Family: "Jensen"}}, Issued: record.NewDate(2023, 0, 0),
	}}
	if it := cslOf(e); it.Type != "speech" || it.Genre != "Poster" {
		t.Errorf("CSL type %q genre %q, want speech Poster", it.Type, it.Genre)
	}
	has := func(fs []bibField, name, value string) bool {
		for _, f := range fs {
			if f.name == name && f.value == value {
				return true
			}
		}
		return false
	}
	if typ, fs := bibEntry(e, false); typ != "misc" || !has(fs, "note", "Poster") {
		t.Errorf("BibTeX @%s %+v, want @misc with note Poster", typ, fs)
	}
	if typ, fs := bibEntry(e, true); typ != "misc" || !has(fs, "type", "Poster") {
		t.Errorf("BibLaTeX @%s %+v, want @misc with type Poster", typ, fs)
	}
}

package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// TestLanguageInEveryFormat: a Polish dataset (DataCite's "pl" for
// zenodo.3520062 in the recorded list answer) carries its language in
// CSL-JSON, RIS, BibLaTeX and BibTeX; a Japanese one (no babel name)
// only where the tag itself is written.
func TestLanguageInEveryFormat(t *testing.T) {
	f := &folder.Folder{Root: "language"}
	for _, w := range []struct{ doi, lang string }{{"10.5281/zenodo.3520062", "pl"}, {"10.5555/ja", "ja"}} {
		f.Works = append(f.Works, folder.Work{ID: "doi:" + w.doi, Record: record.Record{
			Title: "Work " + w.lang, Type: "dataset", Issued: record.NewDate(2019, 10, 31), Language: w.lang,
			Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}}, IDs: record.IDs{DOI: w.doi},
		}})
	}
	want := map[Format][]string{
		CSLJSON:  {`"language": "pl"`, `"language": "ja"`},
		RIS:      {"LA  - pl", "LA  - ja"},
		BibLaTeX: {"langid = {polish}"},
		BibTeX:   {"language = {polish}"},
	}
	for format, lines := range want {
		out := renderString(t, f, Options{Format: format, Person: ada})
		flat := strings.Join(strings.Fields(out), " ") // BibTeX aligns its "=" signs
		for _, l := range lines {
			if !strings.Contains(flat, strings.Join(strings.Fields(l), " ")) {
				t.Errorf("%s: no %q in\n%s", format, l, out)
			}
		}
		if strings.Count(out, "langid")+strings.Count(out, "language = ") > 1 {
			t.Errorf("%s: a language name written for the Japanese work:\n%s", format, out)
		}
	}
}

// TestTitleLangOnThePage: the Polish title is marked lang="pl" on the
// page; an English one inherits the page's.
func TestTitleLangOnThePage(t *testing.T) {
	f := &folder.Folder{Root: "language"}
	for _, w := range []struct{ doi, lang string }{{"10.5281/zenodo.3520062", "pl"}, {"10.1594/pangaea.836178", "en"}} {
		f.Works = append(f.Works, folder.Work{ID: "doi:" + w.doi, Record: record.Record{
			Title: "Work " + w.lang, Type: "dataset", Issued: record.NewDate(2019, 10, 31), Language: w.lang,
			IDs: record.IDs{DOI: w.doi},
		}})
	}
	out := renderString(t, f, Options{Format: HTML, Person: ada})
	if n := strings.Count(out, `<h3 class="title" lang="pl">`); n != 1 {
		t.Errorf("%d Polish titles marked; page:\n%s", n, out)
	}
	if strings.Count(out, ` lang="`) != 2 { // <html lang="en"> and the Polish title
		t.Errorf("lang attributes: %d, want 2", strings.Count(out, ` lang="`))
	}
}

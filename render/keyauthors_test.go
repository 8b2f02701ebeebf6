package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// TestKeyFromAuthorsInAnyScript: a work with authors is keyed by its first
// author's family name folded to ASCII; a name with no Latin letters gives
// the first Latin form of the same person the record carries, else for
// Cyrillic and Greek its letters spelled in ASCII, and "anon" when none
// does: never the name's own script (#32; #20 had keyed
// 王2021work, which pdfLaTeX's bibtex and html-site's file names fail on).
func TestKeyFromAuthorsInAnyScript(t *testing.T) {
	for _, c := range []struct {
		name    string
		authors []record.Author
		latin   []record.Author
		want    string
	}{
		{"latin", []record.Author{{Given: "Markus", Family: "Ralser"}}, nil, "ralser2021work"},
		{"accented", []record.Author{{Given: "José", Family: "Núñez"}}, nil, "nunez2021work"},
		{"han, family first", []record.Author{{Given: "小明", Family: "王"}}, nil, "anon2021work"},
		{"kana", []record.Author{{Given: "一郎", Family: "鈴木"}}, nil, "anon2021work"},
		{"kana, voiced", []record.Author{{Given: "はなこ", Family: "ごとう"}}, nil, "anon2021work"},
		{"hangul", []record.Author{{Given: "민준", Family: "김"}}, nil, "anon2021work"},
		{"cyrillic, romanised", []record.Author{{Given: "В. Г.", Family: "Кузнецов"}}, nil, "kuznetsov2021work"},
		{"cyrillic, the record's Latin form first", []record.Author{{Given: "В. Г.", Family: "Кузнецов"}}, []record.Author{{Family: "Kouznetsov"}}, "kouznetsov2021work"},
		{"cyrillic, й ё щ", []record.Author{{Family: "Щёлкин-Андрейченко"}}, nil, "shchelkinandreychenko2021work"},
		{"ukrainian", []record.Author{{Family: "Гнатюк-Їжакевич"}}, nil, "gnatyukyizhakevich2021work"},
		{"greek, accented", []record.Author{{Given: "Οδυσσέας", Family: "Ελύτης"}}, nil, "elytis2021work"},
		{"arabic", []record.Author{{Name: "محمد علي"}}, nil, "anon2021work"},
		{"hebrew", []record.Author{{Given: "דוד", Family: "כהן"}}, nil, "anon2021work"},
		{"thai", []record.Author{{Name: "กัญจนา แซ่เตียว"}}, nil, "anon2021work"},
		{"devanagari", []record.Author{{Given: "राम", Family: "शर्मा"}}, nil, "anon2021work"},
		{"emoji", []record.Author{{Name: "🦉"}}, nil, "anon2021work"},
		{"han, a Latin form", []record.Author{{Given: "元彦", Family: "宮地"}}, []record.Author{{Given: "Motohiko", Family: "Miyachi"}}, "miyachi2021work"},
		{"han, the first Latin form", []record.Author{{Given: "元彦", Family: "宮地"}}, []record.Author{{Family: "宮地"}, {Name: "Motohiko Miyachi"}, {Family: "Miyaji"}}, "miyachi2021work"},
		{"latin wins over the forms", []record.Author{{Given: "Markus", Family: "Ralser"}}, []record.Author{{Family: "Other"}}, "ralser2021work"},
		{"no authors", nil, nil, "anon2021work"},
	} {
		e := &entry{rec: record.Record{Authors: c.authors, Issued: record.Date{Year: 2021}}, latin: c.latin}
		if got := baseKey(e); got != c.want {
			t.Errorf("%s: key %q, want %q", c.name, got, c.want)
		}
	}
}

// TestKeyFormsFromTheRecord: the Latin forms of a first author whose name
// has none are the ORCID record's of the author's own iD (family, then
// credit name), then the manifest's name for that iD, then the other
// services' (folder.Work.FirstAuthorForms); none for a Latin name.
func TestKeyFormsFromTheRecord(t *testing.T) {
	const id = "0000-0002-1825-0097"
	f := &folder.Folder{Owners: map[string]snapshots.OwnerName{id: {Given: "元彦", Family: "宮地", Credit: "Motohiko Miyachi"}}}
	names := map[string]string{id: "M. Miyachi"}
	cjk := folder.Work{
		Record:           record.Record{Authors: []record.Author{{Given: "元彦", Family: "宮地", ORCID: id}}, Issued: record.Date{Year: 2007}},
		FirstAuthorForms: []record.Author{{Given: "Motohiko", Family: "Miyaji"}},
	}
	e := &entry{rec: cjk.Record, latin: keyForms(f, names, cjk)}
	if got := baseKey(e); got != "miyachi2007work" {
		t.Errorf("the ORCID record's credit name: key %q, want miyachi2007work", got)
	}
	cjk.Record.Authors[0].ORCID = ""
	e = &entry{rec: cjk.Record, latin: keyForms(f, names, cjk)}
	if got := baseKey(e); got != "miyaji2007work" {
		t.Errorf("another service's form: key %q, want miyaji2007work", got)
	}
	latin := folder.Work{Record: record.Record{Authors: []record.Author{{Family: "Lovelace", ORCID: id}}}}
	if forms := keyForms(f, names, latin); forms != nil {
		t.Errorf("a Latin name has forms %v", forms)
	}
}

// TestKeysAndWorkPagesAreASCII: works whose first authors have no Latin
// letters get keys of ASCII letters and digits, unique, and html-site's
// work pages are named after them; the BibTeX keys are the same.
func TestKeysAndWorkPagesAreASCII(t *testing.T) {
	work := func(id, family, given, title string) folder.Work {
		return folder.Work{ID: id, Record: record.Record{
			Title: title, Type: "article-journal", Issued: record.Date{Year: 2007},
			Authors: []record.Author{{Family: family, Given: given}},
		}}
	}
	f := &folder.Folder{Works: []folder.Work{
		work("doi:10.7600/jspfsm.56.60", "宮地", "元彦", "自律神経・循環器応答"),
		work("doi:10.5555/two", "山元", "健太", "循環器"),
		work("doi:10.5555/three", "김", "민준", "연구"),
		work("doi:10.5555/four", "Кузнецов", "В. Г.", "Генетика"),
	}}
	f.Works[1].FirstAuthorForms = []record.Author{{Family: "Yamamoto", Given: "Kenta"}}
	files, err := RenderFiles(f, Options{Format: HTMLSite, Services: testServices()})
	if err != nil {
		t.Fatal(err)
	}
	asciiPage := regexp.MustCompile(`^works/[a-z0-9]+\.html$`)
	seen := map[string]bool{}
	var pages []string
	for _, file := range files {
		if !strings.HasPrefix(file.Path, "works/") {
			continue
		}
		pages = append(pages, file.Path)
		if !asciiPage.MatchString(file.Path) || seen[file.Path] {
			t.Errorf("work page %q: not ASCII letters and digits, or twice", file.Path)
		}
		seen[file.Path] = true
	}
	want := []string{"works/anon2007worka.html", "works/anon2007workb.html", "works/kuznetsov2007work.html", "works/yamamoto2007work.html"}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("no page %s among %v", w, pages)
		}
	}
	bib := renderString(t, f, Options{Format: BibTeX})
	for _, k := range regexp.MustCompile(`(?m)^@\w+\{([^,]*),`).FindAllStringSubmatch(bib, -1) {
		if !regexp.MustCompile(`^[a-z0-9]+$`).MatchString(k[1]) {
			t.Errorf("BibTeX key %q is not ASCII letters and digits", k[1])
		}
	}
}

package render

import (
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// authorKey is the part of a key the first author gives: the family name
// folded to a-z and 0-9 (keyName). A name written in a script that has no
// such letters (王, 鈴木, ごとう, 김, Иванов) gives the first of latin, the
// Latin forms of the same person the record carries (keyForms), that
// folds to something; "" when none does, and the key starts anon. A key
// is never in the name's own script (issue #32): docs/render.md promises
// ASCII letters and digits, pdfLaTeX's bibtex reads a UTF-8 key byte by
// byte, and html-site names a file after it. No romanisation is guessed:
// golang.org/x/text has none for these scripts, and a Han name read as
// Mandarin is wrong for a Japanese one (what Better BibTeX's users of
// Japanese names report of its pinyin keys: retorquere/zotero-better-bibtex
// issues 979 and 1785).
func authorKey(a record.Author, latin []record.Author) string {
	if f := fold(keyName(a)); f != "" {
		return f
	}
	for _, l := range latin {
		if f := fold(keyName(l)); f != "" {
			return f
		}
	}
	return ""
}

// keyForms is the Latin forms of a work's first author the record
// carries, best first: the name the ORCID record of the author's own iD
// gives (its family and credit names), else the name the manifest gives
// with that iD, then how the work's other records name them
// (folder.Work.FirstAuthorForms). nil for a work without authors or
// whose first author's name has Latin letters.
func keyForms(f *folder.Folder, manifestNames map[string]string, w folder.Work) []record.Author {
	if len(w.Record.Authors) == 0 || fold(keyName(w.Record.Authors[0])) != "" {
		return nil
	}
	var forms []record.Author
	if id := w.Record.Authors[0].ORCID; id != "" {
		if n, ok := f.Owners[id]; ok {
			forms = append(forms, record.Author{Family: n.Family}, record.Author{Name: n.Credit})
		}
		if n := manifestNames[id]; n != "" {
			forms = append(forms, record.Author{Name: n})
		}
	}
	return append(forms, w.FirstAuthorForms...)
}

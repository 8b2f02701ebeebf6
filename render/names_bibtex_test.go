package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// TestBibTeXSortsIndexNamesByFamily: works known only from an index, with
// the authors as the adapters now read them from the real recordings
// (testdata/names/authors.tsv: the PLOS ONE work doi:10.1371/journal.pone.0000030
// from OpenAlex, Adeodato and Norese from OpenAlex's works sample,
// "Tay RYK" from Europe PMC's authorString), go through bibtex with
// plain.bst, which sorts by family name: Adeodato, Norese, Ralser, Tay.
// Written as one literal ({Markus Ralser}), Ralser sorted under M.
func TestBibTeXSortsIndexNamesByFamily(t *testing.T) {
	bibtex := tool(t, "bibtex")
	works := []struct {
		title   string
		authors []record.Author
	}{
		{"Ralser work", []record.Author{{Given: "Markus", Family: "Ralser"}, {Given: "Gino", Family: "Heeren"}}},
		{"Tay work", []record.Author{{Given: "R. Y. K.", Family: "Tay"}, {Given: "M.", Family: "Sachdeva"}}},
		{"Norese work", []record.Author{{Given: "Maria Franca", Family: "Norese"}}},
		{"Adeodato work", []record.Author{{Given: "João Maurício", Family: "Adeodato"}}},
		{"Mid work", []record.Author{{Given: "Zed", Family: "Mid"}}}, // between M(arkus) and N(orese) only if Ralser were literal
	}
	f := &folder.Folder{Root: "names"}
	for i, w := range works {
		r := record.Record{Title: w.title, Type: "article-journal", Container: "PLOS ONE", Authors: w.authors,
			Issued: record.NewDate(2007, 0, 0), IDs: record.IDs{DOI: "10.5555/names." + string(rune('a'+i))}}
		f.Works = append(f.Works, folder.Work{ID: "doi:" + r.IDs.DOI, Record: r})
	}
	dir := t.TempDir()
	writeTemp(t, dir, "works.bib", renderString(t, f, Options{Format: BibTeX}))
	writeTemp(t, dir, "doc.aux", "\\citation{*}\n\\bibstyle{plain}\n\\bibdata{works}\n")
	stdout, stderr, err := run(t, dir, bibtex, "doc")
	if err != nil || strings.Contains(stdout+stderr, "Warning--") {
		t.Fatalf("bibtex: %v\n%s%s", err, stdout, stderr)
	}
	bbl, err := os.ReadFile(filepath.Join(dir, "doc.bbl"))
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, line := range strings.Split(string(bbl), "\n") {
		if t, ok := strings.CutPrefix(line, "\\newblock {"); ok && strings.HasSuffix(t, " work}.") {
			order = append(order, strings.TrimSuffix(t, "}."))
		}
	}
	want := []string{"Adeodato work", "Mid work", "Norese work", "Ralser work", "Tay work"}
	if strings.Join(order, "|") != strings.Join(want, "|") {
		t.Errorf("plain.bst order %q, want %q\n%s", order, want, bbl)
	}
	if !strings.Contains(string(bbl), "Markus Ralser and Gino Heeren") || !strings.Contains(string(bbl), "R.~Y.~K. Tay") {
		t.Errorf("names not formatted as given + family:\n%s", bbl)
	}
}

// TestBibFamilyBracesWhatPandocWouldSplit: a family name of capitalised
// words opening with a non-ASCII letter is braced whole (pandoc read
// "{\"O}zt{\"u}rk Fincan" as the particle Öztürk and the family Fincan);
// particles, one word and ASCII names are left to BibTeX's own reading.
func TestBibFamilyBracesWhatPandocWouldSplit(t *testing.T) {
	for family, want := range map[string]string{
		"Öztürk Fincan":  "{Öztürk Fincan}",
		"Álvarez García": "{Álvarez García}",
		"Ávila":          "Ávila",
		"de la Fuente":   "de la Fuente",
		"Ó Briain":       "{Ó Briain}",
		"Van der Meer":   "{Van der Meer}",
		"De la Torre":    "{De la Torre}",
		"Garcia Marquez": "Garcia Marquez",
		"García Márquez": "García Márquez",
		// a later word opening with a non-ASCII letter: pandoc 2.17 read
		// "Garc{\'{i}}a {\'{A}}lvarez" as particle García, family Álvarez
		"García Álvarez": "{García Álvarez}",
		"Le Étang":       "{Le Étang}",
		"Mac Ómhuirí":    "{Mac Ómhuirí}",
		// particles first: the rest braced, the particles left as von
		"de la Vega Álvarez": "de la {Vega Álvarez}",
		"van der Berg":       "van der Berg",
	} {
		if got := bibFamily(family); got != want {
			t.Errorf("bibFamily(%q) = %q, want %q", family, got, want)
		}
	}
}

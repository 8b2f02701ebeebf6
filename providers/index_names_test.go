package providers

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/record"
)

// nameRow is one author of testdata/names/authors.tsv, written by hand.
type nameRow struct {
	file          string
	work, author  int
	given, family string
}

func readNameRows(t *testing.T) []nameRow {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "names", "authors.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []nameRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			t.Fatalf("authors.tsv: %q has %d columns", line, len(c))
		}
		w, _ := strconv.Atoi(c[1])
		a, _ := strconv.Atoi(c[2])
		rows = append(rows, nameRow{c[0], w, a, c[3], c[4]})
	}
	return rows
}

// indexAuthors parses one work of a recorded answer as its adapter does.
func indexAuthors(t *testing.T, file string, work int) []record.Author {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	doc := gjson.ParseBytes(raw)
	var rec record.Record
	switch {
	case strings.HasPrefix(file, "openalex/"):
		if doc.Get("results").Exists() {
			doc = doc.Get("results").Array()[work]
		}
		rec = openAlexWork(doc)
	case strings.HasPrefix(file, "semanticscholar/"):
		rec = s2Paper(doc.Array()[work])
	case strings.HasPrefix(file, "europepmc/"):
		rec = europePMCRecord(doc.Get("resultList.result").Array()[work])
	default:
		t.Fatalf("no adapter for %s", file)
	}
	return rec.Authors
}

// TestIndexNamesOnRecordings: every author of the real index answers in
// testdata/names/authors.tsv comes out split as the table says (the
// table is the bibliographer's reading of each byline, never the code's
// output), and no work has an author the table lacks (an affiliation
// listed as an author). The log says how many names were left literal
// and how many were split wrongly.
func TestIndexNamesOnRecordings(t *testing.T) {
	type key struct {
		file string
		work int
	}
	byWork := map[key][]nameRow{}
	var order []key
	for _, r := range readNameRows(t) {
		k := key{r.file, r.work}
		if byWork[k] == nil {
			order = append(order, k)
		}
		byWork[k] = append(byWork[k], r)
	}
	var literal, wrong, extra, total int
	for _, k := range order {
		want := byWork[k]
		got := indexAuthors(t, k.file, k.work)
		if len(got) != len(want) {
			extra += max(len(got)-len(want), 0)
			t.Errorf("%s #%d: %d authors, want %d: %+v", k.file, k.work, len(got), len(want), got)
		}
		for _, w := range want {
			total++
			if w.author >= len(got) {
				continue
			}
			g := got[w.author]
			switch {
			case g.Given == "" && g.Family == "":
				literal++
				t.Errorf("%s #%d author %d: literal %q, want %q + %q", k.file, k.work, w.author, g.Name, w.given, w.family)
			case g.Given != w.given || g.Family != w.family:
				wrong++
				t.Errorf("%s #%d author %d: %q + %q, want %q + %q", k.file, k.work, w.author, g.Given, g.Family, w.given, w.family)
			}
		}
	}
	t.Logf("%d authors of %d works: %d literal, %d split wrongly, %d not authors at all", total, len(order), literal, wrong, extra)
}

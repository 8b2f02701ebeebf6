package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/render/folder"
)

// TestCountsWithoutSelfShownOnlyWhenBelievable: a count without
// self-citations shows beside its count ("cited by 37 (30 without
// self-citations)"); one larger than the count it is part of, or out of
// range, is no count to believe and the line says the count alone.
func TestCountsWithoutSelfShownOnlyWhenBelievable(t *testing.T) {
	for _, c := range []struct{ counts, want, not string }{
		{`{"cited_by": 37, "cited_by_without_self": 30}`, "cited by 37 (30 without self-citations) · Crossref", ""},
		{`{"cited_by": 37, "cited_by_without_self": 38}`, "cited by 37 · Crossref", "without self-citations"},
		{`{"cited_by": 37, "cited_by_without_self": -1}`, "cited by 37 · Crossref", "without self-citations"},
	} {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", "snapshots"))); err != nil {
			t.Fatal(err)
		}
		setCrossrefCounts(t, dir, "doi_10.1145_2f3448016.3452841", c.counts)
		f, err := folder.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		page := renderString(t, f, Options{Format: Markdown, Counts: true, CountsSource: "crossref"})
		if !strings.Contains(page, c.want) || (c.not != "" && strings.Contains(page, c.not)) {
			t.Errorf("%s: the page lacks %q (or says %q):\n%s", c.counts, c.want, c.not, page)
		}
	}
}

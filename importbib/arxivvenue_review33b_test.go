package importbib

import (
	"slices"
	"testing"
)

// Google Scholar exports an arXiv preprint as @article with journal =
// {arXiv preprint arXiv:2405.08645} (boqi-chen.github.io's papers.bib,
// testdata/import/alfolio/SOURCES.md). The entry is a preprint, not a
// journal article: read as article-journal it would be written back as
// @article in a journal and, once arXiv answers ("article"), stand as a
// type conflict on every such entry. The venue stays as written, so
// al-folio shows what the file showed.
func TestGoogleScholarArXivArticleIsAPreprint(t *testing.T) {
	entries := FromBib(readAlfolio(t, "20001LastOrder-boqi-chen.github.io.bib"))
	i := slices.IndexFunc(entries, func(e Entry) bool { return e.Key == "chen2024certifying" })
	if i < 0 {
		t.Fatal("no entry chen2024certifying")
	}
	if r := entries[i].Record; r.Type != "article" || r.Venue != "arXiv preprint arXiv:2405.08645" {
		t.Errorf("type %q, venue %q; want a preprint (article) with the venue as written", r.Type, r.Venue)
	}
	// a journal article that names arXiv elsewhere stays one
	j := slices.IndexFunc(entries, func(e Entry) bool { return e.Record.Type == "article-journal" })
	if j < 0 {
		t.Error("no article-journal left in the file")
	}
}

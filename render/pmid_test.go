package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
)

// TestEveryFormatCarriesThePMID: markdown links PubMed as the html chip
// does, BibTeX writes pmid, BibLaTeX an eprint of type pubmed; an arXiv
// eprint keeps BibLaTeX's one eprint field.
func TestEveryFormatCarriesThePMID(t *testing.T) {
	paper := record.Record{Title: "The paper", Type: "article-journal", Container: "J", Issued: record.NewDate(2024, 2, 0),
		Authors: []record.Author{{Given: "Ada", Family: "Lovelace"}}, IDs: record.IDs{DOI: "10.5555/paper", PMID: "37000042"}}
	f := &folder.Folder{Works: []folder.Work{{ID: "doi:10.5555/paper", Record: paper}}}
	for format, want := range map[Format]string{
		Markdown: "[PubMed 37000042](https://pubmed.ncbi.nlm.nih.gov/37000042/)",
		BibTeX:   "pmid = {37000042},",
		BibLaTeX: "eprint = {37000042}, eprinttype = {pubmed},",
	} {
		got := strings.Join(strings.Fields(renderString(t, f, Options{Format: format})), " ") // BibTeX aligns its "="
		if !strings.Contains(got, want) {
			t.Errorf("%s lacks %q:\n%s", format, want, got)
		}
	}
	paper.IDs.ArXiv = "2401.00001"
	f.Works[0].Record = paper
	got := strings.Join(strings.Fields(renderString(t, f, Options{Format: BibLaTeX})), " ")
	if !strings.Contains(got, "eprint = {2401.00001}, eprinttype = {arxiv},") || strings.Contains(got, "pubmed") {
		t.Errorf("BibLaTeX with arXiv and PMID: want the arXiv eprint only:\n%s", got)
	}
}

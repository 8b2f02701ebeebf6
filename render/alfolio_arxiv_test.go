package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// al-folio sites write arxiv = {…} beside doi = {…} for a published paper
// with an e-print (about import keeps the pair as a preprint-of link): the
// entry shown is the paper, and its arXiv badge links the preprint's id
// when the paper's own record names none.
func TestAlFolioBadgeLinksThePreprintsArXivID(t *testing.T) {
	f := &folder.Folder{
		Works: []folder.Work{
			{ID: "doi:10.18653/v1/2020.acl-main.60", Record: record.Record{Title: "Paraphrase Augmented Task-Oriented Dialog Generation",
				Type: "paper-conference", IDs: record.IDs{DOI: "10.18653/v1/2020.acl-main.60"}, Issued: record.Date{Year: 2020}}},
			{ID: "arxiv:2004.07462", Record: record.Record{Title: "Paraphrase Augmented Task-Oriented Dialog Generation",
				Type: "article", Genre: "Preprint", IDs: record.IDs{ArXiv: "2004.07462"}, Issued: record.Date{Year: 2020}}},
		},
		Links: &snapshots.Links{
			Links:   []snapshots.Link{{Kind: manifest.LinkPreprintOf, From: "arxiv:2004.07462", To: "doi:10.18653/v1/2020.acl-main.60", By: "manifest"}},
			ShownAs: map[string]string{"arxiv:2004.07462": "doi:10.18653/v1/2020.acl-main.60"},
		},
	}
	bib := renderString(t, f, Options{Format: AlFolio})
	if strings.Count(bib, "\n@") != 1 || !strings.Contains(strings.Join(strings.Fields(bib), " "), "arxiv = {2004.07462}") {
		t.Errorf("al-folio:\n%s", bib)
	}
}

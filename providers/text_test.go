package providers

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// TestTitlePathsKeepText sends one title through every provider's title
// path, in the form the service sends it: JSON services send markup and
// text raw, XML services (PubMed, arXiv) escape a literal '<' and the XML
// decoder hands it back as text.
func TestTitlePathsKeepText(t *testing.T) {
	const title = "Is x < y? <i>Bounds</i> at p<0.05 and n>3: Signal > Noise <3"
	const want = "Is x < y? Bounds at p<0.05 and n>3: Signal > Noise <3"
	js, _ := json.Marshal(title)
	raw := string(js)
	xmlTitle := strings.NewReplacer("<i>", "", "</i>", "").Replace(title) // the XML services carry no face markup here
	var escaped strings.Builder
	_ = xml.EscapeText(&escaped, []byte(xmlTitle))
	paths := map[string]func() string{
		"crossref": func() string { r := crossrefWork(gjson.Parse(`{"title":[` + raw + `]}`)); return r.Title },
		"datacite": func() string { r := dataCiteWork(gjson.Parse(`{"titles":[{"title":` + raw + `}]}`)); return r.Title },
		"openalex": func() string { r := openAlexWork(gjson.Parse(`{"title":` + raw + `}`)); return r.Title },
		"europepmc": func() string {
			r := europePMCRecord(gjson.Parse(`{"title":` + raw + `}`))
			return r.Title
		},
		"semanticscholar": func() string { r := s2Paper(gjson.Parse(`{"title":` + raw + `}`)); return r.Title },
		"orcid":           func() string { return orcidRecord(gjson.Parse(`{"title":{"title":{"value":` + raw + `}}}`)).Title },
		"doiorg": func() string {
			r, err := parseCSL(gjson.Parse(`{"type":"article-journal","DOI":"10.1/x","title":` + raw + `}`))
			if err != nil || r.Record == nil {
				return "error"
			}
			return r.Record.Title
		},
		"unpaywall": func() string {
			r, err := parseUnpaywall(gjson.Parse(`{"doi":"10.1/x","title":` + raw + `}`))
			if err != nil {
				return "error"
			}
			return r.Record.Title
		},
		"pubmed": func() string {
			var set pubmedSet
			doc := `<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>1</PMID><Article><ArticleTitle>` +
				escaped.String() + `</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>`
			if err := xml.Unmarshal([]byte(doc), &set); err != nil || len(set.Articles) != 1 {
				return "error"
			}
			return set.Articles[0].record().Title
		},
		"arxiv": func() string {
			var feed arxivFeed
			doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2101.00001v1</id><title>` +
				escaped.String() + `</title></entry></feed>`
			if err := xml.Unmarshal([]byte(doc), &feed); err != nil || len(feed.Entries) != 1 {
				return "error"
			}
			return arxivRecord(feed.Entries[0]).Title
		},
	}
	for name, title := range paths {
		if got := title(); got != want {
			t.Errorf("%s title = %q, want %q", name, got, want)
		}
	}
}

// TestCrossrefPreprintServer: a Crossref preprint names its server as
// publisher: the posting institution when the record gives one (bioRxiv
// and medRxiv share 10.1101), else the server of the DOI prefix, never a
// guess between bioRxiv and medRxiv.
func TestCrossrefPreprintServer(t *testing.T) {
	cases := []struct{ doc, publisher, genre string }{
		{`{"type":"posted-content","subtype":"preprint","DOI":"10.1101/2020.01.01.1","publisher":"Cold Spring Harbor Laboratory","institution":[{"name":"medRxiv"}]}`, "medRxiv", "Preprint"},
		{`{"type":"posted-content","subtype":"preprint","DOI":"10.1101/2020.01.01.1","publisher":"Cold Spring Harbor Laboratory"}`, "Cold Spring Harbor Laboratory", "Preprint"},
		{`{"type":"posted-content","subtype":"preprint","DOI":"10.21203/rs.3.rs-1/v1","publisher":"Springer Science and Business Media LLC"}`, "Research Square", "Preprint"},
		{`{"type":"posted-content","subtype":"preprint","DOI":"10.26434/chemrxiv-2021-x","publisher":"American Chemical Society (ACS)"}`, "ChemRxiv", "Preprint"},
		{`{"type":"posted-content","subtype":"working-paper","DOI":"10.2139/ssrn.1","publisher":"Elsevier BV"}`, "Elsevier BV", ""},
		{`{"type":"journal-article","DOI":"10.1101/gad.1","publisher":"Cold Spring Harbor Laboratory"}`, "Cold Spring Harbor Laboratory", ""},
	}
	for _, c := range cases {
		r := crossrefWork(gjson.Parse(c.doc))
		if r.Publisher != c.publisher || r.Genre != c.genre {
			t.Errorf("%s: publisher %q genre %q, want %q %q", c.doc, r.Publisher, r.Genre, c.publisher, c.genre)
		}
	}
}

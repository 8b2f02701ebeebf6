package providers

import (
	"encoding/json"
	"encoding/xml"
	"html"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/aboutscholar/about/manifest"
)

func TestPlainText(t *testing.T) {
	cases := map[string]string{
		"plain  text\n here":                "plain text here",
		"H<sub>2</sub>O and <i>in vivo</i>": "H2O and in vivo",
		"<jats:title>Abstract</jats:title><jats:p>First.</jats:p><jats:p>Second</jats:p>": "Abstract First. Second",
		"measured <b>twice</b>.":                                 "measured twice.",
		"a &amp; b &lt;c&gt; caf&eacute;":                        "a & b <c> café",
		"line<br/>break":                                         "line break",
		"<sec id='s1'><title>Aim</title></sec>":                  "Aim",
		`<jats:italic toggle="yes">E. coli</jats:italic> growth`: "E. coli growth",
		`<mml:math display="inline"><mml:msub><mml:mi>x</mml:mi><mml:mn>2</mml:mn></mml:msub></mml:math>`: "x2",
		"<scp>Dna</scp> repair":     "Dna repair",
		"a <mml:mo>&lt;</mml:mo> b": "a < b",
		// Not markup: a '<' with no known tag name after it is text.
		"Is x < y? Bounds for catalysis robust":    "Is x < y? Bounds for catalysis robust",
		"Effects at p<0.05 and n>3":                "Effects at p<0.05 and n>3",
		"Signal > Noise":                           "Signal > Noise",
		"I <3 catalysis":                           "I <3 catalysis",
		"a<b and c>d":                              "a<b and c>d", // b is a tag name, but "<b and c>" is no tag
		"<yes> we can":                             "<yes> we can",
		"x <i and y":                               "x <i and y",
		"<= and >= bounds":                         "<= and >= bounds",
		"<unknown:i>text</unknown:i>":              "text", // any namespace prefix
		"1 <  2":                                   "1 < 2",
		"<i class=>broken":                         "<i class=>broken",
		"<!-- not a tag we know --> stays as text": "<!-- not a tag we know --> stays as text",
	}
	for in, want := range cases {
		if got := PlainText(in); got != want {
			t.Errorf("PlainText(%q) = %q, want %q", in, got, want)
		}
	}
}

// hasKnownTagName reports whether some '<' in s is followed by an element
// name PlainText knows (after an optional '/' and namespace prefix): the
// only places it may remove anything. It is a looser oracle than the
// parser (it ignores what follows the name), so every string it clears
// must come out of PlainText unchanged.
func hasKnownTagName(s string) bool {
	for i := strings.IndexByte(s, '<'); i >= 0; i = strings.IndexByte(s, '<') {
		s = strings.TrimPrefix(s[i+1:], "/")
		end := 0
		for end < len(s) && isNameByte(s[end]) {
			end++
		}
		for _, part := range strings.Split(strings.ToLower(s[:end]), ":") {
			if _, ok := markupTags[part]; ok {
				return true
			}
		}
	}
	return false
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// FuzzPlainTextKeepsText: text with no tag in it comes out as it went in,
// white space aside, whatever '<' and '>' it holds; and any text, escaped
// as a provider escapes it, comes back whole.
func FuzzPlainTextKeepsText(f *testing.F) {
	for _, s := range []string{"Is x < y? Bounds", "p<0.05 and n>3", "Signal > Noise", "<3", "a<b", "<b", "<0 1>",
		"x <i and y", "<i>", "H<sub>2</sub>O", "AT&T", "<yes>", "<<>>", "</", "<a =b>", "\xff<i>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := PlainText(html.EscapeString(s)), collapse(s); got != want {
			t.Errorf("PlainText(escaped %q) = %q, want %q", s, got, want)
		}
		if strings.Contains(s, "&") || hasKnownTagName(s) {
			return
		}
		if got, want := PlainText(s), collapse(s); got != want {
			t.Errorf("PlainText(%q) = %q, want %q", s, got, want)
		}
	})
}

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
		"crossref": func() string { r, _ := crossrefWork(gjson.Parse(`{"title":[` + raw + `]}`)); return r.Title },
		"datacite": func() string { r, _ := dataCiteWork(gjson.Parse(`{"titles":[{"title":` + raw + `}]}`)); return r.Title },
		"openalex": func() string { r, _ := openAlexWork(gjson.Parse(`{"title":` + raw + `}`)); return r.Title },
		"europepmc": func() string {
			r, _ := europePMCRecord(gjson.Parse(`{"title":` + raw + `}`))
			return r.Title
		},
		"semanticscholar": func() string { r, _ := s2Paper(gjson.Parse(`{"title":` + raw + `}`)); return r.Title },
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

// TestCSLTypeAndGenre: source types map to CSL item types faithfully, a
// poster to a speech with genre Poster, a preprint to an article with
// genre Preprint.
func TestCSLTypeAndGenre(t *testing.T) {
	for in, want := range map[string][2]string{
		"conference-poster":  {"speech", "Poster"},
		"preprint":           {"article", "Preprint"},
		"posted-content":     {"article", "Preprint"},
		"conference-paper":   {"paper-conference", ""},
		"magazine-article":   {"article-magazine", ""},
		"newspaper-article":  {"article-newspaper", ""},
		"book-review":        {"review-book", ""},
		"lecture-speech":     {"speech", ""},
		"website":            {"webpage", ""},
		"journal-issue":      {"periodical", ""},
		"book-part":          {"chapter", ""},
		"journal-article":    {"article-journal", ""},
		"technical-standard": {"standard", ""},
	} {
		if typ, genre := CSLType(in), CSLGenre(in); typ != want[0] || genre != want[1] || !manifest.IsCSLType(typ) {
			t.Errorf("%s → %q genre %q, want %q genre %q", in, typ, genre, want[0], want[1])
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
		r, _ := crossrefWork(gjson.Parse(c.doc))
		if r.Publisher != c.publisher || r.Genre != c.genre {
			t.Errorf("%s: publisher %q genre %q, want %q %q", c.doc, r.Publisher, r.Genre, c.publisher, c.genre)
		}
	}
}

// TestAbstractTextDropsTheHeading: a leading heading that only labels the
// text goes; a heading that says more, a first word "Abstract" in plain
// text, and a later section's title stay.
func TestAbstractTextDropsTheHeading(t *testing.T) {
	cases := []struct{ in, want string }{
		{"<jats:title>Abstract</jats:title><jats:p>Bacterial lipids.</jats:p>", "Bacterial lipids."},
		{"\n <jats:abstract><jats:sec><jats:title>SUMMARY:</jats:title>\n<jats:p>Text.</jats:p></jats:sec></jats:abstract>", "Text."},
		{"<h2>Abstract.</h2><p>Text.</p>", "Text."},
		{"<jats:title>Background</jats:title><jats:p>Text.</jats:p>", "Background Text."},
		{"<jats:title>Abstract <jats:italic>and</jats:italic> more</jats:title><jats:p>Text.</jats:p>", "Abstract and more Text."},
		{"Abstract algebra studies groups.", "Abstract algebra studies groups."},
		{"<jats:p>Abstract algebra.</jats:p>", "Abstract algebra."},
		{"<jats:p>Text.</jats:p><jats:title>Abstract</jats:title>", "Text. Abstract"},
		{"<i>Abstract</i> art", "Abstract art"},
		{"<jats:title><bold>Abstract</bold></jats:title><jats:p>Text.</jats:p>", "Text."},
		{"<jats:title><jats:italic>Abstract</jats:italic></jats:title><jats:p>Text.</jats:p>", "Text."},
		{"<h2><b>Summary:</b></h2><p>Text.</p>", "Text."},
		{"<b>Abstract</b><p>Text.</p>", "Text."},
		{"<p><strong>Abstract:</strong> Text.</p>", "Text."},
		{"<b>Abstract</b> art is made.", "Abstract art is made."},
		{"<b>Abstract algebra</b> studies groups.", "Abstract algebra studies groups."},
		{"<jats:title><bold>Background</bold></jats:title><jats:p>Text.</jats:p>", "Background Text."},
		{"<jats:title>Abstract", "Abstract"},
		{"", ""},
	}
	for _, c := range cases {
		if got := AbstractText(c.in); got != c.want {
			t.Errorf("AbstractText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

package importbib

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/manifest"
)

// Found is what an entry names: its identifiers, best first (a DOI, an
// arXiv id, a PMID, a PMCID, as manifest.WorkRank orders them; within a
// kind, the entry's own field first), and the identifier fields whose
// value is not one, each saying why.
type Found struct {
	IDs []manifest.Identity
	Bad []string
}

// idFields are the fields that hold one identifier of a kind, by name.
var idFields = map[string]manifest.Kind{
	"doi": manifest.KindDOI, "arxiv": manifest.KindArXiv, "pmid": manifest.KindPMID, "pmcid": manifest.KindPMCID,
}

// eprintTypes are the eprinttype (biblatex) and archiveprefix (BibTeX,
// arXiv's own export) values whose eprint is an identifier about knows.
var eprintTypes = map[string]manifest.Kind{
	"arxiv": manifest.KindArXiv, "doi": manifest.KindDOI, "pubmed": manifest.KindPMID, "pmid": manifest.KindPMID,
	"pmc": manifest.KindPMCID, "pmcid": manifest.KindPMCID,
}

// mentions find an identifier written inside another field: a link to
// its home, or "doi:" / "arXiv:" before it (Google Scholar's journal =
// {arXiv preprint arXiv:2101.00001}).
var mentions = []struct {
	kind manifest.Kind
	re   *regexp.Regexp
}{
	{manifest.KindDOI, regexp.MustCompile(`(?i)\b(?:dx\.)?doi\.org/(10\.[0-9]{4,9}/[^\s"<>{}\\]+)`)},
	{manifest.KindDOI, regexp.MustCompile(`(?i)\bdoi:\s*(10\.[0-9]{4,9}/[^\s"<>{}\\]+)`)},
	// a publisher's landing page by DOI: dl.acm.org/doi/10.1145/…,
	// link.aps.org/doi/…, onlinelibrary.wiley.com/doi/abs/…
	{manifest.KindDOI, regexp.MustCompile(`(?i)^https?://[^\s/]+/doi/(?:abs/|full/|pdf/|epdf/|book/)?(10\.[0-9]{4,9}/[^\s"<>{}\\?#]+)`)},
	{manifest.KindArXiv, regexp.MustCompile(`(?i)\barxiv\.org/(?:abs|pdf)/([a-z-]+(?:\.[a-z]{2})?/[0-9]{7}|[0-9]{4}\.[0-9]{4,5})`)},
	{manifest.KindArXiv, regexp.MustCompile(`(?i)\barxiv:\s*([a-z-]+(?:\.[a-z]{2})?/[0-9]{7}|[0-9]{4}\.[0-9]{4,5})`)},
	{manifest.KindPMID, regexp.MustCompile(`(?i)\b(?:pubmed\.ncbi\.nlm\.nih\.gov/|ncbi\.nlm\.nih\.gov/pubmed/)([0-9]{1,9})\b`)},
	{manifest.KindPMCID, regexp.MustCompile(`(?i)\b(?:ncbi\.nlm\.nih\.gov/pmc/articles/|pmc\.ncbi\.nlm\.nih\.gov/articles/|europepmc\.org/articles?/)(PMC[0-9]{1,9})\b`)},
}

// notScanned are fields whose links name other works, not the entry's:
// an abstract cites data and papers; an annotation comments on them.
var notScanned = map[string]bool{"abstract": true, "annotation": true, "additional_info": true, "review": true}

// Find reads the identifiers e names in its own fields (never a
// crossref parent's: a proceedings' DOI is not its paper's).
func Find(e *bibfile.Entry) Found {
	var out Found
	seen := map[string]bool{}
	add := func(kind manifest.Kind, raw, field string, strict bool) {
		addFound(&out, seen, kind, raw, field, strict)
	}
	eprintKind, hasEprintKind := eprintKindOf(e)
	for _, f := range e.Fields { // the identifier fields first
		if kind, ok := idFields[f.Name]; ok && strings.TrimSpace(f.Value) != "" {
			add(kind, f.Value, f.NameWritten, true)
		}
		if f.Name == "eprint" && hasEprintKind && strings.TrimSpace(f.Value) != "" {
			add(eprintKind, f.Value, "eprint", true)
		}
	}
	for _, f := range e.Fields { // then links and mentions, in file order
		if notScanned[f.Name] {
			continue
		}
		for _, m := range mentions {
			for _, sub := range m.re.FindAllStringSubmatch(f.Value, -1) {
				add(m.kind, trimTrailing(sub[1]), f.NameWritten, false)
			}
		}
	}
	sortIDs(out.IDs)
	return out
}

// eprintKindOf is the kind eprint holds, from eprinttype or archiveprefix.
func eprintKindOf(e *bibfile.Entry) (manifest.Kind, bool) {
	for _, name := range []string{"eprinttype", "archiveprefix"} {
		if f, ok := e.Own(name); ok {
			k, known := eprintTypes[strings.ToLower(strings.TrimSpace(bibfile.Text(f.Value)))]
			return k, known
		}
	}
	return "", false
}

// cleanID takes the LaTeX off an identifier as people write it in a .bib:
// braces, \_ and the like, \url{...}; a link in a field of another kind
// is left to the normaliser, which reads the kind's own links.
func cleanID(raw string, kind manifest.Kind) string {
	s := strings.TrimSpace(raw)
	if strings.HasPrefix(s, `\url{`) || strings.HasPrefix(s, `\href{`) {
		s = s[strings.IndexByte(s, '{')+1:]
		if end := strings.IndexByte(s, '}'); end >= 0 {
			s = s[:end]
		}
	}
	s = strings.NewReplacer(`\_`, "_", `\%`, "%", `\&`, "&", `\#`, "#", `\$`, "$", "{", "", "}", "").Replace(s)
	if kind == manifest.KindArXiv { // arxiv.org/pdf/2101.00001.pdf
		s = strings.TrimSuffix(strings.Replace(s, "arxiv.org/pdf/", "arxiv.org/abs/", 1), ".pdf")
	}
	return strings.TrimSpace(s)
}

// trimTrailing drops the punctuation a sentence puts after a link.
func trimTrailing(s string) string { return strings.TrimRight(s, ".,;:)]'") }

// invisible are the characters the manifest refuses anywhere in its file
// (format characters: soft hyphen, zero-width and direction marks).
func invisible(r rune) bool { return unicode.Is(unicode.Cf, r) }

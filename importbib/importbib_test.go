package importbib

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/manifest"
)

// alfolioCounts are testdata/import/alfolio's files as read by hand
// (grep for "@type{", doi, arxiv, eprint and doi.org / arxiv.org / pubmed
// links, then each entry read): entries written, entries with an
// identifier, entries an import into an empty manifest adds, of which
// those without an identifier (kept from their own fields, each with a
// title and a key the manifest takes), and the entries not placed, each
// with why.
var alfolioCounts = []struct {
	file            string
	entries, withID int
	added, typed    int
	notPlaced       map[string]string // key: the start of why
}{
	{"0hardytom-website.bib", 3, 0, 3, 3, nil},
	// eleven entries with an arxiv field; the five oldest papers have none
	{"0xtob-0xtob.github.io.bib", 16, 11, 16, 5, nil},
	// Google Scholar's export: only chen2024certifying names one, in
	// journal = {arXiv preprint arXiv:2405.08645}
	{"20001LastOrder-boqi-chen.github.io.bib", 12, 1, 12, 11, nil},
	// EndNote: 33 DOIs (RN1742's written as a doi.org link); RN1738 and
	// RN1739 both give 10.1002/cbic.201402602
	{"3c-lab-3c-lab.github.io.bib", 35, 33, 34, 2, map[string]string{"RN1738": "the same work as RN1739 (doi:10.1002/cbic.201402602)"}},
	{"3diglab-3DiGlab.github.io.bib", 10, 2, 10, 8, nil},
	// the same key twice, neither with an identifier: the first is kept
	{"4lhc-sreejiths.xyz.bib", 2, 0, 1, 1, map[string]string{"sasidharan2021irossdg": "a duplicate key"}},
	{"501Good-501Good.github.io.bib", 10, 7, 10, 3, nil},
	// every entry has an arxiv field, seven a DOI too; dai2021elastic and
	// zhang2020improved both give arXiv 1811.01331
	{"594zyc-594zyc.github.io.bib", 13, 13, 12, 0, map[string]string{"zhang2020improved": "the same work as dai2021elastic (arxiv:1811.01331)"}},
	{"alshedivat-al-folio.bib", 7, 1, 7, 6, nil},
}

func readAlfolio(t *testing.T, name string) *bibfile.File {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "import", "alfolio", name))
	if err != nil {
		t.Fatal(err)
	}
	return bibfile.Parse(name, data)
}

func TestPlanCountsRealAlfolioFiles(t *testing.T) {
	for _, c := range alfolioCounts {
		t.Run(c.file, func(t *testing.T) {
			r := Plan(readAlfolio(t, c.file), map[string]string{})
			if r.Entries != c.entries || r.WithID != c.withID || len(r.Added) != c.added || r.Typed() != c.typed || len(r.Already) != 0 {
				t.Errorf("entries %d, with an identifier %d, added %d (%d without), already %d; want %d, %d, %d (%d), 0",
					r.Entries, r.WithID, len(r.Added), r.Typed(), len(r.Already), c.entries, c.withID, c.added, c.typed)
			}
			if len(r.Added)+len(r.NotPlaced) != r.Entries {
				t.Errorf("%d added and %d not placed of %d entries: an entry is lost", len(r.Added), len(r.NotPlaced), r.Entries)
			}
			got := map[string]string{}
			for _, u := range r.NotPlaced {
				got[u.Key] = u.Why
			}
			for key, why := range c.notPlaced {
				if !strings.HasPrefix(got[key], why) {
					t.Errorf("%s not placed because %q, want %q…", key, got[key], why)
				}
			}
			if len(got) != len(c.notPlaced) {
				t.Errorf("not placed: %v, want the keys of %v", got, c.notPlaced)
			}
		})
	}
}

// TestPlanAgainstAManifestAddsNothingTwice: what one import added, the
// next finds in the manifest.
func TestPlanAgainstAManifestAddsNothingTwice(t *testing.T) {
	for _, c := range alfolioCounts {
		have := map[string]string{}
		Plan(readAlfolio(t, c.file), have)
		for k := range have {
			have[k] = "" // now the manifest's own
		}
		r := Plan(readAlfolio(t, c.file), have)
		if len(r.Added) != 0 {
			t.Errorf("%s: a second import adds %d", c.file, len(r.Added))
		}
	}
}

func TestFindReadsEveryWayAnEntryNamesItsWork(t *testing.T) {
	cases := []struct{ name, bib, want string }{
		{"doi field", `@article{k, doi = {10.1103/PhysRev.47.777}}`, "doi:10.1103/physrev.47.777"},
		{"doi field as a link", `@article{k, DOI = {https://doi.org/10.1016/j.tetlet.2010.02.040}}`, "doi:10.1016/j.tetlet.2010.02.040"},
		{"doi field with LaTeX", `@article{k, doi = {10.1000/a\_b}}`, "doi:10.1000/a_b"},
		{"doi in url", `@article{k, url = {https://dx.doi.org/10.5281/zenodo.1234567}}`, "doi:10.5281/zenodo.1234567"},
		{"doi in a publisher's link", `@inproceedings{k, url = {https://dl.acm.org/doi/abs/10.1145/3368089.3409762?casa_token=x}}`, "doi:10.1145/3368089.3409762"},
		{"doi in note", `@misc{k, note = {doi:10.5281/zenodo.1234567.}}`, "doi:10.5281/zenodo.1234567"},
		{"doi in howpublished", `@misc{k, howpublished = {\url{https://doi.org/10.5281/zenodo.1234567}}}`, "doi:10.5281/zenodo.1234567"},
		{"eprint of type doi", `@misc{k, eprint = {10.5281/zenodo.1234567}, eprinttype = {doi}}`, "doi:10.5281/zenodo.1234567"},
		{"al-folio arxiv field", `@misc{k, arxiv = {2505.00681}}`, "arxiv:2505.00681"},
		{"eprint with archiveprefix", `@misc{k, eprint = {2311.16162v2}, archivePrefix = {arXiv}}`, "arxiv:2311.16162"},
		{"eprint with eprinttype", `@misc{k, eprint = {hep-th/9901001}, eprinttype = {arxiv}}`, "arxiv:hep-th/9901001"},
		{"arxiv link", `@misc{k, pdf = {https://arxiv.org/pdf/2311.16162.pdf}}`, "arxiv:2311.16162"},
		{"Google Scholar journal", `@article{k, journal={arXiv preprint arXiv:2405.08645}}`, "arxiv:2405.08645"},
		{"pmid field", `@article{k, pmid = {29106400}}`, "pmid:29106400"},
		{"pubmed link", `@article{k, url = {https://www.ncbi.nlm.nih.gov/pubmed/34415376}}`, "pmid:34415376"},
		{"pubmed link, new", `@article{k, url = {https://pubmed.ncbi.nlm.nih.gov/34415376/}}`, "pmid:34415376"},
		{"pmcid field", `@article{k, pmcid = {pmc5679183}}`, "pmcid:PMC5679183"},
		{"pmc link", `@article{k, url = {https://www.ncbi.nlm.nih.gov/pmc/articles/PMC5679183/}}`, "pmcid:PMC5679183"},
		{"a DOI before an arXiv id", `@article{k, arxiv = {2505.00681}, doi = {10.1/x}}`, "doi:10.1/x"},
		{"an abstract's link is another work", `@article{k, abstract = {data at https://doi.org/10.5281/zenodo.1}}`, ""},
		{"an eprint of no known type", `@misc{k, eprint = {2311.16162}, eprinttype = {hal}}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := bibfile.Parse("t.bib", []byte(c.bib))
			found := Find(f.Entries[0])
			got := ""
			if len(found.IDs) > 0 {
				got = found.IDs[0].Key()
			}
			if got != c.want {
				t.Errorf("Find(%s) = %q (all %v, bad %v), want %q", c.bib, got, found.IDs, found.Bad, c.want)
			}
		})
	}
}

func TestAFieldThatIsNotItsIdentifierSaysWhy(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte(`@article{k, doi = {n/a}}`))
	r := Plan(f, map[string]string{})
	if want := "it has no identifier and no title"; len(r.NotPlaced) != 1 || !strings.Contains(r.NotPlaced[0].Why, `its doi is not one: DOI "n/a"`) || !strings.Contains(r.NotPlaced[0].Why, want) {
		t.Errorf("not placed %+v, want the doi's error and %q", r.NotPlaced, want)
	}
}

func TestABrokenEntryIsNotPlacedWithItsLine(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte("@article{a, doi = {10.1/a}}\n@article{b, doi = {10.1/b\n\n@article{c, doi = {10.1/c}}\n"))
	r := Plan(f, map[string]string{})
	if len(r.Added) != 2 || len(r.NotPlaced) != 1 || r.NotPlaced[0].Key != "b" || !strings.Contains(r.NotPlaced[0].Why, "t.bib:2") {
		t.Errorf("added %+v, not placed %+v; want a and c added, b not placed naming t.bib:2", r.Added, r.NotPlaced)
	}
}

func TestBlockLoadsAndKeepsTheKeyAsAComment(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte(`@article{lefevre2021effects, doi = {10.1000/"q"}}`))
	r := Plan(f, map[string]string{})
	block := Block(r, "_bibliography/papers.bib", "2026-12-06", "\n")
	want := "\n# imported from _bibliography/papers.bib (about import, 2026-12-06)\n[[identity]]\ndoi = \"10.1000/\\\"q\\\"\"  # lefevre2021effects\n" +
		"[[work]]\nid = \"doi:10.1000/\\\"q\\\"\"\ntype = \"article-journal\"\n" // the entry's type is its own record's
	if block != want {
		t.Errorf("Block =\n%s\nwant\n%s", block, want)
	}
	m, err := manifest.Parse("m.toml", []byte(block))
	if err != nil || len(m.Identities) != 1 || m.Identities[0].Key() != `doi:10.1000/"q"` {
		t.Errorf("the block loads as %v, %v", m, err)
	}
}

func TestAProblemOutsideAnEntryIsTheFiles(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte("@string{x = {a}\n@article{k, doi={10.1/k}}\n"))
	r := Plan(f, map[string]string{})
	if len(r.Added) != 1 || len(r.Problems) != 1 || !strings.HasPrefix(r.Problems[0], "t.bib:2: expected '}'") {
		t.Errorf("added %+v, problems %q; want k added and the open @string told", r.Added, r.Problems)
	}
}

// TestInvisibleCharactersNeverReachTheManifest: the manifest refuses a
// soft hyphen or zero-width space anywhere in its file; one pasted into a
// DOI is the file's to fix, one in a key or a file name is left out of the
// comment.
func TestInvisibleCharactersNeverReachTheManifest(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte("@article{soft, doi = {10.1000/ab\u00adc}}\n@article{zero\u200bwidth, doi = {10.1000/x}}\n"))
	r := Plan(f, map[string]string{})
	if len(r.NotPlaced) != 1 || !strings.Contains(r.NotPlaced[0].Why, "U+00AD") {
		t.Errorf("not placed %+v, want soft's DOI named with its U+00AD", r.NotPlaced)
	}
	block := Block(r, "pa\u200bpers.bib\nx", "2026-12-06", "\n")
	if _, err := manifest.Parse("m.toml", []byte(block)); err != nil {
		t.Errorf("the block does not load: %v\n%s", err, block)
	}
}

// TestBlockHoldsNoTerminalControl: --dry-run prints the block to a
// terminal, so a key or file name holding ESC or a C1 control (U+009B is
// CSI, which some terminals act on like ESC [) reaches it as neither.
func TestBlockHoldsNoTerminalControl(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte("@article{a\u009b31mred\x1b[0m, doi = {10.1000/c1x}}\n"))
	r := Plan(f, map[string]string{})
	KeysOf(nil).KeepKeys(&r)
	block := Block(r, "pa\u009bpers.bib", "2026-12-06", "\n")
	if len(r.Added) != 1 {
		t.Fatalf("added %+v, want the entry", r.Added)
	}
	for _, c := range block {
		if c != '\n' && (c < 0x20 || c >= 0x7f && c <= 0x9f) {
			t.Errorf("the block holds U+%04X:\n%q", c, block)
		}
	}
	if _, err := manifest.Parse("m.toml", []byte(block)); err != nil {
		t.Errorf("the block does not load: %v\n%s", err, block)
	}
}

// An entry naming a DOI and an arXiv id (al-folio's arxiv = {…} beside
// doi = {…}) keeps both: the arXiv e-print as an identity of its own and
// a [[link]] saying it is the DOI work's preprint. An arXiv DOI is the
// e-print itself, so nothing more is written for it.
func TestBlockKeepsAnArXivIDBesideADOIAsThePreprint(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte("@inproceedings{gao2020, title = {Paraphrase}, doi = {10.18653/v1/2020.acl-main.60}, arxiv = {2004.07462}}\n"+
		"@misc{self, title = {Self}, doi = {10.48550/arXiv.2101.00001}, arxiv = {2101.00001}}\n"))
	r := Plan(f, map[string]string{})
	KeysOf(nil).KeepKeys(&r)
	block := Block(r, "papers.bib", "2026-12-07", "\n")
	m, err := manifest.Parse("m.toml", []byte(block))
	if err != nil {
		t.Fatalf("the block does not load: %v\n%s", err, block)
	}
	if len(m.Links) != 1 || m.Links[0].From.Key() != "arxiv:2004.07462" || m.Links[0].To.Key() != "doi:10.18653/v1/2020.acl-main.60" || m.Links[0].Kind != manifest.LinkPreprintOf {
		t.Errorf("links %+v, want gao2020's e-print as its preprint and nothing for self:\n%s", m.Links, block)
	}
	if strings.Count(block, "[[identity]]") != 3 {
		t.Errorf("want the two DOIs and gao2020's e-print as identities:\n%s", block)
	}
}

// A link field al-folio makes a link of, holding a javascript: address
// (a hostile or mistaken .bib), is not kept, and the summary says so; the
// entry and its other fields are.
func TestImportDropsALinkThatRunsScript(t *testing.T) {
	f := bibfile.Parse("t.bib", []byte("@misc{talk2021, title = {A talk}, html = {javascript:alert(1)}, abbr = {Talk}}\n"))
	r := Plan(f, map[string]string{})
	KeysOf(nil).KeepKeys(&r)
	if len(r.Added) != 1 || len(r.Added[0].Entry.Lost) != 1 || !strings.Contains(r.Added[0].Entry.Lost[0], "html (is a link to a javascript: address") {
		t.Fatalf("added %+v", r.Added)
	}
	block := Block(r, "t.bib", "2026-12-07", "\n")
	if strings.Contains(block, "javascript") || !strings.Contains(block, `abbr = "Talk"`) {
		t.Errorf("block:\n%s", block)
	}
}

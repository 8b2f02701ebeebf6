package importbib

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/bibfile"
	"github.com/aboutscholar/about/manifest"
)

// TestInvisibleCharactersInFieldsLoad: a soft hyphen or zero-width space
// pasted from a PDF into a CSL-JSON title, or into a BibTeX field about
// keeps as it is (note, abbr), made the whole import stop with "internal
// error: the manifest with the imported lines does not load ...
// manifest.toml:135: invisible character U+200B", naming a line of a file
// never written and not the entry. The record's text is read without
// them (as the BibTeX reader reads a title); a custom field keeps its
// value exactly, the characters written as TOML escapes an editor shows.
func TestInvisibleCharactersInFieldsLoad(t *testing.T) {
	csl := `[{"id":"k1","type":"article-journal","title":"Ti\u200btle","container-title":"J\u00adournal",` +
		`"author":[{"family":"Do\u202ee","given":"J"}],"note":"n\u200bote"}]`
	entries, _ := ReadCSLJSON("c.json", []byte(csl))
	bib := FromBib(bibfile.Parse("p.bib", []byte("@misc{a2020, title = {T}, howpublished = {x\u200by}, abbr = {A\u00adB}}\n")))
	r := PlanEntries("c.json", append(entries, bib...), map[string]string{})
	KeysOf(nil).KeepKeys(&r)
	block := Block(r, "c.json", "2026-12-07", "\n")
	m, err := manifest.Parse("m.toml", []byte(block))
	if err != nil {
		t.Fatalf("the block does not load: %v\n%s", err, block)
	}
	for _, w := range m.Works {
		if strings.ContainsFunc(w.Own.Title+w.Own.Venue+strings.Join(w.Own.Authors, ""), invisible) {
			t.Errorf("%s: own fields keep an invisible character: %+v", w.Key, w.Own)
		}
		for _, f := range w.Fields {
			t.Logf("%s: %s = %q", w.Key, f.Name, f.Value)
		}
	}
	if !strings.Contains(block, `abbr = "A\u00ADB"`) {
		t.Errorf("abbr not kept exactly:\n%s", block)
	}
}

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// jalcDOI is the constructed JaLC DOI of testdata/doi (see its SOURCES.md).
const jalcDOI = "10.11501/constructed.0001"

// jalcReplay writes a replay folder in which doi.org's Which RA? names
// JaLC as the DOI's agency (the Handbook's answer shape) and doi.org's
// content negotiation answers with JaLC's CSL-JSON. The redirect to
// JaLC's own service is left out: the client follows it either way.
func jalcReplay(t *testing.T) string {
	t.Helper()
	csl, err := os.ReadFile(filepath.Join("..", "..", "testdata", "doi", "constructed-doiorg-cn-csl-json-jalc-10.11501-constructed.0001.json"))
	if err != nil {
		t.Fatal(err)
	}
	ra := `[{"DOI": "` + jalcDOI + `", "RA": "JaLC"}]`
	cslBody := string(csl)
	dir := filepath.Join(t.TempDir(), "replay")
	for name, a := range map[string]transport.Answer{
		"doira.json": {Method: "GET", URL: "https://doi.org/doiRA/" + jalcDOI, Status: 200,
			Header: map[string]string{"Content-Type": "application/json;charset=UTF-8"}, Body: &ra},
		"csl.json": {Method: "GET", URL: "https://doi.org/" + jalcDOI, Status: 200,
			Header: map[string]string{"Content-Type": "application/vnd.citationstyles.csl+json"}, Body: &cslBody},
	} {
		data, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, "doi.org"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "doi.org", name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestJaLCDOIGetsARegistrarRecord: a JaLC DOI, routed by the agency
// lookup to doi.org's content negotiation, is written with JaLC's CSL-JSON
// as its registrar record and rendered as a BibTeX article; every
// expectation is read by hand off the CSL-JSON answer (#20, item 8).
func TestJaLCDOIGetsARegistrarRecord(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "about.toml")
	src := "providers = [\"crossref\", \"datacite\", \"doi\"]\n[[identity]]\ndoi = \"" + jalcDOI + "\"\n"
	if err := os.WriteFile(m, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "fetch", "--quiet", "--replay", jalcReplay(t), m); code != 0 {
		t.Fatalf("fetch: exit %d\n%s", code, stderr)
	}
	var w snapshots.Work
	if err := snapshots.Read(snapshots.Dir{Root: filepath.Join(dir, "snapshots")}.WorkPath(manifest.Identity{Kind: manifest.KindDOI, Value: jalcDOI}), &w); err != nil {
		t.Fatal(err)
	}
	if len(w.Sources) != 1 || w.Sources[0].Provider != "doi" || w.Sources[0].Status != "found" {
		t.Errorf("sources %+v, want doi.org's content negotiation alone, found", w.Sources)
	}
	r := w.Record
	for _, c := range []struct{ field, got, want string }{
		{"title", r.Title, "学術情報流通における識別子の役割"},
		{"type", r.Type, "article-journal"},
		{"container", r.Container, "情報管理"},
		{"issued", r.Issued.String(), "2015-12-01"},
		{"volume", r.Volume, "58"},
		{"issue", r.Issue, "10"},
		{"pages", r.Pages, "763-772"},
		{"language", r.Language, "ja"},
		{"publisher", r.Publisher, "国立研究開発法人 科学技術振興機構"},
		{"first author", r.Authors[0].Family + "|" + r.Authors[0].Given, "山田|花子"},
		{"second author", r.Authors[1].Family + "|" + r.Authors[1].Given, "Suzuki|Ichiro"},
		{"title's provider", w.Provenance["title"], "doi"},
	} {
		if c.got != c.want {
			t.Errorf("record %s = %q, want %q", c.field, c.got, c.want)
		}
	}
	code, bib, stderr := runCLI(t, "render", "--format", "bibtex", m)
	if code != 0 {
		t.Fatalf("render: exit %d\n%s", code, stderr)
	}
	entry := bibEntry(bib, "@article{")
	if entry == nil {
		t.Fatalf("no @article entry (a journal article with its container, volume, issue and pages):\n%s", bib)
	}
	// Values compared as a reader sees them: the braces and \relax that
	// protect CJK characters from BibTeX's case and purify rules aside.
	for field, want := range map[string]string{
		"author":  "山田, 花子 and Suzuki, Ichiro", // family-first names stay family, given
		"title":   "学術情報流通における識別子の役割",
		"journal": "情報管理",
		"year":    "2015",
		"month":   "dec",
		"volume":  "58",
		"number":  "10",
		"pages":   "763--772",
		"doi":     jalcDOI,
		"issn":    "1234-5679",
		"url":     "https://www.jstage.jst.go.jp/article/constructed/58/10/58_763/_article/-char/ja/",
	} {
		if got := entry[field]; got != want {
			t.Errorf("bibtex %s = %q, want %q\n%s", field, got, want, bib)
		}
	}
}

// bibEntry reads the fields of the first entry opening with open, as
// plain text ("\relax " and braces dropped); nil when there is none.
func bibEntry(bib, open string) map[string]string {
	_, rest, ok := strings.Cut(bib, open)
	if !ok {
		return nil
	}
	fields := map[string]string{}
	for _, line := range strings.Split(rest, "\n")[1:] {
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			break
		}
		value = strings.TrimSuffix(strings.TrimSpace(value), ",")
		value = strings.NewReplacer(`\relax `, "", "{", "", "}", "").Replace(value)
		fields[strings.TrimSpace(name)] = value
	}
	return fields
}

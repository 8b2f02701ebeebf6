package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/snapshots"
)

// TestUnknownWorkIsNoEntry: a work every service said "not found" about
// (its record empty: a DOI with a typo) is left out of every format and
// named in Folder.Unknown, never written as "Untitled" (#20, item 10);
// a work no service ever answered about, written by an older version, is
// left out the same way.
func TestUnknownWorkIsNoEntry(t *testing.T) {
	const typo = "doi:10.5555/fast.2023.7"
	for name, sources := range map[string][]snapshots.Source{
		"not found":      {{Provider: "crossref", Status: "not_found", Attribution: "Metadata from Crossref"}, {Provider: "openalex", Status: "not_found", Attribution: "Metadata from OpenAlex"}},
		"never answered": {},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(filepath.Dir(fixtureManifest)+"/snapshots")); err != nil {
				t.Fatal(err)
			}
			doc := snapshots.Work{ID: typo, Sources: sources}
			data, err := snapshots.Encode(doc)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "works", "doi_10.5555_2ffast.2023.7.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range f.Works {
				if w.ID == typo {
					t.Errorf("%s is a work of the folder", typo)
				}
			}
			want := typo + " is left out: no service knows it (crossref, openalex answered \"not found\") — check the DOI"
			if len(sources) == 0 {
				want = typo + " is left out: no service has answered about it — check the DOI"
			}
			if len(f.Unknown) != 1 || f.Unknown[0] != want {
				t.Errorf("unknown %q; want [%q]", f.Unknown, want)
			}
			for _, format := range []Format{BibTeX, CSLJSON, Markdown} {
				var out bytes.Buffer
				if err := Render(&out, f, Options{Format: format, Services: testServices()}); err != nil {
					t.Fatal(err)
				}
				if s := out.String(); strings.Contains(s, "Untitled") || strings.Contains(s, "fast.2023.7") {
					t.Errorf("%s shows the unknown work:\n%s", format, s)
				}
			}
		})
	}
}

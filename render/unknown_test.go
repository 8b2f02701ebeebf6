package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

const unknownDOI = "doi:10.5555/fast.2023.7"

// TestUnknownWorkIsNoEntry: a work every service said "not found" about
// (its record empty: a DOI with a typo) is left out of every format and
// named in Folder.Unknown, never written as "Untitled" (#20, item 10);
// a work no service ever answered about, written by an older version, is
// left out the same way.
func TestUnknownWorkIsNoEntry(t *testing.T) {
	notFound := []snapshots.Source{
		{Provider: "crossref", Status: "not_found", Attribution: "Metadata from Crossref"},
		{Provider: "openalex", Status: "not_found", Attribution: "Metadata from OpenAlex"},
	}
	for _, c := range []struct {
		name    string
		sources []snapshots.Source
		said    string
	}{
		{"not found", notFound, unknownDOI + " is left out: no service knows it (crossref, openalex answered \"not found\") — check the DOI"},
		{"never answered", []snapshots.Source{}, unknownDOI + " is left out: no service has answered about it — check the DOI"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := unknownFolder(t, c.sources)
			for _, w := range f.Works {
				if w.ID == unknownDOI {
					t.Errorf("%s is a work of the folder", unknownDOI)
				}
			}
			if len(f.Unknown) != 1 || f.Unknown[0] != c.said {
				t.Errorf("unknown %q; want [%q]", f.Unknown, c.said)
			}
			assertNotShown(t, f)
		})
	}
}

// unknownFolder is the render fixture with one work's file replaced by
// what fetch writes for a work no service knows.
func unknownFolder(t *testing.T, sources []snapshots.Source) *folder.Folder {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Dir(fixtureManifest)+"/snapshots")); err != nil {
		t.Fatal(err)
	}
	data, err := snapshots.Encode(snapshots.Work{ID: unknownDOI, Sources: sources})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "works", "doi_10.5555_2ffast.2023.7.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := folder.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func assertNotShown(t *testing.T, f *folder.Folder) {
	t.Helper()
	for _, format := range []Format{BibTeX, CSLJSON, Markdown} {
		var out bytes.Buffer
		if err := Render(&out, f, Options{Format: format, Services: testServices()}); err != nil {
			t.Fatal(err)
		}
		if s := out.String(); strings.Contains(s, "Untitled") || strings.Contains(s, "fast.2023.7") {
			t.Errorf("%s shows the unknown work:\n%s", format, s)
		}
	}
}

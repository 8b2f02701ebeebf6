package render

import (
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/snapshots"
)

// versionedFolder holds software with a registrar's version (DataCite's
// extra version), a dataset with a bare version number, and a concept
// DOI with a version of its own listed under it.
func versionedFolder() *folder.Folder {
	version := func(v string) []record.Annotation { return []record.Annotation{{Name: "version", Value: v}} }
	works := []folder.Work{
		{ID: "doi:10.5281/zenodo.48440", Record: record.Record{Title: "Analysis Tools", Type: "software", Publisher: "Zenodo",
			Issued: record.Date{Year: 2016, Month: 3, Day: 27}, IDs: record.IDs{DOI: "10.5281/zenodo.48440"}, Extra: version("v1.0")}},
		{ID: "doi:10.5555/data.1", Record: record.Record{Title: "Some Data", Type: "dataset", Publisher: "PANGAEA",
			Issued: record.Date{Year: 2014}, IDs: record.IDs{DOI: "10.5555/data.1"}, Extra: version("2.3")}},
		{ID: "doi:10.5281/zenodo.1", Record: record.Record{Title: "Concept Tool", Type: "software", Publisher: "Zenodo",
			Issued: record.Date{Year: 2020}, IDs: record.IDs{DOI: "10.5281/zenodo.1"}, Extra: version("v9.9")}},
		{ID: "doi:10.5281/zenodo.2", Record: record.Record{Title: "Concept Tool", Type: "software", Publisher: "Zenodo",
			Issued: record.Date{Year: 2020}, IDs: record.IDs{DOI: "10.5281/zenodo.2"}, Extra: version("v9.9")}},
	}
	links := &snapshots.Links{
		Links:   []snapshots.Link{{Kind: manifest.LinkVersionOf, From: "doi:10.5281/zenodo.2", To: "doi:10.5281/zenodo.1"}},
		ShownAs: map[string]string{"doi:10.5281/zenodo.2": "doi:10.5281/zenodo.1"},
	}
	return &folder.Folder{Works: works, Links: links}
}

// Every format cites the version a software or data work carries (the
// snapshot's extra version); a concept DOI, which stands for all its
// versions, cites none, so v9.9 shows only as its version's label.
func TestEveryFormatCitesTheVersion(t *testing.T) {
	f := versionedFolder()
	for format, want := range map[Format][]string{
		CSLJSON:  {`"version": "v1.0"`, `"version": "2.3"`},
		BibLaTeX: {"version = {v1.0}", "version = {2.3}"},
		BibTeX:   {"note = {Software, v1.0}", "note = {Dataset, version 2.3}"},
		Markdown: {"*Zenodo*. v1.0. 27 March 2016.", "Version 2.3. 2014."},
		HTML:     {"<cite>Zenodo</cite> · v1.0 · <time", "Version 2.3 · <time"},
		JSON:     {`"version": "v1.0"`, `"version": "2.3"`},
	} {
		got := strings.Join(strings.Fields(renderString(t, f, Options{Format: format})), " ") // BibTeX aligns its "="
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", format, w, got)
			}
		}
		if format != HTML && format != Markdown && format != JSON && strings.Contains(got, "v9.9") {
			t.Errorf("%s cites the concept DOI with one version's number:\n%s", format, got)
		}
	}
}

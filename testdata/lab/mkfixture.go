//go:build ignore

// mkfixture writes testdata/lab/snapshots, the lab tests' snapshot folder,
// by hand: the works, their authors and which ORCID record lists which
// work are chosen (see manifest.toml) so that each way a work becomes a
// member's occurs; only the files render reads are written.
//
//	go run testdata/lab/mkfixture.go
//
// Run it from the repository root.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/snapshots"
)

const (
	holt     = "0000-0002-1111-2222"
	quist    = "0000-0003-3333-4448"
	okafor   = "0000-0002-4444-555X"
	chen     = "0000-0001-5555-6661"
	marchand = "0000-0003-6666-7775"
	stranger = "0000-0002-1825-0097" // another M. Holt
)

const crossref = "Metadata from Crossref (CC0; facts, no restrictions on reuse)"

type work struct {
	id  string
	rec record.Record
}

func person(given, family, orcid string) record.Author {
	return record.Author{Given: given, Family: family, ORCID: orcid}
}

var works = []work{
	{"doi:10.5555/holt.2024.1", record.Record{Title: "Ribosome stalling maps of budding yeast", Type: "article-journal",
		Container: "Journal of Constructed Examples", Issued: record.Date{Year: 2024, Month: 3, Day: 12}, IDs: record.IDs{DOI: "10.5555/holt.2024.1"},
		Authors: []record.Author{person("Maren", "Holt", holt), person("Ada", "Quist", quist), person("Ben", "Okafor", okafor)}}},
	{"doi:10.5555/holt.2024.6", record.Record{Title: "Translation fidelity under heat stress", Type: "article-journal",
		Container: "Journal of Constructed Examples", Issued: record.Date{Year: 2024, Month: 9}, IDs: record.IDs{DOI: "10.5555/holt.2024.6"},
		Authors: []record.Author{person("Élodie", "Marchand", marchand), person("Ada", "Quist", "")}}},
	{"arxiv:2403.01234", record.Record{Title: "Translation fidelity under heat stress", Type: "article", Genre: "Preprint",
		Container: "arXiv", Issued: record.Date{Year: 2024, Month: 3}, IDs: record.IDs{ArXiv: "2403.01234"}}},
	{"doi:10.5555/holt.2023.2", record.Record{Title: "Codon usage in stress granules", Type: "article-journal",
		Container: "Journal of Constructed Examples", Issued: record.Date{Year: 2023, Month: 5}, IDs: record.IDs{DOI: "10.5555/holt.2023.2"},
		Authors: []record.Author{person("Wei", "Chen", chen), person("M.", "Holt", stranger)}}},
	{"doi:10.5555/holt.2022.3", record.Record{Title: "A proteomics atlas of the heat-shock response", Type: "article-journal",
		Container: "Journal of Constructed Examples", Issued: record.Date{Year: 2022}, IDs: record.IDs{DOI: "10.5555/holt.2022.3"},
		Authors: []record.Author{person("Daniel", "Ferreira", ""), person("Wei", "Chen", chen), person("D.", "Ferreira", "")}}},
	{"doi:10.5555/holt.2021.4", record.Record{Title: "Holt Lab yeast strain collection", Type: "dataset",
		Publisher: "Zenodo", Issued: record.Date{Year: 2021}, IDs: record.IDs{DOI: "10.5555/holt.2021.4"},
		Authors: []record.Author{{Name: "Holt Lab"}}}},
	{"doi:10.5555/holt.2019.5", record.Record{Title: "Heat-shock response kinetics in single cells", Type: "article-journal",
		Container: "Journal of Constructed Examples", Issued: record.Date{Year: 2019}, IDs: record.IDs{DOI: "10.5555/holt.2019.5"},
		Authors: []record.Author{{Name: "É. Dubois"}, person("Ben", "Okafor", "")}}},
	{"doi:10.5281/zenodo.8000008", record.Record{Title: "ribotools: ribosome profiling tools", Type: "software",
		Publisher: "Zenodo", Issued: record.Date{Year: 2023}, IDs: record.IDs{DOI: "10.5281/zenodo.8000008"},
		Authors: []record.Author{{Name: "Holt Lab"}}}},
}

// records are the ORCID records: whose they are and the works they list.
var records = []struct {
	orcid, given, family string
	works                []string
}{
	{holt, "Maren", "Holt", []string{"doi:10.5555/holt.2024.1", "doi:10.5555/holt.2021.4"}},
	{quist, "Ada", "Quist", []string{"doi:10.5555/holt.2024.1"}},
	{okafor, "Ben", "Okafor", []string{"arxiv:2403.01234", "doi:10.5555/holt.2019.5"}},
	{chen, "Wei", "Chen", []string{"doi:10.5555/holt.2023.2", "doi:10.5555/holt.2022.3"}},
	{marchand, "Élodie", "Marchand", []string{"doi:10.5555/holt.2024.6"}},
}

func main() {
	m, err := manifest.Load("testdata/lab/manifest.toml")
	if err != nil {
		log.Fatal(err)
	}
	d := snapshots.Dir{Root: m.Snapshots}
	if err := os.RemoveAll(d.Root); err != nil {
		log.Fatal(err)
	}
	index := snapshots.Index{Schema: snapshots.SchemaVersion, Providers: []snapshots.IndexProvider{
		{Name: "crossref", Attribution: crossref, Terms: "https://www.crossref.org/documentation/retrieve-metadata/rest-api/"},
	}}
	for _, e := range m.Identities {
		index.Identities = append(index.Identities, e.Key())
	}
	for _, w := range works {
		id, err := manifest.ParseKey(w.id)
		if err != nil {
			log.Fatal(err)
		}
		rec := w.rec
		index.Works = append(index.Works, snapshots.IndexWork{ID: w.id, File: snapshots.FileName(id)})
		write(d.WorkPath(id), snapshots.Work{ID: w.id, Origins: []string{"manifest"}, Record: rec, Provenance: map[string]string{"title": "crossref"},
			Sources: []snapshots.Source{{Provider: "crossref", Status: "found", Attribution: crossref, Record: &rec}}})
	}
	for _, r := range records {
		id := manifest.Identity{Kind: manifest.KindORCID, Value: r.orcid}
		write(d.ExpansionPath(id), snapshots.Expansion{ORCID: r.orcid, Name: &snapshots.OwnerName{Given: r.given, Family: r.family}, Works: r.works})
	}
	write(d.IndexPath(), index)
	if err := d.RecordDigests(); err != nil { // as a fetch that wrote the files records them
		log.Fatal(err)
	}
	write(d.LinksPath(), snapshots.Links{
		Links:   []snapshots.Link{{Kind: manifest.LinkPreprintOf, From: "arxiv:2403.01234", To: "doi:10.5555/holt.2024.6", By: "data", Evidence: []string{"constructed"}}},
		ShownAs: map[string]string{"arxiv:2403.01234": "doi:10.5555/holt.2024.6"},
	})
}

func write(path string, v any) {
	data, err := snapshots.Encode(v)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		log.Fatal(err)
	}
}

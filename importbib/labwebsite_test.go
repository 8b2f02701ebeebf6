package importbib

import (
	"reflect"
	"testing"

	"github.com/aboutscholar/about/manifest"
)

// The Lab Website Template's own example _data/sources.yaml
// (greenelab/lab-website-template, its first items), read as its
// _cite/cite.py reads it: the Manubot id is the work's identifier, title,
// authors, publisher, date and link are its record, image is its preview,
// tags its tags, and description, buttons, repo and type are kept as they
// are; an orcid: id is a person, not a work.
func TestReadLabSources(t *testing.T) {
	src := `- id: doi:10.1371/journal.pcbi.1007128
  type: paper
  description: Lorem ipsum _dolor_ **sit amet**.
  date: 2020-12-4
  image: https://journals.plos.org/x.png
  buttons:
    - type: manubot
      link: https://greenelab.github.io/meta-review/
  tags:
    - open science
    - collaboration
  repo: greenelab/meta-review

- id: url:https://example.org/talk
  title: A talk about filters
  authors: [Ann Lee]
  publisher: ISMB 2021
  date: 2021-07

- id: orcid:0000-0002-1825-0097
`
	entries, problems := ReadLabSources("sources.yaml", []byte(src))
	if len(problems) > 0 || len(entries) != 3 {
		t.Fatalf("entries %+v, problems %v", entries, problems)
	}
	first := entries[0]
	if len(first.Found.IDs) != 1 || first.Found.IDs[0].Key() != "doi:10.1371/journal.pcbi.1007128" || first.Record.Date != "2020-12-04" ||
		first.Image != "https://journals.plos.org/x.png" || !reflect.DeepEqual(first.Tags, []string{"open science", "collaboration"}) {
		t.Errorf("first %+v", first)
	}
	var names []string
	for _, f := range first.Fields {
		names = append(names, f.Name)
	}
	if want := []string{"type", "description", "date", "buttons", "repo"}; !reflect.DeepEqual(names, want) {
		t.Errorf("kept fields %v, want %v", names, want)
	}
	talk := entries[1]
	wantTalk := manifest.WorkRecord{Title: "A talk about filters", Authors: []string{"Ann Lee"}, Venue: "ISMB 2021", Date: "2021-07", URL: "https://example.org/talk"}
	if len(talk.Found.IDs) != 0 || !reflect.DeepEqual(talk.Record, wantTalk) {
		t.Errorf("talk %+v, want record %+v", talk.Record, wantTalk)
	}
	if entries[2].Problem == "" {
		t.Errorf("an orcid: source is placed as a work: %+v", entries[2])
	}
}

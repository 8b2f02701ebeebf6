package providers

import (
	"testing"

	"github.com/tidwall/gjson"
)

// TestOpenAlexVenue: which of OpenAlex's sources a citation names, and
// how (#20, item 4). The first three are the recorded sources of
// testdata/openalex; the others are shaped as OpenAlex writes SSRN's and
// Zenodo's.
func TestOpenAlexVenue(t *testing.T) {
	for _, c := range []struct {
		name, source, doi, workType string
		container, publisher        string
	}{
		{"ebook platform", `{"display_name":"Cambridge University Press eBooks","type":"ebook platform","host_organization_name":"Cambridge University Press"}`, "10.1017/9781108348843", "book", "", "Cambridge University Press"},
		{"thesis repository", `{"display_name":"The University of Queensland","type":"repository","host_organization_name":null}`, "10.14264/uql.2020.791", "dissertation", "", "The University of Queensland"},
		{"repository with its host", `{"display_name":"bioRxiv (Cold Spring Harbor Laboratory)","type":"repository","host_organization_name":"Cold Spring Harbor Laboratory"}`, "10.1101/097196", "preprint", "bioRxiv", "Cold Spring Harbor Laboratory"},
		{"repository named for a part of its host", `{"display_name":"Zenodo (CERN European Organization for Nuclear Research)","type":"repository","host_organization_name":"European Organization for Nuclear Research"}`, "10.5281/zenodo.1", "dataset", "Zenodo", "European Organization for Nuclear Research"},
		{"repository whose brackets are not its host", `{"display_name":"Archive (Series B)","type":"repository","host_organization_name":"Some University"}`, "10.5555/x", "article", "Archive (Series B)", "Some University"},
		{"SSRN topic", `{"display_name":"PSN: Politics (Topic)","type":"repository","host_organization_name":"RELX Group (Netherlands)"}`, "10.2139/ssrn.2250500", "article", "SSRN", "RELX Group (Netherlands)"},
		{"SSRN eJournal", `{"display_name":"Cognitive Social Science eJournal","type":"journal"}`, "10.2139/ssrn.1", "article", "SSRN", ""},
		{"SSRN's own", `{"display_name":"SSRN Electronic Journal","type":"repository","host_organization_name":"RELX Group (Netherlands)"}`, "10.2139/ssrn.2", "article", "SSRN Electronic Journal", "RELX Group (Netherlands)"},
		{"a journal", `{"display_name":"PLoS ONE","type":"journal","host_organization_name":"Public Library of Science"}`, "10.1371/journal.pone.0000030", "article", "PLoS ONE", "Public Library of Science"},
		{"no source", `null`, "10.7554/elife.55167.sa2", "peer-review", "", ""},
	} {
		container, publisher := openAlexVenue(gjson.Parse(c.source), c.doi, c.workType)
		if container != c.container || publisher != c.publisher {
			t.Errorf("%s: %q, %q; want %q, %q", c.name, container, publisher, c.container, c.publisher)
		}
	}
}

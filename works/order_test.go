package works_test

import "github.com/aboutscholar/about/works"

// order is the registry's documented precedence (providers.Precedence),
// written out: the merge rules are tested against a known order, and
// the registry's own test holds the registry to it.
var order = works.Precedence{
	Fields: []string{"crossref", "datacite", "doi", "pubmed", "europepmc", "arxiv", "openalex", "semanticscholar", "unpaywall", "opencitations", "orcid"},
	OA:     []string{"unpaywall", "openalex", "europepmc", "arxiv", "crossref", "datacite", "doi", "semanticscholar", "pubmed", "orcid", "opencitations"},
}

package providers

import (
	"regexp"
	"strings"

	"github.com/tidwall/gjson"
)

// openAlexVenue is the container and publisher OpenAlex's
// primary_location.source gives a work of workType (OpenAlex's own type)
// with DOI doi, as a bibliographer reads them. A source is a "venue" of
// one of six types (https://developers.openalex.org/api-reference/source-types),
// and not every one is what a citation names:
//
//   - an "ebook platform" ("Cambridge University Press eBooks") is where
//     the publisher sells its books, not a series or a book the work is
//     in: no container (the recorded 10.1017/9781108348843 is a monograph);
//   - a thesis's "repository" is its university's repository, whose name
//     is the school's ("The University of Queensland", the recorded
//     10.14264/uql.2020.791): the degree-granting institution, which CSL
//     calls publisher (BibTeX school), never a container;
//   - a repository named with its host in brackets ("bioRxiv (Cold Spring
//     Harbor Laboratory)", the recorded 10.1101/097196) is cited by its
//     own name, the host being its publisher;
//   - an SSRN paper (DOI prefix 10.2139) is filed by OpenAlex under one of
//     SSRN's subject "eJournals" or topic series ("PSN: Politics (Topic)"),
//     a classification, not where it appeared: SSRN is the venue (SSRN's
//     journals are "not a journal", https://github.com/ms609/citation-bot/pull/1057);
//   - a dataset's repository with no host named ("Forest Service Research
//     Data Archive", the recorded 10.2737/rds-2018-0001) is the dataset's
//     publisher, the entity that "holds, archives, publishes … the
//     resource" (DataCite's publisher property,
//     https://datacite-metadata-schema.readthedocs.io/en/4.5/properties/publisher/):
//     a dataset is in no container.
func openAlexVenue(src gjson.Result, doi, workType string) (container, publisher string) {
	container = strings.TrimSpace(src.Get("display_name").String())
	publisher = strings.TrimSpace(src.Get("host_organization_name").String())
	switch typ := src.Get("type").String(); {
	case container == "":
	case typ == "ebook platform":
		container = ""
	case typ == "repository" && (workType == "dissertation" || workType == "thesis"):
		publisher, container = container, ""
	case typ == "repository" && workType == "dataset" && publisher == "":
		publisher, container = container, ""
	case strings.HasPrefix(strings.ToLower(doi), "10.2139/") && ssrnClassification(container):
		container = "SSRN"
	case typ == "repository":
		container = withoutHost(container, publisher)
	}
	return container, publisher
}

// ssrnTopic is the shape of SSRN's subject networks' series names: a
// network's acronym and a colon ("ERN: Other Microeconomics"), a "(Topic)"
// series, or an "eJournal".
var ssrnTopic = regexp.MustCompile(`^[A-Z]{2,6}: |\(Topic\)$|eJournal$|^Social Science Research Network`)

func ssrnClassification(name string) bool { return ssrnTopic.MatchString(name) }

// withoutHost drops a trailing " (host)" from a repository's name when it
// names the repository's host organisation ("Zenodo (CERN European
// Organization for Nuclear Research)" for the host "European Organization
// for Nuclear Research"), or any bracketed organisation when no host is
// given: OpenAlex writes a repository as "Name (Host)".
func withoutHost(name, host string) string {
	open := strings.LastIndex(name, " (")
	if open <= 0 || !strings.HasSuffix(name, ")") {
		return name
	}
	inside := name[open+2 : len(name)-1]
	in, h := strings.ToLower(inside), strings.ToLower(host)
	if h == "" || strings.Contains(in, h) || strings.Contains(h, in) {
		return name[:open]
	}
	return name
}

package netsim

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"
	"strings"
)

// Mix says which kinds of work the simulated record holds besides journal
// articles registered at Crossref. The zero Mix is the benchmark's corpus
// (orchestrator/bench_test.go), whose figures it keeps; Realistic is the
// shares a real department's records show, where today's code pays.
type Mix struct {
	// DataCite: the works of the last prefix (one in Prefixes, 5 %) are
	// datasets registered at DataCite; doi.org names DataCite for them,
	// Crossref does not have them.
	DataCite bool
	// Preprints: one work in fifty is Crossref posted content and one in a
	// hundred a report with no container-title (an institution instead):
	// the list items select cannot carry whole (the issue saw 270 of
	// 10,000 re-asked singly).
	Preprints bool
	// RealSizes: OpenAlex and Europe PMC records at their real services'
	// sizes (sizes.go).
	RealSizes bool
}

// Realistic is the Mix the measurement runs with.
func Realistic() Mix { return Mix{DataCite: true, Preprints: true, RealSizes: true} }

// IsDataCite tells a work registered at DataCite.
func (m Mix) IsDataCite(i int) bool { return m.DataCite && i%Prefixes == Prefixes-1 }

// IsPosted tells a work that is Crossref posted content (a preprint).
func (m Mix) IsPosted(i int) bool { return m.Preprints && i%50 == 11 }

// IsReport tells a Crossref report with no container-title.
func (m Mix) IsReport(i int) bool { return m.Preprints && i%100 == 37 }

// dataCitePrefix is the prefix of the Mix's DataCite works.
func dataCitePrefix() string { return fmt.Sprintf("10.%d", 5500+Prefixes-1) }

// agency is the registration agency doi.org names for a prefix or DOI.
func (n *Net) agency(name string) string {
	prefix, _, _ := strings.Cut(name, "/")
	if n.Mix.DataCite && prefix == dataCitePrefix() {
		return "DataCite"
	}
	return "Crossref"
}

// crossrefWork writes work i as Crossref holds it, of its Mix kind.
func (n *Net) crossrefWork(b *bytes.Buffer, i int) {
	switch {
	case n.Mix.IsPosted(i):
		n.Corpus.postedT[i%variants].write(b, i)
	case n.Mix.IsReport(i):
		n.Corpus.reportT[i%variants].write(b, i)
	default:
		n.Corpus.crossrefT[i%variants].write(b, i)
	}
}

// addMixed adds the Mix's templates of one variant: Crossref posted
// content and a report (from the journal article cr, its container-title
// swapped for an institution, as Crossref carries them), and the DataCite
// resource of a dataset (sized as the fixtures' DataCite answers, 8–22 KB).
func (c *Corpus) addMixed(cr, journal, title, abstract string, year int, creators string) {
	container := fmt.Sprintf(`"container-title":[%q],`, journal)
	posted := strings.Replace(strings.Replace(cr, container, `"institution":[{"name":"Simulated Preprint Server"}],`, 1),
		`"type":"journal-article"`, `"type":"posted-content","subtype":"preprint"`, 1)
	report := strings.Replace(strings.Replace(cr, container, `"institution":[{"name":"Simulated Institute"}],`, 1),
		`"type":"journal-article"`, `"type":"report"`, 1)
	c.postedT = append(c.postedT, newTemplate(posted))
	c.reportT = append(c.reportT, newTemplate(report))

	var related strings.Builder
	for k := range 30 {
		if k > 0 {
			related.WriteByte(',')
		}
		fmt.Fprintf(&related, `{"relationType":"References","relatedIdentifier":"10.9999/ref.{{I}}.%d","relatedIdentifierType":"DOI","resourceTypeGeneral":"JournalArticle"}`, k)
	}
	c.dataCiteT = append(c.dataCiteT, newTemplate(fmt.Sprintf(`{"id":"{{D}}","type":"dois","attributes":{"doi":"{{D}}","prefix":%q,"suffix":"sim.{{I}}","identifiers":[],"alternateIdentifiers":[],"creators":[%s],"titles":[{"title":%q}],"publisher":"Simulated Data Repository","container":{},"publicationYear":%d,"subjects":[{"subject":"Simulation Methods"},{"subject":"Applied Statistics"}],"contributors":[],"dates":[{"date":"%d","dateType":"Issued"}],"language":"en","types":{"ris":"DATA","bibtex":"misc","citeproc":"dataset","schemaOrg":"Dataset","resourceTypeGeneral":"Dataset"},"relatedIdentifiers":[%s],"relatedItems":[],"sizes":[],"formats":[],"version":"1.0","rightsList":[{"rights":"Creative Commons Attribution 4.0 International","rightsUri":"https://creativecommons.org/licenses/by/4.0/legalcode","schemeUri":"https://spdx.org/licenses/","rightsIdentifier":"cc-by-4.0","rightsIdentifierScheme":"SPDX"}],"descriptions":[{"description":%q,"descriptionType":"Abstract"}],"geoLocations":[],"fundingReferences":[],"url":"https://data.example.org/{{I}}","contentUrl":null,"metadataVersion":1,"schemaVersion":"http://datacite.org/schema/kernel-4","source":"api","isActive":true,"state":"findable","reason":null,"viewCount":0,"downloadCount":0,"referenceCount":30,"citationCount":2,"created":"2020-01-01T00:00:00Z","registered":"2020-01-01T00:00:00Z","published":"%d","updated":"2024-01-01T00:00:00Z"},"relationships":{"client":{"data":{"id":"sim.repository","type":"clients"}}}}`,
		dataCitePrefix(), creators, title, year, year, related.String(), abstract, year)))
}

// dataCiteCreator is one creator of a DataCite resource; the record's
// owner carries no ORCID iD, as in the other services' answers.
func dataCiteCreator(given, family, orcid, affiliation string) string {
	ids := "[]"
	if orcid != "" {
		ids = fmt.Sprintf(`[{"nameIdentifier":"https://orcid.org/%s","nameIdentifierScheme":"ORCID","schemeUri":"https://orcid.org"}]`, orcid)
	}
	return fmt.Sprintf(`{"name":"%s, %s","nameType":"Personal","givenName":%q,"familyName":%q,"affiliation":[{"name":%q}],"nameIdentifiers":%s}`, family, given, given, family, affiliation, ids)
}

// dataCiteQuoted is a DOI in a DataCite list query, doi:("A" OR "B" …).
var dataCiteQuoted = regexp.MustCompile(`"([^"]+)"`)

// dataCiteWorks answers DataCite's single form (/dois/{doi}) and its list
// form (/dois?query=doi:(…)) for the Mix's DataCite works; any other DOI
// is not DataCite's: a 404, or left out of the list.
func (n *Net) dataCiteWorks(req *http.Request) (int, int, []byte) {
	if req.URL.Path == "/dois" {
		var dois []string
		for _, m := range dataCiteQuoted.FindAllStringSubmatch(req.URL.Query().Get("query"), -1) {
			dois = append(dois, m[1])
		}
		return list(dois, func(b *bytes.Buffer, i int) bool {
			if !n.Mix.IsDataCite(i) {
				return false
			}
			n.Corpus.dataCiteT[i%variants].write(b, i)
			return true
		}, func(b *bytes.Buffer, _ int) { b.WriteString(`{"data":[`) },
			func(b *bytes.Buffer, c int) {
				fmt.Fprintf(b, `],"meta":{"total":%d,"totalPages":1,"page":1},"links":{"self":"https://api.datacite.org/dois"}}`, c)
			})
	}
	i := work(strings.TrimPrefix(req.URL.Path, "/dois/"))
	if i < 0 || !n.Mix.IsDataCite(i) {
		return 404, 1, []byte(`{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
	}
	var buf bytes.Buffer
	buf.WriteString(`{"data":`)
	n.Corpus.dataCiteT[i%variants].write(&buf, i)
	buf.WriteString(`}`)
	return 200, 1, buf.Bytes()
}

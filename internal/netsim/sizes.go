package netsim

import (
	"bytes"
	"fmt"
	"strings"
)

// The benchmark's OpenAlex and Europe PMC records are smaller than the
// real ones: OpenAlex's full work (about asks without select) is 9–38 KB
// in /work/shared/fixtures (openalex-work-doi-*.json), Europe PMC's core
// result about 10 KB (europepmc-search-cancer-core.json: 247 KB for 25).
// With Mix.RealSizes they carry what the real records carry beside the
// fields about reads (concepts, locations, referenced and related works;
// MeSH headings, grants, keywords), so a run parses and holds as many
// bytes as it would against the real services.

// source is the template's text again, its marks restored.
func (t template) source() string {
	var b strings.Builder
	b.WriteString(t.parts[0])
	for _, p := range t.parts[1:] {
		b.WriteString("{{" + p[:1] + "}}" + p[1:])
	}
	return b.String()
}

// padded is t with extra fields (",…") before its closing brace.
func padded(t template, extra string) template {
	s := t.source()
	return newTemplate(strings.TrimSuffix(s, "}") + extra + "}")
}

// addRealSizes adds the padded OpenAlex and Europe PMC templates.
func (c *Corpus) addRealSizes() {
	for k := range variants {
		var oa strings.Builder
		oa.WriteString(`,"concepts":[`)
		oa.WriteString(joined(40, func(j int) string {
			return fmt.Sprintf(`{"id":"https://openalex.org/C%d","wikidata":"https://www.wikidata.org/wiki/Q%d","display_name":"Simulated concept %d","level":%d,"score":0.%d}`, 41008148+k*31+j, 21198+j, j, j%4, 100+j*37%900)
		}))
		oa.WriteString(`],"locations":[`)
		oa.WriteString(joined(4, func(j int) string {
			return fmt.Sprintf(`{"is_oa":false,"landing_page_url":"https://repository%d.example.org/record/{{I}}","pdf_url":null,"source":{"id":"https://openalex.org/S%d","display_name":"Simulated Repository %d","issn_l":null,"issn":null,"is_oa":true,"is_in_doaj":false,"is_core":false,"host_organization":"https://openalex.org/I%d","host_organization_name":"University of Simulation","host_organization_lineage":["https://openalex.org/I%d"],"type":"repository"},"license":null,"license_id":null,"version":"submittedVersion","is_accepted":false,"is_published":false}`, j, 4306400000+j, j, 1000+j, 1000+j)
		}))
		oa.WriteString(`],"referenced_works":[`)
		oa.WriteString(joined(80, func(j int) string { return fmt.Sprintf(`"https://openalex.org/W%d"`, 2000000000+k*1000+j*7) }))
		oa.WriteString(`],"related_works":[`)
		oa.WriteString(joined(20, func(j int) string { return fmt.Sprintf(`"https://openalex.org/W%d"`, 3000000000+k*1000+j*11) }))
		oa.WriteString(`],"mesh":[],"grants":[{"funder":"https://openalex.org/F4320306076","funder_display_name":"Simulated Science Foundation","award_id":"SSF-{{I}}"}],"indexed_in":["crossref","doaj"],"updated_date":"2024-06-01T00:00:00.000000","created_date":"2016-06-24"`)
		c.openAlexBigT = append(c.openAlexBigT, padded(c.openAlexT[k], oa.String()))

		var ep strings.Builder
		ep.WriteString(`,"meshHeadingList":{"meshHeading":[`)
		ep.WriteString(joined(18, func(j int) string {
			return fmt.Sprintf(`{"majorTopic_YN":"N","descriptorName":"Simulated Heading %d","meshQualifierList":{"meshQualifier":[{"abbreviation":"ME","qualifierName":"methods","majorTopic_YN":"Y"},{"abbreviation":"ST","qualifierName":"statistics & numerical data","majorTopic_YN":"N"}]}}`, k*18+j)
		}))
		ep.WriteString(`]},"keywordList":{"keyword":["simulation","statistics","methods","modelling","data"]},"grantsList":{"grant":[`)
		ep.WriteString(joined(6, func(j int) string {
			return fmt.Sprintf(`{"grantId":"SIM-%d-{{I}}","agency":"Simulated Research Council %d","acronym":"SRC","orderIn":%d}`, j, j, j)
		}))
		ep.WriteString(`]},"chemicalList":{"chemical":[{"name":"Simulatine","registryNumber":"0"}]},"subsetList":{"subset":[{"code":"IM","name":"Index Medicus"}]},"inEPMC":"N","inPMC":"N","hasPDF":"N","hasBook":"N","hasSuppl":"N","hasReferences":"Y","hasTextMinedTerms":"Y","hasDbCrossReferences":"N","hasLabsLinks":"Y","hasTMAccessionNumbers":"N","dateOfCreation":"2020-01-01","firstIndexDate":"2020-01-02","dateOfRevision":"2024-01-01","electronicPublicationDate":"2020-01-01"`)
		c.epmcBigT = append(c.epmcBigT, padded(c.epmcT[k], ep.String()))
	}
}

// joined is f(0), …, f(n-1) separated by commas.
func joined(n int, f func(j int) string) string {
	parts := make([]string, n)
	for j := range parts {
		parts[j] = f(j)
	}
	return strings.Join(parts, ",")
}

// openAlexWork writes work i as OpenAlex holds it.
func (n *Net) openAlexWork(b *bytes.Buffer, i int) {
	if n.Mix.RealSizes {
		n.Corpus.openAlexBigT[i%variants].write(b, i)
		return
	}
	n.Corpus.openAlexWork(b, i)
}

// epmcResult writes work i as Europe PMC's core result holds it.
func (n *Net) epmcResult(b *bytes.Buffer, i int) {
	if n.Mix.RealSizes {
		n.Corpus.epmcBigT[i%variants].write(b, i)
		return
	}
	n.Corpus.epmcResult(b, i)
}

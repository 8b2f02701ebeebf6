package netsim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The synthetic works: work i has DOI 10.(5500+i%Prefixes)/sim.i and a
// title, six authors, an abstract of about 1,000 characters and the other
// fields a real record has, the same in every service's answer. Records
// come from templates (one per i % the number of variants) with the DOI
// and number filled in: the real services compose their answers on their
// own machines, so the simulation must not spend the benchmark's CPU on it.

const (
	Prefixes = 20
	variants = 35
)

func ORCID(r int) string {
	// A valid iD (ISO 7064 MOD 11-2 check digit) per researcher.
	base := fmt.Sprintf("00000002%07d", r)
	total := 0
	for _, c := range base {
		total = (total + int(c-'0')) * 2
	}
	check := (12 - total%11) % 11
	digit := "X"
	if check < 10 {
		digit = fmt.Sprint(check)
	}
	s := base + digit
	return s[0:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:16]
}

func DOI(i int) string { return fmt.Sprintf("10.%d/sim.%d", 5500+i%Prefixes, i) }

func OpenAlexMisses(i int) bool { return i%20 == 7 } // one work in twenty is not in OpenAlex

// template is a record with {{D}} (the DOI) and {{I}} (the work's
// number) to fill in, split at those marks.
type template struct {
	parts []string // literal, then mark letter + literal, …
}

func newTemplate(s string) template {
	parts := strings.Split(s, "{{")
	for k := 1; k < len(parts); k++ {
		parts[k] = strings.Replace(parts[k], "}}", "", 1)
	}
	return template{parts: parts}
}

func (t template) write(b *bytes.Buffer, i int) {
	b.WriteString(t.parts[0])
	for _, p := range t.parts[1:] {
		switch p[0] {
		case 'D':
			b.WriteString(DOI(i))
		case 'I':
			b.WriteString(strconv.Itoa(i))
		}
		b.WriteString(p[1:])
	}
}

// Corpus holds the record templates of every simulated service.
type Corpus struct {
	orcidT, crossrefT, openAlexT, epmcT, s2T, unpaywallT []template // by i % variants
	postedT, reportT, dataCiteT                          []template // the Mix's kinds, by i % variants
	openAlexBigT, epmcBigT                               []template // at their real sizes (sizes.go)
}

func (c *Corpus) orcidWork(b *bytes.Buffer, i int) { c.orcidT[i%variants].write(b, i) }

func (c *Corpus) orcidGroup(b *bytes.Buffer, i int) {
	b.WriteString(`{"last-modified-date":{"value":1600000000000},"external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"`)
	b.WriteString(DOI(i))
	b.WriteString(`","external-id-normalized":{"value":"`)
	b.WriteString(DOI(i))
	b.WriteString(`"},"external-id-relationship":"self"}]},"work-summary":[`)
	c.orcidWork(b, i)
	b.WriteString(`]}`)
}
func (c *Corpus) openAlexWork(b *bytes.Buffer, i int) { c.openAlexT[i%variants].write(b, i) }
func (c *Corpus) epmcResult(b *bytes.Buffer, i int)   { c.epmcT[i%variants].write(b, i) }
func (c *Corpus) s2Paper(b *bytes.Buffer, i int)      { c.s2T[i%variants].write(b, i) }
func (c *Corpus) unpaywall(b *bytes.Buffer, i int)    { c.unpaywallT[i%variants].write(b, i) }

const corpusWords = `the of a model data analysis results method study effect we show that these
	network learning protein cell climate quantum graph signal bound optimal new approach measured using
	across samples observed significant under conditions propose framework evaluate performance dataset`

func NewCorpus() *Corpus {
	words := strings.Fields(corpusWords)
	text := func(n, count int) string {
		parts := make([]string, count)
		for k := range parts {
			parts[k] = words[(n*7+k*k+k)%len(words)]
		}
		return strings.Join(parts, " ")
	}
	c := &Corpus{}
	for n := range variants {
		title := "On " + text(n, 9) + " ({{I}})"
		abstract := text(n+3, 150) + "."
		journal := fmt.Sprintf("Journal of Simulated Results %d", n)
		y, mo, d := 1995+n%30, 1+n%12, 1+n%28
		type author struct{ given, family, orcid, affiliation string }
		authors := []author{{given: "Rosalind", family: "Simulated"}} // the record's owner, named as /person names her
		for k := range 5 {
			authors = append(authors, author{
				given:       []string{"Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald"}[k],
				family:      fmt.Sprintf("Author%d", n*13+k),
				orcid:       ORCID(1000 + n*6 + k),
				affiliation: fmt.Sprintf("Department %d, University of Simulation", n+k),
			})
		}
		each := func(f func(b *strings.Builder, a author)) string {
			var b strings.Builder
			for k, a := range authors {
				if k > 0 {
					b.WriteByte(',')
				}
				f(&b, a)
			}
			return b.String()
		}

		ext := `{"external-id":[{"external-id-type":"doi","external-id-value":"{{D}}","external-id-normalized":{"value":"{{D}}"},"external-id-relationship":"self"}]}`
		c.orcidT = append(c.orcidT, newTemplate(fmt.Sprintf(`{"put-code":1{{I}},"created-date":{"value":1500000000000},"last-modified-date":{"value":1600000000000},"source":{"source-client-id":{"path":"0000-0001-9884-1913"},"source-name":{"value":"Crossref"}},"title":{"title":{"value":%q}},"external-ids":%s,"url":{"value":"https://doi.org/{{D}}"},"type":"journal-article","publication-date":{"year":{"value":"%d"},"month":{"value":"%02d"},"day":{"value":"%02d"}},"journal-title":{"value":%q},"visibility":"public","path":"/0000/work/1{{I}}","display-index":"0"}`,
			title, ext, y, mo, d, journal)))

		var refs strings.Builder
		for k := range 30 { // read and dropped by the parser, as real reference lists are
			if k > 0 {
				refs.WriteByte(',')
			}
			fmt.Fprintf(&refs, `{"key":"ref%d","DOI":"10.9999/ref.{{I}}.%d","unstructured":"%s"}`, k, k, text(n+k, 14))
		}
		cr := fmt.Sprintf(`{"DOI":"{{D}}","type":"journal-article","title":[%q],"container-title":[%q],"publisher":"Simulated Press","issued":{"date-parts":[[%d,%d,%d]]},"volume":"%d","issue":"%d","page":"%d-%d","abstract":"<jats:p>%s</jats:p>","ISSN":["1234-%04d"],"subject":["Computer Science","Applied Mathematics"],"is-referenced-by-count":%d,"references-count":30,"license":[{"URL":"http://creativecommons.org/licenses/by/4.0/","content-version":"vor"}],"resource":{"primary":{"URL":"https://journal.example.org/{{I}}"}},"author":[%s],"reference":[%s]}`,
			title, journal, y, mo, d, n, n%12, n*7, n*7+12, abstract, n, n*3,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"given":%q,"family":%q,"sequence":"additional","ORCID":"https://orcid.org/%s","affiliation":[{"name":%q}]}`, a.given, a.family, a.orcid, a.affiliation)
			}), refs.String())
		c.crossrefT = append(c.crossrefT, newTemplate(cr))
		c.addMixed(cr, journal, title, abstract, y, each(func(b *strings.Builder, a author) {
			b.WriteString(dataCiteCreator(a.given, a.family, a.orcid, a.affiliation))
		}))

		oa := `"open_access":{"is_oa":false,"oa_status":"closed","oa_url":null},"best_oa_location":null`
		if n%3 == 0 {
			oa = `"open_access":{"is_oa":true,"oa_status":"gold","oa_url":"https://journal.example.org/{{I}}.pdf"},"best_oa_location":{"pdf_url":"https://journal.example.org/{{I}}.pdf","landing_page_url":"https://doi.org/{{D}}","license":"cc-by","version":"publishedVersion"}`
		}
		positions := map[string][]int{}
		var order []string
		for k, w := range strings.Fields(abstract) {
			if _, ok := positions[w]; !ok {
				order = append(order, w)
			}
			positions[w] = append(positions[w], k)
		}
		var inv strings.Builder
		for k, w := range order {
			if k > 0 {
				inv.WriteByte(',')
			}
			p, _ := json.Marshal(positions[w])
			fmt.Fprintf(&inv, "%q:%s", w, p)
		}
		c.openAlexT = append(c.openAlexT, newTemplate(fmt.Sprintf(`{"id":"https://openalex.org/W{{I}}","doi":"https://doi.org/{{D}}","title":%q,"publication_date":"%d-%02d-%02d","publication_year":%d,"type":"article","ids":{"openalex":"https://openalex.org/W{{I}}","doi":"https://doi.org/{{D}}","mag":"3{{I}}"},"primary_location":{"landing_page_url":"https://doi.org/{{D}}","source":{"display_name":%q,"host_organization_name":"Simulated Press","issn":["1234-%04d"]}},"biblio":{"volume":"%d","issue":"%d","first_page":"%d","last_page":"%d"},%s,"cited_by_count":%d,"referenced_works_count":30,"topics":[{"display_name":"Simulation Methods"},{"display_name":"Applied Statistics"}],"authorships":[%s],"abstract_inverted_index":{%s}}`,
			title, y, mo, d, y, journal, n, n, n%12, n*7, n*7+12, oa, n*3,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"author_position":"middle","author":{"display_name":"%s %s","orcid":"https://orcid.org/%s"},"institutions":[{"display_name":%q}],"raw_author_name":"%s %s"}`, a.given, a.family, a.orcid, a.affiliation, a.given, a.family)
			}), inv.String())))

		c.epmcT = append(c.epmcT, newTemplate(fmt.Sprintf(`{"id":"3{{I}}","source":"MED","pmid":"3{{I}}","doi":"{{D}}","title":%q,"pubYear":"%d","journalInfo":{"volume":"%d","issue":"%d","printPublicationDate":"%d-%02d-%02d","journal":{"title":%q,"issn":"1234-%04d"}},"pageInfo":"%d-%d","abstractText":%q,"isOpenAccess":"N","citedByCount":%d,"pubTypeList":{"pubType":["Journal Article"]},"firstPublicationDate":"%d-%02d-%02d","authorList":{"author":[%s]}}`,
			title, y, n, n%12, y, mo, d, journal, n, n*7, n*7+12, abstract, n*2, y, mo, d,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"fullName":"%s %c","firstName":%q,"lastName":%q,"authorId":{"type":"ORCID","value":%q},"authorAffiliationDetailsList":{"authorAffiliation":[{"affiliation":%q}]}}`, a.family, a.given[0], a.given, a.family, a.orcid, a.affiliation)
			}))))

		c.s2T = append(c.s2T, newTemplate(fmt.Sprintf(`{"paperId":"s2p{{I}}","externalIds":{"DOI":"{{D}}","MAG":"3{{I}}"},"title":%q,"abstract":%q,"venue":%q,"year":%d,"publicationDate":"%d-%02d-%02d","citationCount":%d,"influentialCitationCount":%d,"referenceCount":30,"fieldsOfStudy":["Computer Science"],"s2FieldsOfStudy":[{"category":"Computer Science","source":"external"},{"category":"Mathematics","source":"s2-fos-model"}],"tldr":{"model":"tldr@v2.0.0","text":%q},"isOpenAccess":false,"openAccessPdf":null,"publicationTypes":["JournalArticle"],"journal":{"name":%q,"volume":"%d","pages":"%d-%d"},"authors":[%s]}`,
			title, abstract, journal, y, y, mo, d, n*3, n%5, text(n, 25), journal, n, n*7, n*7+12,
			each(func(b *strings.Builder, a author) {
				fmt.Fprintf(b, `{"authorId":"%s","name":"%s %s"}`, a.family, a.given, a.family)
			}))))

		c.unpaywallT = append(c.unpaywallT, newTemplate(fmt.Sprintf(`{"doi":"{{D}}","title":%q,"journal_name":%q,"publisher":"Simulated Press","genre":"journal-article","published_date":"%d-%02d-%02d","year":%d,"journal_issns":"1234-%04d","is_oa":false,"oa_status":"closed","best_oa_location":null,"z_authors":[%s]}`,
			title, journal, y, mo, d, y, n,
			each(func(b *strings.Builder, a author) { fmt.Fprintf(b, `{"given":%q,"family":%q}`, a.given, a.family) }))))
	}
	c.addRealSizes()
	return c
}

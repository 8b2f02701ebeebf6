package providers_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
)

// TestORCIDExpansionRecorded expands a real record: eight groups, one work
// each, in the record's order, in three requests (summary, one bulk
// details request for all eight put-codes, name), never one per work.
func TestORCIDExpansionRecorded(t *testing.T) {
	s := newStub(t)
	s.file("/v3.0/0000-0002-9341-7985/works", 200, "orcid/orcid-works-0000-0002-9341-7985.json")
	s.file("/v3.0/0000-0002-9341-7985/works/15536015,5011717,15536016,15536014,15536013,15536017,15536018,15536019", 200, "orcid/constructed-orcid-works-bulk-0000-0002-9341-7985.json")
	s.file("/v3.0/0000-0002-9341-7985/person", 200, "orcid/orcid-person-0000-0002-9341-7985.json")
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, "0000-0002-9341-7985")
	if res.Status != record.Found || len(res.Discovered) != 8 {
		t.Fatalf("status %s (%v), %d works; want 8 (one per group)", res.Status, res.Err, len(res.Discovered))
	}
	if got := keys(res.Discovered); got != "doi:10.3233/isu-130714 doi:10.1038/npre.2009.2801 orcid-work:0000-0002-9341-7985/15536016 doi:10.1080/03615260801973992 doi:10.1080/03615260801973414 orcid-work:0000-0002-9341-7985/15536017 orcid-work:0000-0002-9341-7985/15536018 orcid-work:0000-0002-9341-7985/15536019" {
		t.Errorf("works in record order:\n%s", got)
	}
	if p := res.Person; p == nil || p.Given != "Peter" || p.Family != "Binfield" {
		t.Errorf("person %+v, want Peter Binfield", p)
	}
	if len(s.requests()) != 3 {
		t.Errorf("%d requests, want 3 (summary, bulk details, person)", len(s.requests()))
	}
	// The record's works came from ORCID's Scopus import, each with a
	// scopus.com record page as its url (Binfield 2013, doi:10.3233/
	// isu-130714, among them): none is the work's landing page.
	for _, d := range res.Discovered {
		if d.Summary.URL != "" {
			t.Errorf("%s: url %q, want none (an aggregator's record page)", d.ID.Key(), d.Summary.URL)
		}
	}
	assertGolden(t, res)
}

// TestORCIDWorkURLDropsAggregators: citation indexes' and profile sites'
// record pages are not a work's url; a publisher's page, a repository's or
// a DOI link is kept.
func TestORCIDWorkURLDropsAggregators(t *testing.T) {
	for in, want := range map[string]string{
		"http://www.scopus.com/inward/record.url?eid=2-s2.0-84889654399&partnerID=MN8TOARS": "",
		"https://gateway.webofknowledge.com/gateway/Gateway.cgi?KeyUT=WOS:000568567200012":  "",
		"https://www.webofscience.com/wos/woscc/full-record/WOS:000568567200012":            "",
		"http://apps.isiknowledge.com/full_record.do?UT=000260312000011":                    "",
		"https://www.researchgate.net/publication/123_Some_title":                           "",
		"https://scholar.google.de/citations?view_op=view_citation&citation_for_view=x":     "",
		"https://www.academia.edu/12345/Some_title":                                         "",
		" https://peerj.com/preprints/1/ ":                                                  "https://peerj.com/preprints/1/",
		"https://doi.org/10.3233/isu-130714":                                                "https://doi.org/10.3233/isu-130714",
		"https://notscopus.com/x":                                                           "https://notscopus.com/x",
	} {
		if got := providers.ORCIDWorkURL(in); got != want {
			t.Errorf("ORCIDWorkURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestORCIDRealDetails maps two real work documents (contributors with and
// without iDs, a BibTeX citation, a short description) through the bulk
// endpoint.
func TestORCIDRealDetails(t *testing.T) {
	s := newStub(t)
	s.file("/v3.0/0000-0002-0734-2199/works", 200, "orcid/constructed-orcid-works-0000-0002-0734-2199.json")
	s.file("/v3.0/0000-0002-0734-2199/works/77226586,40038622", 200, "orcid/constructed-orcid-works-bulk-0000-0002-0734-2199.json")
	s.text("/v3.0/0000-0002-0734-2199/person", 200, `{"name":null,"other-names":{"other-name":[]}}`)
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, "0000-0002-0734-2199")
	if res.Status != record.Found || len(res.Discovered) != 2 {
		t.Fatalf("status %s (%v), %d works", res.Status, res.Err, len(res.Discovered))
	}
	aftermath := res.Discovered[0].Summary
	if len(aftermath.Authors) != 4 || aftermath.Authors[0].ORCID != "0000-0002-0734-2199" || record.NameOf(aftermath.Authors[2]) != (record.Name{Given: "Loïc", Family: "Martin"}) || aftermath.Authors[2].Name != "" {
		t.Errorf("authors %+v, want the four contributors split into given and family, the first with the owner's iD", aftermath.Authors)
	}
	if aftermath.Abstract == "" || aftermath.Issued.String() != "2020-06-01" || len(aftermath.Extra) != 1 || aftermath.Extra[0].Name != "citation:bibtex" {
		t.Errorf("details not mapped: %+v", aftermath)
	}
	assertGolden(t, res)
}

// TestORCIDConstructedCases covers one case per group of a constructed
// record; see testdata/orcid/SOURCES.md for what each group holds.
func TestORCIDConstructedCases(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := newStub(t)
	s.file("/v3.0/"+orcid+"/works", 200, "orcid/constructed-orcid-works-"+orcid+".json")
	s.file("/v3.0/"+orcid+"/works/1002,2001,3002,4001,5001,6001,7001", 200, "orcid/constructed-orcid-works-bulk-"+orcid+".json")
	s.file("/v3.0/"+orcid+"/person", 200, "orcid/constructed-orcid-person-"+orcid+".json")
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if res.Status != record.Found {
		t.Fatalf("status %s: %v", res.Status, res.Err)
	}
	want := "doi:10.5555/carberry.pots doi:10.6084/m9.figshare.22422428 doi:10.5555/carberry.glazes arxiv:2311.16162 orcid-work:" + orcid + "/5001 orcid-work:" + orcid + "/6001 pmid:11748933"
	if got := keys(res.Discovered); got != want {
		t.Fatalf("works:\n%s\nwant\n%s", got, want)
	}
	w := res.Discovered

	// Multi-source group: Europe PMC's entry (display-index 1) speaks for
	// the work although the API listed Crossref's first.
	if w[0].Source != "orcid:"+orcid+" put-code 1002" || w[0].Group == nil || strings.Join(w[0].Group.PutCodes, ",") != "1002,1001,1003" {
		t.Errorf("multi-source group: source %q group %+v", w[0].Source, w[0].Group)
	}
	if w[0].Summary.Issued.String() != "2019-07-04" || w[0].Summary.IDs.PMCID != "PMC5679183" || len(w[0].Summary.Authors) != 2 {
		t.Errorf("multi-source group record %+v: want Europe PMC's date and PMCID, authors listed once each", w[0].Summary)
	}
	// Version DOIs of one figshare item: one work, the other DOI an alias.
	if g := w[1].Group; g == nil || strings.Join(g.Aliases, ",") != "doi:10.6084/m9.figshare.22422428.v1" {
		t.Errorf("version DOIs: group %+v", w[1].Group)
	}
	// Preprint + published: the published DOI names the work although the
	// owner preferred the preprint's entry.
	if w[2].Source != "orcid:"+orcid+" put-code 3002" || !slices.Contains(w[2].Summary.Relations, record.Relation{Type: "has-preprint", ID: "doi:10.1101/2020.12.01.406702"}) {
		t.Errorf("preprint pair: %s relations %+v", w[2].Source, w[2].Summary.Relations)
	}
	if !strings.Contains(w[2].Group.Chosen, "preprint") {
		t.Errorf("preprint pair: the choice does not say why: %q", w[2].Group.Chosen)
	}
	// No DOI: arXiv id kept, no date (the entry has only a last-modified date).
	if !w[3].Summary.Issued.IsZero() || w[3].Summary.Title != "A theory of cracks" {
		t.Errorf("arXiv-only work %+v: want its title and no date", w[3].Summary)
	}
	// No identifier at all, and no details (the bulk answer had an error
	// for it): the summary stands.
	if e := w[4].Summary; e.Title != "Cracks I have known" || e.Type != "speech" || e.Issued.String() != "2018-11-15" {
		t.Errorf("identifier-less work %+v", e)
	}
	// ISBN kept; the editor is not an author; the citation kept.
	if f := w[5].Summary; strings.Join(f.IDs.ISBN, ",") != "9780000000002" || len(f.Authors) != 1 || len(f.Extra) != 1 {
		t.Errorf("ISBN-only book %+v", f)
	}
	if p := res.Person; p == nil || p.Credit != "Josiah S. Carberry" || strings.Join(p.Other, ",") != "J. S. Carberry" {
		t.Errorf("person %+v", res.Person)
	}

	var msgs []string
	for _, wn := range res.Warnings {
		msgs = append(msgs, wn.Message)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`put-code 1003 lists a malformed DOI "doi.org/11.5555/carberry.pots"`, `put-code 7001 lists a malformed DOI "10.1234 /bad doi"`, "put-code 5001: the record gave no details ('5001' is not a valid put code)"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	if len(msgs) != 3 {
		t.Errorf("%d warnings, want 3 (each malformed DOI once, one missing detail):\n%s", len(msgs), all)
	}
	assertGolden(t, res)
}

// TestORCIDBulkChunks: 250 works take three details requests of 100, 100
// and 50 put-codes.
func TestORCIDBulkChunks(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	var groups, bulk [3][]string
	var all []string
	for i := range 250 {
		pc := fmt.Sprint(10000 + i)
		all = append(all, fmt.Sprintf(`{"external-ids":{"external-id":[]},"work-summary":[{"put-code":%s,"title":{"title":{"value":"W%d"}},"type":"other"}]}`, pc, i))
		groups[i/100] = append(groups[i/100], pc)
		bulk[i/100] = append(bulk[i/100], fmt.Sprintf(`{"work":{"put-code":%s,"title":{"title":{"value":"W%d in full"}},"type":"other"}}`, pc, i))
	}
	s := newStub(t)
	s.text("/v3.0/"+orcid+"/works", 200, `{"group":[`+strings.Join(all, ",")+`]}`)
	for i := range groups {
		s.text("/v3.0/"+orcid+"/works/"+strings.Join(groups[i], ","), 200, `{"bulk":[`+strings.Join(bulk[i], ",")+`]}`)
	}
	s.text("/v3.0/"+orcid+"/person", 404, `{"response-code":404}`)
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if res.Status != record.Found || len(res.Discovered) != 250 {
		t.Fatalf("status %s (%v), %d works", res.Status, res.Err, len(res.Discovered))
	}
	if got := res.Discovered[249].Summary.Title; got != "W249 in full" {
		t.Errorf("last work's title %q: details were not used", got)
	}
	if len(s.requests()) != 5 {
		t.Errorf("%d requests, want 5 (summary, 3 bulk, person)", len(s.requests()))
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Message, "name on the record could not be read") {
		t.Errorf("warnings %+v, want one about the unreadable name", res.Warnings)
	}
}

// TestORCIDDetailsFailureFails: when the details cannot be read the whole
// expansion fails, so the orchestrator keeps the last good one.
func TestORCIDDetailsFailureFails(t *testing.T) {
	s := newStub(t)
	s.file("/v3.0/0000-0002-9341-7985/works", 200, "orcid/orcid-works-0000-0002-9341-7985.json")
	s.text("/v3.0/0000-0002-9341-7985/works/15536015,5011717,15536016,15536014,15536013,15536017,15536018,15536019", 400, `{"response-code":400}`)
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, "0000-0002-9341-7985")
	if res.Status != record.Failed || len(res.Discovered) != 0 || !strings.Contains(fmt.Sprint(res.Err), "work details") {
		t.Errorf("status %s, %d works, err %v; want a failed expansion", res.Status, len(res.Discovered), res.Err)
	}
}

func TestORCIDUnknownRecord(t *testing.T) {
	s := newStub(t)
	s.text("/v3.0/0000-0002-1825-0097/works", 404, `{"response-code":404}`)
	if res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, "0000-0002-1825-0097"); res.Status != record.NotFound {
		t.Errorf("status %s", res.Status)
	}
}

func keys(ds []service.Discovered) string {
	var out []string
	for _, d := range ds {
		out = append(out, d.ID.Key())
	}
	return strings.Join(out, " ")
}

// TestORCIDGroupListIdentifiers: a malformed DOI only in the group's own
// list is reported with the group's put-codes; a malformed arXiv id does
// not stop a later good one; a put-code the bulk answer leaves out without
// an error is said to have no entry.
func TestORCIDGroupListIdentifiers(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := newStub(t)
	s.text("/v3.0/"+orcid+"/works", 200, `{"group":[{
		"external-ids":{"external-id":[
			{"external-id-type":"doi","external-id-value":"not a doi","external-id-relationship":"self"},
			{"external-id-type":"arxiv","external-id-value":"2311.16162","external-id-relationship":"self"}]},
		"work-summary":[
			{"put-code":11,"display-index":"2","title":{"title":{"value":"Preferred"}},"type":"other",
			 "external-ids":{"external-id":[{"external-id-type":"arxiv","external-id-value":"not/an/arxiv/id","external-id-relationship":"self"}]}},
			{"put-code":12,"display-index":"1","title":{"title":{"value":"Other"}},"type":"other"}]}]}`)
	s.text("/v3.0/"+orcid+"/works/11", 200, `{"bulk":[]}`)
	s.text("/v3.0/"+orcid+"/person", 200, `{"name":null}`)
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if res.Status != record.Found || len(res.Discovered) != 1 {
		t.Fatalf("status %s (%v), %d works", res.Status, res.Err, len(res.Discovered))
	}
	d := res.Discovered[0]
	if d.ID.Key() != "arxiv:2311.16162" || d.Summary.Title != "Preferred" {
		t.Errorf("work %s %+v, want the group's arXiv id and the preferred entry", d.ID.Key(), d.Summary)
	}
	if d.Group == nil || !strings.Contains(d.Group.Chosen, "put-code 11: the owner's preferred entry (highest display-index, 2)") {
		t.Errorf("group %+v, want the preferred entry chosen", d.Group)
	}
	var msgs []string
	for _, w := range res.Warnings {
		msgs = append(msgs, w.Message)
	}
	want := []string{
		`the group of put-codes 11, 12 lists a malformed DOI "not a doi": ` + fmt.Sprint(errOf(manifest.NormalizeDOI("not a doi"))),
		"put-code 11: the record gave no details (no entry in the answer); its summary is used",
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

func errOf(_ string, err error) error { return err }

// orcidTwoWorks serves a record of two works, put-codes 11 and 12, whose
// summaries are titled "W11" and "W12" and whose details say "in full".
func orcidTwoWorks(t *testing.T, orcid string) *stub {
	s := newStub(t)
	var groups []string
	for _, pc := range []string{"11", "12"} {
		groups = append(groups, `{"external-ids":{"external-id":[]},"work-summary":[{"put-code":`+pc+`,"title":{"title":{"value":"W`+pc+`"}},"type":"other"}]}`)
	}
	s.text("/v3.0/"+orcid+"/works", 200, `{"group":[`+strings.Join(groups, ",")+`]}`)
	s.text("/v3.0/"+orcid+"/person", 200, `{"name":null}`)
	return s
}

func orcidWorkDetails(pc string) string {
	return `{"put-code":` + pc + `,"title":{"title":{"value":"W` + pc + ` in full"}},"type":"other"}`
}

func titles(ds []service.Discovered) string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Summary.Title)
	}
	return strings.Join(out, ", ")
}

// TestORCIDBulkStrayAsksAlone: a bulk page that answers put-code 11 and,
// in 12's place, a work no one asked is no word that 12 has no details:
// 12 is asked alone (/work/12) and its details are used, with a warning
// naming the stray; the stray is filed nowhere.
func TestORCIDBulkStrayAsksAlone(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := orcidTwoWorks(t, orcid)
	s.text("/v3.0/"+orcid+"/works/11,12", 200, `{"bulk":[{"work":`+orcidWorkDetails("11")+`},{"work":`+orcidWorkDetails("99")+`}]}`)
	s.text("/v3.0/"+orcid+"/work/12", 200, orcidWorkDetails("12"))
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if res.Status != record.Found {
		t.Fatalf("status %s (%v)", res.Status, res.Err)
	}
	if got := titles(res.Discovered); got != "W11 in full, W12 in full" {
		t.Errorf("titles %q, want both from their details", got)
	}
	if len(res.Warnings) != 1 || !res.Warnings[0].Transient || res.Warnings[0].Identity != "orcid:"+orcid ||
		res.Warnings[0].Message != "orcid: the bulk answer lacked put-code 12 and held works for put-codes not asked (99); asked again alone" {
		t.Errorf("warnings %+v", res.Warnings)
	}
}

// TestORCIDBulkStrayAloneNotThere: asked alone, a put-code the registry
// does not have falls back on its summary, as a put-code the bulk page
// names in an error does, and the warning says it was asked alone.
func TestORCIDBulkStrayAloneNotThere(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := orcidTwoWorks(t, orcid)
	s.text("/v3.0/"+orcid+"/works/11,12", 200, `{"bulk":[{"work":`+orcidWorkDetails("11")+`},{"work":`+orcidWorkDetails("98")+`}]}`)
	s.text("/v3.0/"+orcid+"/work/12", 404, `{"response-code":404}`)
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if got := titles(res.Discovered); got != "W11 in full, W12" {
		t.Errorf("titles %q, want 12 from its summary", got)
	}
	var msgs []string
	for _, w := range res.Warnings {
		msgs = append(msgs, w.Message)
	}
	want := []string{
		"orcid: the bulk answer lacked put-code 12 and held works for put-codes not asked (98); asked again alone",
		"put-code 12: the record gave no details (asked alone, the registry has no such work); its summary is used",
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

// TestORCIDBulkTwoWorksForOnePutCode: two different works filed under
// put-code 11 leave it in doubt, whatever else the page answers; asked
// alone, its own answer decides.
func TestORCIDBulkTwoWorksForOnePutCode(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := orcidTwoWorks(t, orcid)
	other := strings.Replace(orcidWorkDetails("11"), "W11 in full", "Someone else's work", 1)
	s.text("/v3.0/"+orcid+"/works/11,12", 200, `{"bulk":[{"work":`+other+`},{"work":`+orcidWorkDetails("12")+`},{"work":`+orcidWorkDetails("11")+`}]}`)
	s.text("/v3.0/"+orcid+"/work/11", 200, orcidWorkDetails("11"))
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if got := titles(res.Discovered); got != "W11 in full, W12 in full" {
		t.Errorf("titles %q", got)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Message != "orcid: the bulk answer gave put-code 11 two different works; asked again alone" {
		t.Errorf("warnings %+v", res.Warnings)
	}
}

// TestORCIDPutCodeInTwoGroups: a faulty summary lists put-code 11 in two
// groups; the page of details answers it once. The first work takes its
// details and the second keeps its summary, as before a work with details
// let its summary go: never an empty record.
func TestORCIDPutCodeInTwoGroups(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := newStub(t)
	g := `{"external-ids":{"external-id":[]},"work-summary":[{"put-code":11,"title":{"title":{"value":"W11"}},"type":"other"}]}`
	s.text("/v3.0/"+orcid+"/works", 200, `{"group":[`+g+`,`+g+`]}`)
	s.text("/v3.0/"+orcid+"/works/11,11", 200, `{"bulk":[{"work":`+orcidWorkDetails("11")+`}]}`)
	s.text("/v3.0/"+orcid+"/person", 200, `{"name":null}`)
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if res.Status != record.Found || len(res.Discovered) != 2 {
		t.Fatalf("status %s (%v), %d works", res.Status, res.Err, len(res.Discovered))
	}
	if got := titles(res.Discovered); got != "W11 in full, W11" {
		t.Errorf("titles %q, want the first from its details, the second from its summary", got)
	}
}

// TestORCIDChoiceSaysWhenTheDOIsEntryIsNotThePreferred: the owner's
// preferred entry lists no DOI and another entry of the group does; that
// entry speaks for the work, and the group's reason says so rather than
// name the preferred entry as chosen.
func TestORCIDChoiceSaysWhenTheDOIsEntryIsNotThePreferred(t *testing.T) {
	const orcid = "0000-0002-1825-0097"
	s := newStub(t)
	s.text("/v3.0/"+orcid+"/works", 200, `{"group":[{"external-ids":{"external-id":[]},"work-summary":[
		{"put-code":11,"display-index":"2","title":{"title":{"value":"Preferred"}},"type":"other"},
		{"put-code":12,"display-index":"1","title":{"title":{"value":"With DOI"}},"type":"other",
		 "external-ids":{"external-id":[{"external-id-type":"doi","external-id-value":"10.5555/abc","external-id-relationship":"self"}]}}]}]}`)
	s.text("/v3.0/"+orcid+"/works/12", 200, `{"bulk":[{"work":`+orcidWorkDetails("12")+`}]}`)
	s.text("/v3.0/"+orcid+"/person", 200, `{"name":null}`)
	res := fetchOne(t, providers.ORCID(), s.env(), manifest.KindORCID, orcid)
	if res.Status != record.Found || len(res.Discovered) != 1 {
		t.Fatalf("status %s (%v), %d works", res.Status, res.Err, len(res.Discovered))
	}
	d := res.Discovered[0]
	want := "put-code 12 lists doi:10.5555/abc, which names the work; the owner's preferred entry, put-code 11, does not"
	if d.ID.Key() != "doi:10.5555/abc" || d.Group == nil || d.Group.Chosen != want {
		t.Errorf("work %s, group %+v; want doi:10.5555/abc chosen because %q", d.ID.Key(), d.Group, want)
	}
}

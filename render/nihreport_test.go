package render

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/nih"
)

// nihResearcher is a researcher's snapshots whose works carry funders in
// the shapes the services send them:
//
//   - four journal articles of Europe PMC's recorded core search
//     (testdata/corpus/europepmc/europepmc-search-cancer-core.json): title,
//     journal issue date (europePMCDate's reading), PMID and PMCID as
//     recorded, and funders as its grantsList names them, agency only with
//     the grant id as award ("NCI NIH HHS", "P30 CA008748"): a name with no
//     id, as about's Europe PMC adapter reads grantsList;
//   - the GTEx dataset 10.25491/d50j-3083 with its seven funders, each a
//     Funder Registry DOI and a name, as bolognese's schema_org_gtex
//     fixture gives them (datacite/bolognese, spec/writers/schema_org_writer_spec.rb
//     at 3a9fde9d2f0cf643501a1c86476a220cf72ca445, MIT: "from schema_org gtex");
//   - constructed articles (Crossref's example prefix 10.5555) whose
//     funders take Crossref's funder[] shape (a DOI, a name, awards, as in
//     the recorded eLife and ACM answers of examples/replay) and OpenAlex's
//     funders[] shape (a display name and a ROR id, no DOI, as in the
//     recorded testdata/corpus/openalex answers), one with a hostile title;
//   - works no service named funders of, and one whose funders are a
//     national institute of another country.
func nihResearcher() *folder.Folder {
	article := func(id, title string, d record.Date, pmid, pmcid string, funding ...record.Funding) folder.Work {
		from := "" // a name-only list: Europe PMC's grantsList, here with no provenance
		for _, f := range funding {
			switch {
			case f.DOI != "":
				from = "crossref"
			case f.ROR != "":
				from = "openalex"
			}
		}
		return folder.Work{ID: id, FundingFrom: from, Record: record.Record{Title: title, Type: "article-journal", Issued: d,
			IDs: record.IDs{DOI: strings.TrimPrefix(id, "doi:"), PMID: pmid, PMCID: pmcid}, Funding: funding}}
	}
	gtex := folder.Work{ID: "doi:10.25491/d50j-3083", FundingFrom: "datacite", Record: record.Record{
		Title: "Fully processed, filtered and normalized gene expression matrices (in BED format) for each tissue, which were used as input into FastQTL for eQTL discovery",
		Type:  "dataset", Issued: record.NewDate(2017, 0, 0), IDs: record.IDs{DOI: "10.25491/d50j-3083"},
		Funding: []record.Funding{
			{Funder: "Common Fund of the Office of the Director of the NIH", DOI: "10.13039/100000052"},
			{Funder: "National Cancer Institute (NCI)", DOI: "10.13039/100000054"},
			{Funder: "National Human Genome Research Institute (NHGRI)", DOI: "10.13039/100000051"},
			{Funder: "National Heart, Lung, and Blood Institute (NHLBI)", DOI: "10.13039/100000050"},
			{Funder: "National Institute on Drug Abuse (NIDA)", DOI: "10.13039/100000026"},
			{Funder: "National Institute of Mental Health (NIMH)", DOI: "10.13039/100000025"},
			{Funder: "National Institute of Neurological Disorders and Stroke (NINDS)", DOI: "10.13039/100000065"},
		}}}
	preprint := folder.Work{ID: "doi:10.5555/nih.preprint", Record: record.Record{Title: "A preprint nobody funded, as far as anyone said",
		Type: "article", Genre: "Preprint", Issued: record.NewDate(2024, 2, 2), IDs: record.IDs{DOI: "10.5555/nih.preprint"}}}
	return &folder.Folder{Root: "nih", Works: []folder.Work{
		article("doi:10.1002/cncr.35944", "An examination of factors associated with disparities in clinical trial eligibility guided by the Socioecological Model.",
			record.NewDate(2025, 7, 0), "40530674", "",
			record.Funding{Funder: "National Cancer Institute of the National Institutes of Health, Grant/Award Number", Awards: []string{"U01CA274971"}},
			record.Funding{Funder: "Moffitt Cancer Center Support Grant, Grant/Award Number", Awards: []string{"P30-CA076292"}}),
		article("doi:10.1016/s0140-6736(24)02716-8", "Department of Error.", record.NewDate(2025, 12, 0), "39709208", "PMC12124214",
			record.Funding{Funder: "NCI NIH HHS", Awards: []string{"P30 CA008748"}}),
		article("doi:10.1093/nutrit/nuae105", "The Clinical Impact of Time-restricted Eating on Cancer: A Systematic Review.",
			record.NewDate(2025, 7, 0), "39212676", "PMC12166167",
			record.Funding{Funder: "CIHR", Awards: []string{"PJT-162279"}},
			record.Funding{Funder: "Canadian Institutes of Health Research", Awards: []string{"PJT-162279"}}),
		article("doi:10.1002/hpja.70059", "Co-Designed Culturally Tailored Cancer Screening Promotion Program With Chinese-Australian: Using a Community Partnership Approach.",
			record.NewDate(2025, 7, 0), "40437959", "PMC12120539", record.Funding{Funder: "Cancer Insititute NSW"}),
		gtex,
		article("doi:10.5555/nih.2019", "Crossref's funder shape, an NIH grant, in PMC", record.NewDate(2019, 3, 4), "31000001", "PMC6400001",
			record.Funding{Funder: "National Institutes of Health", DOI: "10.13039/100000002", Awards: []string{"R01DK123456"}}),
		article("doi:10.5555/nih.hostile", "A | B <script>alert(1)</script>\nsecond | line =cmd", record.NewDate(2024, 3, 15), "", "",
			record.Funding{Funder: "National Institute of General Medical Sciences | <b>", DOI: "10.13039/100000057", Awards: []string{"R01GM123456|x"}}),
		article("doi:10.5555/nih.formula", `=HYPERLINK("https://example.org","a formula in a spreadsheet")`, record.NewDate(2021, 1, 1), "", "PMC7800001",
			record.Funding{Funder: "National Institutes of Health", DOI: "10.13039/100000002"}),
		article("doi:10.5555/nih.2007", "OpenAlex's funder shape, before the policy", record.NewDate(2007, 5, 0), "17000001", "",
			record.Funding{Funder: "National Institutes of Health", ROR: "01cwqze88"}),
		article("doi:10.5555/nih.2008", "A year-only date across the 2008 start", record.NewDate(2008, 0, 0), "", "",
			record.Funding{Funder: "Eunice Kennedy Shriver National Institute of Child Health and Human Development", DOI: "10.13039/100009633"}),
		article("doi:10.5555/nih.unknown", "Nobody named its funders", record.NewDate(2025, 9, 1), "40900001", ""),
		preprint,
		article("doi:10.5555/nih.pakistan", "Funded by another country's National Institute of Health", record.NewDate(2022, 1, 1), "35000001", "",
			record.Funding{Funder: "National Institute of Health", Awards: []string{"NIH-PK-1"}}),
	}}
}

// TestNIHStatusesOfAResearcher: the report's sections and statuses equal
// the table below, written by hand from the works' funders, types, dates
// and PMCIDs and NIH's dates (7 April 2008, 1 July 2025), not from the
// output.
func TestNIHStatusesOfAResearcher(t *testing.T) {
	const (
		p2008   = "2008 policy"
		p2008If = "2008 policy if accepted on or after 7 April 2008"
		p2024If = "2024 policy if accepted on or after 1 July 2025, else 2008 policy"
	)
	want := map[string]struct {
		section string // nih, unknown
		status  nih.Status
		applies string
		match   nih.Match
	}{
		"doi:10.1002/cncr.35944":            {"nih", nih.NotInPMC, p2024If, nih.ByName}, // "National Cancer Institute of the National Institutes of Health, …"
		"doi:10.1016/s0140-6736(24)02716-8": {"nih", nih.InPMC, p2024If, nih.ByName},    // "NCI NIH HHS", PMC12124214
		"doi:10.25491/d50j-3083":            {"nih", nih.NotApplicable, "none", nih.ByDOI},
		"doi:10.5555/nih.2019":              {"nih", nih.InPMC, p2008, nih.ByDOI},
		"doi:10.5555/nih.hostile":           {"nih", nih.NotInPMC, p2008, nih.ByDOI},
		"doi:10.5555/nih.formula":           {"nih", nih.InPMC, p2008, nih.ByDOI},
		"doi:10.5555/nih.2007":              {"nih", nih.NotApplicable, "none", nih.ByROR},
		"doi:10.5555/nih.2008":              {"nih", nih.NotInPMC, p2008If, nih.ByDOI},
		"doi:10.5555/nih.unknown":           {"unknown", nih.NotInPMC, p2024If, ""},
		"doi:10.5555/nih.preprint":          {"unknown", nih.NotApplicable, "none", ""},
	}
	const others = 3 // CIHR, Cancer Institute NSW, Pakistan's National Institute of Health

	r := nih.Classify(nihWorks(buildPage(nihResearcher(), Options{Format: NIH})))
	got := map[string]nih.Row{}
	section := map[string]string{}
	for _, row := range r.Funded {
		got[row.Key], section[row.Key] = row, "nih"
	}
	for _, row := range r.Unknown {
		got[row.Key], section[row.Key] = row, "unknown"
	}
	if len(got) != len(want) {
		t.Errorf("%d works listed, want %d", len(got), len(want))
	}
	for key, w := range want {
		row, ok := got[key]
		switch {
		case !ok:
			t.Errorf("%s: not listed", key)
		case section[key] != w.section || row.Policy.Status != w.status || row.Policy.Applies != w.applies || row.Match != w.match:
			t.Errorf("%s: %s, %q, %q, %q; want %s, %q, %q, %q", key, section[key], row.Policy.Status, row.Policy.Applies, row.Match,
				w.section, w.status, w.applies, w.match)
		}
	}
	if r.Other != others {
		t.Errorf("%d works with other funders only, want %d", r.Other, others)
	}
}

// TestNIHReportHoldsHostileText: a title and a funder with "|", markup and
// a new line stay inside their table cell, as text, and the CSV reads
// back with every row whole and no cell a spreadsheet runs as a formula.
func TestNIHReportHoldsHostileText(t *testing.T) {
	f := nihResearcher()
	md := renderString(t, f, Options{Format: NIH})
	if strings.Contains(md, "<script>") || strings.Contains(md, "<b>") {
		t.Errorf("markup reached the Markdown report:\n%s", md)
	}
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := tableCells(line)
		if n := len(cells); n != 8 && n != 6 {
			t.Errorf("a table row of %d cells, want 8 or 6: %s", n, line)
		}
	}
	if !strings.Contains(md, `| A \| B \<script\>alert(1)\</script\> second \| line =cmd |`) {
		t.Errorf("the hostile title is not one escaped cell:\n%s", md)
	}
	rows, err := csv.NewReader(strings.NewReader(renderString(t, f, Options{Format: NIHCSV}))).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not read back: %v", err)
	}
	if len(rows) != 1+10 {
		t.Errorf("%d CSV rows, want a header and 10", len(rows))
	}
	// CSV holds text as it is, on one line; only a cell's leading =, +, -
	// or @ is defused, with a quote, so a spreadsheet shows it as text
	byDOI := map[string][]string{}
	for _, row := range rows {
		if len(row) != len(nih.CSVHeader) {
			t.Fatalf("a CSV row of %d cells: %q", len(row), row)
		}
		for _, cell := range row {
			if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
				t.Errorf("a cell a spreadsheet runs as a formula: %q", cell)
			}
		}
		byDOI[row[3]] = row
	}
	if h := byDOI["10.5555/nih.hostile"]; h == nil || h[1] != "A | B <script>alert(1)</script> second | line =cmd" ||
		h[6] != "National Institute of General Medical Sciences | <b> R01GM123456|x" {
		t.Errorf("the hostile work's CSV row is not its text on one line: %q", h)
	}
	if h := byDOI["10.5555/nih.formula"]; h == nil || h[1] != `'=HYPERLINK("https://example.org","a formula in a spreadsheet")` {
		t.Errorf("the formula title is not defused: %q", h)
	}
}

// tableCells splits a Markdown table row at its unescaped pipes.
func tableCells(line string) []string {
	var cells []string
	cur, escaped := "", false
	for _, r := range strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|") {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case r == '|':
			cells = append(cells, cur)
			cur = ""
			continue
		}
		cur += string(r)
	}
	return append(cells, cur)
}

// TestNIHTakesFundingOfTheSameWorkOnly: an entry whose record names no
// funder takes the funders its PMID record (shown within it as the same
// work, links.json) names; its preprint's funders are another work's, so
// with only those the entry's funding stays unknown.
func TestNIHTakesFundingOfTheSameWorkOnly(t *testing.T) {
	const article, pmid, preprint = "doi:10.5555/jcp.2023.042", "pmid:37000042", "doi:10.1101/2022.11.02.514823"
	nihGrant := []record.Funding{{Funder: "National Institutes of Health", DOI: "10.13039/100000002", Awards: []string{"R01GM000001"}}}
	for _, c := range []struct {
		fund    string
		section string
	}{{pmid, "nih"}, {preprint, "unknown"}} {
		f, person := fixture(t)
		for i := range f.Works {
			if f.Works[i].ID == c.fund {
				f.Works[i].Record.Funding, f.Works[i].FundingFrom = nihGrant, "pubmed"
			}
		}
		r := nih.Classify(nihWorks(buildPage(f, Options{Format: NIH, Person: person})))
		got := ""
		for _, row := range r.Funded {
			if row.Key == article {
				got = "nih"
				if row.FundingFrom != "pubmed" || row.PMID != "37000042" {
					t.Errorf("funded by %s: the entry's row %+v", c.fund, row.Work)
				}
			}
		}
		for _, row := range r.Unknown {
			if row.Key == article {
				got = "unknown"
			}
		}
		if got != c.section {
			t.Errorf("funders on %s: the article is in section %q, want %q", c.fund, got, c.section)
		}
	}
}

// TestNIHNamedByAnIndexOnly: the merged record keeps the registrar's
// funder list whole, so a work whose deposit names only NSF while
// OpenAlex's list (mined partly from the acknowledgements) names NIH is
// still an NIH work in the report, which says whose word that is; the
// page's own funding line stays the registrar's.
func TestNIHNamedByAnIndexOnly(t *testing.T) {
	const id = "doi:10.5555/nih.index-only"
	nsf := []record.Funding{{Funder: "National Science Foundation", DOI: "10.13039/100000001", Awards: []string{"DBI-1661529"}}}
	nihByIndex := []record.Funding{{Funder: "National Institutes of Health", ROR: "01cwqze88", Awards: []string{"R01GM123456"}}}
	f := &folder.Folder{Root: "nih", Works: []folder.Work{{ID: id, FundingFrom: "crossref",
		FundingElsewhere: []folder.SourceFunding{{Provider: "openalex", Funding: nihByIndex}},
		Record: record.Record{Title: "Funded twice, told once", Type: "article-journal", Issued: record.NewDate(2021, 3, 0),
			IDs: record.IDs{DOI: "10.5555/nih.index-only"}, Funding: nsf}}}}
	r := nih.Classify(nihWorks(buildPage(f, Options{Format: NIH})))
	if len(r.Funded) != 1 || r.Funded[0].OnlyBy != "openalex" || r.Funded[0].Match != nih.ByROR || r.Other != 0 {
		t.Fatalf("report %+v, want the work funded by NIH as openalex alone says", r)
	}
	md := renderString(t, f, Options{Format: NIH})
	if !strings.Contains(md, "named by openalex only; crossref's list does not name NIH") || !strings.Contains(md, "R01GM123456") {
		t.Errorf("the report does not say whose word NIH is:\n%s", md)
	}
	if csv := renderString(t, f, Options{Format: NIHCSV}); !strings.Contains(csv, ",ROR id,openalex,") {
		t.Errorf("the CSV's funding_from is not the index that names NIH:\n%s", csv)
	}
	if page := renderString(t, f, Options{Format: Markdown}); strings.Contains(page, "Institutes of Health") {
		t.Errorf("the page's funding line took the index's list:\n%s", page)
	}
}

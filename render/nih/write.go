package nih

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render/wording"
)

// Heading is the report's first lines: whose works, as render names the page.
type Heading struct {
	Name string // the person's or lab's name; "" for none
}

// WriteMarkdown writes the report as CommonMark with GitHub's tables: a
// researcher reads it before a progress report (RPPR), pandoc turns it
// into a Word file, and every table cell is one line of escaped text.
func WriteMarkdown(b *bufio.Writer, r Report, h Heading) error {
	title := "NIH public access"
	if h.Name != "" {
		title += ": " + h.Name
	}
	b.WriteString("# " + mdText(title) + "\n\n")
	b.WriteString(mdPolicyLines())
	b.WriteString("\n## Works with NIH funding (" + strconv.Itoa(len(r.Funded)) + ")\n\n")
	if len(r.Funded) == 0 {
		b.WriteString("No work names NIH or one of its institutes as a funder.\n")
	} else {
		b.WriteString("| Title | Published | PMID | PMCID | NIH funding | Status | Policy | What to do |\n")
		b.WriteString("|---|---|---|---|---|---|---|---|\n")
		for _, row := range r.Funded {
			cells := []string{mdText(row.Title), published(row.Issued), mdText(row.PMID), mdText(row.PMCID),
				mdText(fundingText(row)), string(row.Policy.Status), mdText(policyText(row.Policy)), mdText(row.Policy.Action)}
			b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
	}
	b.WriteString("\n## Funding unknown (" + strconv.Itoa(len(r.Unknown)) + ")\n\n")
	if len(r.Unknown) == 0 {
		b.WriteString("Every work has its funders named by a service.\n")
	} else {
		b.WriteString("No service named any funder of these works (Crossref, OpenAlex and DataCite are the services " +
			"about reads funders from): check their acknowledgements. The status is the one each would have if NIH funded it.\n\n")
		b.WriteString("| Title | Published | PMID | PMCID | Status if NIH funded | Policy |\n")
		b.WriteString("|---|---|---|---|---|---|\n")
		for _, row := range r.Unknown {
			cells := []string{mdText(row.Title), published(row.Issued), mdText(row.PMID), mdText(row.PMCID),
				string(row.Policy.Status), mdText(policyText(row.Policy))}
			b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
	}
	if r.Other > 0 {
		fmt.Fprintf(b, "\n%s not listed: their funders are named, and none is NIH.\n", works(r.Other))
	}
	return nil
}

// mdPolicyLines is the report's preamble: the policy's dates with NIH's
// pages, and what the statuses rest on.
func mdPolicyLines() string {
	return "NIH's Public Access Policy ([overview](" + PolicyPage + ")): the 2024 policy " +
		"([NOT-OD-25-047](" + Notice2024 + "), effective date [NOT-OD-25-101](" + Notice2024Date + ")) covers manuscripts " +
		"accepted for publication in a journal on or after 1 July 2025, public in PubMed Central (PMC) on the publication date " +
		"with no embargo; the 2008 policy ([NOT-OD-08-033](" + Notice2008 + ")) covered those accepted from 7 April 2008 " +
		"to 30 June 2025, public within 12 months of publication. How to submit: [NIH's page](" + SubmittingPage + ").\n\n" +
		"What the statuses rest on: the services about reads give no acceptance date, so the publication date stands in for it " +
		"(a work published before a date was accepted before it; one published after may not have been); a PMCID is one a " +
		"service gave (Europe PMC, PubMed, OpenAlex, ORCID, …) when the snapshots were fetched, so \"not in PMC\" means none was known then; " +
		"and NIH funding is a funder the work's record names by NIH's Open Funder Registry DOI or one of its institutes', " +
		"NIH's ROR id, or, for a funder named without an id, NIH's or an institute's name.\n"
}

// policyText is the policy a covered work's dates point to and what that
// rests on, or why a work is not covered.
func policyText(p Policy) string {
	if p.Status == NotApplicable {
		return p.Basis
	}
	return p.Applies + "; " + p.Basis
}

// published is a date at its precision, "unknown" for none.
func published(d record.Date) string {
	if d.IsZero() {
		return "unknown"
	}
	return d.String()
}

// fundingText is a row's NIH funders with their awards, and how they were
// recognised when it was by name alone.
func fundingText(row Row) string {
	var parts []string
	for _, f := range row.NIH {
		parts = append(parts, wording.Clean(f.Text()))
	}
	var notes []string
	switch {
	case row.OnlyBy != "" && row.FundingFrom != "":
		notes = append(notes, "named by "+row.OnlyBy+" only; "+row.FundingFrom+"'s list does not name NIH")
	case row.OnlyBy != "":
		notes = append(notes, "named by "+row.OnlyBy+" only")
	case row.FundingFrom != "":
		notes = append(notes, "named by "+row.FundingFrom)
	}
	if row.Match == ByName {
		notes = append(notes, "NIH by its name alone")
	}
	text := strings.Join(parts, "; ")
	if len(notes) > 0 {
		text += " (" + strings.Join(notes, "; ") + ")"
	}
	return text
}

func works(n int) string {
	if n == 1 {
		return "1 work is"
	}
	return strconv.Itoa(n) + " works are"
}

// mdText is service text as Markdown shows it (wording.MarkdownText).
func mdText(s string) string { return wording.MarkdownText(s) }

// firstOf is the first non-empty of its arguments.
func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// CSVHeader is the CSV's first row.
var CSVHeader = []string{"section", "title", "published", "doi", "pmid", "pmcid", "nih_funding", "recognised_by",
	"funding_from", "status", "policy", "basis", "action"}

// WriteCSV writes one row per listed work (RFC 4180: CRLF line ends),
// sections "nih" then "funding-unknown", for a spreadsheet: a cell a
// spreadsheet would run as a formula starts with a quote.
func WriteCSV(b *bufio.Writer, r Report) error {
	w := csv.NewWriter(b)
	w.UseCRLF = true // RFC 4180's line end, as coa's table
	if err := w.Write(CSVHeader); err != nil {
		return err
	}
	write := func(section string, row Row) error {
		nih := ""
		if section == "nih" {
			nih = fundersOnly(row.NIH)
		}
		return w.Write(cells(section, row.Title, row.Issued.String(), row.DOI, row.PMID, row.PMCID, nih, string(row.Match),
			firstOf(row.OnlyBy, row.FundingFrom), string(row.Policy.Status), row.Policy.Applies, row.Policy.Basis, row.Policy.Action))
	}
	for _, row := range r.Funded {
		if err := write("nih", row); err != nil {
			return err
		}
	}
	for _, row := range r.Unknown {
		if err := write("funding-unknown", row); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// fundersOnly is the NIH funders with their awards, "; " between funders.
func fundersOnly(list []record.Funding) string {
	var parts []string
	for _, f := range list {
		parts = append(parts, f.Text())
	}
	return strings.Join(parts, "; ")
}

// cells cleans each value to one line and defuses a spreadsheet formula
// (OWASP's CSV injection advice: a cell starting with =, +, -, @, tab or
// carriage return is read as a formula by Excel and LibreOffice).
func cells(values ...string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		v = wording.Clean(v)
		if v != "" && strings.ContainsRune("=+-@", rune(v[0])) {
			v = "'" + v
		}
		out[i] = v
	}
	return out
}

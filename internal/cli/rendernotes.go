package cli

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/coa"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/funding"
)

// warnNothingFunded says when --award or --funder matches no work of the
// folder: the output is then a valid file with no work in it (a BibTeX
// file of its header, a COA table of its heading row), which otherwise
// reads as "this grant funded nothing" when the likelier cause is a typo
// or a funder the services name otherwise. It names what the works do
// acknowledge, so the right spelling is at hand. The NIH report reads
// every service's list, and so does this check for it.
func warnNothingFunded(stderr io.Writer, o renderOptions, loaded *folder.Folder) {
	if o.Award == "" && o.Funder == "" {
		return
	}
	ask, elsewhere := funding.NewAsk(o.Award, o.Funder), o.format.ReadsEveryFundingList()
	var named []record.Funding
	for _, w := range loaded.Works {
		lists := [][]record.Funding{w.Record.Funding}
		for _, s := range w.FundingElsewhere {
			if elsewhere {
				lists = append(lists, s.Funding)
			}
		}
		for _, l := range lists {
			if ask.Funds(l) {
				return
			}
			named = append(named, l...)
		}
	}
	var asked []string
	if o.Award != "" {
		asked = append(asked, "--award "+o.Award)
	}
	if o.Funder != "" {
		asked = append(asked, "--funder "+o.Funder)
	}
	fmt.Fprintf(stderr, "about: warning: %s: no work in %s acknowledges it, so the %s output lists no work\n",
		strings.Join(asked, " "), loaded.Root, o.format)
	fmt.Fprintf(stderr, "about: hint: %s\n", fundedHint(named, o.Award != ""))
}

// shortValue is a service's value as one short line of a hint: a deposit
// may hold twenty award numbers in one, or a line break.
func shortValue(v string) string {
	v = termtext.Field(strings.TrimSpace(v))
	if r := []rune(v); len(r) > 40 {
		v = string(r[:39]) + "…"
	}
	return v
}

// fundedHint names up to eight of the award numbers (for --award) or the
// funders the folder's works do acknowledge, or says that none names any.
func fundedHint(named []record.Funding, award bool) string {
	if len(named) == 0 {
		return "no work there names a funder: Crossref, DataCite, OpenAlex and Europe PMC give funding when the deposit has it (about providers)"
	}
	set := map[string]bool{} // a lab's folder names tens of thousands: a list searched for each was quadratic
	for _, f := range named {
		values := f.Awards
		if !award {
			values = []string{cmp.Or(f.Funder, f.DOI, f.ROR)}
		}
		for _, v := range values {
			if v = shortValue(v); v != "" {
				set[v] = true
			}
		}
	}
	seen := slices.Collect(maps.Keys(set))
	what := "funders"
	if award {
		what = "award numbers"
	}
	if len(seen) == 0 {
		return "the works name funders but no award number: try --funder"
	}
	slices.Sort(seen)
	const most = 8
	more := ""
	if len(seen) > most {
		more = fmt.Sprintf(" and %d more", len(seen)-most)
		seen = seen[:most]
	}
	return fmt.Sprintf("the %s the works name: %s%s (about render --format json shows each work's funding)", what, strings.Join(seen, "; "), more)
}

// noteEmptyCOAWindow says when no work of the folder with authors was
// issued in coa's window: the table is then its heading row alone, which
// reads as "no co-authors" when the default window (48 months before
// today) has simply passed the newest work. It names the newest such
// work's date, for --since.
func noteEmptyCOAWindow(stderr io.Writer, o renderOptions, loaded *folder.Folder) {
	if o.format != render.COA {
		return
	}
	var newest record.Date
	for _, w := range loaded.Works {
		if len(w.Record.Authors) == 0 || w.Record.Issued.IsZero() {
			continue
		}
		if coa.InWindow(w.Record.Issued, o.since) {
			return
		}
		if coa.Later(w.Record.Issued, newest) {
			newest = w.Record.Issued
		}
	}
	fmt.Fprintf(stderr, "about: note: no work in %s with authors was issued on or after %s, so the COA table has its heading row alone\n",
		loaded.Root, o.since)
	if !newest.IsZero() {
		fmt.Fprintf(stderr, "about: hint: the newest such work was issued %s; --since YYYY-MM-DD sets the window's first day (default: 48 months before today, NSF's window)\n", newest)
	}
}

// warnNoPerson says when a document that is one person's is rendered from
// a manifest that names nobody: a dblp or INSPIRE identity alone gives no
// name, so the CV's heading is empty and the COA table lists the
// researcher among their own co-authors. A lab's member always has a name.
func warnNoPerson(stderr io.Writer, o renderOptions, m *manifest.Manifest) {
	if !isCV(o.format) && o.format != render.COA || render.LabOf(m) != nil {
		return
	}
	if p := render.PersonOf(m); len(p.Names) > 0 || len(p.ORCIDs) > 0 {
		return
	}
	what := "the CV has no name at its head"
	if o.format == render.COA {
		what = "the COA table cannot leave you out and lists you among your co-authors"
	}
	fmt.Fprintf(stderr, "about: warning: %s names no person (no orcid identity, no name on an [[identity]]), so %s\n", o.Manifest, what)
	fmt.Fprintln(stderr, `about: hint: give your name on the [[identity]], below its dblp or inspire line: name = "Your Name", as your works spell it`)
}

// warnCountsElsewhere says when --counts has counts to show but none from
// the counts source: a manifest of INSPIRE alone (providers = ["inspire"])
// keeps INSPIRE's counts, and the page said "No work has a citation count
// (counts from OpenAlex)" with no word of counts_source. It names the
// providers the folder has counts from, and the line that shows them.
func warnCountsElsewhere(stderr io.Writer, m *manifest.Manifest, loaded *folder.Folder) {
	source := cmp.Or(m.CountsSource, providers.DefaultCountsSource())
	counted := map[string]int{} // provider → works it counts
	for _, w := range loaded.Works {
		for _, c := range w.CitedBy {
			if c.Provider == source {
				return
			}
			counted[c.Provider]++
		}
	}
	if len(counted) == 0 {
		return // warnNoCounts says why
	}
	others := slices.Sorted(maps.Keys(counted))
	most := slices.MaxFunc(others, func(a, b string) int { return cmp.Or(cmp.Compare(counted[a], counted[b]), cmp.Compare(b, a)) })
	which := "counts_source"
	if m.CountsSource == "" {
		which = "the default counts_source"
	}
	fmt.Fprintf(stderr, "about: warning: --counts: no work in %s has a count from %s (%s), so none is shown; the folder has counts from %s\n",
		loaded.Root, source, which, strings.Join(others, ", "))
	fmt.Fprintf(stderr, "about: hint: to show them, put counts_source = %q in %s, above its first [[identity]]\n", most, m.Path)
}

// checkFilters refuses an --award or --funder with no letter or digit in
// it (--award " ", --award=-): it matches no work, and an empty file is no
// answer to a typo.
func (o *renderOptions) checkFilters() error {
	for _, f := range []struct{ flag, value, example string }{
		{"award", o.Award, "--award R01GM123456"}, {"funder", o.Funder, "--funder NIH"}} {
		if f.value != "" && !strings.ContainsFunc(f.value, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			return usageError(fmt.Errorf("--%s %q holds no letter or digit", f.flag, f.value), "give the award number or funder the works acknowledge, e.g. "+f.example)
		}
	}
	return nil
}

// checkNotPDF refuses an --out named .pdf: no format is a PDF, and
// --format cv --out cv.pdf wrote LaTeX under a name no viewer opens. The
// hint names the format's own file and, for a CV, how to compile it.
func (o *renderOptions) checkNotPDF() error {
	if o.format.IsFolder() || !strings.EqualFold(filepath.Ext(o.Out), ".pdf") {
		return nil
	}
	name := filepath.Join(filepath.Dir(o.Out), o.format.Example())
	hint := "give --out " + name
	switch o.format {
	case render.CV:
		hint += ", then pdflatex " + name
	case render.CVTypst:
		hint += ", then typst compile " + name
	}
	return usageError(fmt.Errorf("--out %s names a PDF, and format %s writes text, not a PDF", o.Out, o.format), hint)
}

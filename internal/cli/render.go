package cli

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/providers/service"
	"github.com/aboutscholar/about/record"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/render/folder"
	"github.com/aboutscholar/about/render/output"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/works"
)

// renderCommand is `about render`: the snapshot folder, and nothing else,
// turned into a page or a citation file. The process's start (sys.Started)
// is the day coa's default window ends: render's one use of a clock.
func renderCommand(sys System) *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "write the publication page, a citation file, a CV or a grant report (NSF COA, NIH) from the snapshot folder",
		ArgsUsage: "MANIFEST",
		Description: `Reads only the snapshot folder that about fetch wrote (never the network)
and writes the works in one format, newest first. The same snapshots always
give the same bytes, so the output can be committed and diffed.

Formats:
` + render.FormatHelp("   ", 76) + `

Works that links.json shows as one entry are one entry: a preprint with
its published version, version DOIs under their concept DOI. Pages
(` + render.PageFormatNames() + `) are grouped by year or by type, highlight the
manifest's name and ORCID iD among the authors (a lab's page: its members,
with a member filter), and end with each
provider's attribution. Citation files list each entry once, with a
stable key.

A one-file --out is replaced only when about wrote it (.about-render.json
beside it lists what it wrote): a file it did not write, such as a
hand-kept papers.bib, or one edited since, is left as it is, and render
writes nothing and exits 2 unless --force. A symbolic link is never
written over.

Examples:
   about render --format html --out docs/index.html manifest.toml
   about render --format markdown --group type --counts manifest.toml
   about render --format bibtex --out cv/works.bib manifest.toml
   about render --format html-site --site-url https://ada.example.org/ --out public manifest.toml
   about render --format html --member "Ada Quist" --out people/quist.html lab.toml
   about render --format coa --since 2022-09-01 --out coa.csv manifest.toml
   about render --format nih --out nih-public-access.md manifest.toml
   about render --format cv --out cv.tex manifest.toml   # with cv = true in the manifest
   about render --format biblatex --award R01GM123456 --out r01.bib manifest.toml`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: "output format: " + render.FormatNames()},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to this file, replaced atomically when about wrote it (default: standard output)"},
			&cli.StringFlag{Name: "group", Value: string(render.ByYear), Usage: "pages: sections by \"year\" or by \"type\""},
			&cli.BoolFlag{Name: "counts", Usage: "pages: show one provider's citation counts (the manifest's counts_source, default openalex); the html header adds citations, h-index and i10-index, all time and since the newest cited year less five, over a chart of citations per year"},
			&cli.StringFlag{Name: "snapshots", Usage: "snapshot folder (default: the manifest's, or \"snapshots\" beside it)"},
			&cli.StringFlag{Name: "member", Usage: "a lab's manifest: only this [[member]]'s works, titled for them (a page, or a citation file, per member)"},
			&cli.StringFlag{Name: "award", Usage: "only the works that acknowledge this award number (letters and digits compared, case aside: R01GM123456 is also \"R01 GM123456\" and 5R01GM123456-03)"},
			&cli.StringFlag{Name: "funder", Usage: "only the works this funder funded: its Funder Registry DOI (10.13039/100000002), its ROR id, or words of its name"},
			&cli.BoolFlag{Name: "force", Usage: "overwrite a file under --out that about did not write, or edited since it wrote it (without it: a folder format keeps it with a warning; a one-file format keeps it, writes nothing and exits 2)"},
			&cli.StringFlag{Name: "since", Usage: "coa: the first day of the window, YYYY-MM-DD: the co-authors of the works issued on or after it (default: 48 months before today, NSF's window)"},
			&cli.StringFlag{Name: "site-url", Usage: "html-site: the address the site is served at, e.g. https://ada.example.org/ (each work page's canonical link and citation_abstract_html_url)"},
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help render")
		},
		Action: func(c *cli.Context) error {
			o := renderOptions{
				Format:    c.String("format"),
				Counts:    c.Bool("counts"),
				Snapshots: c.String("snapshots"),
				Out:       c.String("out"),
				Force:     c.Bool("force"),
				SiteURL:   c.String("site-url"),
				Member:    c.String("member"),
				Award:     c.String("award"),
				Funder:    c.String("funder"),
				Since:     c.String("since"),
				Today:     sys.Started,
				Stdout:    c.App.Writer,
				Stderr:    c.App.ErrWriter,
			}
			if c.IsSet("group") {
				o.Group = c.String("group")
			}
			if err := o.parse(); err != nil {
				return err
			}
			path, err := manifestArg(c, "e.g. about render --format html manifest.toml")
			if err != nil {
				return err
			}
			o.Manifest = path
			return runRender(o)
		},
	}
}

// renderOptions is everything `about render` runs with; the command's
// Action only fills it from the flags, so tests can call runRender
// directly.
type renderOptions struct {
	Manifest  string    // path of the manifest
	Format    string    // one of render.FormatNames(); "" is a usage error
	Group     string    // pages: "year" or "type"; "" for by year
	Counts    bool      // pages: show citation counts
	Snapshots string    // snapshot folder; "" for the manifest's
	Out       string    // write here atomically; "" for Stdout
	Force     bool      // overwrite files about did not write, or edited since it wrote them
	SiteURL   string    // html-site: where the site is served
	Member    string    // a lab's manifest: only this member's works; "" for the whole lab
	Award     string    // only the works acknowledging this award; "" for all
	Funder    string    // only the works this funder funded; "" for all
	Since     string    // coa: the window's first day, YYYY-MM-DD; "" for 48 months before Today
	Today     time.Time // the day render runs (System.Started): the end of coa's default window
	Stdout    io.Writer // the page when Out is ""
	Stderr    io.Writer // folder formats: what was removed or kept

	format render.Format   // Format, parsed
	group  render.Grouping // Group, parsed
	since  record.Date     // coa: Since, parsed, or its default
}

// parse checks the format and its options, before anything is read.
func (o *renderOptions) parse() error {
	formatHint := "formats: " + render.FormatNames()
	if o.Format == "" {
		return usageError(errors.New("render needs --format"), formatHint)
	}
	var err error
	if o.format, err = render.ParseFormat(o.Format); err != nil {
		return usageError(err, "about help render says what each format is for") // the error lists the formats
	}
	if o.group, err = render.ParseGrouping(o.Group); err != nil {
		return usageError(err)
	}
	if o.format.IsFolder() && o.Out == "" {
		return usageError(fmt.Errorf("format %s writes a folder of files: it needs --out DIR", o.format),
			"--out is the site's root folder, e.g. --out mysite")
	}
	if err := o.checkOut(); err != nil {
		return err
	}
	if err := o.checkNotPDF(); err != nil {
		return err
	}
	if o.Force && o.Out == "" {
		return usageError(fmt.Errorf("--force applies to a file or folder named by --out, and format %s writes to standard output without it", o.format),
			"give --out, or leave --force out")
	}
	if err := o.parseSiteURL(); err != nil {
		return err
	}
	if err := o.parseSince(); err != nil {
		return err
	}
	if err := o.checkFilters(); err != nil {
		return err
	}
	if o.format.IsPage() {
		return nil
	}
	for _, f := range []struct {
		flag string
		set  bool
	}{{"group", o.Group != ""}, {"counts", o.Counts}} {
		if f.set {
			return usageError(fmt.Errorf("--%s applies to pages (%s), not to %s", f.flag, render.PageFormatNames(), o.format),
				ungroupedWhy(o.format))
		}
	}
	return nil
}

// ungroupedWhy is the hint for --group or --counts on a format that is
// not a page: the feed is no citation file, so it is not called one.
func ungroupedWhy(f render.Format) string {
	if f == render.COA {
		return "the COA table lists every co-author once, ungrouped and without counts"
	}
	if f == render.Atom {
		return "the feed lists every work once, newest first, ungrouped and without counts"
	}
	if isCV(f) {
		return "a CV lists the works by type, always, and without counts"
	}
	return "a citation file lists every work once, ungrouped and without counts"
}

// isCV reports whether f is one of the CV formats, each one person's CV
// from the same sections: LaTeX, Typst and JSON Resume.
func isCV(f render.Format) bool {
	return f == render.CV || f == render.CVTypst || f == render.JSONResume
}

// parseSiteURL checks --site-url, which only html-site's pages use.
func (o *renderOptions) parseSiteURL() error {
	if o.SiteURL == "" {
		return nil
	}
	if o.format != render.HTMLSite {
		return usageError(fmt.Errorf("--site-url applies to %s, not to %s", render.HTMLSite, o.format),
			"the other formats write no address of their own")
	}
	u, err := render.ParseSiteURL(o.SiteURL)
	if err != nil {
		return usageError(err, "give the address the site's index.html is served at, e.g. --site-url https://ada.example.org/")
	}
	o.SiteURL = u
	return nil
}

// coaWindow is NSF's window for co-authors: "the 48 months preceding the
// submission of the proposal" (PAPPG II.D.2.h(iii), and Table 4 of the
// COA template).
const coaWindow = 48

// parseSince checks --since, which only coa reads, and gives coa its
// default window when it is not set: 48 months before Today.
func (o *renderOptions) parseSince() error {
	if o.format != render.COA {
		if o.Since != "" {
			return usageError(fmt.Errorf("--since applies to %s, not to %s", render.COA, o.format),
				"the other formats list every work the folder holds")
		}
		return nil
	}
	if o.Since == "" && o.Today.IsZero() {
		return nil // no day to count back from (a test's options): every dated work
	}
	day := o.Today.UTC().AddDate(0, -coaWindow, 0)
	if o.Since != "" {
		var err error
		if day, err = time.Parse(time.DateOnly, strings.TrimSpace(o.Since)); err != nil {
			return usageError(fmt.Errorf("--since %q is not a date", o.Since), "give the window's first day as YYYY-MM-DD, e.g. --since 2022-09-01")
		}
		// a window that starts tomorrow holds no work: an empty table
		// would read as "no co-authors"
		if !o.Today.IsZero() && day.After(o.Today.UTC()) {
			return usageError(fmt.Errorf("--since %s is after today, %s", day.Format(time.DateOnly), o.Today.UTC().Format(time.DateOnly)),
				"give the window's first day, e.g. 48 months ago: --since "+o.Today.UTC().AddDate(0, -coaWindow, 0).Format(time.DateOnly))
		}
	}
	o.since = record.Date{Year: day.Year(), Month: int(day.Month()), Day: day.Day()}
	return nil
}

// checkOut refuses an --out of the wrong kind before anything is read,
// rather than at the final rename or the first file written.
func (o *renderOptions) checkOut() error {
	if o.Out == "" {
		return nil
	}
	folderMeant := strings.HasSuffix(o.Out, "/") || strings.HasSuffix(o.Out, string(filepath.Separator))
	fi, err := os.Stat(o.Out)
	switch {
	case !o.format.IsFolder() && filepath.Base(o.Out) == output.WrittenList:
		return usageError(fmt.Errorf("--out %s is the list of the files about render wrote in its folder", o.Out),
			"give a file name, e.g. --out "+filepath.Join(filepath.Dir(o.Out), o.format.Example()))
	case !o.format.IsFolder() && folderMeant:
		// "newdir/" names a folder even before it exists: written as one
		// file it became newdir/newdir.
		return usageError(fmt.Errorf("--out %s is a folder, and format %s writes one file", o.Out, o.format),
			"give a file name, e.g. --out "+filepath.Join(o.Out, o.format.Example()))
	case err != nil:
		return nil // not there yet: it is created
	case o.format.IsFolder() && !fi.IsDir():
		return usageError(fmt.Errorf("--out %s is a file, and format %s writes a folder of files", o.Out, o.format),
			"give the site's root folder (created if missing), e.g. --out mysite")
	case !o.format.IsFolder() && fi.IsDir():
		return usageError(fmt.Errorf("--out %s is a folder, and format %s writes one file", o.Out, o.format),
			"give a file name, e.g. --out "+filepath.Join(o.Out, o.format.Example()))
	}
	return nil
}

// runRender is `about render`: the snapshot folder, and nothing else,
// turned into bytes, written whole or not at all.
func runRender(o renderOptions) error {
	if err := o.parse(); err != nil {
		return err
	}
	// loadManifest holds provider names (counts_source among them) against
	// the registry as fetch and check do; render reads no environment.
	m, err := loadManifest(o.Manifest, func(string) string { return "" })
	if err != nil {
		return err
	}
	if err := checkMember(m, o.Member); err != nil {
		return err
	}
	if lab := render.LabOf(m); lab != nil && o.format == render.COA && o.Member == "" {
		return usageError(fmt.Errorf("format %s is one person's table, and %s is a lab's manifest", render.COA, o.Manifest),
			"give --member NAME, one table per member (members: "+strings.Join(lab.Names(), ", ")+")")
	}
	if lab := render.LabOf(m); lab != nil && isCV(o.format) && o.Member == "" {
		return usageError(fmt.Errorf("format %s is one person's CV, and %s is a lab's manifest", o.format, o.Manifest),
			"give --member NAME, one CV per member (members: "+strings.Join(lab.Names(), ", ")+")")
	}
	dir := cmp.Or(o.Snapshots, m.Snapshots)
	loaded, err := folder.Load(dir)
	var none *folder.NoSnapshotsError
	if errors.As(err, &none) {
		return usageError(err, "run about fetch "+o.Manifest+" first; render reads only what fetch wrote")
	}
	if hint, ok := schemaHint(err, o.Manifest); ok {
		return ioError(err, hint)
	}
	if err != nil {
		return ioError(err, "about check --offline "+o.Manifest+" names what is wrong with the folder; about fetch rewrites it")
	}
	selected, err := selectedWorks(m, loaded)
	if err != nil {
		return err
	}
	warnStaleWorks(o.Stderr, m, loaded)
	warnUnknownWorks(o.Stderr, loaded)
	if o.Counts {
		warnNoCounts(o.Stderr, loaded)
		warnCountsElsewhere(o.Stderr, m, loaded)
	}
	noteCVWithoutSections(o.Stderr, o.format, m, o.Manifest, o.Member, loaded)
	warnNothingFunded(o.Stderr, o, loaded)
	noteEmptyCOAWindow(o.Stderr, o, loaded)
	warnNoPerson(o.Stderr, o, m)
	opts := render.Options{Format: o.format, Group: o.group, Counts: o.Counts, CountsSource: m.CountsSource,
		Person: render.PersonOf(m), Exclude: render.ExcludesOf(m), Selected: selected, Services: renderServices(providers.All()),
		User: render.UserFieldsOf(m), SiteURL: o.SiteURL,
		Title: m.Title, Lab: render.LabOf(m), Member: o.Member,
		Award: o.Award, Funder: o.Funder, Since: o.since}
	if o.format.IsFolder() {
		return writeRenderedFiles(loaded, opts, o)
	}
	if o.Out != "" {
		return writeRenderedFile(loaded, opts, o)
	}
	// Held whole so that a failure prints nothing rather than part.
	var out bytes.Buffer
	if err := render.Render(&out, loaded, opts); err != nil {
		return err
	}
	if _, err := o.Stdout.Write(out.Bytes()); err != nil {
		return ioError(err)
	}
	return nil
}

// noteCVWithoutSections says why a CV lists the works alone: the ORCID
// record's employment, education and the rest come only with the
// manifest's cv = true and a fetch after it, and a CV without them
// otherwise looks complete.
func noteCVWithoutSections(stderr io.Writer, f render.Format, m *manifest.Manifest, manifestPath, member string, loaded *folder.Folder) {
	if !isCV(f) || len(loaded.CVs) > 0 {
		return
	}
	if whose, ok := withoutORCID(m, member); ok {
		fmt.Fprintf(stderr, "about: note: the CV lists the works alone: its employment, education and other sections come from an ORCID record, and %s names no orcid %s\n", manifestPath, whose)
		return
	}
	if !m.CV {
		fmt.Fprintf(stderr, "about: note: the CV lists the works alone: add cv = true to %s and run about fetch for the ORCID record's employment, education, distinctions, funding and service\n", manifestPath)
		return
	}
	fmt.Fprintf(stderr, "about: note: the CV lists the works alone: the snapshots hold no ORCID CV sections yet (cv = true came after the last fetch?): run about fetch %s\n", manifestPath)
}

// withoutORCID says whose ORCID iD a CV would read its sections from when
// the manifest names none: the one person's ("identity"), or the lab
// member's the CV is of ("for [[member]] \"Wei Chen\"").
func withoutORCID(m *manifest.Manifest, member string) (string, bool) {
	lab := render.LabOf(m)
	if lab == nil {
		return "identity", len(render.PersonOf(m).ORCIDs) == 0
	}
	if i := lab.Find(member); i >= 0 && lab.Members[i].ORCID == "" {
		return fmt.Sprintf("for [[member]] %q", lab.Members[i].Name), true
	}
	return "", false
}

// warnNoCounts says when --counts has nothing to show: no work of the
// folder has a count. A counts/ deleted by hand otherwise gave a page
// without counts and no word why.
func warnNoCounts(stderr io.Writer, loaded *folder.Folder) {
	if len(loaded.Works) == 0 || slices.ContainsFunc(loaded.Works, func(w folder.Work) bool { return len(w.CitedBy) > 0 }) {
		return
	}
	counts := filepath.Join(loaded.Root, snapshots.CountsDir)
	if entries, _ := os.ReadDir(counts); len(entries) == 0 {
		fmt.Fprintf(stderr, "about: warning: --counts: %s is missing or empty, so no work shows a count: git checkout restores it, about fetch writes it again; about check --offline says which works should have counts\n", counts)
		return
	}
	fmt.Fprintf(stderr, "about: warning: --counts: no work in %s has a citation count, so none is shown\n", loaded.Root)
}

// writeRenderedFile writes a one-file format's --out as a folder format
// writes each file (render.RenderFile), except that a file about did not
// write there, or one edited since, is a refusal (exit 2) rather than a
// warning: the file is the whole output, and the render writes nothing
// at all, not even its list. A symbolic link or a device there is
// refused even with --force.
func writeRenderedFile(loaded *folder.Folder, opts render.Options, o renderOptions) error {
	outcome, err := render.RenderFile(o.Out, loaded, opts, o.Force)
	var write *render.WriteError
	switch {
	case errors.As(err, &write):
		return ioError(err)
	case err != nil:
		return err
	}
	if len(outcome.KeptEdited) > 0 {
		return refusedOut(o, outcome.KeptEdited[0])
	}
	return nil
}

// refusedOutHint is what to do with a one-file --out that render leaves
// as it is, %[1]s its path and %[2]s the format: keep it, or import what
// it holds into the manifest and then replace it.
const refusedOutHint = "to keep it, move %[1]s aside or give --out another file; to move in, run about import %[1]s first (the manifest keeps its entries, keys and fields), then pass --force to replace it with about's %[2]s"

// refusedOut is the usage error for a one-file --out left as it is.
func refusedOut(o renderOptions, kept output.FileNote) error {
	err := fmt.Errorf("not replacing --out %s: %s; render wrote nothing", o.Out, kept.Why)
	fi, statErr := os.Stat(o.Out) // through a link
	switch {
	case kept.Link != "" && statErr == nil && fi.Mode().IsRegular():
		return usageError(err, "give --out the file it points to, "+linkTarget(o.Out, kept.Link)+", or remove the link first; --force does not write through or over a link")
	case kept.Why != output.WhyNotAbouts && kept.Why != output.WhyEdited:
		return usageError(err, "give --out a regular file, or leave --out out to write to standard output")
	}
	return usageError(err, fmt.Sprintf(refusedOutHint, o.Out, o.format))
}

// linkTarget is where a symbolic link at path points, as a path from the
// working folder (a relative link is relative to the link's folder).
func linkTarget(path, target string) string {
	if filepath.IsAbs(target) {
		return target
	}
	return filepath.Join(filepath.Dir(path), target)
}

// selectedWorks checks the manifest's selected list: each one a work of
// the folder, by its identity key as index.json lists it.
func selectedWorks(m *manifest.Manifest, loaded *folder.Folder) ([]string, error) {
	listed := make([]string, len(loaded.Works))
	for i, w := range loaded.Works {
		listed[i] = w.ID
	}
	if unlisted := works.UnlistedSelected(m, listed); len(unlisted) > 0 {
		return nil, usageError(unlisted[0])
	}
	return m.Selected, nil
}

// writeRenderedFiles writes a folder format's files under the site's root,
// each replaced atomically, and removes those an earlier render wrote that
// this one does not (output.WriteFiles); render fails before any is
// written. It says on stderr each file it removed or left alone, as these
// are the user's site's files.
func writeRenderedFiles(loaded *folder.Folder, opts render.Options, o renderOptions) error {
	outcome, err := render.RenderFilesTo(o.Out, loaded, opts, o.Force)
	printFolderOutcome(o.Stderr, outcome)
	var write *render.WriteError
	switch {
	case errors.As(err, &write):
		return ioError(err)
	case err != nil:
		return err
	}
	return nil
}

// printFolderOutcome says what a folder render removed and kept, one line
// a file.
func printFolderOutcome(w io.Writer, outcome output.Outcome) {
	if w == nil {
		return
	}
	for _, n := range outcome.Removed {
		fmt.Fprintf(w, "about: removed %s: an earlier render wrote it%s, and this one does not\n", n.Path, forWorkSuffix(n.Work))
	}
	for _, n := range outcome.KeptStale {
		fmt.Fprintf(w, "about: kept %s: %s; this render does not write it, yet it still puts %s on the site — delete it by hand\n",
			n.Path, n.Why, cmp.Or(n.Work, "its work"))
	}
	for _, n := range outcome.KeptEdited {
		todo := "move your changes aside and delete it, or pass --force to overwrite it"
		if n.Why == output.WhyNotAbouts {
			todo = "if it is your site's own page, about import its folder first (the manifest keeps its fields), then pass --force; or move it aside"
		}
		fmt.Fprintf(w, "about: kept %s: %s, so about's version%s is not written — %s\n", n.Path, n.Why, forWorkSuffix(n.Work), todo)
	}
}

// forWorkSuffix is " for <work>" when a file was written for a work.
func forWorkSuffix(work string) string {
	if work == "" {
		return ""
	}
	return " for " + work
}

// renderServices is what pages say of each provider, from its declaration.
func renderServices(registry []service.Spec) []render.Service {
	out := make([]render.Service, 0, len(registry))
	for _, s := range registry {
		r := render.Service{Name: s.Name, Title: s.Title, DefaultCounts: s.DefaultCounts}
		if s.Citing != nil {
			r.CitingPrefix, r.CitingID = s.Citing.Prefix, s.Citing.ID
		}
		out = append(out, r)
	}
	return out
}

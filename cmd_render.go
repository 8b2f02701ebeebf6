package main

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/render"
	"github.com/aboutscholar/about/snapshots"
)

// renderCommand is `about render`: the snapshot folder, and nothing else,
// turned into a page or a citation file.
func renderCommand() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "write the publication page (or a citation file) from the snapshot folder",
		ArgsUsage: "MANIFEST",
		Description: `Reads only the snapshot folder that about fetch wrote (never the network)
and writes the works in one format, newest first. The same snapshots always
give the same bytes, so the output can be committed and diffed.

Formats:
   csl-json   CSL-JSON items, for pandoc --citeproc and Zotero
   bibtex     BibTeX, for LaTeX CVs and jekyll-scholar
   biblatex   BibLaTeX (biber) entry types and fields
   markdown   a page for a README or a GitHub, Hugo or Jekyll site
   html       one self-contained page: inline CSS, phone-sized, dark mode, print
   json, yaml the page as data for Hugo data/ or Jekyll _data/

Works that links.json shows as one entry are one entry: a preprint with
its published version, version DOIs under their concept DOI. Pages
(markdown, html, json, yaml) are grouped by year or by type, highlight the
manifest's name and ORCID iD among the authors, and end with each
provider's attribution. Citation files list each entry once, with a
stable key.

Examples:
   about render --format html --out docs/index.html manifest.toml
   about render --format markdown --group type --counts manifest.toml
   about render --format bibtex --out cv/works.bib manifest.toml`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: "output format: " + render.FormatNames()},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to this file, replaced atomically (default: standard output)"},
			&cli.StringFlag{Name: "group", Value: string(render.ByYear), Usage: "pages: sections by \"year\" or by \"type\""},
			&cli.BoolFlag{Name: "counts", Usage: "pages: show citation counts, naming their source"},
			&cli.StringFlag{Name: "snapshots", Usage: "snapshot folder (default: the manifest's, or \"snapshots\" beside it)"},
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help render")
		},
		Action: func(c *cli.Context) error {
			formatHint := "formats: " + render.FormatNames()
			if !c.IsSet("format") {
				return usageError(errors.New("render needs --format"), formatHint)
			}
			format, err := render.ParseFormat(c.String("format"))
			if err != nil {
				return usageError(err, formatHint)
			}
			group, err := render.ParseGrouping(c.String("group"))
			if err != nil {
				return usageError(err)
			}
			if !format.IsPage() {
				for _, flag := range []string{"group", "counts"} {
					if c.IsSet(flag) {
						return usageError(fmt.Errorf("--%s applies to pages (markdown, html, json, yaml), not to %s", flag, format),
							"a citation file lists every work once, ungrouped and without counts")
					}
				}
			}
			if c.NArg() != 1 {
				return usageError(fmt.Errorf("render needs exactly one MANIFEST argument, got %d", c.NArg()),
					"e.g. about render --format html manifest.toml")
			}
			m, err := manifest.Load(c.Args().First())
			if err != nil {
				return usageError(err)
			}
			dir := m.Snapshots
			if s := c.String("snapshots"); s != "" {
				dir = s
			}
			folder, err := render.Load(dir)
			var none *render.NoSnapshotsError
			if errors.As(err, &none) {
				return usageError(err, "run about fetch "+c.Args().First()+" first; render reads only what fetch wrote")
			}
			if err != nil {
				return err
			}
			var out bytes.Buffer
			opts := render.Options{Format: format, Group: group, Counts: c.Bool("counts"), Person: render.PersonOf(m), Exclude: render.ExcludesOf(m)}
			if err := render.Render(&out, folder, opts); err != nil {
				return err
			}
			if path := c.String("out"); path != "" {
				return snapshots.WriteFileAtomic(path, out.Bytes())
			}
			_, err = c.App.Writer.Write(out.Bytes())
			return err
		},
	}
}

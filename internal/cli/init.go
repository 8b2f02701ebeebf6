package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/mail"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// initCommand is `about init`: a commented starter manifest, so the first
// five minutes need no reading.
func initCommand() *cli.Command {
	return &cli.Command{
		Name:  "init",
		Usage: "write a commented starter manifest for an ORCID iD",
		Description: `Writes a manifest (default manifest.toml in the current folder) that
names your ORCID iD and explains every other setting in comments: the
contact e-mail (mailto) and what it buys at each service, the snapshot
folder, the providers list, following published versions, the counts
source, selected works, extra works by DOI, arXiv id, PMID or PMCID,
a lab's [lab] and [[member]]s, [intervals], [[link]], [[exclude]],
[[override]], [[work]] (your own links, notes and tags per work) and the
API key variables. The iD's check digit is verified, so a typo is caught
now rather than as a puzzling 404 later. An existing file is never
replaced without --force.

Examples:
   about init --orcid 0000-0002-1825-0097 --mailto ada@example.org
   about init --orcid https://orcid.org/0000-0002-1825-0097 --out cv/manifest.toml
   about init --orcid 0000-0002-1825-0097 --force   # replace manifest.toml`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "orcid", Usage: "your ORCID iD, e.g. 0000-0002-1825-0097 (https://orcid.org/… is accepted too)"},
			&cli.StringFlag{Name: "mailto", Usage: "your contact e-mail, sent to the services (never to the snapshots)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "manifest.toml", Usage: "where to write the manifest", TakesFile: true},
			&cli.BoolFlag{Name: "force", Usage: "replace the file if it exists"},
		},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help init")
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError(fmt.Errorf("init takes no arguments, got %q", c.Args().Slice()),
					"e.g. about init --orcid 0000-0002-1825-0097 --out manifest.toml")
			}
			return runInit(initOptions{
				ORCID:  c.String("orcid"),
				Mailto: c.String("mailto"),
				Out:    c.String("out"),
				Force:  c.Bool("force"),
				Stdout: c.App.Writer,
				Stderr: c.App.ErrWriter,
			})
		},
	}
}

// initOptions is everything `about init` runs with; the command's Action
// only fills it from the flags, so tests can call runInit directly.
type initOptions struct {
	ORCID  string // as given: bare, or https://orcid.org/…
	Mailto string // "" for none yet
	Out    string // where to write the manifest
	Force  bool   // replace Out if it exists
	Stdout io.Writer
	Stderr io.Writer // hints
}

// runInit is `about init`: check what was given, then write the starter
// manifest whole.
func runInit(o initOptions) error {
	orcid, mailto, err := o.validate()
	if err != nil {
		return err
	}
	if _, err := os.Stat(o.Out); err == nil && !o.Force {
		return usageError(fmt.Errorf("%s already exists", o.Out), "pass --force to replace it, or --out to write elsewhere")
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return ioError(err)
	}
	text := starterManifest(orcid, mailto)
	// The starter must load as it is: check it with the real parser.
	if _, err := manifest.Parse(o.Out, []byte(text)); err != nil {
		return fmt.Errorf("internal error: the starter manifest does not load: %w", err)
	}
	if err := snapshots.WriteFileAtomic(o.Out, []byte(text)); err != nil {
		return ioError(fmt.Errorf("write %s: %w", o.Out, err))
	}
	fmt.Fprintf(o.Stdout, "wrote %s for ORCID iD %s\n", o.Out, orcid)
	fmt.Fprintf(o.Stdout, "next: about fetch %s    # writes the snapshots; then commit both\n", o.Out)
	if mailto == "" {
		printHints(o.Stderr, []string{`no mailto yet: add mailto = "you@example.org" to the manifest (or set ABOUT_MAILTO); Crossref's polite pool and DataCite's higher limit need it, and Unpaywall answers only with one`})
	}
	return nil
}

// validate returns the normalised iD and the trimmed mailto, or a usage
// error saying what to fix.
func (o initOptions) validate() (orcid, mailto string, err error) {
	if strings.TrimSpace(o.ORCID) == "" {
		return "", "", usageError(errors.New("init needs --orcid"),
			"e.g. about init --orcid 0000-0002-1825-0097; your iD is on your record at https://orcid.org")
	}
	orcid, err = manifest.NormalizeORCID(o.ORCID)
	if err != nil {
		var cd *manifest.CheckDigitError
		if errors.As(err, &cd) {
			return "", "", usageError(err, fmt.Sprintf("check the iD on orcid.org; with these first 15 digits it would end in %c", cd.Want))
		}
		return "", "", usageError(err, "ORCID iDs look like 0000-0002-1825-0097")
	}
	mailto = strings.TrimSpace(o.Mailto)
	if mailto != "" && !plainAddress(mailto) {
		return "", "", usageError(fmt.Errorf("--mailto %q is not a plain e-mail address", mailto),
			"give just the address, e.g. --mailto ada@example.org; services use it to reach you before blocking a client")
	}
	return orcid, mailto, nil
}

// plainAddress accepts "ada@example.org" and refuses display names,
// angle brackets and addresses without a dotted domain.
func plainAddress(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".")
}

// starterManifest is the commented manifest init writes. Its API key list
// comes from the registry, so it stays true as providers change.
func starterManifest(orcid, mailto string) string {
	var b strings.Builder
	b.WriteString(`# about manifest: the works to keep true on your publication page.
# "about fetch manifest.toml" writes their snapshots next to this file;
# every key is described at https://github.com/aboutscholar/about/blob/main/docs/manifest.md

# A contact e-mail, sent to the services with every request (in the
# User-Agent, and as mailto=/email= where a service asks for it) and never
# written to the snapshots. Services use it to reach you before blocking a
# misbehaving client, and several give identified clients more:
`)
	for _, s := range providers.All() {
		switch {
		case s.MailtoBenefit != "":
			fmt.Fprintf(&b, "#   %-10s %s\n", s.Title, s.MailtoBenefit)
		case s.NeedsMailto:
			fmt.Fprintf(&b, "#   %-10s answers only requests that carry one\n", s.Title)
		}
	}
	b.WriteString("# When it is not set here, the ABOUT_MAILTO environment variable is used.\n")
	if mailto != "" {
		fmt.Fprintf(&b, "mailto = %q\n", mailto)
	} else {
		b.WriteString("# mailto = \"you@example.org\"\n")
	}
	b.WriteString(`
# Where the snapshots go, relative to this file.
snapshots = "snapshots"

# Which providers to ask; by default every one that applies ("about
# providers" lists them). A pinned list keeps runs the same as providers
# are added to about.
# providers = ["orcid", "crossref", "datacite", "openalex"]

# When a preprint names its published version and your works lack it,
# fetch that version too, so the two show as one entry (default true):
# follow_published = false

# Ask Crossref, DataCite and OpenAlex which works carry your ORCID iD, and
# list those missing from your ORCID record in snapshots/unclaimed.json,
# with the lines to paste here; nothing is added by itself (default true):
# discover = false

# Read your ORCID record's employment, education, distinctions, memberships,
# service, funding and peer reviews too, for "about render --format cv",
# "cv-typst" and "json-resume" (no request is added; default false):
# cv = true

# Whose citation counts "about render --counts" shows, one provider for
# every entry so counts compare (default "openalex"):
# counts_source = "semanticscholar"

# Works render marks as selected (al-folio) or featured (Hugo Blox):
# selected = ["doi:10.5281/zenodo.1234567"]

# The page's title (default "Publications of <your name>", or of the lab):
# title = "Publications and talks"

# API keys are read from the environment only, never from this file, and
# each is sent only to its own service:
`)
	for _, s := range providers.All() {
		if s.APIKey != nil {
			fmt.Fprintf(&b, "#   %-28s %s (%s)\n", s.APIKey.Env, s.Title, s.Host)
		}
	}
	// about import creates a manifest without an iD: the identity is left
	// for the user to fill in, and the example iD stands in the comments.
	identity := fmt.Sprintf("[[identity]]\norcid = %q   # expands to every work on your public ORCID record", orcid)
	if orcid == "" {
		orcid = "0000-0002-1825-0097"
		identity = fmt.Sprintf("# [[identity]]\n# orcid = %q   # your ORCID iD: expands to every work on your public ORCID record", orcid)
	}
	fmt.Fprintf(&b, `
%s
# name = "Your Name"            # how pages highlight you among the authors

# Works missing from your ORCID record, one [[identity]] each:
# [[identity]]
# doi = "10.5281/zenodo.1234567"   # also https://doi.org/… or doi:…
# [[identity]]
# arxiv = "2311.16162"
# [[identity]]
# pmid = "31452104"
# [[identity]]
# pmcid = "PMC5679183"

# Your dblp person page (computer science), whose works are listed too,
# conference papers without a DOI included:
# [[identity]]
# dblp = "https://dblp.org/pid/95/7448-1"
#
# Your INSPIRE-HEP author id (high-energy physics), from your profile:
# [[identity]]
# inspire = "E.Witten.1"

# A lab's page instead: the lab, and each member with an iD, other
# spellings of the name, works, or all three (a member's iD and works are
# fetched as an [[identity]]'s are). The page lists the members, credits
# each work to every member on it, and filters by member; about render
# --member "Maren Holt" renders one member's works:
# [lab]
# name = "Holt Lab"
# url = "https://holtlab.example.org"
# [[member]]
# name = "Maren Holt"
# orcid = "0000-0002-1111-2222"
# dblp = "95/7448-1"                     # dblp person id: dblp lists the member's works too
# inspire = "E.Witten.1"                 # INSPIRE author id: INSPIRE lists them too
# also = ["M. A. Holt", "Holt, Maren"]   # matched as the name is
# role = "Principal investigator"
# start = 2011
# end = 2020                             # a member with an end is an alumnus
# url = "https://holtlab.example.org/people/holt"
# works = ["doi:10.5281/zenodo.1234567"]

# Slow a provider down (never below its declared pace):
# [intervals]
# crossref = "500ms"

# Your word over the data (each table may repeat; identifiers as
# snapshots/index.json lists them):
# Two works that are one entry, or (kind = "distinct") two that are not;
# kind is preprint-of, version-of, same-as or distinct:
# [[link]]
# from = "doi:10.1101/2020.12.01.406702"
# to = "doi:10.7554/elife.01567"
# kind = "preprint-of"
#
# A work on your record that is not yours: never fetched nor written:
# [[exclude]]
# id = "orcid-work:`+"%s"+`/5001"
# reason = "a talk by someone else"
#
# The title, type (CSL) or year as it should read:
# [[override]]
# id = "doi:10.5281/zenodo.1234567"
# title = "The title as it should read"
# type = "software"
# year = 2016

# Your own fields for a work, kept through every refresh and shown in
# every format but the Atom feed (links are http(s) URLs or paths on your site from "/"):
# [[work]]
# id = "doi:10.5281/zenodo.1234567"
# key = "you2016paper"                  # the citation key your papers and site already cite it by
# pdf = "/assets/pdf/paper.pdf"
# slides = "https://example.org/slides.pdf"
# video = "https://example.org/talk"
# poster = "/assets/pdf/poster.pdf"
# code = "https://github.com/you/project"
# data = "https://example.org/data"
# project = "https://example.org/project"
# blog = "https://example.org/blog/post"
# website = "https://example.org"
# supplement = "/assets/pdf/supplement.pdf"
# image = "/assets/img/preview.png"     # preview image
# award = "Best Paper Award"
# note = "Invited talk at …"
# tags = ["filters", "databases"]
# equal = [1, 2]                        # authors (from 1) who contributed equally
# corresponding = [2]                   # corresponding authors

# A work no service knows (a workshop paper, a talk, a chapter without a
# DOI): no id; its key names it and its own fields are its record. On a
# work with an id they fill what no service gives (about import writes
# them from your .bib):
# [[work]]
# key = "you2021workshop"
# type = "paper-conference"             # a CSL type
# title = "A workshop paper"
# authors = ["You, Ada", "Lee, Ann"]    # "Family, Given" or "Given Family"
# editors = ["Ng, Ruth"]
# venue = "Workshop on Filters"         # journal, proceedings or book
# publisher = "PMLR"
# volume = "12"
# issue = "3"
# pages = "1-8"
# date = "2021-07"                      # "2021", "2021-07" or "2021-07-14"
# url = "https://proceedings.example.org/12"
# abstract = "…"
# fields = {abbr = "WF", bibtex_show = true}   # your site's own fields ([work.fields]), written back as they are
`, identity, orcid)
	return b.String()
}

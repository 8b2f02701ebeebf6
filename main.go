// Command about keeps a researcher's publication page true: it expands
// ORCID records and DOIs through the public scholarly APIs, politely, and
// writes deterministic JSON snapshots to commit and diff.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/providers"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

const projectURL = "https://github.com/aboutscholar/about"

// Exit codes, as promised in the README.
const (
	exitOK          = 0
	exitShort       = 1 // some jobs failed or were skipped
	exitUsage       = 2 // bad flags or manifest; nothing written
	exitInterrupted = 130
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args, os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// exitError carries an exit code and hints out of a command action.
type exitError struct {
	code  int
	err   error
	hints []string
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageError(err error, hints ...string) error {
	return &exitError{code: exitUsage, err: err, hints: hints}
}

// run is main without the process: arguments, streams and environment
// are parameters so tests drive the real CLI.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	app := newApp(stdout, stderr, getenv)
	err := app.RunContext(ctx, args)
	if err == nil {
		return exitOK
	}
	code := exitUsage
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if code == exitShort && ee != nil && ee.err == errShortRun {
		return code // the summary already said what came back short
	}
	fmt.Fprintf(stderr, "about: error: %v\n", err)
	var me *manifest.Error
	if errors.As(err, &me) && me.Hint != "" {
		for _, h := range strings.Split(me.Hint, "\n") {
			fmt.Fprintf(stderr, "about: hint: %s\n", h)
		}
	}
	if ee != nil {
		for _, h := range ee.hints {
			fmt.Fprintf(stderr, "about: hint: %s\n", h)
		}
	}
	return code
}

var errShortRun = errors.New("some jobs came back short")

func newApp(stdout, stderr io.Writer, getenv func(string) string) *cli.App {
	return &cli.App{
		Name:    "about",
		Usage:   "keep a publication page true: fetch scholarly metadata into committed snapshots",
		Version: version,
		Description: `about reads a TOML manifest of ORCID iDs and DOIs, asks the public scholarly
APIs about every work (politely: one request at a time per host, at each
service's documented pace), and writes JSON snapshots that are byte-identical
when nothing upstream changed, so a CI diff tells the truth.`,
		Writer:               stdout,
		ErrWriter:            stderr,
		ExitErrHandler:       func(*cli.Context, error) {}, // exit codes are decided in run
		HideHelpCommand:      false,
		EnableBashCompletion: true, // answers --generate-bash-completion for about completion's scripts
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help")
		},
		Commands: []*cli.Command{
			fetchCommand(getenv),
			checkCommand(getenv),
			renderCommand(),
			initCommand(),
			providersCommand(),
			completionCommand(),
		},
	}
}

func fetchCommand(getenv func(string) string) *cli.Command {
	return &cli.Command{
		Name:      "fetch",
		Usage:     "fetch every work of the manifest and write the snapshot folder",
		ArgsUsage: "MANIFEST",
		Description: `Expands each ORCID iD into its works, asks every provider that applies
about each work, and writes the snapshot folder (default: "snapshots" next
to the manifest). A provider that fails keeps its previous values.

While it runs, a terminal shows one line per host (jobs done, request
rate, a wait on Retry-After, a stopped host) and an overall bar with an
ETA; a CI log gets one plain line every 15 seconds. At the end it tells
the story: a table per provider, every job that came back short and why,
and which works were added, changed or removed.

Examples:
   about fetch manifest.toml
   about fetch -j 4 --only crossref,openalex manifest.toml
   about fetch --quiet --report run.json manifest.toml   # CI: silent unless short; JSON story
   about fetch --record recorded/ manifest.toml   # save every answer
   about fetch --replay recorded/ manifest.toml   # re-run with no network

Exit status: 0 every job answered; 1 some failed or were skipped (the
summary names them); 2 usage or manifest error, nothing written; 130
interrupted, every file still whole.`,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "threads", Aliases: []string{"j"}, Value: orchestrator.DefaultWorkers, Usage: "hosts served at once (each host still gets one request at a time)"},
			&cli.StringFlag{Name: "snapshots", Usage: "snapshot folder (default: the manifest's, or \"snapshots\" beside it)"},
			&cli.StringFlag{Name: "only", Usage: "comma-separated providers to ask (default: the manifest's list, else all)"},
			quietFlag(),
			reportFlag(),
		}, networkFlags()...),
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help fetch")
		},
		Action: func(c *cli.Context) error {
			m, err := loadManifest(c, getenv)
			if err != nil {
				return err
			}
			workers := c.Int("threads")
			if workers <= 0 {
				return usageError(fmt.Errorf("-j/--threads must be at least 1, got %d", workers), "use -j 1 for one host at a time, or leave it out for the default of 8")
			}
			opts := orchestrator.Options{
				Manifest:  m,
				Only:      splitList(c.String("only")),
				Workers:   workers,
				Snapshots: c.String("snapshots"),
				UserAgent: userAgent(m.Mailto),
				Getenv:    getenv,
			}
			finish, err := useNetwork(c, &opts)
			if err != nil {
				return err
			}
			if err := checkReportPath(c); err != nil {
				return err
			}
			view := startProgress(c, getenv, &opts)
			rep, err := orchestrator.Run(c.Context, opts)
			endProgress(c, view)
			if ferr := finish(); ferr != nil && err == nil {
				err = ferr
			}
			var unknown *providers.UnknownProviderError
			if errors.As(err, &unknown) {
				return usageError(err, "about providers lists them")
			}
			var needsMailto *orchestrator.NeedsMailtoError
			if errors.As(err, &needsMailto) {
				return usageError(err, "set mailto = \"you@example.org\" in the manifest or ABOUT_MAILTO; services use it to reach you before blocking a misbehaving client")
			}
			if rep != nil {
				if rerr := tellStory(c, rep); rerr != nil && err == nil {
					err = rerr
				}
			}
			if c.Context.Err() != nil {
				return &exitError{code: exitInterrupted, err: errors.New("interrupted; every snapshot file is whole (old or new)")}
			}
			if err != nil {
				return &exitError{code: exitShort, err: err}
			}
			if rep.Short() {
				return &exitError{code: exitShort, err: errShortRun}
			}
			return nil
		},
	}
}

// loadManifest reads the single MANIFEST argument; ABOUT_MAILTO fills a
// missing mailto.
func loadManifest(c *cli.Context, getenv func(string) string) (*manifest.Manifest, error) {
	if c.NArg() != 1 {
		return nil, usageError(fmt.Errorf("%s needs exactly one MANIFEST argument, got %d", c.Command.Name, c.NArg()),
			"e.g. about "+c.Command.Name+" manifest.toml (about init writes a starter manifest)")
	}
	m, err := manifest.Load(c.Args().First())
	if err != nil {
		return nil, usageError(err)
	}
	if err := checkProviderNames(m, providers.All()); err != nil {
		return nil, usageError(err)
	}
	if m.Mailto == "" {
		if v := strings.TrimSpace(getenv("ABOUT_MAILTO")); v != "" {
			m.Mailto = v
		}
	}
	return m, nil
}

// checkProviderNames holds the manifest's provider names (its providers
// list and [intervals] keys) against the registry, which the manifest
// package does not know, so a typo is an error naming its line rather than
// a setting that silently does nothing. An interval may only slow a
// provider down: faster than its declared pace would break its terms.
func checkProviderNames(m *manifest.Manifest, registry []providers.Spec) error {
	byName := map[string]providers.Spec{}
	var known []string
	for _, s := range registry {
		byName[s.Name] = s
		known = append(known, s.Name)
	}
	unknown := func(key, name string) error {
		return &manifest.Error{File: m.Path, Line: m.Line(key), Value: name,
			Err:  fmt.Errorf("unknown provider %q (known: %s)", name, strings.Join(known, ", ")),
			Hint: "about providers lists them"}
	}
	for _, name := range m.Providers {
		if _, ok := byName[name]; !ok {
			return unknown("providers", name)
		}
	}
	names := make([]string, 0, len(m.Intervals))
	for name := range m.Intervals {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		spec, ok := byName[name]
		if !ok {
			return unknown("intervals."+name, name)
		}
		if d := m.Intervals[name]; d < spec.MinInterval {
			return &manifest.Error{File: m.Path, Line: m.Line("intervals." + name), Value: d.String(),
				Err:  fmt.Errorf("intervals.%s = %q is faster than %s's declared pace of %s", name, d, spec.Title, spec.MinInterval),
				Hint: "intervals can only slow a provider down; " + spec.RateSource + " gives the service's limit"}
		}
	}
	return nil
}

func userAgent(mailto string) string {
	ua := "about/" + version + " (+" + projectURL
	if mailto != "" {
		ua += "; mailto:" + mailto
	}
	return ua + ")"
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

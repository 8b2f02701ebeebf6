// Command about keeps a researcher's publication page true: it expands
// ORCID records and DOIs through the public scholarly APIs, politely, and
// writes deterministic JSON snapshots to commit and diff.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/render"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

const projectURL = "https://github.com/aboutscholar/about"

func main() {
	started := time.Now() // tells this process's fetch lock from a predecessor's with the same pid
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args, os.Stdout, os.Stderr, system{getenv: os.Getenv, started: started})
	stop()
	os.Exit(code)
}

// system is what the CLI takes from the process around it: the
// environment, when the process started, and the network. Tests give the
// CLI a network that refuses, so no test run of it can reach a service.
type system struct {
	getenv  func(string) string
	started time.Time
	network http.RoundTripper // the services; nil is Go's default transport (proxies, SSL_CERT_FILE)
}

// run is main without the process: arguments, streams and the system are
// parameters so tests drive the real CLI.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, sys system) int {
	app := newApp(stdout, stderr, sys)
	ordered, err := flagsFirst(app, args)
	if err == nil {
		err = app.RunContext(ctx, ordered)
	}
	if err == nil {
		return exitOK
	}
	code := codeOf(err)
	if errors.Is(err, errShortRun) {
		return code // the summary already said what came back short
	}
	fmt.Fprintf(stderr, "about: error: %v\n", err)
	var me *manifest.Error
	if errors.As(err, &me) && me.Hint != "" {
		printHints(stderr, []string{me.Hint})
	}
	var ee *exitError
	if errors.As(err, &ee) {
		printHints(stderr, ee.hints)
	}
	return code
}

func newApp(stdout, stderr io.Writer, sys system) *cli.App {
	app := &cli.App{
		Name:    "about",
		Usage:   "keep a publication page true: fetch scholarly metadata into committed snapshots",
		Version: version,
		Description: `about reads a TOML manifest of ORCID iDs and DOIs, asks the public scholarly
APIs about every work (politely: one request at a time per host, at each
service's documented pace), and writes JSON snapshots that are byte-identical
when nothing upstream changed, so a CI diff tells the truth.`,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {}, // exit codes are decided in run
		// urfave/cli's own help command is one package-level value that
		// appends itself to its subcommands whenever it runs, so a second
		// app in the same process (every test) builds a cycle that fish
		// completion recurses into forever. Each app gets a help command
		// of its own instead; see helpCommand.
		HideHelpCommand: true,
		// urfave/cli adds --help/-h only when it adds its help command, so
		// with ours "about --help" was a flag error (exit 2).
		Flags:                []cli.Flag{cli.HelpFlag},
		EnableBashCompletion: true, // answers --generate-bash-completion for about completion's scripts
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help")
		},
		Action: noCommand,
		Commands: []*cli.Command{
			fetchValueCompletion(fetchCommand(sys)),
			checkCommand(sys),
			doctorCommand(sys),
			renderValueCompletion(renderCommand()),
			initCommand(),
			providersCommand(),
			completionCommand(),
			helpCommand(),
		},
	}
	for _, c := range app.Commands {
		c.HideHelpCommand = true // "about fetch help" would run the shared one; -h and "about help fetch" remain
	}
	return app
}

// noCommand runs when the first argument names no command. A typo is a
// usage error naming the nearest command. A bare "about" prints the help
// and exits 2, as git does (with its own usage code): a script that calls
// "about $CMD" with an empty variable must not pass. "about help" and
// "about --help" exit 0.
func noCommand(c *cli.Context) error {
	if c.NArg() > 0 {
		return unknownCommand(c.App, c.Args().First())
	}
	if err := cli.ShowAppHelp(c); err != nil {
		return err
	}
	return usageError(errors.New("no command given"), "about help COMMAND shows one command's help, e.g. about help fetch")
}

// helpCommand is "about help [COMMAND]", built per app (see newApp).
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:         "help",
		Aliases:      []string{"h"},
		Usage:        "show the commands, or one command's help",
		ArgsUsage:    "[COMMAND]",
		BashComplete: completeArgument(commandNames),
		Action: func(c *cli.Context) error {
			if c.NArg() > 1 {
				// "about help fetch check" printed fetch's help and dropped check.
				return usageError(fmt.Errorf("help takes one COMMAND, got %d: %s", c.NArg(), strings.Join(c.Args().Slice(), " ")), "e.g. about help fetch")
			}
			if name := c.Args().First(); name != "" {
				if c.App.Command(name) == nil {
					return unknownCommand(c.App, name)
				}
				return cli.ShowCommandHelp(c.Lineage()[1], name)
			}
			return cli.ShowAppHelp(c)
		},
	}
}

// manifestArg is the single MANIFEST argument of fetch, check and render;
// example is the hint's example when it is missing.
func manifestArg(c *cli.Context, example string) (string, error) {
	if c.NArg() != 1 {
		return "", usageError(fmt.Errorf("%s needs exactly one MANIFEST argument, got %d", c.Command.Name, c.NArg()), example)
	}
	return c.Args().First(), nil
}

// loadManifest reads the manifest at path and holds its provider names
// against the registry; ABOUT_MAILTO fills a missing mailto.
func loadManifest(path string, getenv func(string) string) (*manifest.Manifest, error) {
	m, err := manifest.Load(path)
	if err != nil {
		return nil, usageError(err)
	}
	if err := checkProviderNames(m, providers.All()); err != nil {
		return nil, usageError(err)
	}
	if m.Mailto == "" {
		if v := strings.TrimSpace(getenv("ABOUT_MAILTO")); v != "" {
			if err := manifest.CheckMailto(v); err != nil {
				return nil, usageError(fmt.Errorf("ABOUT_MAILTO: %w", err), "set it to the e-mail address services may contact you at, e.g. ABOUT_MAILTO=ada@example.org")
			}
			m.Mailto = v
		}
	}
	return m, nil
}

// countsHint names the providers that give counts, the page's default first.
func countsHint(registry []providers.Spec) string {
	names := []string{render.DefaultCountsSource + " (the default)"}
	for _, s := range registry {
		if s.Counts && s.Name != render.DefaultCountsSource {
			names = append(names, s.Name)
		}
	}
	last := len(names) - 1
	if last == 0 {
		return names[0] + " gives counts"
	}
	return strings.Join(names[:last], ", ") + " and " + names[last] + " give counts"
}

// checkProviderNames holds the manifest's provider names (its providers
// list, counts_source and [intervals] keys) against the registry, which the manifest
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
	if src := m.CountsSource; src != "" {
		if _, ok := byName[src]; !ok {
			return &manifest.Error{File: m.Path, Line: m.Line("counts_source"), Value: src,
				Err:  fmt.Errorf("counts_source %q is not a provider (known: %s)", src, strings.Join(known, ", ")),
				Hint: "about providers lists them; " + countsHint(registry)}
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

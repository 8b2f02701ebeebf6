// Package cli is about's command line: the urfave/cli wiring, one file per
// command, each filling an options struct from its flags and calling the
// command's run function, and the exit codes of the contract. It takes the
// process (arguments, streams, environment, network) as parameters and
// returns an exit code; only main exits.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/internal/termtext"
	"github.com/aboutscholar/about/manifest"
)

// System is what the command line takes from the process around it.
// Tests give it a network that refuses, so no test run can reach a
// service.
type System struct {
	Getenv  func(string) string
	Started time.Time         // tells this process's fetch lock from a predecessor's with the same pid
	Network http.RoundTripper // the services; nil is Go's default transport (proxies, SSL_CERT_FILE)
	Version string            // this build's, for --version and the User-Agent
	Files   Files             // what the binary carries
	// Abort ends once a second interrupt asks the command to stop at
	// once (fetch stops writing between two files); nil means never.
	Abort context.Context
	// WriteTail is called as fetch's write tail begins
	// (orchestrator.Options.WriteTail), and what it returns once fetch
	// has told its story and written --report (holdWriteTail); nil means
	// nothing.
	WriteTail func() (done func())
}

// Files are the files built into the binary: embed reads only below the
// main package's folder, so main hands them over.
type Files struct {
	BashCompletion   string // contrib/completion/about.bash
	ZshCompletion    string // contrib/completion/about.zsh
	FishCompletion   string // contrib/completion/about.fish
	DoctorRecordings fs.FS  // testdata/doctor/ok: the answers an offline doctor's probes get
}

// Run is the command line: args as os.Args gives them, and the exit code
// for main to exit with.
//
// Standard error is all messages for a person, many quoting what a
// service or a snapshot file said (a title, an error's body): it goes
// through termtext, so none of it can act on the terminal. The live
// progress view alone draws on the terminal under it. Standard output
// is left as it is where it is data (a rendered page, JSON); the
// commands that print a person's text there wrap it themselves.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, sys System) int {
	stderr = termtext.NewWriter(stderr)
	app := newApp(args, stdout, stderr, sys)
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

// newApp is the about command and its subcommands; args are the
// process's, which shell completion reads.
func newApp(args []string, stdout, stderr io.Writer, sys System) *cli.App {
	app := &cli.App{
		Name:    "about",
		Usage:   "keep a publication page true: fetch scholarly metadata into committed snapshots",
		Version: sys.Version,
		Description: `about reads a TOML manifest of ORCID iDs and DOIs, asks the public scholarly
APIs about every work (politely: one request at a time per host, at each
service's documented pace), and writes JSON snapshots that are byte-identical
when nothing upstream changed, so a CI diff tells the truth.`,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {}, // exit codes are decided in Run
		// urfave/cli's help command is one shared value that appends itself
		// to subcommands each run; each app gets its own (helpCommand).
		HideHelpCommand: true,
		// urfave/cli adds --help/-h only with its own help command.
		Flags:                []cli.Flag{cli.HelpFlag},
		EnableBashCompletion: true, // answers --generate-bash-completion for about completion's scripts
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help")
		},
		Action: noCommand,
		Commands: []*cli.Command{
			fetchValueCompletion(args, fetchCommand(sys)),
			checkCommand(sys),
			doctorCommand(sys),
			renderValueCompletion(args, renderCommand(sys)),
			initCommand(),
			importCommand(sys),
			providersCommand(),
			completionCommand(sys.Files),
			helpCommand(),
		},
	}
	for _, c := range app.Commands {
		c.HideHelpCommand = true // "about fetch help" would run the shared one; -h and "about help fetch" remain
	}
	return app
}

package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/manifest"
	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
)

// fetchOptions is everything `about fetch` runs with; the command's Action
// only fills it from the flags, so tests can call runFetch directly.
type fetchOptions struct {
	Manifest  string   // path of the manifest
	Threads   int      // hosts served at once
	Snapshots string   // snapshot folder; "" for the manifest's
	Only      []string // providers to ask; nil for the manifest's list
	Record    string   // save every answer into this folder
	Replay    string   // answer every request from this folder
	Quiet     bool     // no progress, no summary unless short
	Report    string   // also write the run's report as JSON here
	Getenv    func(string) string
	Network   http.RoundTripper // the services when not replaying; nil is Go's default transport
	Version   string            // this build's, for the User-Agent
	Stderr    io.Writer         // progress, summary and hints
	Abort     context.Context   // a second interrupt: stop writing at once; nil means never
	WriteTail func() func()     // see orchestrator.Options.WriteTail; nil means nothing
	// ProcessStarted is when this process began (main records it): the
	// snapshot lock tells its own lock from one an earlier process with
	// the same pid left.
	ProcessStarted time.Time
	// AcceptRemovals lets an ORCID record drop all or most of its works
	// at once (--accept-removals); without it those works are kept.
	AcceptRemovals bool
	// testOnlyOptions changes the run's options last (a network with a
	// fault, a disk that fills up); nil outside tests.
	testOnlyOptions func(*orchestrator.Options)
}

var errShortRun = errors.New("some jobs came back short")

func fetchCommand(sys System) *cli.Command {
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
   about fetch --accept-removals manifest.toml    # an ORCID record really dropped most of its works

An ORCID record whose answer lists no works where its last snapshot
listed some, or fewer than half as many (at least 5 fewer), is likelier a
faulty answer than an edit: those works and their files are kept, the summary
names the record, and the run exits 1. --accept-removals removes them.

Exit status: 0 every job answered; 1 some failed or were skipped (the
summary names them; no service reachable at all is every job failing, and
the hint says so), or an ORCID record's removals were held back; 2 usage
or manifest error, nothing written; 3 a file could not be read or written,
or another fetch holds the snapshot folder (its .about-fetch.lock names
it); 130 interrupted, every file still whole.`,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "threads", Aliases: []string{"j"}, Value: orchestrator.DefaultWorkers, Usage: "hosts served at once (each host still gets one request at a time)"},
			&cli.StringFlag{Name: "snapshots", Usage: "snapshot folder (default: the manifest's, or \"snapshots\" beside it)"},
			&cli.StringFlag{Name: "only", Usage: "comma-separated providers to ask (default: the manifest's list, else all)"},
			acceptRemovalsFlag(),
			quietFlag(),
			reportFlag(),
		}, networkFlags()...),
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help fetch")
		},
		Action: func(c *cli.Context) error {
			path, err := manifestArg(c, "e.g. about fetch manifest.toml (about init writes a starter manifest)")
			if err != nil {
				return err
			}
			return runFetch(c.Context, fetchOptions{
				Manifest:  path,
				Threads:   c.Int("threads"),
				Snapshots: c.String("snapshots"),
				Only:      splitList(c.String("only")),
				Record:    c.String("record"),
				Replay:    c.String("replay"),
				Quiet:     c.Bool("quiet"),
				Report:    c.String("report"),
				Getenv:    sys.Getenv,
				Network:   sys.Network,
				Version:   sys.Version,
				Stderr:    c.App.ErrWriter,
				Abort:     sys.Abort,
				WriteTail: sys.WriteTail,

				ProcessStarted: sys.Started,
				AcceptRemovals: c.Bool("accept-removals"),
			})
		},
	}
}

// runFetch is `about fetch`: load, run, print the summary, and say how it
// ended as an error carrying its exit code.
func runFetch(ctx context.Context, o fetchOptions) (err error) {
	m, err := loadManifest(o.Manifest, o.Getenv)
	if err != nil {
		return err
	}
	if err := checkThreads(o.Threads); err != nil {
		return err
	}
	only, err := onlyProviders(o.Only, m)
	if err != nil {
		return err
	}
	opts := orchestrator.Options{
		Manifest:         m,
		Only:             only,
		Workers:          o.Threads,
		Snapshots:        o.Snapshots,
		UserAgent:        userAgent(o.Version, m.Mailto),
		ForeignUserAgent: userAgent(o.Version, ""),
		Getenv:           o.Getenv,
		Abort:            o.Abort,

		AcceptRemovals: o.AcceptRemovals,
	}
	if err := checkReportPath(o.Report); err != nil {
		return err
	}
	dir := cmp.Or(o.Snapshots, m.Snapshots)
	lock, err := lockSnapshots(dir, o.ProcessStarted, o.Stderr)
	if err != nil {
		return err
	}
	defer func() {
		if rerr := lock.Release(); rerr != nil && err == nil {
			err = ioError(rerr)
		}
	}()
	// Last of the checks, so a refused run leaves no empty --record folder.
	closeRecording, err := useNetwork(o.Record, o.Replay, o.Network, &opts)
	if err != nil {
		return err
	}
	defer holdWriteTail(o.WriteTail, &opts)()
	if o.testOnlyOptions != nil {
		o.testOnlyOptions(&opts)
	}
	view := startProgress(o.Quiet, o.Stderr, o.Getenv, &opts)
	rep, err := orchestrator.Run(ctx, opts)
	endProgress(o.Stderr, view, ctx.Err() != nil)
	if err := providerSetupError(err); err != nil {
		return err
	}
	if rerr := closeRecording(); rerr != nil && err == nil {
		err = rerr
	}
	summaryOut := o.Stderr
	if offline := (*orchestrator.OfflineError)(nil); errors.As(err, &offline) {
		summaryOut = io.Discard // its one line says it all; --report still gets the hosts' stop reasons
	}
	if rep != nil {
		printSummary(summaryOut, o.Quiet, rep)
		if rerr := writeReport(o.Report, rep); rerr != nil && err == nil {
			err = rerr
		}
	}
	switch {
	case ctx.Err() != nil:
		return interruptedError(errors.New("interrupted; every snapshot file is whole (old or new)"))
	case err != nil:
		return runError(err)
	case rep.Incomplete(), rep.HeldBack():
		return shortError(errShortRun)
	}
	return nil
}

// holdWriteTail hands the run tail (main's tighter collector), and ends
// it when fetch returns, not when the run's writing does: the run's
// largest heap (every work's link form, outcomes and files told) stays
// live while the story and --report are made from it, and with the
// collector's pace restored before them, a 50,000-work run's heap grew
// by half again in its last second (peak RSS 213 MB, where the writing
// itself stayed under 180).
func holdWriteTail(tail func() func(), opts *orchestrator.Options) (end func()) {
	if tail == nil {
		return func() {}
	}
	var done func()
	opts.WriteTail = func() func() {
		done = tail()
		return func() {}
	}
	return func() {
		if done != nil {
			done()
		}
	}
}

// acceptRemovalsFlag is --accept-removals: the user's word that an ORCID
// record that dropped all or most of its works at once really did.
func acceptRemovalsFlag() cli.Flag {
	return &cli.BoolFlag{Name: "accept-removals", Usage: "remove the works an ORCID record dropped all or most of at once (kept by default, exit 1: likelier a faulty answer), e.g. about fetch --accept-removals manifest.toml"}
}

// lockSnapshots takes the snapshot folder's lock before the first
// request, which also proves the folder writable before any fetching. A
// stale lock, left by a fetch that is gone, is broken with a warning
// naming it. A folder that is not about's is the user's choice of folder
// gone wrong, a usage error: nothing is written.
func lockSnapshots(dir string, processStarted time.Time, stderr io.Writer) (*snapshots.Lock, error) {
	lock, stale, err := snapshots.TakeLock(dir, processStarted)
	var (
		held    *snapshots.HeldError
		foreign *snapshots.ForeignError
	)
	switch {
	case errors.As(err, &foreign):
		return nil, usageError(err, foreign.Hint())
	case errors.As(err, &held):
		return nil, ioError(err, "wait for that fetch to end; if none is running (its machine crashed), delete "+held.Path)
	case errors.As(err, new(*snapshots.SchemaError)):
		hint, _ := schemaHint(err, "")
		return nil, ioError(err, hint)
	case err != nil:
		return nil, ioError(err, "--snapshots or the manifest's snapshots names a folder about must be able to create and write")
	}
	if stale != nil {
		fmt.Fprintf(stderr, "about: warning: broke a stale lock left by a fetch that is gone (%s)\n", stale)
	}
	return lock, nil
}

// onlyProviders holds --only against the registry before anything runs
// (a typo must not follow a progress line), and adds orcid when the
// manifest has an ORCID identity, as a manifest's providers list does:
// without it that identity's works are never found.
func onlyProviders(only []string, m *manifest.Manifest) ([]string, error) {
	if len(only) == 0 {
		return nil, nil
	}
	if _, err := providers.Select(providers.All(), only); err != nil {
		return nil, usageError(fmt.Errorf("--only: %w", err), "about providers lists them")
	}
	return manifest.WithORCID(only, m.Identities), nil
}

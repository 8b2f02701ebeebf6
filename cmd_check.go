package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/aboutscholar/about/orchestrator"
	"github.com/aboutscholar/about/providers"
	"github.com/aboutscholar/about/snapshots"
	"github.com/aboutscholar/about/transport"
)

// networkFlags choose where a run's answers come from: the network, the
// network while saving every answer (--record), or a saved folder with no
// network at all (--replay).
func networkFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "record", Usage: "save every answer the run receives into `DIR`, for --replay", TakesFile: true},
		&cli.StringFlag{Name: "replay", Usage: "answer every request from `DIR` (written by --record): no network, no pacing", TakesFile: true},
	}
}

// useNetwork applies --record or --replay to opts. The returned finish
// reports a recording that could not be written; call it after the run.
func useNetwork(c *cli.Context, opts *orchestrator.Options) (finish func() error, err error) {
	record, replay := c.String("record"), c.String("replay")
	finish = func() error { return nil }
	switch {
	case record != "" && replay != "":
		return nil, usageError(errors.New("--record and --replay cannot be combined"),
			"record a live run with --record DIR, then re-run it offline with --replay DIR")
	case replay != "":
		rp, err := transport.LoadReplay(replay)
		if err != nil {
			return nil, usageError(err, "--replay takes a folder written by about fetch --record")
		}
		opts.Base = rp
		opts.NoPacing = true                  // the answers are local: no interval to keep
		opts.Clock = transport.InstantClock() // a replayed backoff or Retry-After passes at once
		// No API key is read or sent: a replay must not depend on them.
		opts.Getenv = func(string) string { return "" }
	case record != "":
		rec, err := transport.NewRecording(record)
		if err != nil {
			return nil, usageError(err)
		}
		opts.Recorder = rec.Record
		finish = rec.Err
	}
	return finish, nil
}

func checkCommand(getenv func(string) string) *cli.Command {
	flags := []cli.Flag{
		&cli.BoolFlag{Name: "offline", Usage: "only check the committed folder is canonical, complete and consistent; no network"},
		&cli.BoolFlag{Name: "ignore-counts", Usage: "do not report changed volatile counters (counts/)"},
		&cli.StringFlag{Name: "snapshots", Usage: "snapshot folder (default: the manifest's, or \"snapshots\" beside it)"},
		&cli.IntFlag{Name: "threads", Aliases: []string{"j"}, Value: orchestrator.DefaultWorkers, Usage: "hosts served at once when fetching"},
		&cli.StringFlag{Name: "replay", Usage: "fetch from `DIR` (written by about fetch --record) instead of the network", TakesFile: true},
		quietFlag(),
		reportFlag(),
	}
	return &cli.Command{
		Name:      "check",
		Usage:     "CI: are the committed snapshots canonical, complete and still current?",
		ArgsUsage: "MANIFEST",
		Description: `With --offline, checks with no network that the committed snapshot folder
is exactly what about fetch writes: every file canonical JSON, index.json
listing the manifest's identities and works in order, every work's file
present and no stray files. Each problem is one line: path, then what.

Without --offline, it does that and also fetches everything again (into a
temporary copy; the committed folder is never written) and prints what a
fetch would change, as a diff per file: which field, which provider, old
and new. Bibliographic changes (works/) are listed apart from volatile
counters (counts/); --ignore-counts leaves the counters out.

Examples:
   about check --offline manifest.toml
   about check --quiet --report check.json manifest.toml
   about check --ignore-counts manifest.toml
   about check --replay recorded/ manifest.toml

Exit status: 0 all good; 1 a problem, a difference, or a fetch that came
back short; 2 usage or manifest error.`,
		Flags: flags,
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError(err, "see about help check")
		},
		Action: func(c *cli.Context) error {
			m, err := loadManifest(c, getenv)
			if err != nil {
				return err
			}
			dir := c.String("snapshots")
			if dir == "" {
				dir = m.Snapshots
			}
			out := c.App.Writer
			problems := snapshots.CheckFolder(m, dir)
			for _, p := range problems {
				fmt.Fprintf(out, "%s: %s\n", displayPath(dir, p.Path), p.What)
			}
			if c.Bool("offline") {
				if len(problems) > 0 {
					return &exitError{code: exitShort, err: fmt.Errorf("%d %s in %s", len(problems), plural(len(problems), "problem", "problems"), dir),
						hints: []string{"about fetch rewrites the folder canonically and completely"}}
				}
				fmt.Fprintf(out, "%s is canonical, complete and consistent with the manifest\n", dir)
				return nil
			}
			if len(problems) > 0 {
				fmt.Fprintln(out)
			}

			workers := c.Int("threads")
			if workers <= 0 {
				return usageError(fmt.Errorf("-j/--threads must be at least 1, got %d", workers))
			}
			opts := orchestrator.Options{
				Manifest:  m,
				Workers:   workers,
				Snapshots: dir,
				UserAgent: userAgent(m.Mailto),
				Getenv:    getenv,
			}
			if _, err := useNetwork(c, &opts); err != nil {
				return err
			}
			if err := checkReportPath(c); err != nil {
				return err
			}
			view := startProgress(c, getenv, &opts)
			rep, diff, err := orchestrator.CheckCurrent(c.Context, opts)
			endProgress(c, view)
			var unknown *providers.UnknownProviderError
			if errors.As(err, &unknown) {
				return usageError(err, "about providers lists them")
			}
			if rep != nil {
				if rerr := tellStory(c, rep); rerr != nil && err == nil {
					err = rerr
				}
			}
			if c.Context.Err() != nil {
				return &exitError{code: exitInterrupted, err: errors.New("interrupted; the committed snapshots were not touched")}
			}
			if err != nil {
				return &exitError{code: exitShort, err: err}
			}
			ignore := c.Bool("ignore-counts")
			diff.WriteDiff(out, ignore)
			switch {
			case rep.Short():
				return &exitError{code: exitShort, err: errors.New("some jobs came back short, so the comparison is incomplete"),
					hints: []string{"the summary above names them; their committed values were used"}}
			case len(problems) > 0:
				return &exitError{code: exitShort, err: fmt.Errorf("%d %s in %s", len(problems), plural(len(problems), "problem", "problems"), dir)}
			case !diff.Empty(ignore):
				return &exitError{code: exitShort, err: errSnapshotsDiffer}
			}
			return nil
		},
	}
}

// errSnapshotsDiffer ends a check whose diff already said everything.
var errSnapshotsDiffer = errors.New("snapshots differ from a fresh fetch")

// displayPath joins the snapshot folder and a problem's relative path.
func displayPath(dir, rel string) string {
	if rel == "." {
		return dir
	}
	return filepath.Join(dir, filepath.FromSlash(rel))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
